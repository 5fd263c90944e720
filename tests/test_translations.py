"""Translations over time (issue 10): stale, declared-missing and missing
translations, what readers see, new articles and a new language.

The real site must be all current. Everything else runs in one temporary
copy of the project, changed the way a maintainer would change it (an
English prose edit, a re-wrapped paragraph, a deleted translation declared
missing, a new article, a throwaway language with only its home page) and
built strictly once; a second copy checks what must fail.
"""

from __future__ import annotations

import datetime
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from lxml import html

from conftest import ROOT, TPUKB, build_problems, built_path, mkdocs_build
from tpukb import citecheck, newarticle
from tpukb.cli import main as tpukb
from tpukb.languages import STRINGS_PATH
from tpukb.languages import load as load_languages
from tpukb.translations import normalise, status, store

SITE = load_languages(ROOT)
OTHERS = SITE.others
EDITED = "articles/jax-tensorflow-tpu-memory.md"       # an English sentence changes
REWRAPPED = "articles/tpu-limitations-ml-workflows.md"  # only its line breaks change
DROPPED = "articles/tpu-pytorch-mxnet-challenges.md"    # one translation deleted, declared
DROPPED_LANG = OTHERS[0]
NEW = "new-thing"
NEW_LANG = "sv"  # the throwaway language (a locale Material, lunr and Babel know)
RECORDED = datetime.date(2026, 12, 1)
OLD_SENTENCE = "JAX reserves 75% of the device's memory"
NEW_SENTENCE = "JAX reserves 80% of the device's memory"


def copy_project(dest: Path) -> Path:
    for name in ("docs", "overrides"):
        shutil.copytree(ROOT / name, dest / name)
    shutil.copy2(ROOT / "mkdocs.yml", dest / "mkdocs.yml")
    # the interface strings, glossaries and translation records of the copy
    shutil.copytree((ROOT / STRINGS_PATH).parent, (dest / STRINGS_PATH).parent)
    return dest


def run_cli(project: Path, *args: str) -> int:
    return tpukb(["status", "--project", str(project), *args])


