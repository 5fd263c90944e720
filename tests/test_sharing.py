"""Pages that travel well (tpukb.sharing), checked on the strictly built site:
link previews on every page of every language, an article's JSON-LD read by
a JSON-LD processor (pyld), its "Cite this article" block, and the Atom
feed of each language read by feedparser. Expectations come from issue 20
and from the sources (front matter, citation files), not from the code."""

from __future__ import annotations

import datetime
import json
import re
import struct
import unicodedata
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import feedparser
import pytest
from lxml import html
from pyld import jsonld

from conftest import (DEFAULT_LANGUAGE, DOCS, LANGUAGES, SITE_LANGUAGES, built_path,
                      front_matter, source_pages, url_prefix)
from tpukb import dates
from tpukb.citecheck.entries import references
from tpukb.hosting import csp
from tpukb.sharing.cite import bibtex_text

SITE_URL = SITE_LANGUAGES.site_url
STRINGS = SITE_LANGUAGES.strings
ARTICLES = [page for page in source_pages() if re.fullmatch(r"articles/[^/]+\.md", page)
            and page != "articles/index.md"]
SCHEMA = "http://schema.org/"  # the vocabulary's IRI as pyld expands it below
RLM = "\u200f"  # RIGHT-TO-LEFT MARK


def first_strong(text: str) -> str:
    """The bidirectional class of a text's first strong letter: 'L', 'R' or 'AL'."""
    return next((unicodedata.bidirectional(ch) for ch in text
                 if unicodedata.bidirectional(ch) in ("L", "R", "AL")), "")


def page_title(lang: str, page: str) -> str:
    """The front matter's title, or the page's H1 (the home page has none)."""
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    return front_matter(lang, page).get("title") or re.search(r"^# (.+)$", text, re.M).group(1)


def site_file(site: Path, url: str) -> Path:
    """The built file an absolute URL of the site names."""
    assert url.startswith(SITE_URL), url
    path = urlsplit(url).path.lstrip("/")
    return site / (path + "index.html" if path.endswith("/") or not path else path)


def meta(tree, prop: str) -> list[str]:
    return tree.xpath(f'//head/meta[@property="{prop}" or @name="{prop}"]/@content')


def one(tree, prop: str) -> str:
    values = meta(tree, prop)
    assert len(values) == 1, f"{prop}: {values}"
    return values[0]


def languages_with(page: str) -> list[str]:
    return [lang for lang in LANGUAGES if (DOCS / lang / page).is_file()]


# ---------------------------------------------------------------------------
# Link previews
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_its_preview_in_its_language(site, lang):
    for page in source_pages(lang):
        path = built_path(site, lang, page)
        tree = html.parse(str(path)).getroot()
        where = f"{lang}/{page}"
        source = front_matter(lang, page)
        # a right-to-left text opening with a Latin word starts with U+200F
        assert one(tree, "og:title").removeprefix(RLM) == page_title(lang, page), where
        assert one(tree, "og:description").removeprefix(RLM) == " ".join(
            source["description"].split()), where
        url = one(tree, "og:url")
        assert url == tree.xpath('//link[@rel="canonical"]/@href')[0], where
        assert url.startswith(SITE_URL) and site_file(site, url) == path, where
        assert one(tree, "og:site_name") == tree.xpath("string(//title)").split(" - ")[-1].strip() \
            or one(tree, "og:site_name") in tree.xpath("string(//title)"), where
        assert one(tree, "og:locale") == STRINGS[lang]["og.locale"], where
        others = {STRINGS[other]["og.locale"] for other in languages_with(page) if other != lang}
        assert set(meta(tree, "og:locale:alternate")) == others, where
        image = one(tree, "og:image")
        assert site_file(site, image).is_file(), f"{where}: {image} is not in the site"
        assert one(tree, "twitter:card") == "summary_large_image", where
        assert one(tree, "og:image:alt") == STRINGS[lang]["og.image.alt"], where
        if page in ARTICLES:
            assert one(tree, "og:type") == "article", where
            modified = datetime.date.fromisoformat(one(tree, "article:modified_time"))
            assert modified >= source["facts_checked"], where
        else:
            assert one(tree, "og:type") == "website", where
            assert not meta(tree, "article:modified_time"), where


