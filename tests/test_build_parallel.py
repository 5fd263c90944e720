"""`mkdocs build` on two cores (tpukb.plugin, tpukb.parallel):
the site is the same, byte for byte, as a one-process build, and a failure
in the second process fails the build with its message."""

from __future__ import annotations

import filecmp
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, SITE_LANGUAGES, build_problems, mkdocs_build
from tpukb import parallel

SECOND = "a second process"  # what the plugin logs when it splits the build


def files(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    builds = {}
    for jobs in ("1", "2"):
        out = tmp_path_factory.mktemp(f"site-jobs-{jobs}")
        result = mkdocs_build(ROOT, out, TPUKB_BUILD_JOBS=jobs)
        problems = build_problems(result)
        assert result.returncode == 0 and not problems, "\n".join(problems or [result.stderr[-2000:]])
        builds[jobs] = (out, result)
    return builds


def test_the_build_is_split_only_when_asked(both):
    ours, theirs = parallel.split(list(SITE_LANGUAGES.codes), SITE_LANGUAGES.default)
    assert ours[0] == SITE_LANGUAGES.default and theirs, (ours, theirs)
    assert SECOND not in both["1"][1].stderr
    assert f"building {', '.join(theirs)} in {SECOND}" in both["2"][1].stderr


def test_two_processes_build_the_same_site_as_one(both):
    one, two = files(both["1"][0]), files(both["2"][0])
    assert sorted(one) == sorted(two), (sorted(set(one) ^ set(two)))[:20]
    differ = [name for name in one if not filecmp.cmp(one[name], two[name], shallow=False)]
    assert not differ, f"{len(differ)} files differ, e.g. {differ[:10]}"


def test_no_part_folder_is_left_beside_the_site(both):
    for site, _ in both.values():
        assert not list(site.parent.glob(f".{site.name}.part-*"))


def test_a_failure_in_the_second_process_fails_the_build_with_its_message(tmp_path):
    project = tmp_path / "project"
    for name in ("docs", "overrides", "scripts/tpukb/i18n"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy2(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    _, theirs = parallel.split(list(SITE_LANGUAGES.codes), SITE_LANGUAGES.default)
    lang = theirs[-1]
    page = project / "docs" / lang / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n[x](no-such-page.md)\n", encoding="utf-8")
    site = tmp_path / "site"
    result = mkdocs_build(project, site, TPUKB_BUILD_JOBS="2")
    assert result.returncode != 0
    problems = build_problems(result)
    assert any(line.startswith("WARNING") and f"{lang}/index.md" in line and "no-such-page.md" in line
               for line in problems), result.stderr[-3000:]
    assert any("Aborted" in line for line in problems)
    assert not list(tmp_path.glob(".site.part-*"))


def test_a_bad_job_count_is_named(tmp_path):
    result = mkdocs_build(ROOT, tmp_path / "site", TPUKB_BUILD_JOBS="two")
    assert result.returncode != 0
    assert "TPUKB_BUILD_JOBS='two'" in result.stderr
