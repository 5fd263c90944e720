"""Chromium behind nginx with the production policy: the copy buttons of
"Cite this article" copy each block's text in every language, with no CSP
violation and no console error; the citation reads in the page's direction
with its URL left to right, and so does an Arabic title that opens with a
Latin word; the feed link costs one same-origin sitemap request and the
previews none.
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
def test_feed_link_costs_one_same_origin_sitemap_and_previews_nothing(visit, lang):
    """The feed link's rel is exactly "alternate" (issue 26: feed readers
    that compare rel exactly find it), so Material's bundle fetches
    sitemap.xml from its folder: one request, to the site's own host,
    answered by a sitemap. The preview image and the feed itself are only
    named, never loaded."""
    visit.open(lang_root(lang) + ARTICLE)
    visit.page.wait_for_timeout(300)
    assert [url for url in visit.requests if url.endswith(("feed.xml", "social.png"))] == []
    sitemaps = [url for url in visit.requests if url.endswith("sitemap.xml")]
    assert sitemaps == [visit.base_url + lang_root(lang) + "sitemap.xml"], sitemaps
    answer = visit.page.request.get(sitemaps[0])
    assert answer.status == 200 and b"sitemap" in answer.body()
    assert visit.foreign_requests() == []
    feed = visit.page.locator("head link[type='application/atom+xml']")
    assert feed.count() == 1 and feed.get_attribute("rel") == "alternate"


def test_an_arabic_title_opening_with_a_latin_word_reads_right_to_left(clipboard_visit):
    """Arabic review B1: «PyTorch على وحدات TPU ...» in "Cite this article":
    its first word is the rightmost, and the second lies to its left."""
    visit = clipboard_visit
    visit.open(lang_root("ar") + "articles/pytorch-on-tpu-2026/")
    title = visit.page.locator("pre[id$='kb-cite-text'] > code bdi").first
    assert title.evaluate("e => getComputedStyle(e).direction") == "rtl"
    rights = title.evaluate("""e => {
        const text = e.firstChild, words = text.textContent.split(' ');
        const first = document.createRange(), second = document.createRange();
        first.setStart(text, 0); first.setEnd(text, words[0].length);
        second.setStart(text, words[0].length + 1);
        second.setEnd(text, words[0].length + 1 + words[1].length);
        return [first.getBoundingClientRect().right, second.getBoundingClientRect().right,
                first.getBoundingClientRect().top, second.getBoundingClientRect().top]; }""")
    assert title.text_content().startswith("PyTorch")
    if rights[2] == rights[3]:  # the same line
        assert rights[0] > rights[1], rights
    assert visit.page.evaluate("document.documentElement.dir") == "rtl"
