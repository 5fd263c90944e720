"""The search loads on first use (issue 30): a page's first load carries no
search code; focus or a click on the box, Ctrl+K, "/" or a tap on the
phone's button loads it; what was typed meanwhile is kept, the focus
follows, and the box and button do not move or change when Pagefind's own
take the stand-ins' place."""

from __future__ import annotations

import pytest

from .conftest import ARTICLE, LANGUAGES, SITE_LANGUAGES, lang_root

STUB_BOX = ".kb-search > .kb-search-stub input"
REAL_BOX = "pagefind-searchbox .pf-searchbox input"
QUERY = {"en": "memory", "fi": "muistia", "it": "memoria", "ar": "الذاكرة"}
UI = ("pagefind-component-ui.js", "pagefind-component-ui.css", "pagefind.js")


def search_files(visit) -> list[str]:
    return [url.rsplit("/", 1)[-1].split("?")[0] for url in visit.requests if "/pagefind/" in url]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_first_load_carries_no_search_code(visit, lang):
    visit.open(lang_root(lang) + ARTICLE, idle=True)
    assert search_files(visit) == ["pagefind-first-paint.css"], search_files(visit)


def box_of(page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_is_typed_before_the_ui_loads_is_kept_and_nothing_moves(visit, lang):
    visit.open(lang_root(lang), idle=True)
    page = visit.page
    before = box_of(page, STUB_BOX)
    title = box_of(page, ".md-header__title")
    placeholder = page.locator(STUB_BOX).get_attribute("placeholder")
    page.locator(STUB_BOX).click()
    page.keyboard.type(QUERY[lang])  # at once, while the UI is loading
    page.wait_for_selector(".pf-searchbox-result[href*='highlight=']")
    assert page.locator(".kb-search-stub").count() == 1  # only the phone's, hidden here
    real = page.locator(REAL_BOX)
    assert real.input_value() == QUERY[lang]
    assert page.evaluate("document.activeElement.matches('pagefind-searchbox input')")
    assert box_of(page, REAL_BOX) == before, "the box moved or changed size"
    assert box_of(page, ".md-header__title") == title, "the header moved"
    # the stand-in said what Pagefind says, in the page's language
    assert real.get_attribute("placeholder") == placeholder == \
        SITE_LANGUAGES.strings[lang]["search.placeholder"]
    assert all(name in search_files(visit) for name in UI)


@pytest.mark.parametrize("keys", ["Control+k", "/"])
def test_a_shortcut_loads_the_search_and_focuses_the_box(visit, keys):
    visit.open(lang_root("fi"), idle=True)
    visit.page.keyboard.press(keys)
    visit.page.keyboard.type("muistia")
    visit.page.wait_for_selector(".pf-searchbox-result[href*='highlight=muistia']")
    assert visit.page.locator(REAL_BOX).input_value() == "muistia"


def test_the_phone_button_opens_the_search_at_the_first_tap(phone):
    phone.open(lang_root("ar") + ARTICLE, idle=True)
    page = phone.page
    stub = page.locator(".kb-search-phone > .kb-search-stub button")
    before = stub.bounding_box()
    label = stub.get_attribute("aria-label")
    assert label == SITE_LANGUAGES.strings["ar"]["search.placeholder"].lower()
    stub.tap()
    page.wait_for_selector("pagefind-modal dialog[open]")
    real = page.locator("pagefind-modal-trigger button")
    assert real.bounding_box() == before, "the button moved"
    assert real.get_attribute("aria-label") == label, "the stand-in named it otherwise"
    page.keyboard.type(QUERY["ar"])
    page.wait_for_selector("pagefind-modal a.pf-result-link")

