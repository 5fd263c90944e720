"""Reading and searching on a phone (360 x 740, touch), in every language.

The header keeps the site's name readable beside its buttons; the search is
a button that opens a full-screen search (Pagefind's modal) whose results
show their title and several lines of the matching passage; it closes with
Escape, its close button and the back gesture; no keyboard hint is shown on
a touch screen; no page is wider than the screen; axe finds nothing serious.
"""

from __future__ import annotations

import pytest

from .conftest import ARTICLE, LANGUAGES, SITE_LANGUAGES, lang_root, wait_for_first_result
from .test_privacy_and_accessibility import PAGES, assert_no_serious_violation

# The search button: a stand-in until the first tap loads Pagefind's UI
# (partials/search.html), then Pagefind's own.
TRIGGER = "pagefind-modal-trigger button, .kb-search-phone > .kb-search-stub button"
DIALOG = "pagefind-modal dialog"
INPUT = "pagefind-modal pagefind-input input"
RESULT = "pagefind-modal a.pf-result-link"
# The search box of wide screens: a stand-in until the first focus loads
# Pagefind's UI, then Pagefind's own.
BOX = ".kb-search input"
# A word of the memory article's title, in each language.
QUERY = {"en": "memory", "fi": "muistin", "it": "memoria", "ar": "الذاكرة"}
# Whatever Pagefind shows to name a key (its searchbox badge, modal footer,
# keyboard-hint elements).
KEY_HINTS = ".pf-trigger-shortcut, .pf-keyboard-hints, .pf-keyboard-hint, .pf-modal-footer, kbd"


def visible(page, selector: str) -> list[str]:
    """Text (or tag) of the elements matching `selector` that take up room on screen."""
    return page.eval_on_selector_all(selector, """els => els.filter(e => {
        const r = e.getBoundingClientRect(), s = getComputedStyle(e)
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'
    }).map(e => e.textContent.trim() || e.tagName)""")


def open_search(phone, lang: str) -> None:
    phone.page.locator(TRIGGER).tap()
    phone.page.wait_for_selector(f"{DIALOG}[open]")
    phone.page.locator(INPUT).fill(QUERY[lang])
    wait_for_first_result(phone.page, QUERY[lang], "modal")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_header_shows_the_site_name_and_a_search_button(phone, lang):
    phone.open(lang_root(lang) + ARTICLE, idle=False)
    page = phone.page
    name = page.locator(".md-header__topic:first-child .md-ellipsis")
    clipped = name.evaluate("e => [e.scrollWidth - e.clientWidth, e.scrollHeight - e.clientHeight]")
    assert max(clipped) <= 1, f"{lang}: the site's name is cut ({clipped} px hidden)"
    assert name.bounding_box()["width"] >= 100, name.bounding_box()
    assert not visible(page, "pagefind-searchbox"), f"{lang}: the search box takes header room"
    assert visible(page, TRIGGER), f"{lang}: no search button"
    assert page.locator(TRIGGER).get_attribute("aria-label"), "the search button has no name"
    for button in ("label[for='__drawer']", "[data-md-component=palette] label", ".md-select"):
        assert visible(page, f".md-header {button}"), f"{lang}: {button} is not shown"
    assert not visible(page, KEY_HINTS), f"{lang}: keyboard hints on a touch screen"
    box = page.locator(".md-header").bounding_box()
    buttons = page.eval_on_selector_all(
        ".md-header__inner > *", "els => els.map(e => e.getBoundingClientRect())"
        ".filter(r => r.width > 0).map(r => [r.left, r.right])")
    assert all(0 <= left and right <= box["width"] + 0.5 for left, right in buttons), buttons


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_opens_full_screen_and_finds_the_article_first(phone, lang, artifacts):
    phone.open(lang_root(lang) + ARTICLE, idle=False)
    open_search(phone, lang)
    page = phone.page
    rect = page.locator(DIALOG).bounding_box()
    assert rect["x"] == 0 and rect["width"] == 360 and rect["height"] >= 700, rect
    assert page.evaluate("document.activeElement.matches('pagefind-modal input')"), \
        "the search input does not have the focus"
    assert not visible(page, KEY_HINTS), f"{lang}: keyboard hints on a touch screen"
    page.screenshot(path=str(artifacts / f"phone-search-{lang}.png"))
    first = page.locator(RESULT).first
    assert first.get_attribute("href").split("?")[0].endswith(lang_root(lang) + ARTICLE), \
        first.get_attribute("href")
    # A result shows its whole title and several lines of the matching passage.
    card = page.locator("pagefind-modal .pf-result").first
    title = card.locator(".pf-result-title")
    assert title.evaluate("e => e.scrollWidth <= e.clientWidth"), "a result's title is cut"
    excerpt = card.locator(".pf-result-excerpt")
    lines = excerpt.evaluate(
        "e => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))")
    assert lines >= 2, f"{lang}: the excerpt is cut to {lines} line"
    assert excerpt.locator("mark").count(), f"{lang}: the excerpt does not show the match"
    direction = SITE_LANGUAGES.direction(lang)
    assert page.locator("pagefind-modal input").evaluate(
        "e => getComputedStyle(e).direction") == direction
    assert first.evaluate("e => getComputedStyle(e).direction") == direction
    # Tapping the result opens the article with the word marked.
    first.tap()
    page.wait_for_selector("article mark.pagefind-highlight")
    assert (lang_root(lang) + ARTICLE) in page.url, page.url


@pytest.mark.parametrize("how", ["escape", "close-button", "back"])
def test_search_closes_and_the_reader_stays_on_the_page(phone, how):
    phone.open(lang_root("ar") + ARTICLE, idle=False)
    url = phone.page.url
    open_search(phone, "ar")
    page = phone.page
    if how == "escape":
        page.keyboard.press("Escape")
    elif how == "close-button":
        close = page.locator("pagefind-modal .pf-modal-close")
        assert close.get_attribute("aria-label"), "the close button has no name"
        if SITE_LANGUAGES.direction("ar") == "rtl":  # the close button sits at the line's end
            assert close.bounding_box()["x"] < 180, close.bounding_box()
        close.tap()
    else:
        page.go_back()
    page.wait_for_selector(f"{DIALOG}:not([open])", state="attached")
    assert page.url == url, f"{how}: the reader left the page ({page.url})"
    # polled from here: a string predicate in the page is eval, which the policy forbids
    for _ in range(50):
        if page.evaluate("history.state === null || !history.state['kb-search']"):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"{how}: the search's history entry stayed")
    assert page.evaluate("document.activeElement.closest('pagefind-modal-trigger') !== null"), \
        f"{how}: the focus did not return to the search button"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", PAGES)
def test_no_page_is_wider_than_the_phone(phone, lang, kind):
    phone.open(lang_root(lang) + PAGES[kind], idle=False)
    widths = phone.page.evaluate(
        "[document.documentElement.scrollWidth, document.body.scrollWidth, innerWidth]")
    assert max(widths[:2]) <= widths[2], f"{lang} {kind}: the page scrolls sideways: {widths}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_axe_finds_no_serious_violation_on_a_phone(phone, axe_source, lang):
    phone.open(lang_root(lang) + ARTICLE)
    assert_no_serious_violation(phone.page, axe_source)
    open_search(phone, lang)
    assert_no_serious_violation(phone.page, axe_source, "'pagefind-modal'")


def test_wide_screen_keeps_the_search_box(visit):
    visit.open("/" + ARTICLE)
    assert visible(visit.page, BOX)
    assert not visible(visit.page, ".kb-search-phone")
