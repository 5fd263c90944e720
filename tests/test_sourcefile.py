"""What is computed once per version of a file (tpukb.sourcefile.per_file_version):
the same path, mtime and size give the cached answer; an edit is read again.
And how messages name a file (`shown`)."""

from __future__ import annotations

import os

import pytest

from tpukb.newarticle import is_draft
from tpukb.sourcefile import front_matter, per_file_version, shown


def test_once_per_version_of_the_file(tmp_path):
    calls = []

    @per_file_version
    def length(path):
        calls.append(path)
        return len(path.read_text(encoding="utf-8"))

    page = tmp_path / "page.md"
    page.write_text("one\n", encoding="utf-8")
    assert length(page) == length(str(page)) == 4
    assert calls == [page]
    page.write_text("three\n", encoding="utf-8")          # a new size
    assert length(page) == 6
    stat = page.stat()
    page.write_text("seven\n", encoding="utf-8")          # same size, a new mtime
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    assert length(page) == 6 and len(calls) == 3
    with pytest.raises(FileNotFoundError):
        length(tmp_path / "missing.md")


def test_front_matter_and_the_draft_flag_follow_an_edit(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("---\ntitle: A\ndraft: true\n---\n# A\n", encoding="utf-8")
    assert front_matter(page) == {"title": "A", "draft": True} and is_draft(page)
    page.write_text("---\ntitle: B\n---\n# B\n", encoding="utf-8")
    assert front_matter(page) == {"title": "B"} and not is_draft(page)
    assert not is_draft(tmp_path / "missing.md")


def test_a_file_is_shown_relative_to_its_folder_else_as_given(tmp_path):
    assert shown(tmp_path / "docs" / "en" / "x.md", tmp_path) == "docs/en/x.md"
    assert shown(tmp_path / "sub" / ".." / "y.md", tmp_path) == "y.md"
    assert shown("/elsewhere/z.md", tmp_path) == "/elsewhere/z.md"
