"""The seeds as fixtures: every defect FACTS.md lists is caught, by name.

tests/fixtures/seeds/docs holds the three seed pages (/work/shared/seeds) in
the project's article format with every defect kept; tests/fixtures/clean/docs
holds a small article in all four languages that must produce no finding.

Defects FACTS.md lists that no offline check can see (each fixture says so in
a comment): 000 [1] moved to apache/mxnet, 002 [1] moved to docs.jax.dev and
[7] to jax-ml/jax (redirects: tpukb urls reports the final
URL); 001 [2] has a corrupted slug but is a well-formed URL (the online check
sees the 404); 002 [4] is a legacy page; 000 [3], 002 [3] and 001 [6] are
questions of content or of the better source, not of form.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import tpukb.citecheck as cc
from conftest import ROOT, TPUKB

FIXTURES = ROOT / "tests" / "fixtures"
SEEDS = FIXTURES / "seeds"
CLEAN = FIXTURES / "clean"

S000 = "docs/citations/seed-000-pytorch-mxnet.md"
S001 = "docs/citations/seed-001-tpu-limitations.md"
S002 = "docs/citations/seed-002-jax-tensorflow-memory.md"
A000 = "docs/fi/articles/seed-000-pytorch-mxnet.md"
A001 = "docs/it/articles/seed-001-tpu-limitations.md"
A002 = "docs/ar/articles/seed-002-jax-tensorflow-memory.md"

# Each defect of "The seeds' reference lists, audited" (FACTS.md):
# (defect, file, text on the reported line, rule, words the message must contain)
LISTED_DEFECTS = [
    ("000: [5] is missing", S000, "[^6]:", "R1", "[^5] missing"),
    ("000: [8] is missing", S000, "[^9.", "R1", "[^8] missing"),
    ('000: [9] is cut off ("[9.")', S000, "[^9.", "R1", "cut off"),
    ("000: only [1] and [3] are cited: [2] is not", S000, "[^2]:", "R3", "[^2] is never cited"),
    ("000: only [1] and [3] are cited: [4] is not", S000, "[^4]:", "R3", "[^4] is never cited"),
    ("000: only [1] and [3] are cited: [6] is not", S000, "[^6]:", "R3", "[^6] is never cited"),
    ("000: only [1] and [3] are cited: [7] is not", S000, "[^7]:", "R3", "[^7] is never cited"),
    ("000: only [1] and [3] are cited: [9] is not", S000, "[^9.", "R3", "[^9] is never cited"),
    ("001: [4] contains spaces", S001, "[^4]:", "R5", "whitespace"),
    ("001: [4] is never cited", S001, "[^4]:", "R3", "[^4] is never cited"),
    ("001: [6] is never cited", S001, "[^6]:", "R3", "[^6] is never cited"),
    ("001: [7] is never cited", S001, "[^7]:", "R3", "[^7] is never cited"),
    ("002: [8] is the neterra URL broken differently (a space)", S002, "[^8]:", "R5", "whitespace"),
    ("002: [10] has an Arabic question mark for '?'", S002, "[^10]:", "R5",
     "U+061F ARABIC QUESTION MARK"),
    ("002: [2] is never cited", S002, "[^2]:", "R3", "[^2] is never cited"),
    ("002: [4] is never cited", S002, "[^4]:", "R3", "[^4] is never cited"),
    ("002: [6] is never cited", S002, "[^6]:", "R3", "[^6] is never cited"),
    ("002: [7] is never cited", S002, "[^7]:", "R3", "[^7] is never cited"),
    ("002: [9] is never cited", S002, "[^9]:", "R3", "[^9] is never cited"),
]

# Real defects of the seeds that FACTS.md does not list, also reported.
OTHER_DEFECTS = [
    ("000: the '.' left where [5] was", S000, "[^4]:", 1, "R1", "not a reference entry"),
    ("000: the '.' left where [8] was", S000, "[^7]:", 1, "R1", "not a reference entry"),
    ("001: [3] is first cited after [8]", A001, "[^3][^5]", 0, "R4", "[^3] is first cited after [^8]"),
    ("001: [5] is first cited after [8]", A001, "[^3][^5]", 0, "R4", "[^5] is first cited after [^8]"),
    ("002: [3] is first cited after [5]", A002, "[^3]", 0, "R4", "[^3] is first cited after [^5]"),
    ("002: [8] is first cited after [10]", A002, "[^8]", 0, "R4", "[^8] is first cited after [^10]"),
    ("000: exists in Finnish only (no it)", A000, "---", 0, "R7", "no it version"),
    ("000: exists in Finnish only (no ar)", A000, "---", 0, "R7", "no ar version"),
    ("001: exists in Italian only (no fi)", A001, "---", 0, "R7", "no fi version"),
    ("001: exists in Italian only (no ar)", A001, "---", 0, "R7", "no ar version"),
    ("002: exists in Arabic only (no fi)", A002, "---", 0, "R7", "no fi version"),
    ("002: exists in Arabic only (no it)", A002, "---", 0, "R7", "no it version"),
]


def undated_entries() -> list[tuple[str, int, str, str]]:
    """D1: no entry of the seeds' reference lists says when its source was checked."""
    from tpukb.citecheck.entries import ENTRY
    return [(rel, number, "D1", "has no check date") for rel in (S000, S001, S002)
            for number, line in enumerate((SEEDS / rel).read_text(encoding="utf-8").splitlines(), 1)
            if ENTRY.match(line)]


