"""The built site: every page in every language, with the right lang and dir."""

from __future__ import annotations

import shutil

import pytest
from lxml import html

from tpukb.translations import read_declarations

from conftest import (DEFAULT_LANGUAGE, DOCS, LANGUAGES, ROOT, SITE_LANGUAGES, built_path, is_draft,
                      front_matter, source_pages)
from tpukb import languages, search
# _headers and _redirects: read by Netlify and Cloudflare Pages, never served.
from tpukb.hosting.rules import HOST_FILES

# What a reader's browser fetches; anything else in the site is a build input
# that leaked (a data file of the theme folder, a template).
READER_FILE_TYPES = {".html", ".css", ".js", ".map", ".json", ".xml", ".gz", ".png", ".svg",
                     ".ico", ".woff", ".woff2", ".txt", ".wasm", ".pf_fragment", ".pf_index",
                     ".pf_meta", ".pagefind", ".br"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_english_page_has_a_source_in_each_language(lang):
    """...or is declared not translated yet (scripts/tpukb/i18n/translations/missing.yml)."""
    declared = read_declarations(ROOT)
    missing = sorted(page for page in set(source_pages(DEFAULT_LANGUAGE)) - set(source_pages(lang))
                     if not declared.declared(lang, page))
    assert not missing, f"docs/{lang}/ lacks translations of: {', '.join(missing)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_is_built_at_its_url(site, lang):
    missing = [page for page in source_pages(DEFAULT_LANGUAGE)
               if not built_path(site, lang, page).is_file()]
    assert not missing, f"{lang}: no built page for {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lang_and_dir_on_every_page(site, lang):
    expected_dir = SITE_LANGUAGES.direction(lang)
    wrong = []
    for page in source_pages(lang):
        path = built_path(site, lang, page)
        tree = html.parse(str(path)).getroot()
        body_dir = tree.body.get("dir")
        if tree.get("lang") != lang or body_dir != expected_dir:
            wrong.append(f"{path.relative_to(site)}: lang={tree.get('lang')!r} dir={body_dir!r}")
    assert not wrong, f"expected lang={lang!r} dir={expected_dir!r}:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_content_is_in_its_language(site, lang):
    """A page under /<lang>/ is built from docs/<lang>/, not an English fallback."""
    for page in source_pages(lang):
        source = (DOCS / lang / page).read_text(encoding="utf-8")
        title = next(line[2:].strip() for line in source.splitlines() if line.startswith("# "))
        tree = html.parse(str(built_path(site, lang, page))).getroot()
        h1 = tree.xpath("string(//article//h1)").replace("¶", "").strip()
        assert h1 == title, f"{lang}/{page}: built H1 {h1!r} is not the source's {title!r}"


def palette_labels(page) -> set[str]:
    tree = html.parse(str(page)).getroot()
    return set(tree.xpath("//form[@data-md-component='palette']//label/@title"))


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE])
def test_theme_toggle_is_labelled_in_the_page_language(site, lang):
    english = palette_labels(built_path(site, DEFAULT_LANGUAGE, "index.md"))
    labels = palette_labels(built_path(site, lang, "index.md"))
    assert english and len(labels) == len(english), "palette toggle labels missing"
    assert not labels & english, f"{lang}: English toggle labels on a {lang} page: {labels & english}"


ENGLISH_UI = ("Jump back to footnote", 'title="Permanent link"')


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE])
def test_no_english_interface_strings_from_markdown_extensions(site, lang):
    leaks = []
    for page in source_pages(lang):
        text = built_path(site, lang, page).read_text(encoding="utf-8")
        leaks += [f"{lang}/{page}: {s!r}" for s in ENGLISH_UI if s in text]
    assert not leaks, "English interface strings on translated pages:\n" + "\n".join(leaks)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_titles_do_not_repeat_the_site_name(site, lang):
    repeated = []
    for page in source_pages(lang):
        title = html.parse(str(built_path(site, lang, page))).getroot().findtext(".//title")
        parts = [part.strip() for part in title.split(" - ")]
        if len(parts) != len(set(parts)):
            repeated.append(f"{lang}/{page}: {title!r}")
    assert not repeated, "\n".join(repeated)


def h1_of(path) -> str:
    return html.parse(str(path)).getroot().xpath("string(//article//h1)").replace("¶", "").strip()


