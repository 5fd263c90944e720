#!/usr/bin/env python3
"""Opt-in, needs the network: visit every cited URL once (tpukb.urlcheck; see `--help`).

    .venv/bin/python scripts/check_urls_online.py [--max-age 7] [--timeout 10]
"""
import sys

from tpukb.urlcheck import main

sys.exit(main())
