"""Fail the strict build on citation defects in the Markdown sources.

Runs the source checks of tpukb.citecheck (F1, R1-R9, S1-S4) once per build
and logs each finding as a WARNING naming file:line and rule, so
`mkdocs build --strict` aborts. The i18n plugin rebuilds the site once per
language with the same config object; the check runs only for the first of
those builds, so a finding is reported once, not once per language.
"""

from __future__ import annotations

import logging
from pathlib import Path

from tpukb import parallel
from tpukb.citecheck import check_sources, load_project

log = logging.getLogger("mkdocs.plugins.citation_guard")

_checked_config = None  # the config of the build already checked


def on_pre_build(config):
    global _checked_config
    if config is _checked_config or parallel.is_part():  # the main process checks all
        return
    _checked_config = config
    root = Path(config.config_file_path).resolve().parent
    project = load_project(Path(config.docs_dir), root=root)
    for finding in check_sources(project):
        log.warning(str(finding))
