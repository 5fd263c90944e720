"""Citation and link integrity: the real site is clean, and every rule bites.

Each rule gets a planted defect in its own copy of a real article
(`planted-<case>`, all four languages, its own citation file) inside a
temporary copy of the project. The checker runs once on that copy, and one
strict build of it shows that the build fails with the same file:line and
rule; findings are then sorted out per planted copy, so each case sees only
its own defect.

Cases whose defect makes MkDocs itself warn inside a non-default language
build ("a footnote that is never referenced") go to a second project: that
warning aborts the i18n plugin's remaining language builds, which would leave
the other cases without their Italian and Arabic pages.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest

import tpukb.citecheck as cc
from conftest import (TPUKB, DOCS, LANGUAGES, ROOT, SITE_LANGUAGES, SOURCE_ARTICLE, ArticleCopy, add_copy,
                      copy_project, mkdocs_build)

SOURCE = SOURCE_ARTICLE  # a real article, complete in every language
FINDING_LINE = re.compile(r"^\S+:\d+: (E\d|F1|R\d+|D\d|S\d|G1) .+; .+$")


# ---------------------------------------------------------------------------
# The real docs and the real built site
# ---------------------------------------------------------------------------

def test_real_docs_have_no_finding():
    findings = cc.check_sources(cc.load_project(DOCS, root=ROOT))
    assert not findings, "\n".join(map(str, findings))


def test_real_site_has_no_finding(site):
    findings = cc.check_site(cc.load_project(DOCS, root=ROOT), site)
    assert not findings, "\n".join(map(str, findings))


# ---------------------------------------------------------------------------
# Planting helpers
# ---------------------------------------------------------------------------

def line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def replace_nth(path: Path, old: str, new: str, nth: int = 1) -> int:
    """Replace the nth occurrence of `old`; return its line."""
    text = path.read_text(encoding="utf-8")
    offset = -1
    for _ in range(nth):
        offset = text.index(old, offset + 1)
    path.write_text(text[:offset] + new + text[offset + len(old):], encoding="utf-8")
    return line_at(text, offset)


def insert_before_references(path: Path, lang: str, paragraph: str) -> int:
    """Add a paragraph just above the references heading; return its line."""
    heading = f"\n## {SITE_LANGUAGES.string(lang, 'references.heading')}\n"
    return replace_nth(path, heading, f"\n{paragraph}\n{heading}") + 1


def first_line_with(path: Path, needle: str) -> int:
    text = path.read_text(encoding="utf-8")
    return line_at(text, text.index(needle))


Planted = ArticleCopy  # one planted copy of the source article: `planted-<case>`


# Each plant edits its copy and returns (file, line) of the finding it expects.

def plant_front_matter(p: Planted):
    text = p.article("en").read_text(encoding="utf-8")
    written = re.search(r"^facts_checked: .*$", text, re.M).group(0)
    return p.article("en"), replace_nth(p.article("en"), written, "facts_checked: soon")


def plant_description_markup(p: Planted):
    """A description with a code span: plain text in previews, code in the index."""
    text = p.article("en").read_text(encoding="utf-8")
    line = re.search(r"^description: .*$", text, re.M).group(0)
    return p.article("en"), replace_nth(p.article("en"), line,
                                        "description: What `jax.jit` does on a TPU.")


def plant_cut_off_entry(p: Planted):
    lines = p.citations.read_text(encoding="utf-8").splitlines()
    lines[-1] = lines[-1][: lines[-1].index("*") + 8]
    p.citations.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p.citations, len(lines)


def plant_wrong_heading(p: Planted):
    return p.article("fi"), replace_nth(p.article("fi"), "\n## Lähteet\n", "\n## Viitteet\n") + 1


def plant_undefined_marker(p: Planted):
    # Before the first marker: an undefined number is R2's alone, and must not
    # also make every later first citation an R4 "out of order" finding.
    text = p.article("en").read_text(encoding="utf-8")
    first = re.search(r"\[\^\d+\]", text)
    return p.article("en"), replace_nth(p.article("en"), text[first.start():], "[^99]" + text[first.start():])


def plant_uncited_entry(p: Planted):
    lines = p.citations.read_text(encoding="utf-8").splitlines()
    lines.append(f"[^{len(lines) + 1}]: Example. *Never cited*. <https://example.org/uncited>. "
                 "Retrieved 2026-11-20.")
    p.citations.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p.citations, len(lines)


def plant_swapped_first_citations(p: Planted):
    path = p.article("it")
    text = path.read_text(encoding="utf-8")
    first3, first4 = text.index("[^3]"), text.index("[^4]")
    text = text[:first3] + "[^4]" + text[first3 + 4:first4] + "[^3]" + text[first4 + 4:]
    path.write_text(text, encoding="utf-8")
    return path, line_at(text, text.index("[^3]"))


def plant_arabic_question_mark(p: Planted):
    return p.citations, replace_nth(p.citations, ">. Retrieved", "\u061fx=1>. Retrieved", nth=2)


def plant_arabic_indic_digits(p: Planted):
    return p.article("ar"), replace_nth(p.article("ar"), "[^2]", "[^\u0662]", nth=2)


def plant_flipped_marker(p: Planted):
    return p.article("ar"), replace_nth(p.article("ar"), "[^3]", "[^3] ]3[")


def plant_plain_text_marker(p: Planted):
    return p.article("fi"), replace_nth(p.article("fi"), "[^5]", "[^5] [5]")


def plant_missing_translation(p: Planted):
    p.article("it").unlink()
    return p.article("en"), 1


def plant_wrong_include(p: Planted):
    path = p.article("fi")
    line = replace_nth(path, f'"citations/{p.slug}.md"', f'"citations/{SOURCE}.md"')
    return path, line


def plant_uncited_in_one_language(p: Planted):
    path = p.article("fi")
    text = path.read_text(encoding="utf-8")
    highest = max(int(n) for n in re.findall(r"\[\^(\d+)\]", text))
    text = text.replace(f"[^{highest}]", "")
    path.write_text(text, encoding="utf-8")
    return path, len(text.rstrip("\n").split("\n"))


def plant_changed_copy_of_references(p: Planted):
    """fi keeps its own copy of the references, with one URL changed."""
    lines = p.citations.read_text(encoding="utf-8").splitlines()
    lines[-1] = lines[-1].replace(">. Retrieved", "/changed>. Retrieved")
    return p.article("fi"), replace_nth(p.article("fi"), f'--8<-- "citations/{p.slug}.md"', "\n".join(lines))


def plant_broken_anchor(p: Planted):
    insert_before_references(p.article("en"), "en", "See [the missing part](#no-such-section).")
    return p.article("en"), None


def plant_check_date(new: str):
    """The second entry's check date replaced by `new` ('' drops the sentence)."""
    def plant(p: Planted):
        lines = p.citations.read_text(encoding="utf-8").splitlines()
        head, _ = lines[1].split(". Retrieved ")
        lines[1] = head + (f". Retrieved {new}." if new else "")
        p.citations.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return p.citations, 2
    return plant


