"""Every kind of page, in every language: no third-party request, no serious axe finding."""

from __future__ import annotations

import pytest

from .conftest import ARTICLE, LANGUAGES, lang_root

PAGES = {"home": "", "index": "articles/", "article": ARTICLE, "404": "no-such-page"}
SERIOUS = ("serious", "critical")


def test_pages_and_search_make_no_request_outside_the_site(visit):
    for lang in LANGUAGES:
        for path in PAGES.values():
            visit.open(lang_root(lang) + path)
        box = visit.page.locator(".kb-search input")  # the stand-in until the UI loads
        box.fill("tpu")
        visit.page.wait_for_selector("a.pf-searchbox-result")
        visit.page.wait_for_load_state("networkidle")
    assert visit.requests, "no request was recorded"
    assert not visit.foreign_requests(), visit.foreign_requests()


def assert_no_serious_violation(page, axe_source, context: str = "document") -> None:
    """Run axe-core on the page (or the part `context` selects)."""
    # evaluated by the DevTools protocol: a page's Content-Security-Policy
    # rightly blocks an injected inline <script>
    page.evaluate(axe_source)
    violations = page.evaluate(
        f"async () => (await axe.run({context}, {{resultTypes: ['violations']}})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))")
    serious = [v for v in violations if v["impact"] in SERIOUS]
    assert not serious, "\n".join(
        f"{v['impact']}: {v['id']} ({v['help']}) at {v['nodes']}" for v in serious)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", PAGES)
def test_axe_finds_no_serious_violation(visit, axe_source, lang, kind):
    visit.open(lang_root(lang) + PAGES[kind])
    assert_no_serious_violation(visit.page, axe_source)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_no_serious_violation_in_open_search_results(visit, axe_source, lang):
    visit.open(lang_root(lang))
    visit.page.locator(".kb-search input").fill("tpu")  # the stand-in until the UI loads
    visit.page.wait_for_selector("a.pf-searchbox-result")
    assert_no_serious_violation(visit.page, axe_source, "'.kb-search'")
