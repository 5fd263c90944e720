"""Search in the reader's language: own index, own stemmer, excerpts, highlighting.

The header's search box is Pagefind's Component UI (overrides/partials/search.html):
one index per language, loaded in chunks, results as a listbox of links with
a match excerpt in which the matched words are marked.
"""

from __future__ import annotations

import gzip
import json
import re
from urllib.parse import quote

import pytest

from conftest import DOCS, is_draft  # tests/conftest.py

from .conftest import ARTICLE, LANGUAGES, SITE_LANGUAGES, lang_root, wait_for_first_result

OTHER_ROOTS = tuple(SITE_LANGUAGES.root_path(lang) for lang in SITE_LANGUAGES.others)
BOX = "pagefind-searchbox input"
FIRST_BOX = ".kb-search input"  # what a reader first clicks: the stand-in, then Pagefind's box
RESULT = ".pf-searchbox-result"

# (page language, query, a page the query must find). Each query is an
# inflected form; the test also requires the results to mark other forms
# of the word, which only stemming finds.
CASES = [
    ("fi", "muistin", ARTICLE),        # genitive of "muisti" (memory)
    ("fi", "muistia", ARTICLE),        # partitive of "muisti"
    ("it", "memorie", ARTICLE),        # plural; the articles say "memoria"
    ("it", "memoria", ARTICLE),        # singular (see SOLE_FORM)
    ("ar", "الذاكرة", ARTICLE),        # "the memory", with the definite article
    ("ar", "ذاكرة", ARTICLE),          # "memory", without it
    ("en", "allocates", ARTICLE),      # the article also says "allocate", "allocation"
    ("en", "memories", ARTICLE),       # plural; the articles say "memory"
]

# Queries whose word has no other form in the pages: the Italian articles say
# only "memoria" (the "memorie" case proves the Italian stemmer), so only the
# word itself can be marked.
SOLE_FORM = {("it", "memoria")}


def search(page, query: str) -> dict:
    """Type a query into the header search; return result links and marked words.

    Every result links to its page with the query in the URL (the highlight
    parameter), so waiting for a result whose link carries the whole query
    waits for the answer to the whole query, not to a part typed earlier.
    """
    page.locator(FIRST_BOX).first.click()  # the stand-in until Pagefind's UI has loaded
    box = page.locator(BOX)
    box.wait_for()
    box.fill("")
    box.fill(query)
    page.wait_for_selector(f'{RESULT}[href*="highlight={quote(query)}"]', timeout=10_000)
    wait_for_first_result(page, query)
    # results are links; the box may still hold loading placeholders (divs)
    links = page.eval_on_selector_all(f"a{RESULT}", "links => links.map(a => a.href)")
    marks = page.eval_on_selector_all(
        f"a{RESULT} mark", "marks => marks.map(m => m.textContent.toLowerCase())")
    return {"links": links, "marks": marks}


def path_of(url: str, base_url: str) -> str:
    return url[len(base_url):].split("?")[0].split("#")[0]


@pytest.mark.parametrize("lang, query, expected", CASES,
                         ids=[f"{lang}-{query}" for lang, query, _ in CASES])
def test_search_finds_inflected_forms_in_the_page_language(visit, lang, query, expected):
    visit.open(lang_root(lang), idle=False)
    found = search(visit.page, query)
    paths = [path_of(url, visit.base_url) for url in found["links"]]
    root = lang_root(lang)
    foreign = [p for p in paths if not p.startswith(root)
               or (lang == "en" and p.startswith(OTHER_ROOTS))]
    assert not foreign, f"{lang}: '{query}' returned pages of other languages: {foreign}"
    # every result, not only those the box has drawn so far (as the base grows,
    # more articles mention memory and the article may rank below them)
    every = [url.split("?")[0] for url in pagefind_search(visit.page, query)]  # URL paths
    assert root + expected in every, f"{lang}: '{query}' did not find {root + expected}: {every}"
    words = {re.sub(r"\W+$", "", mark) for mark in found["marks"]}
    assert query in words or words - {query}, f"{lang}: '{query}': no match marked"
    assert (lang, query) in SOLE_FORM or words - {query}, (
        f"{lang}: '{query}' marked only the word itself ({sorted(words)}): no stemming")


def test_arabic_search_matches_across_the_definite_article(visit):
    visit.open("/ar/", idle=False)
    with_article = set(search(visit.page, "الذاكرة")["marks"])
    without = set(search(visit.page, "ذاكرة")["marks"])
    assert any(not mark.startswith("ال") for mark in with_article), sorted(with_article)
    assert any("الذاكرة" in mark for mark in without), sorted(without)