def add_to_first_marker(path: Path, addition: str) -> int:
    """`addition` put just before the first citation marker; return its line."""
    text = path.read_text(encoding="utf-8")
    first = re.search(r"\[\^\d+\]", text)
    return replace_nth(path, text[first.start():], addition + text[first.start():])


def plant_dated(markers: dict[str, str], expected_lang: str):
    """Dated-statement markers put before the first citation of each language."""
    def plant(p: Planted):
        lines = {lang: add_to_first_marker(p.article(lang), marker) for lang, marker in markers.items()}
        path = p.article(expected_lang)
        return path, lines.get(expected_lang) or len(
            path.read_text(encoding="utf-8").rstrip("\n").split("\n"))
    return plant


def plant_everywhere(markup: str):
    """The same paragraph in every language (a dated statement all versions share)."""
    def plant(p: Planted):
        for lang in LANGUAGES:
            insert_before_references(p.article(lang), lang, markup)
        return None, None
    return plant


def plant_related(lang: str, *targets: str):
    """A `related:` list in one language version's front matter (replacing any)."""
    def plant(p: Planted):
        path = p.article(lang)
        text = re.sub(r"^related:\n(?:[ \t]+- .*\n)*", "", path.read_text(encoding="utf-8"),
                      flags=re.M)
        items = "".join(f"  - {target.format(slug=p.slug)}\n" for target in targets)
        at = text.index("\nfacts_checked:") + 1
        path.write_text(text[:at] + "related:\n" + items + text[at:], encoding="utf-8")
        return path, line_at(text, at)
    return plant


