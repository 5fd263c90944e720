"""tpukb renumber: a source added at the end of a citation file
and cited early ends up numbered in first-citation order, in the citation
file and in every language, and the checker then finds nothing."""

from __future__ import annotations

import shutil
import subprocess

import tpukb.citecheck as cc
from conftest import ROOT, TPUKB

CLEAN = ROOT / "tests" / "fixtures" / "clean"
SLUG = "gpu-memory-defaults"
NEW = "[^4]: Example. *A new source*. <https://example.org/new>. Retrieved 2026-11-20."


def test_a_source_added_at_the_end_is_renumbered_everywhere(tmp_path):
    root = tmp_path / "kb"
    shutil.copytree(CLEAN, root)
    docs = root / "docs"
    citations = docs / "citations" / f"{SLUG}.md"
    citations.write_text(citations.read_text(encoding="utf-8") + NEW + "\n", encoding="utf-8")
    langs = sorted(p.parent.parent.name for p in docs.glob(f"*/articles/{SLUG}.md"))
    for lang in langs:
        path = docs / lang / "articles" / f"{SLUG}.md"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("[^1]", "[^4][^1]", 1), encoding="utf-8")
    before = cc.check_sources(cc.load_project(docs, root=root))
    assert {f.rule for f in before} == {"R4"}, before  # out of order until renumbered

    result = subprocess.run([TPUKB, "renumber", SLUG,
                             "--docs", str(docs)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[^4] -> [^1], [^1] -> [^2], [^2] -> [^3], [^3] -> [^4]"
    assert cc.check_sources(cc.load_project(docs, root=root)) == []
    lines = citations.read_text(encoding="utf-8").splitlines()
    assert lines[0] == NEW.replace("[^4]", "[^1]")
    for lang in langs:
        text = (docs / lang / "articles" / f"{SLUG}.md").read_text(encoding="utf-8")
        assert "[^1][^2]" in text and "[^4][^2]" in text, lang  # "[^3][^1]" became "[^4][^2]"
        assert "[1] here is code" in text or lang != "en"  # code is left alone