def knowledge_base() -> list[tuple[str, list[str]]]:
    """The categories of the nav (index page, then article pages), as mkdocs.yml lists them."""
    nav = languages.read_mkdocs_config(ROOT / "mkdocs.yml")["nav"]
    section = next(entry["Knowledge base"] for entry in nav
                   if isinstance(entry, dict) and "Knowledge base" in entry)
    return [(entry_pages[0], [page for page in entry_pages[1:]
                              if not is_draft(ROOT / "docs" / DEFAULT_LANGUAGE / page)])
            for item in section if isinstance(item, dict) for entry_pages in item.values()]


CATEGORIES = knowledge_base()


def test_every_article_is_in_one_category():
    listed = [article for _, articles in CATEGORIES for article in articles]
    sources = [p for p in source_pages() if p.startswith("articles/") and p.count("/") == 1
               and not p.endswith("index.md")]
    assert sorted(listed) == sorted(sources) and len(set(listed)) == len(listed), listed
    assert CATEGORIES and all(index.endswith("/index.md") for index, _ in CATEGORIES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_article_breadcrumbs_are_home_index_category_article(site, lang):
    index_h1 = h1_of(built_path(site, lang, "articles/index.md"))
    for category, articles in CATEGORIES:
        category_h1 = h1_of(built_path(site, lang, category))
        for page in articles:
            tree = html.parse(str(built_path(site, lang, page))).getroot()
            crumbs = [" ".join(li.text_content().split())
                      for li in tree.xpath("//nav[@class='md-path']//li")]
            assert crumbs[1:] == [index_h1, category_h1, h1_of(built_path(site, lang, page))], (
                f"{lang}/{page}: breadcrumbs {crumbs}")
            current = tree.xpath("//nav[@class='md-path']//li[last()]//*[@aria-current='page']")
            assert current, f"{lang}/{page}: the last crumb is not marked as the current page"


def listed_entries(site, lang: str, page: str, level: str) -> list[tuple[str, str, str]]:
    """(title, target page folder, description) of each generated entry at a heading level."""
    tree = html.parse(str(built_path(site, lang, page))).getroot()
    entries = []
    for heading in tree.xpath(f"//article//{level}[a[not(@class='headerlink')]]"):
        link = heading.xpath("a[not(@class='headerlink')]")[0]
        paragraph = heading.getnext()
        target = (built_path(site, lang, page).parent / link.get("href")).resolve()
        entries.append((" ".join(link.text_content().split()), target,
                        " ".join(paragraph.text_content().split())))
    return entries


def expected_entry(site, lang: str, page: str) -> tuple[str, str, str]:
    meta = front_matter(lang, page)
    return (meta["title"], built_path(site, lang, page).parent.resolve(),
            " ".join(meta["description"].split()))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_category_page_lists_its_articles_with_descriptions(site, lang):
    for category, articles in CATEGORIES:
        shown = listed_entries(site, lang, category, "h2")
        assert shown == [expected_entry(site, lang, page) for page in articles], category
        if not articles:
            empty = html.parse(str(built_path(site, lang, category))).getroot().xpath(
                "string(//article//p[em][last()])")
            assert empty.strip() == SITE_LANGUAGES.string(lang, "kb.category.empty"), category


@pytest.mark.parametrize("lang", LANGUAGES)
def test_knowledge_base_index_lists_categories_then_their_articles(site, lang):
    tree = html.parse(str(built_path(site, lang, "articles/index.md"))).getroot()
    levels = [h.tag for h in tree.xpath("//article//*[self::h2 or self::h3][a]")]
    expected_levels = [tag for _, articles in CATEGORIES for tag in ["h2"] + ["h3"] * len(articles)]
    assert levels == expected_levels, levels
    assert listed_entries(site, lang, "articles/index.md", "h2") == [
        expected_entry(site, lang, category) for category, _ in CATEGORIES]
    assert listed_entries(site, lang, "articles/index.md", "h3") == [
        expected_entry(site, lang, page) for _, articles in CATEGORIES for page in articles]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_article_navigation_holds_its_category_only(site, lang):
    """navigation.prune: an article page links every category but only the
    articles of its own."""
    categories = {built_path(site, lang, index).parent.resolve() for index, _ in CATEGORIES}
    for category, articles in CATEGORIES:
        mine = {built_path(site, lang, page).parent.resolve() for page in articles}
        others = {built_path(site, lang, page).parent.resolve()
                  for _, other in CATEGORIES for page in other} - mine
        for page in articles:
            path = built_path(site, lang, page)
            tree = html.parse(str(path)).getroot()
            links = {(path.parent / href.split("#")[0]).resolve() for href in
                     tree.xpath("//nav[contains(@class, 'md-nav--primary')]//a/@href")}
            assert categories <= links, f"{lang}/{page}: the navigation lacks a category"
            assert mine <= links, f"{lang}/{page}: the navigation lacks its category's articles"
            assert not links & others, (f"{lang}/{page}: the navigation lists other "
                                        f"categories' articles: {sorted(map(str, links & others))}")


def facts_checked_line(site, lang: str, page: str):
    tree = html.parse(str(built_path(site, lang, page))).getroot()
    found = tree.xpath("//article//h1/following-sibling::p[1][@class='kb-facts-checked']")
    return found[0] if found else None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_articles_show_when_their_facts_were_checked(site, lang):
    """The front matter's facts_checked date is shown under the title, in the
    page's language, as a machine-readable <time>."""
    for page in source_pages(lang):
        source = (DOCS / lang / page).read_text(encoding="utf-8")
        date = next((line.split(":", 1)[1].strip() for line in source.splitlines()
                     if line.startswith("facts_checked:")), None)
        if date is None:
            continue
        line = facts_checked_line(site, lang, page)
        assert line is not None, f"{lang}/{page}: no facts-checked line under the title"
        assert line.xpath("string(.//time/@datetime)") == date, f"{lang}/{page}: wrong date"
        if lang != DEFAULT_LANGUAGE:
            english = facts_checked_line(site, DEFAULT_LANGUAGE, page)
            assert line.text_content() != english.text_content(), (
                f"{lang}/{page}: the facts-checked line is in English: {line.text_content()!r}")


def test_the_site_holds_only_what_readers_fetch(site):
    leaked = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                    if p.is_file() and p.suffix not in READER_FILE_TYPES
                    and p.name not in HOST_FILES)
    assert not leaked, f"build inputs published in the site: {leaked}"