def plant_table_row(p: Planted):
    """A table whose third row states a launch stage without a date."""
    table = "| Route | Stage |\n|---|---|\n| TorchTPU | Preview |"
    return p.article("en"), insert_before_references(p.article("en"), "en", table) + 2


def plant_paragraph(markup: str):
    def plant(p: Planted):
        return p.article("en"), insert_before_references(p.article("en"), "en", markup)
    return plant


@dataclass(frozen=True)
class Case:
    name: str
    rule: str
    plant: Callable[[Planted], tuple[Path, int | None]]
    also: frozenset[str] = frozenset()  # other rules the same defect triggers
    site_rule: str | None = None  # the rule it breaks on the built site
    project: str = "main"  # which planted project holds it (see the docstring)


CASES = [
    Case("f1", "F1", plant_front_matter),
    Case("f1-markup", "F1", plant_description_markup),
    Case("r1-entry", "R1", plant_cut_off_entry),
    Case("r1-heading", "R1", plant_wrong_heading),
    Case("r2", "R2", plant_undefined_marker, frozenset({"R9"}), site_rule="R6"),
    Case("r3", "R3", plant_uncited_entry, site_rule="R6", project="unreferenced"),
    Case("r4", "R4", plant_swapped_first_citations),
    Case("r5", "R5", plant_arabic_question_mark),
    Case("r6-digits", "R6", plant_arabic_indic_digits),
    Case("r6-flipped", "R6", plant_flipped_marker),
    Case("r6-plain", "R6", plant_plain_text_marker),
    Case("r7", "R7", plant_missing_translation),
    Case("r8", "R8", plant_wrong_include),
    Case("r9", "R9", plant_uncited_in_one_language, frozenset({"R3"}), project="unreferenced"),
    Case("r10", "R8", plant_changed_copy_of_references, site_rule="R10"),
    Case("r11", "", plant_broken_anchor, site_rule="R11"),
    Case("d1-missing", "D1", plant_check_date("")),
    Case("d1-impossible", "D1", plant_check_date("2026-02-30")),
    Case("d1-future", "D1", plant_check_date("2999-01-01")),
    Case("d2-future", "D2", plant_dated({lang: " [as of 2999-01]" for lang in LANGUAGES}, "en")),
    Case("d2-translated", "D2", plant_dated({"en": " [as of 2026-11]", "fi": " [tilanne 2026-11]",
                                             "it": " [as of 2026-11]", "ar": " [as of 2026-11]"}, "fi"),
         frozenset({"D3"})),
    Case("d3", "D3", plant_dated({"en": " [as of 2026-10]"}, "it")),
    Case("d4", "D4", plant_paragraph("TorchTPU is still labelled Beta on PyPI.")),
    Case("d4-dated", "", plant_everywhere("TorchTPU is still labelled Beta on PyPI [as of 2026-11].")),
    Case("d4-sign-up", "D4", plant_paragraph("SGLang-TorchTPU is experimental: sign up for access.")),
    Case("d4-table", "D4", plant_table_row),
    Case("d4-table-dated", "", plant_everywhere(
        "| Route | Stage |\n|---|---|\n| TorchTPU | Preview [as of 2026-11] |")),
    Case("d4-version-or-day", "", plant_paragraph(
        "The project is archived on GitHub since 15 November 2026. "
        "In `torch_tpu` 0.2.0 the eager mode is experimental.")),
    # their own project: a related list naming a missing page breaks the build
    # of every planted copy beside it (an unresolved link under --strict)
    Case("r12-self", "R12", plant_related("en", "articles/{slug}.md"), project="related"),
    Case("r12-missing", "R12", plant_related("en", "articles/no-such-article.md"),
         project="related"),
    Case("r12-twice", "R12", plant_related("en", "articles/tpu-generations.md",
                                          "articles/tpu-generations.md"), project="related"),
    Case("r12-translation", "R12", plant_related("fi", "articles/tpu-generations.md"),
         project="related"),
    Case("r12-sound", "", plant_related("en", "articles/tpu-generations.md",
                                        "articles/paying-for-cloud-tpus.md"), project="related"),
    Case("s1", "S1", plant_paragraph("<script>alert(1)</script>")),
    Case("s2", "S2", plant_paragraph('<span onmouseover="alert(1)">hover</span>')),
    Case("s3-javascript", "S3", plant_paragraph("[click](javascript:alert(1))")),
    Case("s3-data", "S3", plant_paragraph("[open](data:text/html,hello)")),
    Case("s4", "S4", plant_paragraph("[the old page](http://example.org/)")),
    Case("control", "", lambda p: (None, None)),
]