# A Pagefind file that belongs to one language: its meta, index and fragment
# chunks and its WebAssembly (stemmer) module.
LANGUAGE_FILE = re.compile(r"/pagefind/(?:pagefind\.|wasm\.|index/|fragment/)([a-z-]+?)[._]")


def test_each_language_downloads_only_its_own_index(visit):
    for lang in LANGUAGES:
        visit.requests.clear()
        visit.open(lang_root(lang) + ARTICLE)
        search(visit.page, "jax")
        files = [path_of(url, visit.base_url) for url in visit.requests]
        langs = {m.group(1): m.group(0) for f in files if (m := LANGUAGE_FILE.search(f))}
        assert set(langs) == {lang}, (lang, sorted(f for f in files if "/pagefind/" in f))
        kinds = {f.split("/")[2].split(".")[0].split("_")[0] for f in files
                 if LANGUAGE_FILE.search(f)}
        assert {"wasm", "index", "fragment"} <= kinds, (lang, kinds)


def test_a_word_being_typed_finds_its_pages(visit):
    """Results come while a word is still incomplete: 'muis' finds 'muisti'."""
    visit.open("/fi/", idle=False)
    found = search(visit.page, "muis")
    assert "/fi/" + ARTICLE in [path_of(url, visit.base_url) for url in found["links"]]
    assert any(mark.startswith("muist") for mark in found["marks"]), found["marks"]


ENGLISH_INTERFACE = {"placeholder": "Search", "results": "Search results"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_interface_is_in_the_page_language(visit, lang):
    visit.open(lang_root(lang), idle=False)
    search(visit.page, "tpu")
    shown = visit.page.evaluate("""() => {
        const box = document.querySelector('pagefind-searchbox')
        return {placeholder: box.querySelector('input').placeholder,
                results: box.querySelector('[role=listbox]').getAttribute('aria-label'),
                dir: box.getAttribute('dir') || getComputedStyle(box).direction}}""")
    assert shown["placeholder"] and shown["results"], shown
    if lang == SITE_LANGUAGES.default:
        assert shown["placeholder"].startswith(ENGLISH_INTERFACE["placeholder"]), shown
    else:
        assert shown["placeholder"] != ENGLISH_INTERFACE["placeholder"], (lang, shown)
        assert shown["results"] != ENGLISH_INTERFACE["results"], (lang, shown)
    assert shown["dir"] == SITE_LANGUAGES.direction(lang), (lang, shown)


def test_arabic_results_read_right_to_left(visit):
    visit.open("/ar/", idle=False)
    search(visit.page, "ذاكرة")
    first = visit.page.locator(RESULT).first
    assert first.evaluate("a => getComputedStyle(a).direction") == "rtl"
    # The title's text starts at the right edge of the result, as Arabic reads.
    gap = first.evaluate("""a => {
        const title = a.querySelector('p'), range = document.createRange()
        range.selectNodeContents(title)
        const text = range.getBoundingClientRect(), box = title.getBoundingClientRect()
        return [box.right - text.right, text.left - box.left]}""")
    assert gap[0] < gap[1], f"an Arabic result's title must hang from the right edge: {gap}"


def test_following_a_result_highlights_the_word_on_the_page(visit, artifacts):
    visit.open("/fi/", idle=False)
    search(visit.page, "muistin")
    visit.page.screenshot(path=str(artifacts / "fi-search.png"))
    visit.page.locator(RESULT).first.click()
    visit.page.wait_for_load_state("load")
    assert "/fi/" in visit.page.url and "highlight=" in visit.page.url, visit.page.url
    visit.page.wait_for_selector("article mark.pagefind-highlight")
    marks = visit.page.eval_on_selector_all(
        "article mark.pagefind-highlight", "marks => marks.map(m => m.textContent.toLowerCase())")
    assert marks and all(mark.startswith("muist") for mark in marks), marks


def test_search_code_is_served_by_the_site_as_files(site):
    """The search adds no inline script or style of its own to the pages: its
    code and styles are files of the site (a strict Content-Security-Policy
    then needs only 'self' and, for Pagefind's WebAssembly, 'wasm-unsafe-eval').
    A page links only the first-paint stylesheet and search.js; search.js
    loads Pagefind's UI, files of the site too, on first use."""
    page = (site / "fi" / "index.html").read_text(encoding="utf-8")
    assert '"/pagefind/pagefind-first-paint.css"' in page
    assert "pagefind-component-ui" not in page
    script = (site / "assets" / "javascripts" / "search.js").read_text(encoding="utf-8")
    for name in ("pagefind-component-ui.js", "pagefind-component-ui.css"):
        assert name in script and (site / "pagefind" / name).is_file(), name
    # Code a browser runs: no src, and no data type (Material's JSON config,
    # Pagefind's result template).
    inline = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"(?:application/json|text/pagefind"
                        r"-template)\")[^>]*>(.*?)</script>", page, re.S)
    assert not [code for code in inline if "pagefind" in code.lower()], inline
    assert "pagefind" not in " ".join(re.findall(r'style="[^"]*"', page)).lower()


