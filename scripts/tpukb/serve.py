"""Serve a built site on 127.0.0.1 with a language-aware 404 page.

Usage: `tpukb serve [--port 8000] [--host 127.0.0.1] SITE_DIR` (tpukb.cli).

A missing path under /fi/, /it/ or /ar/ (any language folder that has its own
404.html) gets that language's 404 page with status 404; any other missing
path gets the root 404.html. This is the reference server configuration for
the quick preview; the production configuration (nginx, static hosts) comes from
tpukb.hosting.
"""

from __future__ import annotations

import argparse
import functools
import http.server
from pathlib import Path


def not_found_page(site: Path, url_path: str) -> Path:
    """Return the 404 page that matches the language prefix of url_path."""
    first = url_path.lstrip("/").split("/", 1)[0]
    if first and (site / first / "404.html").is_file():
        return site / first / "404.html"
    return site / "404.html"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    site: Path

    def send_error(self, code, message=None, explain=None):
        if code != 404:
            return super().send_error(code, message, explain)
        page = not_found_page(self.site, self.path.split("?", 1)[0])
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format, *args):  # keep test output quiet
        if getattr(self.server, "verbose", True):
            super().log_message(format, *args)


def make_server(site: Path, host: str = "127.0.0.1", port: int = 8000, verbose=True):
    site = site.resolve()
    if not (site / "index.html").is_file():
        raise SystemExit(f"serve_site: {site} has no index.html; build the site first")
    handler = functools.partial(type("H", (SiteHandler,), {"site": site}), directory=str(site))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.verbose = verbose
    return server


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("site", type=Path, help="the built site folder (site/)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (8000; 0 = a free one)")


def run(args: argparse.Namespace) -> int:
    server = make_server(args.site, args.host, args.port)
    print(f"Serving {args.site} on http://{args.host}:{server.server_port}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
