"""hreflang and sitemap alternates, and pages served in a fallback language.

These read the built HTML; the fallback case builds a temporary copy of the
project with one translation removed and declared not translated yet (the
real site translates every page).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from urllib.parse import urljoin

import pytest
import yaml
from lxml import etree, html

from conftest import ROOT, build_problems, mkdocs_build
from tpukb.translations import store

from .conftest import ARTICLE, LANGUAGES, lang_root

SITE_URL = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"),
                     Loader=yaml.BaseLoader)["site_url"]
XHTML = "{http://www.w3.org/1999/xhtml}link"
LOC = "{http://www.sitemaps.org/schemas/sitemap/0.9}loc"
URL = "{http://www.sitemaps.org/schemas/sitemap/0.9}url"
# The translation the fallback copy lacks: a page no other page links into
# with an #anchor (an anchor into a page served in English cannot resolve).
REMOVED = ("it", "articles/tpu-generations/")


def absolute(lang: str, path: str) -> str:
    return urljoin(SITE_URL, lang_root(lang).lstrip("/") + path)


def head_hreflang(page: Path) -> dict[str, str]:
    tree = html.parse(str(page))
    return {link.get("hreflang"): link.get("href") for link in tree.iter("link")
            if "alternate" in (link.get("rel") or "").split() and link.get("hreflang")}


def sitemap_alternates(site: Path) -> dict[str, dict[str, str]]:
    tree = etree.parse(str(site / "sitemap.xml"))
    return {url.findtext(LOC): {link.get("hreflang"): link.get("href") for link in url.iter(XHTML)}
            for url in tree.iter(URL)}


def expected_links(path: str, languages=LANGUAGES) -> dict[str, str]:
    links = {lang: absolute(lang, path) for lang in languages}
    return {**links, "x-default": absolute("en", path)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["", "articles/", ARTICLE])
def test_head_hreflang_is_absolute_with_x_default(site, lang, path):
    page = site / lang_root(lang).lstrip("/") / path / "index.html"
    assert head_hreflang(page) == expected_links(path)


def test_sitemap_alternates_are_absolute_with_x_default(site):
    alternates = sitemap_alternates(site)
    for lang in LANGUAGES:
        for path in ("", "articles/", ARTICLE):
            assert alternates[absolute(lang, path)] == expected_links(path), (lang, path)


@pytest.fixture(scope="module")
def fallback_site(tmp_path_factory) -> Path:
    project = tmp_path_factory.mktemp("fallback-project")
    for name in ("mkdocs.yml", "docs", "overrides", "scripts"):
        source = ROOT / name
        (shutil.copytree if source.is_dir() else shutil.copy)(source, project / name)
    lang, path = REMOVED
    (project / "docs" / lang / (path.rstrip("/") + ".md")).unlink()
    # Declared not translated yet (an undeclared gap fails the build: R7).
    store.change_declarations(project, add={lang: {path.rstrip("/") + ".md"}})
    out = tmp_path_factory.mktemp("fallback-site")
    result = mkdocs_build(project, out)
    problems = build_problems(result)
    assert result.returncode == 0 and not problems, "\n".join(problems or [result.stderr[-2000:]])
    return out


def test_fallback_page_says_so_in_the_reader_language(fallback_site):
    lang, path = REMOVED
    page = fallback_site / lang / path / "index.html"
    tree = html.parse(str(page)).getroot()
    assert tree.get("lang") == lang
    notice = tree.xpath("//aside[contains(@class, 'kb-fallback')]")
    assert notice, f"{page}: no fallback notice"
    text = notice[0].text_content()
    assert "italiano" in text and "inglese" in text, text
    original = notice[0].xpath(".//a/@href")[0]
    target = (page.parent / original).resolve() / "index.html"
    assert target == (fallback_site / path / "index.html").resolve(), original
    assert tree.xpath("//div[@lang='en']//h1"), "the English text is not marked lang=en"
    canonical = tree.xpath("//link[@rel='canonical']/@href")
    assert canonical == [absolute("en", path)], canonical


def test_fallback_page_is_not_advertised_as_a_translation(fallback_site):
    lang, path = REMOVED
    copy_url = absolute(lang, path)
    expected = expected_links(path, [other for other in LANGUAGES if other != lang])
    for other in LANGUAGES:
        page = fallback_site / lang_root(other).lstrip("/") / path / "index.html"
        assert head_hreflang(page) == expected, other
    alternates = sitemap_alternates(fallback_site)
    assert copy_url not in alternates, "the fallback copy is listed in sitemap.xml"
    assert not [loc for loc, links in alternates.items() if copy_url in links.values()]
