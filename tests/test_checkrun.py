"""The citation check beside a build (tpukb.checkrun), as the plugin and the
writer's preview run it: findings are warning lines, and a checker that
crashes (an exit other than 0 and 1, or a traceback's exit 1 with no finding)
is an error in both, never silence."""

from __future__ import annotations

import logging
import sys

import pytest

from tpukb import checkrun, search
from tpukb.plugin import TpukbPlugin
from tpukb.preview.session import Preview

FINDING = "docs/en/articles/x.md:3: R1 a claim without a citation; cite it"
TRACEBACK = "raise RuntimeError('checker boom')"


def fake_checker(monkeypatch, code: str) -> None:
    """`tpukb check` replaced by a Python program."""
    monkeypatch.setattr(checkrun, "command", lambda docs: [sys.executable, "-c", code])


def run(monkeypatch, tmp_path, code: str) -> checkrun.CheckResult:
    fake_checker(monkeypatch, code)
    return checkrun.result(checkrun.start(tmp_path / "docs", tmp_path))


def test_the_command_is_tpukb_check_of_the_docs_folder(tmp_path):
    assert checkrun.command(tmp_path / "docs") == [
        sys.executable, "-m", "tpukb", "check", "--docs", str(tmp_path / "docs")]


@pytest.mark.parametrize("code, findings", [
    ("pass", []),
    (f"import sys; print({FINDING!r}); print('  '); sys.exit(1)", [FINDING]),
])
def test_findings_are_the_lines_printed(monkeypatch, tmp_path, code, findings):
    assert run(monkeypatch, tmp_path, code) == checkrun.CheckResult(findings, None)


@pytest.mark.parametrize("code, exit_code, said", [
    ("import sys; sys.stderr.write('no such rule\\n'); sys.exit(3)", 3, "no such rule"),
    (TRACEBACK, 1, "RuntimeError: checker boom"),  # Python's exit on an uncaught exception
])
def test_a_crash_is_an_error_with_its_exit_code_and_stderr(monkeypatch, tmp_path, code, exit_code, said):
    result = run(monkeypatch, tmp_path, code)
    assert result.findings == []
    assert result.error.startswith(f"the citation check failed (exit {exit_code}):\n")
    assert said in result.error


def test_the_plugin_reports_a_crash_as_an_error(monkeypatch, tmp_path, caplog):
    fake_checker(monkeypatch, TRACEBACK)
    plugin = TpukbPlugin()
    plugin.citation_check = checkrun.start(tmp_path / "docs", tmp_path)
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.tpukb"):
        plugin._report_citation_check()
    assert [r.levelno for r in caplog.records] == [logging.ERROR]
    assert "the citation check failed (exit 1)" in caplog.text
    assert "RuntimeError: checker boom" in caplog.text
    assert plugin.citation_check is None


def preview_follow_up(monkeypatch, tmp_path, code: str) -> list[str]:
    """What the preview logs after a change (search and the check in the
    background), with the checker replaced and Pagefind left out."""
    fake_checker(monkeypatch, code)
    monkeypatch.setattr(search, "index_site", lambda site, exclude: None)
    said: list[str] = []
    preview = Preview(tmp_path / "mkdocs.yml", tmp_path / "site", tmp_path / "scratch",
                      log=said.append, log_info=said.append)
    preview.docs = tmp_path / "docs"
    preview._follow_up()
    preview._background.join(timeout=60)
    assert not preview._background.is_alive()
    assert said[-1].startswith("search and citation check up to date")
    return said[:-1]


def test_the_preview_reports_a_crash(monkeypatch, tmp_path):
    """Before tpukb.checkrun the preview printed the check's stdout only: a
    crashed checker said nothing."""
    said = preview_follow_up(monkeypatch, tmp_path, TRACEBACK)
    assert len(said) == 1 and said[0].startswith("preview: the citation check failed (exit 1):")
    assert "RuntimeError: checker boom" in said[0]


def test_the_preview_prints_findings(monkeypatch, tmp_path):
    said = preview_follow_up(monkeypatch, tmp_path, f"import sys; print({FINDING!r}); sys.exit(1)")
    assert said == [FINDING]
