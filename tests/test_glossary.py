"""Rule G1: each translated language keeps the terms its glossary settles.

The glossaries (scripts/tpukb/i18n/glossary/<lang>.yml) are what the next
translator reads; the checker reports an avoided term at its file and line,
and the strict build fails on it like on any other source finding.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import tpukb.citecheck as cc
from conftest import DOCS, ROOT
from tpukb.languages import STRINGS_PATH


def small_project(root: Path, glossary: str, page: str) -> cc.Project:
    """A docs folder with one Finnish page and a Finnish glossary."""
    (root / "docs" / "fi").mkdir(parents=True)
    (root / "docs" / "fi" / "index.md").write_text(page, encoding="utf-8")
    strings = root / STRINGS_PATH
    strings.parent.mkdir(parents=True)
    shutil.copy2(ROOT / STRINGS_PATH, strings)
    (strings.parent / "glossary").mkdir()
    (strings.parent / "glossary" / "fi.yml").write_text(glossary, encoding="utf-8")
    return cc.Project(root / "docs", ("fi",), "fi", root=root)


GLOSSARY = """\
- concept: serving
  use: päättelypalvelu (serving)
  avoid: [tarjoilu]
"""


def g1(findings):
    return [str(f) for f in findings if f.rule == "G1"]


def test_an_avoided_term_is_reported_at_its_line_in_any_inflection(tmp_path):
    page = "---\ndescription: Mallien tarjoilu.\n---\n\n# Otsikko\n\nEnnen\nTarjoilun aikana.\n"
    project = small_project(tmp_path, GLOSSARY, page)
    found = g1(cc.check_sources(project))
    assert found == [
        "docs/fi/index.md:2: G1 'tarjoilu' is a term the fi glossary avoids (serving); "
        f"use 'päättelypalvelu (serving)' ({STRINGS_PATH.parent.as_posix()}/glossary/fi.yml)",
        "docs/fi/index.md:8: G1 'Tarjoilu' is a term the fi glossary avoids (serving); "
        f"use 'päättelypalvelu (serving)' ({STRINGS_PATH.parent.as_posix()}/glossary/fi.yml)",
    ]


def test_code_and_other_words_are_not_reported(tmp_path):
    page = "# Otsikko\n\nKäytä `tarjoilu()`-funktiota ja sanaa esitarjoilu.\n"
    project = small_project(tmp_path, GLOSSARY, page)
    assert g1(cc.check_sources(project)) == []


@pytest.mark.parametrize("glossary", ["- concept: serving\n", "{not: [a list"])
def test_a_malformed_glossary_is_reported(tmp_path, glossary):
    project = small_project(tmp_path, glossary, "# Otsikko\n")
    assert [f.split(": G1")[0] for f in g1(cc.check_sources(project))] == [
        f"{STRINGS_PATH.parent.as_posix()}/glossary/fi.yml:1"]


def test_a_tab_after_a_colon_is_invalid_yaml(tmp_path):
    """PyYAML's Python loader rejects it (the C loader would read it): a G1 finding."""
    glossary = "- concept: serving\n  use:\tpäättelypalvelu\n  avoid: [tarjoilu]\n"
    project = small_project(tmp_path, glossary, "# Otsikko\n\nTeksti.\n")
    found = g1(cc.check_sources(project))
    assert len(found) == 1 and "not valid YAML" in found[0] and "fi.yml:2:" in found[0], found
