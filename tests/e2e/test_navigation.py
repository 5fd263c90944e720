"""Browsing, language switching and the keyboard, as a reader does them."""

from __future__ import annotations

import pytest

from .conftest import ARTICLE, LANGUAGES, SITE_LANGUAGES, lang_root, wait_for_first_result


def h1(page) -> str:
    return page.locator("article h1").first.inner_text().replace("¶", "").strip()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_to_index_to_article_and_back_by_breadcrumb(visit, lang):
    root = visit.base_url + lang_root(lang)
    visit.open(lang_root(lang), idle=False)
    visit.page.locator(f'article a[href$="articles/"]').first.click()
    visit.page.wait_for_url(root + "articles/")
    index_title = h1(visit.page)
    visit.page.locator(f'article a[href$="{ARTICLE.split("/")[1]}/"]').first.click()
    visit.page.wait_for_url(root + ARTICLE)
    assert visit.page.locator("html").get_attribute("lang") == lang
    crumbs = visit.page.locator("nav.md-path a.md-path__link")
    assert crumbs.count() >= 3, "the article has no Home > Knowledge base > category trail"
    category = " ".join(crumbs.last.inner_text().split())
    crumbs.last.click()
    visit.page.wait_for_url(root + "articles/*/")
    assert h1(visit.page) == category, "the category crumb does not lead to its page"
    assert visit.page.locator(f'article a[href$="{ARTICLE.split("/")[1]}/"]').count() == 1
    visit.page.locator("nav.md-path a.md-path__link").nth(1).click()
    visit.page.wait_for_url(root + "articles/")
    assert h1(visit.page) == index_title


@pytest.mark.parametrize("source, target", [
    ("en", "fi"), ("en", "it"), ("en", "ar"), ("ar", "en"), ("fi", "it"),
])
def test_language_switcher_keeps_the_article(visit, source, target):
    visit.open(lang_root(source) + ARTICLE, idle=False)
    source_title = h1(visit.page)
    visit.page.hover(".md-select")
    visit.page.locator(f'.md-select__link[hreflang="{target}"]').click()
    visit.page.wait_for_url(visit.base_url + lang_root(target) + ARTICLE)
    assert visit.page.locator("html").get_attribute("lang") == target
    assert h1(visit.page) != source_title, "the switcher kept the text of the source language"


def tab_until(page, selector: str, limit: int = 60) -> int:
    """Press Tab until the focused element matches selector; return the count."""
    for count in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return count
    raise AssertionError(f"{selector} never got the focus in {limit} Tab presses")


def test_keyboard_search_then_arrow_and_enter_opens_a_result(visit):
    visit.open("/fi/", idle=False)
    tab_until(visit.page, ".kb-search input")  # the stand-in box, then Pagefind's
    visit.page.keyboard.type("muistin")
    wait_for_first_result(visit.page, "muistin")
    visit.page.keyboard.press("ArrowDown")
    chosen = visit.page.evaluate("""() => {
        const box = document.activeElement
        const option = document.getElementById(box.getAttribute('aria-activedescendant'))
        return [box.getAttribute('role'), option && option.getAttribute('aria-selected'),
                option && option.href]}""")
    assert chosen[0] == "combobox" and chosen[1] == "true", chosen
    assert "/fi/" in chosen[2], chosen
    visit.page.keyboard.press("Enter")
    visit.page.wait_for_url("**/fi/**highlight=*")
    assert visit.page.url == chosen[2], (visit.page.url, chosen)


def test_keyboard_language_switcher(visit):
    visit.open("/" + ARTICLE, idle=False)
    tab_until(visit.page, ".md-select > button")
    focused = []
    for _ in SITE_LANGUAGES.codes:  # the switcher lists the languages in mkdocs.yml order
        visit.page.keyboard.press("Tab")
        focused.append(visit.page.evaluate(
            "[document.activeElement.getAttribute('hreflang'),"
            " document.activeElement.closest('.md-select') !== null]"))
        if focused[-1][0] == "fi":
            break
    expected = [[code, True] for code in SITE_LANGUAGES.codes[:SITE_LANGUAGES.codes.index("fi") + 1]]
    assert focused == expected, f"Tab after the switcher button focused {focused}"
    assert visit.page.locator('.md-select__link[hreflang="fi"]').is_visible()
    visit.page.keyboard.press("Enter")
    visit.page.wait_for_url(visit.base_url + "/fi/" + ARTICLE)


def test_keyboard_reaches_and_follows_content_links(visit):
    visit.open("/it/articles/", idle=False)
    tab_until(visit.page, f'article a[href$="{ARTICLE.split("/")[1]}/"]', limit=80)
    visit.page.keyboard.press("Enter")
    visit.page.wait_for_url(visit.base_url + "/it/" + ARTICLE)