def add_language(project: Path, code: str) -> None:
    """A language as CONTRIBUTING.md's "Adding a language" says: mkdocs.yml, strings,
    a translated home page, every other page declared not translated yet."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    # the new language goes last in the i18n plugin's list, which ends where
    # the tpukb plugin's entry begins
    anchor = "  # The project's own build"
    assert anchor in text
    config.write_text(text.replace(anchor, (
        f"        - locale: {code}\n          name: Svenska\n          build: true\n"
        f"          site_name: TPU-kunskapsbas\n          nav_translations:\n"
        f"            Home: Hem\n") + anchor, 1), encoding="utf-8")
    strings = project / STRINGS_PATH
    text = strings.read_text(encoding="utf-8")
    block = re.search(rf"^{SITE.default}:\n(.*?)(?=^\w+:|\Z)", text, re.S | re.M).group(1)
    strings.write_text(text + f"{code}:\n" + block.replace(
        "has not been translated into English yet", "has not been translated into Swedish yet"),
        encoding="utf-8")
    (project / "docs" / code).mkdir()
    (project / "docs" / code / "index.md").write_text(
        "---\ndescription: Korta artiklar med källor om Googles TPU.\n---\n\n"
        "# TPU-kunskapsbas\n\nKorta artiklar med källor om maskininlärningsacceleratorer.\n",
        encoding="utf-8")


def rewrap(text: str) -> str:
    """The same text with its first long paragraph wrapped at another width."""
    paragraphs = text.split("\n\n")
    i = next(i for i, p in enumerate(paragraphs)
             if p.count("\n") >= 2 and not p.lstrip().startswith(("-", "#", "|", "1.", "---")))
    words = paragraphs[i].split()
    lines, line = [], ""
    for word in words:
        if len(line) + len(word) > 50:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    paragraphs[i] = "\n".join(lines + [line]) + "   "
    return "\n\n".join(paragraphs)


def states(project: Path) -> dict[tuple[str, str], str]:
    _, rows = status.status(status.load_project(project))
    return {(row.page, row.lang): row.state for row in rows}


# ---------------------------------------------------------------------------
# Normalisation: formatting does not count, content does
# ---------------------------------------------------------------------------

ARTICLE = (ROOT / "docs" / SITE.default / EDITED).read_text(encoding="utf-8")


@pytest.mark.parametrize("change", [
    lambda t: rewrap(t),
    lambda t: t.replace("\n", "\r\n"),
    lambda t: t.replace("| Generation | HBM per chip |", "|  Generation  |   HBM per chip|"),
    lambda t: t.replace("|---|---|", "|-----|------|"),
    lambda t: re.sub(r"^(\d\. )", r"\1 ", t, flags=re.M),
    lambda t: t + "\n\n\n<!-- a note for maintainers -->\n",
], ids=["rewrapped", "crlf", "table-spacing", "table-rule", "list-indent", "comment"])
def test_formatting_only_changes_keep_the_hash(change):
    changed = change(ARTICLE)
    assert changed != ARTICLE
    assert normalise.source_hash(changed) == normalise.source_hash(ARTICLE)


@pytest.mark.parametrize("old,new", [
    ("75%", "80%"),                                            # a number
    ("every framework hands its program", "each framework hands its program"),  # a sentence
    ("## In short", "## Summary"),                             # a heading
    ("| v5e | 16 GB[^3] |", "| v5e | 24 GB[^3] |"),          # a table cell
    ("runs[^2]. Three", "runs[^3]. Three"),                   # a citation marker
    ("facts_checked: 2026-11-23", "facts_checked: 2026-11-24"),  # front matter
    ("`jax.jit` traces", "`jax.pmap` traces"),                 # code in the text
])
def test_content_changes_change_the_hash(old, new):
    assert old in ARTICLE, old
    assert normalise.source_hash(ARTICLE.replace(old, new, 1)) != normalise.source_hash(ARTICLE)


def test_links_count():
    text = "# T\n\nSee [the guide](https://example.org/a).\n"
    assert normalise.source_hash(text) != normalise.source_hash(text.replace("/a)", "/b)"))


# ---------------------------------------------------------------------------
# The real site
# ---------------------------------------------------------------------------

def test_real_site_translations_are_all_current(capsys):
    status_code = run_cli(ROOT, "--strict")
    assert status_code == 0, capsys.readouterr().out
    capsys.readouterr()
    assert run_cli(ROOT, "--json") == 0
    data = json.loads(capsys.readouterr().out)
    drafts = {page["page"] for page in data["english"] if page["draft"]}
    assert {row["state"] for row in data["translations"] if row["page"] not in drafts} == {"current"}
    assert len(data["translations"]) == len(data["english"]) * len(OTHERS)


# ---------------------------------------------------------------------------
# One changed copy, built once
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def changed(tmp_path_factory):
    project = copy_project(tmp_path_factory.mktemp("translations-project"))
    docs = project / "docs"
    english = docs / SITE.default
    before = states(project)
    path = english / EDITED
    path.write_text(path.read_text(encoding="utf-8").replace(OLD_SENTENCE, NEW_SENTENCE), encoding="utf-8")
    path = english / REWRAPPED
    path.write_text(rewrap(path.read_text(encoding="utf-8")), encoding="utf-8")
    (docs / DROPPED_LANG / DROPPED).unlink()
    assert run_cli(project, "--declare-missing", DROPPED_LANG, DROPPED) == 0
    assert tpukb(["new", "--project", str(project), NEW, "--title", "A new thing: drafts",
                  "--category", "Memory and performance"]) == 0
    add_language(project, NEW_LANG)
    assert run_cli(project, "--mark", NEW_LANG, "index.md") == 0
    assert run_cli(project, "--declare-missing", NEW_LANG) == 0
    assert run_cli(project, "--record", "--date", RECORDED.isoformat()) == 0
    after = states(project)
    out = tmp_path_factory.mktemp("translations-site")
    result = mkdocs_build(project, out)
    return {"project": project, "site": out, "before": before, "after": after, "build": result}


def page(site: Path, lang: str, name: str):
    return html.parse(str(built_path(site, lang, name))).getroot()


def test_the_changed_copy_builds_strictly(changed):
    result = changed["build"]
    problems = build_problems(result)
    assert result.returncode == 0 and not problems, "\n".join(problems or [result.stderr[-2000:]])
    assert not citecheck.check_sources(citecheck.load_project(changed["project"] / "docs"))


def test_an_english_edit_makes_exactly_its_translations_stale(changed):
    before, after = changed["before"], changed["after"]
    assert set(before.values()) == {"current"}
    stale = {key for key, state in after.items() if state == "stale"}
    assert stale == {(EDITED, lang) for lang in OTHERS}
    assert all(after[(REWRAPPED, lang)] == "current" for lang in OTHERS), "re-wrapping made it stale"


def test_status_table_and_json_name_the_changed_words(changed, capsys):
    project = changed["project"]
    assert run_cli(project) == 0
    out = capsys.readouterr().out
    assert f"{EDITED} [{', '.join(OTHERS)}] stale: the English was updated on {RECORDED.isoformat()}" in out
    assert "[-75%-] {+80%+}" in out
    assert run_cli(project, "--strict") == 1
    capsys.readouterr()
    assert run_cli(project, "--json") == 0
    rows = {(r["page"], r["lang"]): r for r in json.loads(capsys.readouterr().out)["translations"]}
    row = rows[(EDITED, OTHERS[0])]
    assert row["state"] == "stale" and row["english_updated"] == RECORDED.isoformat()
    assert len(row["changed"]) == 1 and row["changed"][0].startswith("~ ")
    assert "[-75%-] {+80%+}" in row["changed"][0]
    assert rows[(DROPPED, DROPPED_LANG)]["state"] == "fallback"
    assert rows[(f"articles/{NEW}.md", NEW_LANG)]["state"] == "fallback"
    assert rows[("index.md", NEW_LANG)]["state"] == "current"


def test_stale_page_tells_the_reader_with_date_and_link(changed):
    site = changed["site"]
    for lang in OTHERS:
        tree = page(site, lang, EDITED)
        notice = tree.xpath("//article//aside[contains(@class, 'kb-stale')]")
        assert notice, f"{lang}/{EDITED}: no notice that the English changed"
        assert notice[0].xpath("following::h1"), f"{lang}/{EDITED}: the notice is not above the title"
        strings = SITE.strings[lang]
        assert strings["stale.notice"].split("{date}")[0].strip() in notice[0].text_content()
        assert notice[0].xpath(".//time/@datetime") == [RECORDED.isoformat()]
        link = notice[0].xpath(".//a")[0]
        assert link.text_content().strip() == strings["stale.link"]
        target = (site / lang / EDITED.removesuffix(".md") / link.get("href")).resolve()
        assert target == (site / EDITED.removesuffix(".md")).resolve(), link.get("href")
        assert not tree.xpath("//aside[contains(@class, 'kb-fallback')]")
        assert not page(site, lang, REWRAPPED).xpath("//aside[contains(@class, 'kb-stale')]")
    finnish = page(site, OTHERS[0], EDITED).xpath("//aside[contains(@class, 'kb-stale')]//time")[0]
    assert finnish.text == "1.12.2026" if OTHERS[0] == "fi" else finnish.text
    assert not page(site, SITE.default, EDITED).xpath("//aside[contains(@class, 'kb-stale')]")


def test_declared_missing_translation_is_the_english_page_with_the_notice(changed):
    tree = page(changed["site"], DROPPED_LANG, DROPPED)
    assert tree.get("lang") == DROPPED_LANG
    assert tree.xpath("//aside[contains(@class, 'kb-fallback')]"), "no fallback notice"
    assert tree.xpath("//div[@lang='en']//h1")


def test_new_article_is_a_draft_that_is_not_published(changed):
    project, site = changed["project"], changed["site"]
    assert (project / "docs" / SITE.default / "articles" / f"{NEW}.md").is_file()
    assert f"      - articles/{NEW}.md\n" in (project / "mkdocs.yml").read_text(encoding="utf-8")
    for lang in SITE.codes + (NEW_LANG,):
        prefix = "" if lang == SITE.default else f"{lang}/"
        assert not (site / prefix / "articles" / NEW).exists(), f"{lang}: the draft was published"
        index = (site / prefix / "articles" / "index.html").read_text(encoding="utf-8")
        assert NEW not in index, f"{lang}: the index or nav links to the draft"


def test_new_language_builds_with_fallback_pages_and_notices(changed):
    site = changed["site"]
    home = page(site, NEW_LANG, "index.md")
    assert home.get("lang") == NEW_LANG and not home.xpath("//aside[contains(@class, 'kb-fallback')]")
    assert "TPU-kunskapsbas" in home.xpath("string(//article//h1)")
    for name in (EDITED, "articles/index.md", "tags.md"):
        tree = page(site, NEW_LANG, name)
        notice = tree.xpath("//aside[contains(@class, 'kb-fallback')]")
        assert tree.get("lang") == NEW_LANG and notice, f"{NEW_LANG}/{name}: no fallback notice"
        assert "Swedish" in notice[0].text_content()
    after = changed["after"]
    assert {after[(p, NEW_LANG)] for p, lang in after if lang == NEW_LANG and p != "index.md"} == {"fallback"}


def test_mark_makes_current_and_prunes_old_english(changed):
    project = changed["project"]  # runs after the build-reading tests above
    old = normalise.source_hash((ROOT / "docs" / SITE.default / EDITED).read_text(encoding="utf-8"))
    folder = store.snapshot_dir(project, EDITED)
    assert (folder / f"{old}.yml").is_file()
    assert run_cli(project, "--mark", OTHERS[0], f"docs/{OTHERS[0]}/{EDITED}") == 0
    now = states(project)
    assert now[(EDITED, OTHERS[0])] == "current"
    assert {now[(EDITED, lang)] for lang in OTHERS[1:]} == {"stale"}
    assert (folder / f"{old}.yml").is_file(), "still needed by the other stale translations"
    assert run_cli(project, "--mark", "all", EDITED) == 0
    assert {states(project)[(EDITED, lang)] for lang in OTHERS} == {"current"}
    assert not (folder / f"{old}.yml").exists(), "an English version nobody records was kept"
    # each marked translation records the day (the feeds' "translation updated")
    for lang in OTHERS:
        text = (project / "docs" / lang / EDITED).read_text(encoding="utf-8")
        assert store.front_matter_day(text, store.MARKED_KEY) == datetime.date.today(), lang
    # marking a current translation again keeps its day
    path = project / "docs" / OTHERS[0] / EDITED
    path.write_text(store.with_front_matter_value(path.read_text(encoding="utf-8"),
                                                  store.MARKED_KEY, "2026-01-02"), encoding="utf-8")
    assert run_cli(project, "--mark", OTHERS[0], EDITED) == 0
    assert store.front_matter_day(path.read_text(encoding="utf-8"), store.MARKED_KEY) == \
        datetime.date(2026, 1, 2)


def test_publication_and_marking_days_do_not_change_the_english_hash():
    for key, day in (("published", "2026-11-01"), ("translated", "2026-11-02")):
        changed = store.with_front_matter_value(ARTICLE, key, day)
        assert changed != ARTICLE and normalise.source_hash(changed) == normalise.source_hash(ARTICLE)


def feed_entries(site: Path, lang: str) -> list:
    import feedparser
    parsed = feedparser.parse((site / SITE.url_prefix(lang) / "feed.xml").read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    return parsed.entries


def test_every_feed_announces_a_recorded_english_change(changed):
    """The English edit, recorded with `--record --date`, is an entry of each
    language's feed, linking to that language's page (the fallback's too)."""
    site = changed["site"]
    for lang in SITE.codes:
        url = SITE.site_url + SITE.url_prefix(lang) + EDITED.removesuffix(".md") + "/"
        found = [e for e in feed_entries(site, lang) if e.link == url and e.tags[0].term == "source"
                 and e.updated.startswith(RECORDED.isoformat())]
        assert len(found) == 1, lang
        assert built_path(site, lang, EDITED).is_file()
    # a re-wrap is no change: no version was recorded for it
    url = SITE.site_url + REWRAPPED.removesuffix(".md") + "/"
    assert not [e for e in feed_entries(site, SITE.default)
                if e.link == url and e.updated.startswith(RECORDED.isoformat())]


def test_a_fallback_page_previews_and_cites_its_original(changed):
    """A page served in English under another language describes the English
    text (URL, locale, JSON-LD language) with the reader's interface strings."""
    import json
    site = changed["site"]
    tree = page(site, DROPPED_LANG, DROPPED)
    english_url = SITE.site_url + DROPPED.removesuffix(".md") + "/"
    og = {m.get("property"): m.get("content") for m in tree.xpath("//head/meta[@property]")}
    assert og["og:url"] == english_url
    assert og["og:locale"] == SITE.strings[SITE.default]["og.locale"]
    data = json.loads(tree.xpath('//script[@type="application/ld+json"]/text()')[0])
    assert data["inLanguage"] == SITE.default and data["url"] == english_url
    assert tree.xpath('string(//section[@class="kb-cite"]/h2)') == \
        SITE.strings[DROPPED_LANG]["cite.heading"]
    own = SITE.site_url + SITE.url_prefix(DROPPED_LANG) + DROPPED.removesuffix(".md") + "/"
    kinds = {e.tags[0].term for e in feed_entries(site, DROPPED_LANG) if e.link == own}
    assert "published" in kinds and "translation" not in kinds


# ---------------------------------------------------------------------------
# What must fail
# ---------------------------------------------------------------------------

@pytest.fixture()
def plain(tmp_path) -> Path:
    return copy_project(tmp_path / "project")


def test_undeclared_missing_translation_fails_with_file_and_rule(plain):
    lang = OTHERS[-1]
    (plain / "docs" / lang / DROPPED).unlink()
    findings = citecheck.check_sources(citecheck.load_project(plain / "docs", root=plain))
    assert [str(f).split(" ", 2)[:2] for f in findings] == [[f"docs/{SITE.default}/{DROPPED}:1:", "R7"]]
    assert f"docs/{lang}/{DROPPED} does not exist" in str(findings[0])
    assert f"--declare-missing {lang} {DROPPED}" in str(findings[0])
    assert states(plain)[(DROPPED, lang)] == "missing"
    result = mkdocs_build(plain, plain / "site")
    assert result.returncode != 0
    assert any(f"docs/{SITE.default}/{DROPPED}:1: R7" in line for line in build_problems(result))


def test_declaration_of_an_existing_translation_is_reported(plain):
    lang = OTHERS[0]
    store.change_declarations(plain, add={lang: {DROPPED}, "xx": {"index.md"}})
    findings = [str(f) for f in citecheck.check_sources(citecheck.load_project(plain / "docs", root=plain))]
    assert len(findings) == 2 and all(
        f.startswith("scripts/tpukb/i18n/translations/missing.yml:") for f in findings)
    assert any(" R7 " in f and f"docs/{lang}/{DROPPED} not translated yet, but it exists" in f
               for f in findings), findings


def test_mark_refuses_a_translation_citing_other_references(plain, capsys):
    lang = OTHERS[0]
    path = plain / "docs" / lang / EDITED
    text = path.read_text(encoding="utf-8")
    marker = re.search(r"\[\^(\d+)\]", text.split("\n---\n", 1)[1]).group(0)
    path.write_text(text.replace(marker, ""), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    assert run_cli(plain, "--mark", lang, EDITED) == 2
    err = capsys.readouterr().err
    assert "R9" in err and f"docs/{lang}/{EDITED}" in err
    assert path.read_text(encoding="utf-8") == before, "a refused mark changed the file"


@pytest.mark.parametrize("slug", ["Bad", "bad_slug", "café", "-lead", "two--hyphens", "x/y", ""])
def test_new_article_refuses_a_bad_slug(plain, slug, capsys):
    config = (plain / "mkdocs.yml").read_text(encoding="utf-8")
    assert tpukb(["new", "--project", str(plain), "--title", "T", "--category", "Frameworks",
                  "--", slug]) == 2
    assert "not a valid slug" in capsys.readouterr().err
    assert (plain / "mkdocs.yml").read_text(encoding="utf-8") == config


@pytest.mark.parametrize("command, args, wrote", [
    ("new", ["fresh-one", "--title", "T", "--category", "Frameworks"],
     "docs/en/articles/fresh-one.md"),
    ("status", ["--strict"], None),
])
def test_the_commands_run_as_the_readme_says(plain, command, args, wrote):
    """The installed command itself (`tpukb`), not only tpukb.cli.main."""
    result = subprocess.run([TPUKB, command, "--project", str(plain), *args],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    if wrote:
        assert f"wrote {wrote}" in result.stdout and (plain / wrote).is_file()
    else:
        assert " 0 stale, 0 unrecorded, 0 fallback, 0 missing" in result.stdout, result.stdout


def test_new_article_refuses_an_existing_slug(plain, capsys):
    slug = Path(EDITED).stem
    config = (plain / "mkdocs.yml").read_text(encoding="utf-8")
    assert tpukb(["new", "--project", str(plain), slug, "--title", "T",
                  "--category", "Frameworks"]) == 2
    assert f"the slug '{slug}' is taken" in capsys.readouterr().err
    assert (plain / "mkdocs.yml").read_text(encoding="utf-8") == config


def test_new_article_refuses_an_unknown_category(plain, capsys):
    config = (plain / "mkdocs.yml").read_text(encoding="utf-8")
    assert tpukb(["new", "--project", str(plain), "fresh-one", "--title", "T",
                  "--category", "No such category"]) == 2
    assert "no nav section 'Knowledge base > No such category'" in capsys.readouterr().err
    assert (plain / "mkdocs.yml").read_text(encoding="utf-8") == config
    assert not (plain / "docs" / "en" / "articles" / "fresh-one.md").exists()


def test_nav_line_goes_to_a_named_subsection():
    text = ("nav:\n  - Home: index.md\n  - Knowledge base:\n      - articles/index.md\n"
            "      - Hardware:\n          - articles/a.md\n      - articles/b.md\n  - Tags: tags.md\n")
    top = newarticle.add_to_nav(text, "articles/new.md")
    assert top.splitlines()[7] == "      - articles/new.md" and top.endswith("  - Tags: tags.md\n")
    sub = newarticle.add_to_nav(text, "articles/new.md", ("Knowledge base", "Hardware"))
    assert sub.splitlines()[6] == "          - articles/new.md"
    with pytest.raises(newarticle.NewArticleError, match="already lists"):
        newarticle.add_to_nav(top, "articles/new.md")


def test_anchors_into_or_out_of_a_fallback_page_are_dropped():
    """An anchor cannot resolve where either page is served in English; the
    link keeps its page (tpukb.fallbacklinks)."""
    from tpukb.fallbacklinks import drop_unresolvable_anchors
    text = "[a](b.md#x) [c](../d/e.md#y) [f](#z) [g](https://h.org/i.md#j) [k](b.md)"
    exists = {"articles/b.md"}.__contains__
    assert drop_unresolvable_anchors(text, "articles/p.md", False, exists) == (
        "[a](b.md#x) [c](../d/e.md) [f](#z) [g](https://h.org/i.md#j) [k](b.md)")
    assert drop_unresolvable_anchors(text, "articles/p.md", True, exists) == (
        "[a](b.md) [c](../d/e.md) [f](#z) [g](https://h.org/i.md#j) [k](b.md)")


def test_a_drafts_unwritten_translations_do_not_fail_strict(plain, capsys):
    """A draft is published in no language: --strict passes while its
    translations are still being written, and fails once it is published
    without them being current."""
    assert tpukb(["new", "--project", str(plain), "draft-in-progress", "--title", "T",
                  "--category", "Frameworks"]) == 0
    capsys.readouterr()
    assert run_cli(plain, "--strict") == 0, capsys.readouterr().out
    page = plain / "docs" / SITE.default / "articles" / "draft-in-progress.md"
    page.write_text(re.sub(r"\ndraft: true[^\n]*", "", page.read_text(encoding="utf-8")),
                    encoding="utf-8")
    capsys.readouterr()
    assert run_cli(plain, "--strict") == 1
    assert "articles/draft-in-progress.md" in capsys.readouterr().out