def test_first_paint_stylesheet_is_pagefind_s_own_rules_for_box_and_button(site):
    """tpukb.search.FIRST_PAINT: Pagefind's rules for the closed box and the
    button (and its variables), applied to the stand-ins too; not its
    results, modal or filters."""
    css = (site / "pagefind" / "pagefind-first-paint.css").read_text(encoding="utf-8")
    whole = (site / "pagefind" / "pagefind-component-ui.css").read_text(encoding="utf-8")
    for needed in (".pf-searchbox-input", ".pf-trigger-btn", ".pf-trigger-icon", "--pf-input-height",
                   ":is(pagefind-searchbox, .kb-stub-pagefind-searchbox)",
                   ":is(pagefind-modal-trigger, .kb-stub-pagefind-modal-trigger)"):
        assert needed in css, needed
    # nothing that draws only results, the modal or filters
    for absent in (".pf-searchbox-results", ".pf-modal-body", ".pf-result-title", ".pf-filter"):
        assert absent not in css, absent
    assert len(css) < len(whole) / 3, (len(css), len(whole))


def test_search_indexes_the_article_not_its_reference_list(site):
    """What a result can match and quote: every article's indexed text (its
    Pagefind fragment, in every language) holds the article's body but not its
    reference list, the shared citation file whose English titles and URLs
    would otherwise make English words find pages in every language."""
    checked = 0
    for fragment in sorted((site / "pagefind" / "fragment").glob("*.pf_fragment")):
        raw = gzip.decompress(fragment.read_bytes())
        data = json.loads(raw[raw.index(b"{"):])
        if not data["url"].endswith("/" + ARTICLE):
            continue
        content = data["content"]
        assert len(content.split()) > 500, (data["url"], "the article body is not indexed")
        assert "http" not in content and "docs.jax.dev" not in content, (
            data["url"], "the reference list is indexed", content[-300:])
        checked += 1
    assert checked == len(LANGUAGES), checked


def test_search_text_has_no_citation_markers_nor_related_lists(site):
    """Issue 26: excerpts read as text ("flex-start in GKE. Quotas: ..."), not
    "flex-start in GKE [10] [13]"; another article's title in the related
    list does not make a page match it."""
    related_headings = {SITE_LANGUAGES.strings[lang]["related.heading"] for lang in LANGUAGES}
    pages = indexed_pages(site)
    assert pages
    for page in pages:
        # a marker stands after a word or a space; `x[0]` in code is no marker
        assert not re.search(r"(?<![\w)\]])\[\d+\]", page["content"]), \
            (page["url"], page["content"][:300])
        assert not any(heading in page["content"] for heading in related_headings), page["url"]


# ---------------------------------------------------------------------------
# Ranking: the article that answers first
# ---------------------------------------------------------------------------

def indexed_pages(site) -> list[dict]:
    """Every page in the search index: url, language, title, indexed text."""
    pages = []
    for fragment in sorted((site / "pagefind" / "fragment").glob("*.pf_fragment")):
        raw = gzip.decompress(fragment.read_bytes())
        data = json.loads(raw[raw.index(b"{"):])
        pages.append({"url": data["url"], "lang": fragment.name.split("_")[0],
                      "title": data["meta"]["title"], "content": data["content"]})
    return pages


def is_article(url: str, lang: str) -> bool:
    """An article's URL: /<lang>/articles/<slug>/ with docs/en/articles/<slug>.md."""
    path = url[len(lang_root(lang)):]
    parts = path.strip("/").split("/")
    return (len(parts) == 2 and parts[0] == "articles"
            and (DOCS / "en" / "articles" / f"{parts[1]}.md").is_file())