# ---------------------------------------------------------------------------
# One planted project, checked once and built once
# ---------------------------------------------------------------------------

@dataclass
class PlantedProject:
    root: Path
    copies: dict[str, Planted]
    expected: dict[str, tuple[Path | None, int | None]]
    findings: list[cc.Finding]


def make_project(root: Path, cases: list[Case]) -> PlantedProject:
    copy_project(root)
    copies, expected = {}, {}
    for case in cases:
        copies[case.name] = add_copy(root, f"planted-{case.name}")
        expected[case.name] = case.plant(copies[case.name])
    findings = cc.check_sources(cc.load_project(root / "docs", root=root))
    return PlantedProject(root, copies, expected, findings)


@pytest.fixture(scope="module")
def projects(tmp_path_factory) -> dict[str, PlantedProject]:
    names = sorted({case.project for case in CASES})
    return {name: make_project(tmp_path_factory.mktemp(f"planted-{name}"),
                               [case for case in CASES if case.project == name]) for name in names}


@dataclass
class Build:
    result: subprocess.CompletedProcess
    findings: list[cc.Finding]
    site: Path


@pytest.fixture(scope="module")
def builds(projects):
    """Each planted project built strictly once (on first use), and site-checked."""
    done: dict[str, Build] = {}

    def build(name: str) -> Build:
        if name not in done:
            project = projects[name]
            site = project.root / "site-out"
            result = mkdocs_build(project.root, site)
            findings = cc.check_site(cc.load_project(project.root / "docs", root=project.root), site)
            done[name] = Build(result, findings, site)
        return done[name]
    return build


def findings_in(findings: list[cc.Finding], copy: Planted) -> list[cc.Finding]:
    """The findings that belong to one planted copy (sources or built pages)."""
    return [f for f in findings
            if f.file.endswith(f"/{copy.slug}.md") or f.file.endswith(f"/{copy.slug}/index.html")]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_checker_reports_the_planted_defect(projects, case):
    planted = projects[case.project]
    copy = planted.copies[case.name]
    mine = findings_in(planted.findings, copy)
    if not case.rule:
        assert not mine, "\n".join(map(str, mine))
        return
    path, line = planted.expected[case.name]
    assert any(f.rule == case.rule and f.file == copy.rel(path) and f.line == line for f in mine), (
        f"expected {copy.rel(path)}:{line}: {case.rule}, got:\n" + "\n".join(map(str, mine)))
    unexpected = [f for f in mine if f.rule not in {case.rule} | case.also]
    assert not unexpected, "\n".join(map(str, unexpected))


