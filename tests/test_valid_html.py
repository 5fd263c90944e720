"""Every built page, in every language, is valid HTML for the W3C Nu checker.

The checker is npm's `vnu-jar` (tests/e2e/package-lock.json, installed by
scripts/test), run offline with the machine's Java over the whole site,
404 pages included. Material's own template errors are repaired at build
time (tpukb.validhtml).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

VNU = Path(__file__).resolve().parent / "e2e" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def nu_errors(site: Path) -> list[str]:
    java = shutil.which("java")
    if java is None or not VNU.is_file():
        pytest.fail(f"the Nu checker needs Java and {VNU}: run scripts/test, which installs both")
    result = subprocess.run([java, "-jar", str(VNU), "--errors-only", "--skip-non-html",
                             "--format", "json", str(site)], capture_output=True, text=True)
    messages = json.loads(result.stderr or result.stdout or '{"messages": []}')["messages"]
    return [f"{m.get('url', '?').split(str(site), 1)[-1]}:{m.get('lastLine', '?')}: {m['message']}"
            for m in messages if m.get("type") == "error"]


def test_the_nu_checker_finds_no_error_on_any_page(site):
    pages = list(site.rglob("*.html"))
    assert len(pages) > 40, len(pages)
    errors = nu_errors(site)
    assert not errors, f"{len(errors)} errors, first ones:\n" + "\n".join(errors[:15])


def test_the_nu_checker_reports_a_broken_page(tmp_path):
    """The check above can fail: a page with Material's unrepaired toggles."""
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="en"><title>t</title>'
        '<input class="md-toggle" type="checkbox" id="__drawer" autocomplete="off">'
        '<label tabindex="">x</label></html>', encoding="utf-8")
    errors = nu_errors(tmp_path)
    assert any("autocomplete" in e for e in errors) and any("tabindex" in e for e in errors), errors
