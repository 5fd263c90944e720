"""The citation check beside a build: `tpukb check --docs DOCS` (the source
rules of tpukb.citecheck) in a process of its own, started by the plugin with
each build and by the writer's preview after each change, and its result
read the same way for both: the findings, one warning line each, and an
error when the checker crashed instead of checking.

`tpukb check` exits 0 (no finding) or 1 (findings, one line each on
stdout). Any other exit is a crash; so is exit 1 with no finding printed,
which is how Python ends on an uncaught exception (its traceback on stderr).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CheckResult:
    findings: list[str]   # one `file:line: RULE ...` line each
    error: str | None     # the checker crashed: its exit code and stderr


def command(docs: Path) -> list[str]:
    return [sys.executable, "-m", "tpukb", "check", "--docs", str(docs)]


def start(docs: Path, cwd: Path) -> subprocess.Popen:
    """The check of the docs folder `docs`, running (read it with `result`)."""
    return subprocess.Popen(command(docs), cwd=cwd, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def result(check: subprocess.Popen) -> CheckResult:
    """Wait for a started check; its findings and whether it crashed."""
    out, err = check.communicate()
    findings = [line for line in out.splitlines() if line.strip()]
    error = None
    if check.returncode not in (0, 1) or (check.returncode == 1 and not findings):
        error = f"the citation check failed (exit {check.returncode}):\n{err.strip()}"
    return CheckResult(findings, error)
