"""Chromium behind nginx with the production configuration: the
Content-Security-Policy blocks nothing the site does, search still answers,
and the root 404 page (all GitHub Pages serves) sends a reader to their
language's not-found page."""

from __future__ import annotations

import pytest

from .conftest import ARTICLE, DESKTOP, LANGUAGES, PHONE, lang_root
from .test_phone import DIALOG, INPUT, RESULT, TRIGGER
from .test_search import search

# Every securitypolicyviolation event of the page, recorded before any of its scripts runs.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e => window.__cspViolations.push(
  `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));
"""
PAGES = {"home": "", "index": "articles/", "article": ARTICLE, "404": "no-such-page/"}
# A query every language's articles answer.
QUERY = "tpu"  # as typed; Pagefind puts the query lower-cased into result links


class NginxVisit:
    """One browser context on the nginx-served site, recording CSP reports."""

    def __init__(self, browser, base_url: str, device: dict = DESKTOP):
        self.base_url = base_url
        self.context = browser.new_context(**device)
        self.context.add_init_script(RECORD_VIOLATIONS)
        self.page = self.context.new_page()
        self.console: list[str] = []
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))

    def open(self, path: str):
        response = self.page.goto(self.base_url + path, wait_until="load")
        self.page.wait_for_load_state("networkidle")
        return response

    def violations(self) -> list[str]:
        return self.page.evaluate("window.__cspViolations")

    def csp_console_errors(self) -> list[str]:
        return [m for m in self.console if "Content Security Policy" in m or "Content-Security" in m]


@pytest.fixture
def nginx_visit(browser, nginx):
    visit = NginxVisit(browser, nginx.url)
    yield visit
    visit.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_csp_violation_on_any_kind_of_page(nginx_visit, lang):
    for kind, path in PAGES.items():
        response = nginx_visit.open(lang_root(lang) + path)
        assert response.status == (404 if kind == "404" else 200), f"{lang} {kind}"
        assert response.headers.get("content-security-policy"), f"{lang} {kind}: no CSP header"
        # Material's own interactions under the policy: scrolling (back-to-top),
        # a citation tooltip, the palette toggle
        nginx_visit.page.mouse.wheel(0, 2000)
        nginx_visit.page.mouse.wheel(0, -500)
        if kind == "article":
            nginx_visit.page.locator("a.footnote-ref").first.hover()
        nginx_visit.page.locator("form[data-md-component=palette] label:visible").first.click()
        nginx_visit.page.wait_for_timeout(150)
        assert nginx_visit.violations() == [], f"{lang} {kind}: {nginx_visit.violations()}"
    assert nginx_visit.csp_console_errors() == []


def test_the_violation_recorder_sees_a_blocked_inline_style(nginx_visit):
    """Control: a style attribute set by script is reported, so zero means zero."""
    nginx_visit.open("/")
    nginx_visit.page.evaluate("document.body.setAttribute('style', 'color: red')")
    nginx_visit.page.wait_for_function("window.__cspViolations.length > 0")
    assert any(v.startswith("style-src-attr") for v in nginx_visit.violations())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_answers_behind_nginx(nginx_visit, lang):
    nginx_visit.open(lang_root(lang))
    found = search(nginx_visit.page, QUERY)
    assert found["links"], f"{lang}: no result for {QUERY!r}"
    assert all(link.startswith(nginx_visit.base_url + lang_root(lang)) for link in found["links"])
    assert nginx_visit.violations() == [] and nginx_visit.csp_console_errors() == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_phone_search_answers_behind_nginx(browser, nginx, lang):
    """The full-screen search of a phone opens, answers and closes (back
    gesture included) under the production policy, with no console error."""
    visit = NginxVisit(browser, nginx.url, PHONE)
    try:
        visit.open(lang_root(lang) + ARTICLE)
        visit.page.locator(TRIGGER).tap()
        visit.page.locator(INPUT).fill(QUERY)
        visit.page.wait_for_selector(RESULT)
        visit.page.go_back()
        visit.page.wait_for_selector(f"{DIALOG}:not([open])", state="attached")
        assert visit.page.url.endswith(lang_root(lang) + ARTICLE), visit.page.url
        assert visit.violations() == [] and visit.csp_console_errors() == []
        assert not [m for m in visit.console if m.startswith("error")], visit.console
    finally:
        visit.context.close()


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang_root(lang) != "/"])
def test_github_pages_root_404_sends_reader_to_language_404(nginx_visit, site, lang):
    """GitHub Pages answers every missing path with the root 404.html and no
    header: served so here, its script (allowed by the page's <meta> policy)
    sends a reader of /<lang>/... to /<lang>/404.html."""
    root_404 = (site / "404.html").read_bytes()
    missing = f"{lang_root(lang)}no-such-page/"
    nginx_visit.page.route(nginx_visit.base_url + missing, lambda route: route.fulfill(
        status=404, body=root_404, headers={"Content-Type": "text/html; charset=utf-8"}))
    nginx_visit.page.goto(nginx_visit.base_url + missing)
    nginx_visit.page.wait_for_url(nginx_visit.base_url + f"{lang_root(lang)}404.html")
    assert nginx_visit.page.locator("html").get_attribute("lang") == lang
    assert nginx_visit.violations() == []
