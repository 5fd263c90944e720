"""Bad input from real editors: encodings, byte-order marks, line endings,
invisible and look-alike characters, broken citation files.

Each case plants one defect in its own copy of a real article (`bad-<case>`,
every language, its own citation file) inside one temporary copy of the
project. The checker runs once and the strict build once; each case must
give exactly its expected findings (one per root cause, naming file, line
and rule), the exit status 1, and no traceback from either. The accepted
cases (a byte-order mark, CRLF or CR line endings) go into a second copy of
the project, which must check and build strictly with no finding and no
warning at all, its pages rendering like the real article.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pytest
from lxml import html as lxml_html

import tpukb.citecheck as cc
from conftest import LANGUAGES, ROOT, SOURCE_ARTICLE, TPUKB, ArticleCopy, add_copy, copy_project, mkdocs_build

SOURCE = SOURCE_ARTICLE


Copy = ArticleCopy


def line_col(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def first_marker_offset(text: str, label: str) -> int:
    return re.search(rf"(?<!^)\[\^{label}\](?!:)", text, re.M).start()


# Each plant edits its copy and returns the findings it expects:
# (path, line, rule, words of the message).

def latin1_article(c: Copy):
    path = c.article("fi")
    text = path.read_text(encoding="utf-8")
    path.write_bytes(text.encode("cp1252", errors="replace"))
    line, column = line_col(text, next(i for i, ch in enumerate(text) if not ch.isascii()))
    return [(path, line, "E1", "not UTF-8: byte 0x")], f"line {line}, column {column}"


def latin1_citations(c: Copy):
    text = c.citations.read_text(encoding="utf-8").replace("Retrieved 2026", "Päivitetty 2026", 1)
    c.citations.write_bytes(text.encode("cp1252"))
    line, _ = line_col(text, text.index("ä"))
    return [(c.citations, line, "E1", "not UTF-8")], None


def bom(path_of: Callable[[Copy], Path]):
    def plant(c: Copy):
        path = path_of(c)
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
        return [], None
    return plant


def line_endings(path_of: Callable[[Copy], Path], ending: bytes):
    def plant(c: Copy):
        path = path_of(c)
        path.write_bytes(path.read_bytes().replace(b"\n", ending))
        return [], None
    return plant


def spoilt_marker(lang: str, label: str, spoilt: str, name: str):
    def plant(c: Copy):
        path = c.article(lang)
        text = path.read_text(encoding="utf-8")
        offset = first_marker_offset(text, label)
        path.write_text(text[:offset] + spoilt + text[offset + len(f"[^{label}]"):], encoding="utf-8")
        return [(path, line_col(text, offset)[0], "E2", name)], None
    return plant


def typographic_include(c: Copy):
    path = c.article("it")
    text = path.read_text(encoding="utf-8")
    include = f'--8<-- "citations/{c.slug}.md"'
    path.write_text(text.replace(include, f"--8<-- \u201ccitations/{c.slug}.md\u201d"), encoding="utf-8")
    line = line_col(text, text.index(include))[0]
    return [(path, line, "E2", "U+201C LEFT DOUBLE QUOTATION MARK"),
            (path, line, "E2", "U+201D RIGHT DOUBLE QUOTATION MARK")], None


def spoilt_front_matter_key(c: Copy):
    path = c.article("ar")
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\ntags:", "\ntags\u00a0:", 1), encoding="utf-8")
    line = line_col(text, text.index("\ntags:") + 1)[0]
    return [(path, line, "E2", "U+00A0 NO-BREAK SPACE")], None


def spoilt_dated_marker(c: Copy):
    path = c.article("en")
    text = path.read_text(encoding="utf-8")
    offset = first_marker_offset(text, "1")
    path.write_text(text[:offset] + "[as of 2026\u201111]" + text[offset:], encoding="utf-8")
    return [(path, line_col(text, offset)[0], "D2", "U+2011 NON-BREAKING HYPHEN")], None


def arabic_digit_in_url(c: Copy):
    lines = c.citations.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace(">.", "/\u0663>.", 1)
    c.citations.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return [(c.citations, 3, "R5", "U+0663 ARABIC-INDIC DIGIT THREE")], None


def emptied_citations(c: Copy):
    c.citations.write_text("", encoding="utf-8")
    return [(c.citations, 1, "R1", "the citation file is empty")], None


def halved_citations(c: Copy):
    data = c.citations.read_text(encoding="utf-8")
    cut = data[:len(data) // 2]
    c.citations.write_text(cut, encoding="utf-8")
    return [(c.citations, cut.count("\n") + 1, "R1", "in the middle of that entry")], None


@dataclass(frozen=True)
class Case:
    name: str
    plant: Callable


ACCEPTED = [
    Case("bom-article", bom(lambda c: c.article("fi"))),
    Case("bom-citations", bom(lambda c: c.citations)),
    Case("crlf-article", line_endings(lambda c: c.article("it"), b"\r\n")),
    Case("cr-citations", line_endings(lambda c: c.citations, b"\r")),
]
CASES = [
    Case("latin1-article", latin1_article),
    Case("latin1-citations", latin1_citations),
    Case("nbsp-marker", spoilt_marker("fi", "2", "[^\u00a02]", "U+00A0 NO-BREAK SPACE")),
    Case("zero-width-marker", spoilt_marker("ar", "3", "[^3\u200b]", "U+200B ZERO WIDTH SPACE")),
    Case("typographic-include", typographic_include),
    Case("front-matter-key", spoilt_front_matter_key),
    Case("dated-marker-dash", spoilt_dated_marker),
    Case("url-digit", arabic_digit_in_url),
    Case("empty-citations", emptied_citations),
    Case("halved-citations", halved_citations),
]


@dataclass
class Planted:
    root: Path
    copies: dict[str, Copy] = field(default_factory=dict)
    expected: dict[str, list] = field(default_factory=dict)
    extra: dict[str, str | None] = field(default_factory=dict)


def plant_project(root: Path, cases: list[Case]) -> Planted:
    copy_project(root)
    result = Planted(root)
    for case in cases:
        copy = add_copy(root, f"bad-{case.name}")
        result.copies[case.name] = copy
        result.expected[case.name], result.extra[case.name] = case.plant(copy)
    return result


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> Planted:
    return plant_project(tmp_path_factory.mktemp("bad-input"), CASES)


@pytest.fixture(scope="module")
def accepted(tmp_path_factory) -> Planted:
    return plant_project(tmp_path_factory.mktemp("accepted-input"), ACCEPTED)


@pytest.fixture(scope="module")
def checked(planted):
    return subprocess.run([TPUKB, "check",
                           "--docs", str(planted.root / "docs")],
                          cwd=planted.root, capture_output=True, text=True)


@pytest.fixture(scope="module")
def built(planted):
    return mkdocs_build(planted.root, planted.root / "site-out")


def findings_of(output: str, copy: Copy) -> list[str]:
    return [line for line in output.splitlines()
            if f"/{copy.slug}.md:" in line.split(" ", 1)[0] or f"/{copy.slug}.md:" in line[:200]]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_checker_gives_exactly_the_expected_findings(planted, checked, case):
    copy = planted.copies[case.name]
    mine = findings_of(checked.stdout, copy)
    expected = planted.expected[case.name]
    for path, line, rule, words in expected:
        prefix = f"{copy.rel(path)}:{line}: {rule} "
        hits = [f for f in mine if f.startswith(prefix) and words in f]
        assert len(hits) == 1, f"expected one {prefix}...{words}..., got:\n" + "\n".join(mine)
    assert len(mine) == len(expected), "one finding per root cause, got:\n" + "\n".join(mine)
    if planted.extra[case.name]:
        assert planted.extra[case.name] in "\n".join(mine)


def test_checker_fails_without_traceback(checked):
    assert checked.returncode == 1
    assert "Traceback" not in checked.stdout + checked.stderr, checked.stderr[-3000:]


def test_strict_build_fails_with_the_findings_and_without_traceback(planted, built):
    output = built.stdout + built.stderr
    assert built.returncode != 0
    assert "Traceback" not in output, output[-3000:]
    for name, expected in planted.expected.items():
        copy = planted.copies[name]
        for path, line, rule, words in expected:
            prefix = f"WARNING -  {copy.rel(path)}:{line}: {rule} "
            lines = [l for l in built.stderr.splitlines() if l.startswith(prefix) and words in l]
            assert len(lines) == 1, f"{name}: expected one line {prefix!r}...{words}"


@pytest.fixture(scope="module")
def accepted_build(accepted):
    return mkdocs_build(accepted.root, accepted.root / "site-out")


def test_accepted_input_checks_and_builds_cleanly(accepted, accepted_build):
    findings = cc.check_sources(cc.load_project(accepted.root / "docs", root=accepted.root))
    assert not findings, "\n".join(map(str, findings))
    problems = [l for l in accepted_build.stderr.splitlines() if l.startswith(("WARNING", "ERROR"))]
    assert accepted_build.returncode == 0 and not problems, "\n".join(problems)


@pytest.mark.parametrize("name", [case.name for case in ACCEPTED])
def test_accepted_input_renders_like_the_original(accepted, accepted_build, name):
    copy = accepted.copies[name]
    site = accepted.root / "site-out"
    for lang in LANGUAGES:
        prefix = "" if lang == LANGUAGES[0] else f"{lang}/"
        page = lxml_html.parse(str(site / prefix / "articles" / copy.slug / "index.html"))
        original = lxml_html.parse(str(site / prefix / "articles" / SOURCE / "index.html"))
        entries = page.xpath('//div[contains(@class, "footnote")]/ol/li')
        assert len(entries) == len(original.xpath('//div[contains(@class, "footnote")]/ol/li')) > 0
        assert page.xpath("string(//h1)") == original.xpath("string(//h1)")
        assert "\ufeff" not in page.xpath("string(//article)")
        assert "[^" not in page.xpath("string(//article)")


def unreadable_config_project(tmp_path: Path, which: str) -> Path:
    root = tmp_path / which
    shutil.copytree(ROOT / "tests" / "fixtures" / "clean", root)
    strings = root / "scripts" / "tpukb" / "i18n" / "strings.yml"
    strings.parent.mkdir(parents=True)
    text = (ROOT / "scripts" / "tpukb" / "i18n" / "strings.yml").read_text(encoding="utf-8")
    strings.write_bytes(text.encode("cp1252", errors="replace") if which == "strings" else text.encode())
    return root


def test_unreadable_strings_file_is_one_finding(tmp_path):
    root = unreadable_config_project(tmp_path, "strings")
    result = subprocess.run([TPUKB, "check",
                             "--docs", str(root / "docs")], cwd=root, capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and re.match(r"^\S+strings\.yml:\d+: E1 not UTF-8: byte 0x", lines[0]), lines
