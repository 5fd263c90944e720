"""Fail the strict build on citation defects in the Markdown sources.

Runs the source checks of scripts/check_citations.py (F1, R1-R9, S1-S4) once
per build and logs each finding as a WARNING naming file:line and rule, so
`mkdocs build --strict` aborts. The i18n plugin rebuilds the site once per
language with the same config object; the check runs only for the first of
those builds, so a finding is reported once, not once per language.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"

log = logging.getLogger("mkdocs.plugins.citation_guard")

_checked_config = None  # the config of the build already checked


def load_checker():
    if not (SCRIPTS / "check_citations.py").is_file():
        raise PluginError(f"{__file__}: citation_guard: {SCRIPTS / 'check_citations.py'} not found "
                          "(a copy of the project needs scripts/ beside overrides/)")
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    import check_citations
    return check_citations


def on_pre_build(config):
    global _checked_config
    if config is _checked_config:
        return
    _checked_config = config
    checker = load_checker()
    root = Path(config.config_file_path).resolve().parent
    project = checker.load_project(Path(config.docs_dir), root=root)
    for finding in checker.check_sources(project):
        log.warning(str(finding))