def line_with(rel: str, text: str) -> int:
    """The first line of a fixture file that contains `text`."""
    lines = (SEEDS / rel).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


@pytest.fixture(scope="module")
def seed_findings() -> list[cc.Finding]:
    return cc.check_sources(cc.load_project(SEEDS / "docs", root=SEEDS))


def matching(findings, rel, line, rule, words):
    return [f for f in findings if (f.file, f.line, f.rule) == (rel, line, rule) and words in f.message]


@pytest.mark.parametrize("defect, rel, text, rule, words", LISTED_DEFECTS,
                         ids=[d[0] for d in LISTED_DEFECTS])
def test_each_listed_seed_defect_is_reported(seed_findings, defect, rel, text, rule, words):
    line = line_with(rel, text)
    assert matching(seed_findings, rel, line, rule, words), (
        f"{defect}: expected {rel}:{line}: {rule} ...{words}...; got:\n"
        + "\n".join(str(f) for f in seed_findings if f.file == rel))


def expected_other(rel, text, offset, rule, words):
    return rel, line_with(rel, text) + offset, rule, words


def test_nothing_else_is_reported(seed_findings):
    """Every finding on the seeds is a listed defect or one of the other real defects."""
    expected = [(rel, line_with(rel, text), rule, words) for _, rel, text, rule, words in LISTED_DEFECTS]
    expected += [expected_other(rel, text, offset, rule, words)
                 for _, rel, text, offset, rule, words in OTHER_DEFECTS]
    expected += undated_entries()
    unexplained = [f for f in seed_findings
                   if not any(matching([f], *key) for key in expected)]
    assert not unexplained, "\n".join(map(str, unexplained))
    assert len(seed_findings) == len(expected)


def test_the_clean_fixture_has_no_finding():
    findings = cc.check_sources(cc.load_project(CLEAN / "docs", root=CLEAN))
    assert not findings, "\n".join(map(str, findings))


def run_checker(docs: Path) -> subprocess.CompletedProcess:
    return subprocess.run([TPUKB, "check",
                           "--docs", str(docs)], cwd=docs.parent, capture_output=True, text=True)


def test_command_line_fails_on_the_seeds_with_file_line_and_rule():
    result = run_checker(SEEDS / "docs")
    assert result.returncode == 1
    line = line_with(S002, "[^10]:")
    assert f"{S002}:{line}: R5 entry [^10]: URL contains U+061F ARABIC QUESTION MARK" in result.stdout


def test_command_line_passes_on_the_clean_fixture():
    result = run_checker(CLEAN / "docs")
    assert result.returncode == 0 and result.stdout == "", result.stdout