# Spelled in two parts so that this file does not match its own search.
IMPORT_PATH_EDITS = ("sys" + ".path", "PYTHON" + "PATH")


def test_no_code_edits_the_import_path():
    """The project's code is the installed package tpukb: nothing finds it by path."""
    offenders = [f"{path.relative_to(ROOT)}:{number}"
                 for folder in ("overrides", "scripts", "tests")
                 for path in sorted((ROOT / folder).rglob("*.py"))
                 if "node_modules" not in path.parts
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if any(needle in line for needle in IMPORT_PATH_EDITS)]
    assert not offenders, f"import-path edits: {offenders}"


def test_pages_carry_no_template_indentation_but_keep_code_blocks(site):
    """tpukb.htmlcompact: no indented line between tags; <pre> blocks untouched."""
    from tpukb.htmlcompact import compact
    page = built_path(site, DEFAULT_LANGUAGE, "articles/jax-tensorflow-tpu-memory.md")
    text = page.read_text(encoding="utf-8")
    assert compact(text) == text
    sample = '<ul>\n    <li>a</li>\n  </ul><pre><code>  x\n    y</code></pre>\n  <p>b</p>'
    assert compact(sample) == '<ul>\n<li>a</li>\n</ul><pre><code>  x\n    y</code></pre>\n<p>b</p>'


def test_search_bundle_is_the_one_pagefind_writes_from_the_whole_pages(site, tmp_path):
    """The build gives Pagefind reduced copies of the marked pages
    (tpukb.searchinput); the whole pages give the same bundle, byte for byte."""
    whole = tmp_path / "site"
    shutil.copytree(site, whole, ignore=lambda folder, names: [search.BUNDLE] if folder == str(site) else [])
    search.index_site(whole)
    files = {side: {p.relative_to(side / search.BUNDLE).as_posix(): p.read_bytes()
                    for p in (side / search.BUNDLE).rglob("*") if p.is_file()}
             for side in (site, whole)}
    assert files[site] == files[whole]
