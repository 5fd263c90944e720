"""A not-found page per language, served as tpukb serve does."""

from __future__ import annotations

import pytest

from .conftest import LANGUAGES, lang_root


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_missing_page_under_a_language_gets_that_language_404(visit, lang):
    response = visit.open(f"/{lang}/no-such-page")
    assert response.status == 404
    assert visit.page.locator("html").get_attribute("lang") == lang
    english = visit.page.context.new_page()
    english.goto(visit.base_url + "/no-such-page")
    assert visit.page.locator("article h1").inner_text() != english.locator("article h1").inner_text()
    home = visit.page.locator("article p a").first
    assert home.get_attribute("href") == lang_root(lang)
    home.click()
    visit.page.wait_for_url(visit.base_url + lang_root(lang))
    assert visit.page.locator("html").get_attribute("lang") == lang


@pytest.mark.parametrize("path", ["/no-such-page", "/xx/no-such-page/"])
def test_root_404_offers_every_language_home(visit, path):
    response = visit.open(path)
    assert response.status == 404
    assert visit.page.locator("html").get_attribute("lang") == "en"
    offered = visit.page.eval_on_selector_all(
        "article ul a[hreflang]", "links => links.map(a => [a.hreflang, a.getAttribute('href')])")
    assert sorted(offered) == sorted([lang, lang_root(lang)] for lang in LANGUAGES), offered


def test_404_search_uses_its_language_index(visit):
    visit.open("/ar/no-such-page")
    box = visit.page.locator(".kb-search input")  # the stand-in until the UI loads
    box.fill("JAX")
    # results are links; loading placeholders (divs) may still be in the box
    visit.page.wait_for_selector('a.pf-searchbox-result[href*="highlight=jax"]')
    hrefs = visit.page.eval_on_selector_all("a.pf-searchbox-result", "a => a.map(x => x.href)")
    assert hrefs and all(href.startswith(visit.base_url + "/ar/") for href in hrefs), hrefs
