"""Dates: reference check dates and dated statements, as the reader gets them
(the built HTML in every language) and as a writer gets them (the due list)."""

from __future__ import annotations

import datetime
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import html as lxml_html

import tpukb.citecheck as cc
from conftest import DOCS, LANGUAGES, ROOT, SITE_LANGUAGES, TPUKB, built_path
from tpukb import dates
from tpukb.citecheck.dated import statements

TODAY = datetime.date(2026, 11, 23)
STRINGS = SITE_LANGUAGES.strings


# ---------------------------------------------------------------------------
# Parsing and writing dates
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("2026-11-23", dates.Dated(2026, 11, 23)),
    ("2026-11", dates.Dated(2026, 11)),
    ("2024-02-29", dates.Dated(2024, 2, 29)),
])
def test_parse_accepts_real_dates(text, expected):
    assert dates.parse(text, TODAY) == expected


@pytest.mark.parametrize("text, month_ok, reason", [
    ("2026-02-30", True, "not a date of the calendar"),
    ("2026-13", True, "not a date of the calendar"),
    ("2026-11-24", True, "in the future"),
    ("2026-12", True, "in the future"),
    ("2026-11", False, "not written YYYY-MM-DD"),
    ("23.11.2026", True, "not written"),
    ("2026-1-5", True, "not written"),
])
def test_parse_rejects_with_a_reason(text, month_ok, reason):
    with pytest.raises(dates.DateError, match=reason):
        dates.parse(text, TODAY, month_ok=month_ok)


# What the issue asks readers to see; Arabic as Arabic Wikipedia writes it.
@pytest.mark.parametrize("lang, retrieved, as_of", [
    ("en", "Retrieved 23 November 2026.", "as of November 2026"),
    ("fi", "Haettu 23.11.2026.", "tilanne 11/2026"),
    ("it", "Consultato in data 23 novembre 2026.", "dato aggiornato: novembre 2026"),
    ("ar", "اطُّلِع عليه بتاريخ 23 نوفمبر 2026.", "بحسب الوضع في نوفمبر 2026"),
])
def test_dates_in_each_language(lang, retrieved, as_of):
    def text(fragment: str) -> str:
        return lxml_html.fragment_fromstring(fragment, create_parent="p").text_content()
    day = dates.Dated(2026, 11, 23)
    assert text(dates.time_element(day, lang, STRINGS, STRINGS[lang]["references.retrieved"])) == retrieved
    assert text(dates.render_as_of("[as of 2026-11]", lang, STRINGS)) == f"({as_of})"


def test_every_language_has_the_date_strings():
    for lang in SITE_LANGUAGES.codes:
        for key in ("date.day", "date.month", "as_of", "references.retrieved", "facts.checked"):
            assert STRINGS[lang].get(key), (lang, key)
        for key in ("as_of", "references.retrieved", "facts.checked"):
            assert STRINGS[lang][key].count("{date}") == 1, (lang, key)


def test_a_bad_marker_is_left_for_the_checker():
    assert dates.render_as_of("x [as of 2026-13] y", "en", STRINGS) == "x [as of 2026-13] y"


# ---------------------------------------------------------------------------
# The built site: every reference shows its check date, every dated
# statement its date, in the page's language
# ---------------------------------------------------------------------------

def article_pages():
    return sorted(p.stem for p in (DOCS / "en" / "articles").glob("*.md") if p.name != "index.md")


def citation_entries(slug: str) -> list[cc.Entry]:
    project = cc.load_project(DOCS, root=ROOT)
    return list(cc.read_citation_file(project, project.citation_file(slug)).entries.values())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", article_pages())
def test_every_reference_shows_its_check_date(site, lang, slug):
    tree = lxml_html.parse(str(built_path(site, lang, f"articles/{slug}.md")))
    items = tree.xpath('//div[contains(@class, "footnote")]/ol/li')
    entries = citation_entries(slug)
    assert len(items) == len(entries)
    for li, entry in zip(items, entries):
        spans = li.xpath('.//span[@class="kb-retrieved"]')
        assert len(spans) == 1, li.text_content()
        time = spans[0].find("time")
        assert time.get("datetime") == entry.checked.iso
        wanted = STRINGS[lang]["references.retrieved"].format(
            date=dates.written(entry.checked, lang, STRINGS))
        assert spans[0].text_content() == wanted
        assert "Retrieved 20" not in li.text_content()  # no raw source form left


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", article_pages())
def test_every_dated_statement_shows_its_date(site, lang, slug):
    source = cc.Article(lang, DOCS / lang / "articles" / f"{slug}.md",
                        (DOCS / lang / "articles" / f"{slug}.md").read_text(encoding="utf-8"))
    said = statements(source)
    tree = lxml_html.parse(str(built_path(site, lang, f"articles/{slug}.md")))
    shown = tree.xpath('//article//span[@class="kb-as-of"]')
    assert [span.find("time").get("datetime") for span in shown] == [s.date.iso for s in said]
    for span, statement in zip(shown, said):
        phrase = STRINGS[lang]["as_of"].format(date=dates.written(statement.date, lang, STRINGS))
        assert span.text_content() == f"({phrase})"
    assert "[as of" not in tree.xpath("string(//article)")