def title_words(title: str) -> set[str]:
    return {w for w in re.findall(r"\w+", title.lower()) if len(w) >= 4 and not w.isdigit()}


def pagefind_search(page, query: str) -> list[str]:
    """URLs of Pagefind's results for `query`, best first, on the open page's language."""
    return page.evaluate("""async q => {
        const pf = await import(document.querySelector('pagefind-config')
                                .getAttribute('bundle-path') + 'pagefind.js')
        const found = await pf.search(q)
        return Promise.all(found.results.map(async r => (await r.data()).url))}""", query)


def is_listing(url: str, lang: str) -> bool:
    """The Tags page, the knowledge-base index, a category page."""
    path = url[len(lang_root(lang)):].strip("/")
    return path in ("tags", "articles") or (path.startswith("articles/")
                                             and not is_article(url, lang))


def test_pages_that_only_list_others_are_not_results(site):
    """The Tags page, the knowledge-base index and the category pages are not
    in the index; every published article is, in every language."""
    pages = indexed_pages(site)
    assert not [p["url"] for p in pages if is_listing(p["url"], p["lang"])]
    for lang in LANGUAGES:
        built = {f"{lang_root(lang)}articles/{html.parent.name}/"
                 for html in (site / lang_root(lang).strip("/") / "articles").glob("*/index.html")}
        articles = {url for url in built if is_article(url, lang)}
        indexed = {p["url"] for p in pages if p["lang"] == lang and is_article(p["url"], lang)}
        assert articles and indexed == articles, (lang, sorted(articles ^ indexed))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_distinctive_word_of_each_title_finds_its_article_first(visit, site, lang):
    pages = [p for p in indexed_pages(site) if p["lang"] == lang]
    articles = [p for p in pages if is_article(p["url"], lang)]
    assert articles, f"{lang}: no article in the index"
    visit.open(lang_root(lang), idle=False)
    for article in articles:
        others = set().union(*(title_words(p["title"]) for p in pages if p is not article))
        own = sorted(title_words(article["title"]) - others, key=len, reverse=True)
        assert own, (f"{lang}: no word of '{article['title']}' is absent from other titles; "
                     "the test cannot pick a distinctive query")
        results = pagefind_search(visit.page, own[0])
        assert results and results[0] == article["url"], (
            f"{lang}: '{own[0]}' (from '{article['title']}') ranks {results[:4]}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_category_word_finds_the_articles_not_the_category_page(visit, site, lang):
    """'memory' answers with the memory article first, not with the category
    "Memory and performance" or the Tags page."""
    visit.open(lang_root(lang), idle=False)
    words = set()
    for category in (DOCS / lang / "articles").glob("*/index.md"):
        title = re.search(r"^title: (.+)$", category.read_text(encoding="utf-8"), re.M)
        words |= title_words(title.group(1))
    found = 0
    for word in sorted(words):
        results = pagefind_search(visit.page, word)
        assert not [url for url in results if is_listing(url, lang)], (lang, word, results)
        found += bool(results and is_article(results[0], lang))
    assert found, f"{lang}: no word of a category's title finds an article"


# The messages readers paste into a search box (issue 27), in their own words:
# in every language the error article answers first (the messages stay in
# English, in code, in every translation).
ERROR_ARTICLE = "articles/tpu-error-messages/"
ERROR_QUERIES = [
    "TPU is already in use by process",
    "Unable to initialize backend tpu",
    "No GPU/TPU found, falling back to CPU",
    "No TPU platform found",
    # all common words: unquoted, the first-hour and paying articles (about
    # capacity and zones throughout) may rank first; pasted in quotes, as a
    # phrase, it finds the one page that holds it
    '"There is no more capacity in the zone"',
    "RESOURCE_EXHAUSTED",
    "Mismatched PJRT plugin PJRT API version",
    "TPU backend initialization is taking more than 60 seconds",
    "Barrier timed out",
]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_error_message_finds_the_error_article_first(visit, lang):
    if not (DOCS / lang / "articles" / "tpu-error-messages.md").is_file() \
            or is_draft(DOCS / "en" / "articles" / "tpu-error-messages.md"):
        pytest.skip("the error article is not published in this language")
    visit.open(lang_root(lang), idle=False)
    for query in ERROR_QUERIES:
        results = pagefind_search(visit.page, query)
        assert results and results[0].split("?")[0] == lang_root(lang) + ERROR_ARTICLE, \
            (lang, query, results[:3])
