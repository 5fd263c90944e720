"""Check the knowledge base's citations and links; one line per finding.

`tpukb check [--docs DOCS_DIR] [--site SITE_DIR] [--online]` (tpukb.cli).

Each finding reads `path:line: RULE what is wrong; what to do`; the exit code
is 1 when there is any finding. The rules and the modules that check them are
listed in tpukb/citecheck/__init__.py (the one list); this module is the
command line only.

`--online` also runs the online URL check (tpukb.urlcheck) on the citation files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..sourcefile import NotUtf8
from . import ROOT, check_site, check_sources, load_project


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="docs folder (default: the project's)")
    parser.add_argument("--site", type=Path, help="also check this built site (R6, R10, R11)")
    parser.add_argument("--online", action="store_true",
                        help="also visit every cited URL (tpukb urls)")


def run(args: argparse.Namespace) -> int:
    try:
        project = load_project(args.docs)
    except NotUtf8 as error:  # mkdocs.yml or the interface strings
        print(error.finding_line())
        print("1 finding(s)", file=sys.stderr)
        return 1
    findings = check_sources(project)
    if args.site:
        findings += check_site(project, args.site)
    for finding in findings:
        print(finding)
    status = 1 if findings else 0
    if args.online:
        from .. import urlcheck
        status = max(status, urlcheck.check_all(args.docs))
    print(f"{len(findings)} finding(s)", file=sys.stderr)
    return status