@pytest.mark.parametrize("case", [c for c in CASES if c.rule], ids=lambda case: case.name)
def test_strict_build_fails_naming_file_line_and_rule(projects, builds, case):
    planted, result = projects[case.project], builds(case.project).result
    copy = planted.copies[case.name]
    path, line = planted.expected[case.name]
    expected = f"WARNING -  {copy.rel(path)}:{line}: {case.rule} "
    reported = [f for f in planted.findings
                if (f.file, f.line, f.rule) == (copy.rel(path), line, case.rule)]
    lines = [text for text in result.stderr.splitlines() if text.startswith(expected)]
    assert result.returncode != 0
    assert len(lines) == len(reported), (
        f"expected {len(reported)} line(s) starting {expected!r}, once per finding, not once per "
        "language build:\n" + "\n".join(text for text in result.stderr.splitlines() if copy.slug in text))


@pytest.mark.parametrize("case", [c for c in CASES if c.site_rule or c.name == "control"],
                         ids=lambda case: case.name)
def test_site_checker_reports_the_planted_defect(projects, builds, case):
    planted, build = projects[case.project], builds(case.project)
    copy = planted.copies[case.name]
    mine = findings_in(build.findings, copy)
    if not case.site_rule:
        assert not mine, "\n".join(map(str, mine))
        return
    hits = [f for f in mine if f.rule == case.site_rule]
    assert hits, f"no {case.site_rule} finding for {copy.slug}:\n" + "\n".join(map(str, mine))
    for finding in hits:
        page = planted.root / finding.file
        assert page.is_file() and page.suffix == ".html", finding
        assert 1 < finding.line <= len(page.read_text(encoding="utf-8").splitlines()), finding
        assert "(page docs/" in finding.message, finding


def test_site_findings_point_at_the_offending_element(projects, builds):
    planted, build = projects["main"], builds("main")
    broken = [f for f in build.findings if f.rule == "R11" and "planted-r11" in f.file]
    changed = [f for f in build.findings if f.rule == "R10" and "planted-r10" in f.file]
    assert broken and changed
    assert all(f.file.startswith("site-out/articles/") for f in broken)
    assert all(f.file.startswith("site-out/fi/articles/") for f in changed)
    for finding, needle in [(broken[0], 'href="#no-such-section"'), (changed[0], 'id="fn:')]:
        html_line = (planted.root / finding.file).read_text(encoding="utf-8").splitlines()[finding.line - 1]
        assert needle in html_line, (finding, html_line)


def test_build_reports_the_broken_anchor(builds):
    assert "'en/articles/planted-r11.md' contains a link '#no-such-section'" in builds("main").result.stderr


def test_command_line_prints_one_line_per_finding_and_fails(projects, builds):
    planted, site = projects["main"], builds("main").site
    result = subprocess.run(
        [TPUKB, "check",
         "--docs", str(planted.root / "docs"), "--site", str(site)],
        cwd=planted.root, capture_output=True, text=True)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines and all(FINDING_LINE.match(line) for line in lines), result.stdout[:2000]
    assert any(line.startswith("docs/citations/planted-r5.md:") for line in lines)


