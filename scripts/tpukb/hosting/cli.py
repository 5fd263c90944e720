"""The hosting commands: print the nginx configuration of a built site
(`tpukb nginx-conf`), or serve it with nginx in the foreground until Ctrl+C
(`tpukb serve-nginx`, which `scripts/serve --nginx` runs after the build).
"""

from __future__ import annotations

import argparse
import signal
import sys
import tempfile
from pathlib import Path

from tpukb import languages

from . import nginx
from .precompress import precompress
from .publish import published_rules
from .rules import HostingError


def _site_rules(site: Path, project: Path):
    return published_rules(site, languages.load(project))


def add_nginx_conf_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("site", type=Path, help="the built site folder (site/)")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (8000)")
    parser.add_argument("--listen", help="listen address instead of 127.0.0.1:PORT, e.g. 80")
    parser.add_argument("--server-name", default="localhost")
    parser.add_argument("--user", help="account of nginx's workers when started as root "
                        "(www-data)")
    parser.add_argument("--runtime", type=Path,
                        help="folder for pid, logs and temp files (default: SITE/../.nginx)")
    parser.add_argument("--project", type=Path, default=languages.ROOT,
                        help="project folder holding mkdocs.yml (this project)")
    parser.add_argument("-o", "--output", type=Path, help="write to this file instead of stdout")
    parser.add_argument("--no-precompress", action="store_true",
                        help="do not write the .gz/.br copies nginx serves (gzip_static, brotli_static)")


def nginx_conf(args: argparse.Namespace) -> int:
    try:
        rules = _site_rules(args.site, args.project)
        if not args.no_precompress:
            precompress(args.site)
        text = nginx.config(args.site, rules,
                            listen=args.listen or f"127.0.0.1:{args.port}",
                            runtime=args.runtime, server_name=args.server_name,
                            user=args.user)
    except HostingError as error:
        print(f"tpukb nginx-conf: {error}", file=sys.stderr)
        return 1
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("site", type=Path, help="the built site folder (site/)")
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (8000)")
    parser.add_argument("--project", type=Path, default=languages.ROOT,
                        help="project folder holding mkdocs.yml (this project)")


def serve(args: argparse.Namespace) -> int:
    # Ctrl+C and a plain kill both stop nginx gracefully (even when this runs
    # as a background job, whose SIGINT the shell ignores)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        rules = _site_rules(args.site, args.project)
        with tempfile.TemporaryDirectory(prefix="tpukb-nginx-") as runtime:
            server = nginx.NginxServer(args.site, rules, Path(runtime), port=args.port)
            with server:
                print(f"Serving {args.site} with nginx on {server.url}/ "
                      f"(configuration: {server.conf_path}; Ctrl+C to stop)", flush=True)
                try:
                    server.process.wait()
                except KeyboardInterrupt:
                    print("\nStopping nginx", flush=True)
            if server.process.returncode not in (0, None, -signal.SIGQUIT):
                print(f"nginx exited with {server.process.returncode}", file=sys.stderr)
                return 1
    except HostingError as error:
        print(f"tpukb serve-nginx: {error}", file=sys.stderr)
        return 1
    return 0
