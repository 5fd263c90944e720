"""Chromium behind nginx with the production policy: the copy buttons of
"Cite this article" copy each block's text in every language, with no CSP
violation and no console error; the citation reads in the page's direction
with its URL left to right; the feed link and the previews make no request.
"""

from __future__ import annotations

import pytest

from .conftest import ARTICLE, LANGUAGES, lang_root
from .test_hosting_csp import NginxVisit

BLOCKS = ("kb-cite-text", "kb-cite-bibtex")


@pytest.fixture
def clipboard_visit(browser, nginx):
    visit = NginxVisit(browser, nginx.url)
    visit.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=nginx.url)
    visit.errors = []
    visit.page.on("pageerror", lambda error: visit.errors.append(str(error)))
    yield visit
    visit.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_copy_buttons_copy_each_citation_block(clipboard_visit, lang):
    visit = clipboard_visit
    visit.open(lang_root(lang) + ARTICLE)
    for block in BLOCKS:
        expected = visit.page.evaluate(
            f"document.querySelector('[id$=\"{block}\"] > code').textContent.trimEnd()")
        assert expected
        visit.page.evaluate("navigator.clipboard.writeText('')")
        pre = visit.page.locator(f"pre[id$='{block}']")
        pre.scroll_into_view_if_needed()
        pre.hover()
        button = pre.locator("button.md-code__button[data-md-type=copy]")
        assert button.count() == 1, f"{lang} {block}: no copy button"
        assert button.get_attribute("title"), "the button has no accessible name"
        button.click()
        visit.page.wait_for_function("async () => (await navigator.clipboard.readText()) !== ''")
        assert visit.page.evaluate("navigator.clipboard.readText()") == expected, f"{lang} {block}"
    assert visit.violations() == [] and visit.csp_console_errors() == []
    errors = [m for m in visit.console if m.startswith("error")]
    assert errors == [] and visit.errors == [], errors + visit.errors


def test_arabic_citation_reads_right_to_left_with_its_url_left_to_right(clipboard_visit):
    visit = clipboard_visit
    visit.open(lang_root("ar") + ARTICLE)
    code = visit.page.locator("pre[id$='kb-cite-text'] > code")
    assert code.evaluate("e => getComputedStyle(e).direction") == "rtl"
    url = code.locator("bdi[dir=ltr]")
    assert url.evaluate("e => getComputedStyle(e).direction") == "ltr"
    assert url.text_content().startswith("https://")
    # the citation's opening guillemet is at the right edge: it is read first
    box, first = code.bounding_box(), code.evaluate(
        "e => { const r = document.createRange(); r.setStart(e.firstChild, 0);"
        " r.setEnd(e.firstChild, 1); const b = r.getBoundingClientRect(); return b.right; }")
    assert first > box["x"] + box["width"] * 0.8
    bibtex = visit.page.locator("pre[id$='kb-cite-bibtex'] > code")
    assert bibtex.evaluate("e => getComputedStyle(e).direction") == "ltr"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_feed_link_and_previews_cause_no_request(visit, lang):
    """Material's bundle fetches a sitemap next to every link whose rel is
    exactly "alternate"; the feed link's rel="alternate " is not one. The
    preview image and the feed are only named, never loaded."""
    visit.open(lang_root(lang) + ARTICLE)
    visit.page.wait_for_timeout(300)
    loaded = [url for url in visit.requests
              if url.endswith(("sitemap.xml", "feed.xml", "social.png"))]
    assert loaded == [] and visit.foreign_requests() == []
    feed = visit.page.locator("head link[type='application/atom+xml']")
    assert feed.count() == 1