def test_command_line_passes_on_the_real_docs():
    result = subprocess.run([TPUKB, "check"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


# ---------------------------------------------------------------------------
# R5 in detail: every kind of broken URL, one finding each
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("url, problem", [
    ("https://example.org/a b", "whitespace"),
    ("https://example.org/item\u061fid=1", "U+061F ARABIC QUESTION MARK"),
    ("https://example.org/a\u060cb", "U+060C ARABIC COMMA"),
    ("https://example.org/\u200fpage", "U+200F RIGHT-TO-LEFT MARK"),
    ("https://example.org/\u200epage", "U+200E LEFT-TO-RIGHT MARK"),
    ("https://example.org/\u061cpage", "U+061C ARABIC LETTER MARK"),
    ("https://example.org/\u202bpage", "U+202B RIGHT-TO-LEFT EMBEDDING"),
    ("https://example.org/\u2067page", "U+2067 RIGHT-TO-LEFT ISOLATE"),
    ("https://example.org/a\u00a0b", "U+00A0 NO-BREAK SPACE"),
    ("https://example.org/a\u200bb", "U+200B ZERO WIDTH SPACE"),
    ("https://example.org/a\ufeffb", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    ("https://example.org/page.", "ends with '.'"),
    ("https://example.org/page)", "ends with ')'"),
    ("http://example.org/page", "http://"),
    ("ftp://example.org/page", "not an absolute https URL"),
    ("example.org/page", "not an absolute https URL"),
    ("https://localhost/page", "no valid host"),
    ("https://exa_mple.org/page", "no valid host"),
    ("https:///page", "no valid host"),
])
def test_url_problems(url, problem):
    problems = cc.url_problems(url)
    assert len(problems) == 1 and problem in problems[0][0], problems


@pytest.mark.parametrize("url", [
    "https://docs.jax.dev/en/latest/gpu_memory_allocation.html",
    "https://news.ycombinator.com/item?id=29128998",
    "https://massedcompute.com/faq-answers/?question=a+b%3F",
    "https://en.wikipedia.org/wiki/Tensor_Processing_Unit_(TPU)_v2",
])
def test_good_urls_pass(url):
    assert cc.url_problems(url) == []


# ---------------------------------------------------------------------------
# R6 and S1-S4 in detail: what is a defect and what is not
# ---------------------------------------------------------------------------

def body_findings(tmp_path, lang: str, body: str) -> list[cc.Finding]:
    path = tmp_path / "docs" / lang / "articles" / "sample.md"
    path.parent.mkdir(parents=True)
    path.write_text(body, encoding="utf-8")
    project = cc.Project(tmp_path / "docs", (lang,), lang, root=tmp_path)
    return (cc.check_marker_form(project, cc.Article(lang, path, body))
            + cc.check_content_safety(project, path))


@pytest.mark.parametrize("text, rule", [
    ("JAX[^\u0663].", "R6"),           # Arabic-Indic digit
    ("JAX[^\u06f3].", "R6"),           # Persian digit
    ("JAX ]3[.", "R6"),                # flipped brackets
    ("JAX ]^3[.", "R6"),
    ("JAX [3].", "R6"),                # plain-text marker
    ("JAX [\u0663].", "R6"),
    ("JAX[^note].", "R6"),             # not a number
    ("<SCRIPT src=x></SCRIPT>", "S1"),
    ('<img src="x.png"\n  onerror="alert(1)">', "S2"),
    ("[x](JavaScript:alert(1))", "S3"),
    ("<a href='data:image/png;base64,AAAA'>x</a>", "S3"),
    ("see http://example.org/", "S4"),
])
def test_defect_in_text_is_reported(tmp_path, text, rule):
    findings = body_findings(tmp_path, "ar", f"# T\n\n{text}\n")
    assert [f.rule for f in findings] == [rule] and findings[0].line in (3, 4), findings


@pytest.mark.parametrize("text", [
    "JAX[^3].",
    "JAX[^3][^4]: a colon after a marker is fine.",
    "Index `x[3]` in code.",
    "```python\nx = y[3]  # ]3[ in code is not a marker\n```",
    "<!-- a comment may say [3] -->",
    "A [reference link][3] and [a link](https://example.org/).",
    "Training data: a colon after the word data.",
    "Its metadata:, and a button's onclick handler in prose.",
])
def test_clean_text_is_not_reported(tmp_path, text):
    assert body_findings(tmp_path, "en", f"# T\n\n{text}\n") == []
