"""Fail the strict build on citation defects in the Markdown sources.

Runs the source checks of tpukb.citecheck (the rules its docstring lists)
once per build and logs each finding as a WARNING naming file:line and rule, so
`mkdocs build --strict` aborts. The check runs in its own process (the
command line `python -m tpukb.citecheck.cli`), started before the first
page is built, so that it uses a core the page builds leave free; its
findings are logged once this process's languages are built, or as soon as
the build fails for another reason (they may explain it). The i18n plugin
rebuilds the site once per language with the same config object: the check
runs for the first of those builds only, and not at all in the second
process of a split build (tpukb.parallel).
"""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

from mkdocs.plugins import event_priority

from tpukb import parallel

log = logging.getLogger("mkdocs.plugins.citation_guard")

_checked_config = None  # the config of the build already checked
_check: subprocess.Popen | None = None


def on_pre_build(config):
    global _checked_config, _check
    if config is _checked_config or parallel.is_part():  # the main process checks all
        return
    _checked_config = config
    root = Path(config.config_file_path).resolve().parent
    _check = subprocess.Popen(
        [sys.executable, "-m", "tpukb.citecheck.cli", "--docs", str(Path(config.docs_dir))],
        cwd=root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)


def _report() -> None:
    global _check
    if _check is None:
        return
    check, _check = _check, None
    out, err = check.communicate()
    for line in out.splitlines():
        if line.strip():
            log.warning(line)
    if check.returncode not in (0, 1):
        log.error(f"the citation check failed (exit {check.returncode}):\n{err.strip()}")


@event_priority(-101)  # after the i18n plugin (-100) has built this process's languages
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n is None or not i18n.building:
        _report()


def on_build_error(error):
    _report()
