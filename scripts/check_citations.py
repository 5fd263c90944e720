#!/usr/bin/env python3
"""Check citations and links; one `file:line: RULE what; fix` line per finding.

The command line of tpukb.citecheck (see `--help`); run from the project root:
    .venv/bin/python scripts/check_citations.py [--docs DOCS] [--site SITE] [--online]
"""
import sys

from tpukb.citecheck.cli import main

sys.exit(main())