@pytest.mark.parametrize("lang", LANGUAGES)
def test_titles_keep_their_language_s_direction(site, lang):
    """Issue 26 (Arabic review, B1): an Arabic title opening with a Latin word
    ("PyTorch على ...") is laid out right to left wherever it goes: the tab
    title (the `<html>` element's dir), the previews (a leading
    right-to-left mark where the first letter is Latin) and the citation."""
    direction = SITE_LANGUAGES.direction(lang)
    latin_first = 0
    for page in source_pages(lang):
        tree = html.parse(str(built_path(site, lang, page))).getroot()
        assert tree.get("dir") == direction, f"{lang}/{page}: <html dir>"
        for prop in ("og:title", "og:description"):
            value = one(tree, prop)
            if direction == "rtl":
                expected = "R" if value.startswith(RLM) else "AL"
                assert first_strong(value.removeprefix(RLM)) in ("R", "AL") or \
                    value.startswith(RLM), f"{lang}/{page}: {prop} {value!r}"
                latin_first += value.startswith(RLM)
                del expected
            else:
                assert not value.startswith(RLM), f"{lang}/{page}: {prop}"
    if lang == "ar":
        assert latin_first, "no Arabic title or description opens with a Latin word"


def test_og_locales_are_distinct_and_well_formed():
    locales = [STRINGS[lang]["og.locale"] for lang in LANGUAGES]
    assert len(set(locales)) == len(locales)
    assert all(re.fullmatch(r"[a-z]{2}_[A-Z]{2}", value) for value in locales), locales
    assert [value[:2] for value in locales] == list(LANGUAGES)