def test_the_volatile_articles_carry_dated_statements():
    """Issue 18: the status of TorchTPU, torch_xla, vLLM's TPU serving and
    Preview offerings goes out of date; each article that states it dates it."""
    for slug in ("tpu-generations", "tpu-limitations-ml-workflows", "tpu-pytorch-mxnet-challenges"):
        text = (DOCS / "en" / "articles" / f"{slug}.md").read_text(encoding="utf-8")
        assert len(dates.AS_OF.findall(text)) >= 3, slug


# ---------------------------------------------------------------------------
# The due list
# ---------------------------------------------------------------------------

STATUS_SENTENCES = [
    "SGLang-TorchTPU is experimental.",
    "The backend is in alpha.",
    "It is open in early access.",
    "Ironwood is available soon in more regions.",
    "Sign up on the form to try it.",
    "The repository is archived.",
    "The repository will be archived.",
    "TorchTPU is labelled Beta on PyPI.",
]


def volatile_findings(markdown: str) -> list[cc.Finding]:
    from tpukb.citecheck.dated import check_volatile
    from tpukb.citecheck.text import Article
    project = cc.Project(docs=DOCS, languages=("en",), default_language="en")
    return check_volatile(project, Article("en", DOCS / "en/articles/x.md", markdown))


@pytest.mark.parametrize("sentence", STATUS_SENTENCES)
def test_d4_needs_a_date_for_every_status_word(sentence):
    assert [f.rule for f in volatile_findings(f"# T\n\n{sentence}\n")] == ["D4"]
    assert not volatile_findings(f"# T\n\n{sentence[:-1]} [as of 2026-11].\n")


@pytest.mark.parametrize("sentence", [
    "The eager mode is experimental in `torch_tpu` 0.2.0.",
    "The eager mode is experimental since 2.8.",
    "The project was archived on 15 November 2026.",
    "JetStream said in January 2026 that it would be archived.",
])
def test_d4_a_version_or_a_day_dates_a_statement(sentence):
    assert not volatile_findings(f"# T\n\n{sentence}\n")


def test_d4_reads_table_cells_but_not_the_header_row():
    table = ("# T\n\nIntro.\n\n| Preview | Stage |\n|---|---|\n| v6e | GA |\n"
             "| TPU7x | Preview |\n| v5p | Preview [as of 2026-11] |\n| v4 | right now |\n")
    found = volatile_findings(table)
    assert [(f.rule, f.line) for f in found] == [("D4", 8)], found
    assert "table cell" in found[0].message


def facts_due(*args: str, docs: Path = DOCS) -> subprocess.CompletedProcess:
    return subprocess.run([TPUKB, "due",
                           "--docs", str(docs), *args], cwd=ROOT, capture_output=True, text=True)


def test_due_list_json_lists_every_article_and_language_oldest_first():
    result = facts_due("--json", "--today", "2026-11-23")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    versions = {(v["article"], v["lang"]): v for v in data["versions"]}
    assert set(versions) == {(f"articles/{slug}.md", lang) for slug in article_pages()
                             for lang in SITE_LANGUAGES.codes}
    for (article, lang), version in versions.items():
        assert version["facts_checked"]["file"] == f"docs/{lang}/{article}"
        oldest = min(entry.checked for entry in citation_entries(Path(article).stem))
        assert version["oldest_reference"]["date"] == oldest.iso
        ages = [s["age_days"] for s in version["statements"]]
        assert ages == sorted(ages, reverse=True)
        for statement in version["statements"]:
            line = (ROOT / statement["file"]).read_text(encoding="utf-8").splitlines()[statement["line"] - 1]
            assert f"[as of {statement['date']}]" in line


def test_due_keeps_only_what_is_older_and_never_fails():
    everything = json.loads(facts_due("--json", "--today", "2026-11-23").stdout)["versions"]
    later = facts_due("--json", "--due", "30", "--today", "2027-06-01")
    assert later.returncode == 0
    assert len(json.loads(later.stdout)["versions"]) == len(everything)
    nothing = facts_due("--due", "10000", "--today", "2026-11-23")
    assert nothing.returncode == 0 and nothing.stdout.strip() == "nothing older than 10000 days"
    some = json.loads(facts_due("--json", "--due", "0", "--today", "2026-11-23").stdout)
    for version in some["versions"]:
        for item in [version["facts_checked"], version["oldest_reference"], *version["statements"]]:
            assert item is None or item["age_days"] > 0


def test_due_list_text_names_file_and_line():
    result = facts_due("--today", "2026-11-23")
    assert result.returncode == 0
    assert re.search(r"^    as of \d{4}-\d{2}(-\d{2})? \(\d+ days\)  docs/fi/articles/\S+\.md:\d+  ",
                     result.stdout, re.M), result.stdout[:1500]
    assert re.search(r"^    oldest reference \S+ \(\d+ days\)  docs/citations/\S+\.md:\d+  \[\^\d+\] https://",
                     result.stdout, re.M)


def test_due_list_names_a_page_that_is_not_utf8(tmp_path):
    """The checker reports such a page as E1; the due list says so in the
    same line and exits 2 (its sources cannot be read), without a traceback."""
    shutil.copytree(DOCS, tmp_path / "docs")
    page = tmp_path / "docs" / "fi" / "articles" / "tpu-generations.md"
    page.write_bytes(page.read_bytes() + "café\n".encode("cp1252"))
    result = facts_due("--today", "2026-11-23", docs=tmp_path / "docs")
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert re.search(r"tpu-generations\.md:\d+: E1 not UTF-8", result.stderr), result.stderr
