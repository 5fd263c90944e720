"""Serve a built site with nginx and the production configuration, in the
foreground on 127.0.0.1 until Ctrl+C (tpukb.hosting). `scripts/serve --nginx`
builds the site first.

Usage: .venv/bin/python scripts/serve_nginx.py [--port 8000] SITE
"""

from tpukb.hosting.cli import serve_main

raise SystemExit(serve_main())
