#!/usr/bin/env python3
"""Serve a built site on 127.0.0.1 with a 404 page per language (tpukb.serve).

    .venv/bin/python scripts/serve_site.py [--port 8000] SITE_DIR
"""
from tpukb.serve import main

main()
