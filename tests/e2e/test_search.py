"""Search in the reader's language: own index, own stemmer, suggestions, highlighting."""

from __future__ import annotations

import re

import pytest

from .conftest import ARTICLE, SITE_LANGUAGES, lang_root

OTHER_ROOTS = tuple(SITE_LANGUAGES.root_path(lang) for lang in SITE_LANGUAGES.others)

# (page language, query, a page the query must find). Each query is an
# inflected form; the test also requires the results to highlight other forms
# of the word, which only stemming finds.
CASES = [
    ("fi", "muistin", ARTICLE),        # genitive of "muisti" (memory)
    ("fi", "muistia", ARTICLE),        # partitive of "muisti"
    ("it", "memorie", ARTICLE),        # plural; the articles say "memoria"
    ("it", "memoria", ARTICLE),        # singular
    ("ar", "الذاكرة", ARTICLE),        # "the memory", with the definite article
    ("ar", "ذاكرة", ARTICLE),          # "memory", without it
    ("en", "allocates", ARTICLE),      # the article also says "allocate", "allocation"
    ("en", "memories", ARTICLE),       # plural; the articles say "memory"
]


def search(page, query: str) -> dict:
    """Type a query into the header search; return result links and highlights.

    Material searches on key-up: the box is emptied first (Material then
    empties the result list), then filled whole and a key pressed, so the
    first results to appear answer the whole query.
    """
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press("End")
    page.wait_for_function("() => !document.querySelector('.md-search-result__item')")
    box.fill(query)
    box.press("End")
    page.wait_for_selector(".md-search-result__item", timeout=10_000)
    links = page.eval_on_selector_all(
        ".md-search-result__item > a", "links => links.map(a => a.href)")
    marks = page.eval_on_selector_all(
        ".md-search-result mark", "marks => marks.map(m => m.textContent.toLowerCase())")
    return {"links": links, "marks": marks}


def path_of(url: str, base_url: str) -> str:
    return url[len(base_url):].split("?")[0].split("#")[0]


@pytest.mark.parametrize("lang, query, expected", CASES,
                         ids=[f"{lang}-{query}" for lang, query, _ in CASES])
def test_search_finds_inflected_forms_in_the_page_language(visit, lang, query, expected):
    visit.open(lang_root(lang))
    found = search(visit.page, query)
    paths = [path_of(url, visit.base_url) for url in found["links"]]
    root = lang_root(lang)
    foreign = [p for p in paths if not p.startswith(root)
               or (lang == "en" and p.startswith(OTHER_ROOTS))]
    assert not foreign, f"{lang}: '{query}' returned pages of other languages: {foreign}"
    assert root + expected in paths, f"{lang}: '{query}' did not find {root + expected}: {paths}"
    words = {re.sub(r"\W+$", "", mark) for mark in found["marks"]}
    assert words - {query}, (
        f"{lang}: '{query}' highlighted only the word itself ({sorted(words)}): no stemming")


def test_arabic_search_matches_across_the_definite_article(visit):
    visit.open("/ar/")
    with_article = set(search(visit.page, "الذاكرة")["marks"])
    without = set(search(visit.page, "ذاكرة")["marks"])
    assert any(not mark.startswith("ال") for mark in with_article), sorted(with_article)
    assert any("الذاكرة" in mark for mark in without), sorted(without)


def test_each_language_downloads_only_its_own_index(visit):
    for lang in ("en", "fi", "it", "ar"):
        visit.requests.clear()
        visit.open(lang_root(lang) + ARTICLE)
        search(visit.page, "jax")
        indexes = [path_of(url, visit.base_url) for url in visit.requests
                   if url.endswith("search_index.json")]
        assert indexes == [lang_root(lang) + "search/search_index.json"], (lang, indexes)


def test_suggestion_completes_a_title_word(visit):
    visit.open("/fi/")
    search(visit.page, "muis")
    suggestion = visit.page.locator(".md-search__suggest").inner_text()
    assert suggestion.startswith("muis") and len(suggestion) > 4, repr(suggestion)
    assert " " not in suggestion and suggestion.isalpha(), repr(suggestion)


def test_following_a_result_highlights_the_word_on_the_page(visit, artifacts):
    visit.open("/fi/")
    search(visit.page, "muistin")
    visit.page.wait_for_timeout(400)  # let the search overlay finish fading in
    visit.page.screenshot(path=str(artifacts / "fi-search.png"))
    visit.page.locator(".md-search-result__item > a").first.click()
    visit.page.wait_for_load_state("load")
    assert "/fi/" in visit.page.url and "h=" in visit.page.url, visit.page.url
    marks = visit.page.eval_on_selector_all(
        "article mark[data-md-highlight]", "marks => marks.map(m => m.textContent.toLowerCase())")
    assert marks and all(mark.startswith("muist") for mark in marks), marks