def test_the_site_image_is_a_small_1200x630_png(site):
    data = (site / "assets" / "images" / "social.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (1200, 630)
    assert len(data) < 20_000


# ---------------------------------------------------------------------------
# Structured data
# ---------------------------------------------------------------------------

def offline_loader(url, options=None):
    """schema.org's context, offline: its vocabulary (the tests have no network)."""
    if url.rstrip("/") in ("https://schema.org", "http://schema.org"):
        return {"contentType": "application/ld+json", "contextUrl": None, "documentUrl": url,
                "document": {"@context": {"@vocab": SCHEMA}}}
    raise AssertionError(f"the JSON-LD names another context: {url}")


def json_ld(path: Path) -> list[dict]:
    tree = html.parse(str(path)).getroot()
    blocks = tree.xpath('//head/script[@type="application/ld+json"]/text()')
    return [json.loads(block) for block in blocks]


def expanded(document: dict) -> dict:
    result = jsonld.expand(document, {"documentLoader": offline_loader})
    assert len(result) == 1
    return result[0]


def value(node: dict, prop: str):
    items = node.get(SCHEMA + prop) or []
    return [item.get("@value", item.get("@id")) if "@value" in item or len(item) == 1 else item
            for item in items]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", ARTICLES)
def test_article_json_ld_is_a_tech_article_with_every_reference(site, lang, page):
    path = built_path(site, lang, page)
    blocks = json_ld(path)
    assert len(blocks) == 1, path
    node = expanded(blocks[0])
    assert node["@type"] == [SCHEMA + "TechArticle"]
    source = front_matter(lang, page)
    assert value(node, "headline") == [source["title"]]
    assert value(node, "description") == [" ".join(source["description"].split())]
    assert value(node, "inLanguage") == [lang]
    modified = datetime.date.fromisoformat(value(node, "dateModified")[0])
    assert modified >= source["facts_checked"]
    (part,) = value(node, "isPartOf")
    assert value(part, "url") == [SITE_URL + url_prefix(lang)] and value(part, "name")
    # the other language versions
    relations = value(node, "workTranslation") if lang == DEFAULT_LANGUAGE else \
        value(node, "translationOfWork")[0:1] + value(value(node, "translationOfWork")[0], "workTranslation")
    versions = {value(v, "inLanguage")[0]: value(v, "url")[0] for v in relations}
    assert set(versions) == set(languages_with(page)) - {lang}
    for url in versions.values():
        assert site_file(site, url).is_file(), url
    # every reference of the citation file, with its name and URL
    slug = Path(page).stem
    expected = [(ref.title, ref.url) for ref in references(DOCS / "citations" / f"{slug}.md")]
    cited = [(value(c, "name")[0], value(c, "url")[0]) for c in value(node, "citation")]
    assert expected and cited == expected


def test_other_pages_carry_no_json_ld(site):
    for lang in LANGUAGES:
        for page in source_pages(lang):
            if page not in ARTICLES:
                assert json_ld(built_path(site, lang, page)) == [], f"{lang}/{page}"


def test_json_ld_is_data_the_policy_neither_hashes_nor_needs(site):
    path = built_path(site, "ar", ARTICLES[0])
    text = path.read_text(encoding="utf-8")
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', text, re.S).group(1)
    assert "<" not in block, "the data could close its element"
    hashed = {script.digest for script in csp.inline_scripts(path, text)}
    assert hashed and csp.sha256(block) not in hashed
    policy = csp.read_meta(path)
    assert f"'{csp.sha256(block)}'" not in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert not re.search(r"https?:|\*", policy), "the policy names no host"


# ---------------------------------------------------------------------------
# Cite this article
# ---------------------------------------------------------------------------

def cite_blocks(path: Path) -> tuple[str, str, object]:
    tree = html.parse(str(path)).getroot()
    (section,) = tree.xpath('//article//section[@class="kb-cite"]')
    text = section.xpath('string(.//pre[@id="kb-cite-text"]/code)')
    bibtex = section.xpath('string(.//pre[@id="kb-cite-bibtex"]/code)')
    return text, bibtex, section


def bibtex_fields(entry: str) -> dict[str, str]:
    assert re.match(r"@misc\{[\w-]+,\n", entry), entry
    assert entry.endswith("\n}")
    fields = dict(re.findall(r"^  (\w+)\s+= \{(.*)\},$", entry, re.M))
    assert entry.count("\n") == len(fields) + 1, entry  # one field a line, nothing else
    return fields


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_article_ends_with_its_citation_in_the_reader_s_language(site, lang):
    for page in ARTICLES:
        path = built_path(site, lang, page)
        text, bibtex, section = cite_blocks(path)
        source = front_matter(lang, page)
        url = SITE_URL + url_prefix(lang) + page.removesuffix(".md") + "/"
        checked = dates.written(source["facts_checked"], lang, STRINGS)
        site_name = html.parse(str(path)).getroot().xpath('string(//meta[@property="og:site_name"]/@content)')
        assert section.xpath("string(h2)") == STRINGS[lang]["cite.heading"]
        for part in (source["title"], site_name, url, checked):
            assert part in text, f"{lang}/{page}: {part!r} not in {text!r}"
        assert section.getparent().tag == "article" and section.getnext() is None
        fields = bibtex_fields(bibtex)
        # BibTeX escapes LaTeX's special characters ("torch_xla" -> "torch\\_xla")
        assert fields["title"] == "{" + bibtex_text(source["title"]) + "}"
        assert fields["howpublished"] == r"\url{" + url + "}" and fields["url"] == url
        assert checked in fields["note"]
        assert fields["language"] == {"en": "english", "fi": "finnish", "it": "italian",
                                      "ar": "arabic"}[lang]
        assert fields["year"] == fields["urldate"][:4]
        assert datetime.date.fromisoformat(fields["urldate"]) >= source["facts_checked"]
        # each block has Material's copy button (a .copy ancestor) and no inline code or style
        assert len(section.xpath('.//div[contains(@class, "copy")]/pre/code')) == 2
        assert not section.xpath(".//*[@style or @onclick]") and not section.xpath(".//script")


def test_arabic_citation_isolates_title_and_url(site):
    _, _, section = cite_blocks(built_path(site, "ar", ARTICLES[0]))
    (block,) = section.xpath('.//div[contains(@class, "kb-cite__text")]')
    assert block.get("dir") == "rtl"
    assert block.xpath('.//bdi[@dir="ltr"]/text()')[0].startswith(SITE_URL)
    # the title keeps the page's direction even when it opens with a Latin word
    title = front_matter("ar", ARTICLES[0])["title"]
    assert block.xpath(f'.//bdi[@dir="rtl"][. = "{title}"]'), title
    assert section.xpath('.//div[contains(@class, "kb-cite__bibtex")]/@dir') == ["ltr"]


def test_the_cite_block_is_not_indexed_for_search(site):
    _, _, section = cite_blocks(built_path(site, "fi", ARTICLES[0]))
    assert section.get("data-pagefind-ignore") is not None


# ---------------------------------------------------------------------------
# Feeds
# ---------------------------------------------------------------------------

def feed_path(site: Path, lang: str) -> Path:
    return site / url_prefix(lang) / "feed.xml"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_a_valid_atom_feed_of_its_articles(site, lang):
    parsed = feedparser.parse(feed_path(site, lang).read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    assert parsed.feed.language == lang
    assert parsed.feed.title == STRINGS[lang]["feed.title"].format(site=parsed.feed.author)
    self_link = next(link.href for link in parsed.feed.links if link.rel == "self")
    assert self_link == SITE_URL + url_prefix(lang) + "feed.xml"
    labels = {STRINGS[lang][f"feed.{kind}"]: kind
              for kind in ("published", "source", "translation", "facts")}
    by_article: dict[str, set[str]] = {}
    ids = [entry.id for entry in parsed.entries]
    assert len(ids) == len(set(ids))
    for entry in parsed.entries:
        target = site_file(site, entry.link)
        assert target.is_file(), f"{entry.link} does not resolve"
        kind = entry.tags[0].term
        assert labels[entry.tags[0].label] == kind
        assert entry.title.startswith(entry.tags[0].label + ": ")
        day = datetime.date(*entry.updated_parsed[:3])
        assert STRINGS[lang][f"feed.{kind}.text"].format(date=dates.written(day, lang, STRINGS)) \
            in entry.summary
        by_article.setdefault(entry.link, set()).add(kind)
    expected = {SITE_URL + url_prefix(lang) + page.removesuffix(".md") + "/" for page in ARTICLES}
    assert set(by_article) == expected
    assert all("published" in kinds for kinds in by_article.values()), by_article
    if lang != DEFAULT_LANGUAGE:
        assert any("translation" in kinds for kinds in by_article.values())


def test_feed_entries_follow_the_project_s_records(site):
    """published from the English front matter, facts re-checked from the
    language version's facts_checked when it is later, the translation's day
    from its `translated` record."""
    parsed = feedparser.parse(feed_path(site, "it").read_bytes())
    for page in ARTICLES:
        english, italian = front_matter(DEFAULT_LANGUAGE, page), front_matter("it", page)
        link = SITE_URL + "it/" + page.removesuffix(".md") + "/"
        entries = {e.tags[0].term: datetime.date(*e.updated_parsed[:3])
                   for e in parsed.entries if e.link == link}
        assert entries["published"] == english["published"]
        assert entries["translation"] == italian["translated"]
        if italian["facts_checked"] > english["published"]:
            assert entries["facts"] == italian["facts_checked"]
        else:
            assert "facts" not in entries


def page_url(lang: str, page: str) -> str:
    """A built page's absolute URL on the site."""
    if page == "404.html":
        return SITE_URL + url_prefix(lang) + "404.html"
    path = page.removesuffix(".md").removesuffix("index")
    return SITE_URL + url_prefix(lang) + (path + "/" if path and not path.endswith("/") else path)


def pages_of(site: Path, lang: str) -> list[tuple[str, Path]]:
    pages = [(page_url(lang, page), built_path(site, lang, page)) for page in source_pages(lang)]
    return pages + [(page_url(lang, "404.html"), site / url_prefix(lang) / "404.html")]


def alternate_links(path: Path) -> list[dict]:
    """The head's <link> elements whose rel holds "alternate", in order, as
    feed readers see them (attributes as written)."""
    tree = html.parse(str(path)).getroot()
    return [dict(link.attrib) for link in tree.xpath("//head/link[@rel]")
            if "alternate" in link.get("rel").lower().split()]


FEED_TYPES = ("application/atom+xml", "application/rss+xml")


def discover_exact(base: str, links: list[dict]) -> str | None:
    """NetNewsWire, Tiny Tiny RSS, Feedbin, Feeder 2.19+: the first link whose
    rel is exactly "alternate" (no trimming) and whose type is a feed type."""
    for link in links:
        if link.get("rel") == "alternate" and link.get("type") in FEED_TYPES:
            return urljoin(base, link["href"])
    return None


def discover_first(base: str, links: list[dict]) -> str | None:
    """Akregator: the first alternate link, whatever its type."""
    return urljoin(base, links[0]["href"]) if links else None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_feed_readers_discover_the_language_feed_from_any_page(site, lang):
    """Issue 26: readers that match rel exactly, and readers that take the
    first alternate link, find the language's feed from every page (404 too)."""
    feed = SITE_URL + url_prefix(lang) + "feed.xml"
    assert feed_path(site, lang).is_file()
    for url, path in pages_of(site, lang):
        links = alternate_links(path)
        assert discover_exact(url, links) == feed, path
        assert discover_first(url, links) == feed, path
        feeds = [link for link in links if link.get("type") in FEED_TYPES]
        assert len(feeds) == 1 and feeds[0]["title"] == feedparser.parse(
            feed_path(site, lang).read_bytes()).feed.title, path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_footer_offers_the_language_feed(site, lang):
    feed_link = urlsplit(SITE_URL).path + url_prefix(lang) + "feed.xml"
    for _, path in pages_of(site, lang):
        tree = html.parse(str(path)).getroot()
        (link,) = tree.xpath('//footer//a[@type="application/atom+xml"]')
        assert link.get("href") == feed_link, path
        assert link.text_content().strip() == STRINGS[lang]["feed.subscribe"], path


def test_the_sitemap_material_fetches_beside_each_feed_is_the_site_s(site):
    """Material's bundle fetches sitemap.xml from the folder of the feed link:
    the default language's is the site's sitemap, the others' a sitemap index
    naming it (a real answer, not a not-found page)."""
    assert (site / "sitemap.xml").read_text(encoding="utf-8").count("<url>") > 10
    for lang in LANGUAGES:
        if not url_prefix(lang):
            continue
        text = (site / url_prefix(lang) / "sitemap.xml").read_text(encoding="utf-8")
        assert "<sitemapindex" in text and f"<loc>{SITE_URL}sitemap.xml</loc>" in text, lang


def test_every_published_article_says_when_it_was_published():
    for page in ARTICLES:
        assert isinstance(front_matter(DEFAULT_LANGUAGE, page).get("published"), datetime.date), page


# ---------------------------------------------------------------------------
# The records behind the dates
# ---------------------------------------------------------------------------

def test_events_of_a_language_version_come_from_the_records():
    from tpukb.sharing.records import ArticleRecord
    day = datetime.date
    record = ArticleRecord("articles/x.md", published=day(2026, 11, 1),
                           english_versions=(day(2026, 11, 1), day(2026, 11, 10)))
    meta = {"translated": day(2026, 11, 12), "facts_checked": day(2026, 11, 15)}
    assert [(e.kind, e.day.day) for e in record.events("fi", "en", meta, fallback=False)] == [
        ("facts", 15), ("translation", 12), ("source", 10), ("published", 1)]
    # English has no translation; a fallback copy (English text) neither;
    # a check on the publication day is part of publishing
    english = {"facts_checked": day(2026, 11, 1)}
    assert [e.kind for e in record.events("en", "en", english, fallback=False)] == ["source", "published"]
    assert [e.kind for e in record.events("fi", "en", english, fallback=True)] == ["source", "published"]


def test_records_read_publication_and_english_versions(tmp_path):
    from tpukb.sharing.records import Records
    from tpukb.translations import store
    (tmp_path / "docs" / "en" / "articles").mkdir(parents=True)
    (tmp_path / "docs" / "en" / "articles" / "x.md").write_text(
        "---\ntitle: X\npublished: 2026-10-05\n---\n\n# X\n", encoding="utf-8")
    store.write_snapshot(tmp_path, "articles/x.md", ["a"], datetime.date(2026, 10, 5))
    store.write_snapshot(tmp_path, "articles/x.md", ["b"], datetime.date(2026, 11, 7))
    record = Records(tmp_path, tmp_path / "docs", "en").article("articles/x.md")
    assert record.published == datetime.date(2026, 10, 5)
    assert record.english_versions == (datetime.date(2026, 10, 5), datetime.date(2026, 11, 7))
    assert Records(tmp_path, tmp_path / "docs", "en").article("articles/none.md").published is None
