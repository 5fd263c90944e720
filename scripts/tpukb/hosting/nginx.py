"""nginx, the production server: its configuration and a foreground runner.

Owns translating `SiteRules` into one complete nginx configuration (Debian's
nginx 1.22+): headers on every response (`add_header ... always`, repeated in
each location because nginx drops inherited add_header lines where a location
adds its own), cache policy by path class, the per-language not-found pages
and `/fi` -> `/fi/`, gzip always and brotli when Debian's module is installed
(`load_module`), no directory listing, MIME types from the rules. Every
runtime path (pid, logs, temp folders) lives in one runtime folder, so an
unprivileged user can run it on 127.0.0.1 (tests, `scripts/serve --nginx`,
the benchmark). `NginxServer` starts it in the foreground and stops it.
"""

from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from .precompress import is_copy, precompress
from .rules import (CACHE_POLICIES, COMPRESSIBLE, FINGERPRINTED, HOST_FILES, MIME_TYPES, ASSETS,
                    HostingError, SiteRules, mime_type)

MODULES = Path("/usr/lib/nginx/modules")
BROTLI_MODULES = (MODULES / "ngx_http_brotli_filter_module.so",
                  MODULES / "ngx_http_brotli_static_module.so")
# Files are precompressed at the highest levels (tpukb.hosting.precompress);
# this level is for what is compressed per response (a file too small to
# precompress, or a copy missing): most of the gain, little CPU.
COMPRESSION_LEVEL = 5
NGINX_CANDIDATES = ("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")


def find_nginx() -> str:
    found = shutil.which("nginx") or next((p for p in NGINX_CANDIDATES if os.access(p, os.X_OK)), None)
    if not found:
        raise HostingError("nginx is not installed: run scripts/install-nginx as root "
                           "(apt-get install nginx libnginx-mod-http-brotli-filter), or install "
                           "Debian's nginx package yourself")
    return found


def brotli_available() -> bool:
    return all(module.is_file() for module in BROTLI_MODULES)


def _quote(value: str) -> str:
    if any(c in value for c in '"\\$\n'):
        raise HostingError(f"nginx: header value {value!r} holds a character nginx would "
                           f"interpret (\", \\, $ or a line break)")
    return f'"{value}"'


def _headers(headers: dict[str, str], indent: str) -> list[str]:
    return [f"{indent}add_header {name} {_quote(value)} always;" for name, value in headers.items()]


def check_types(site: Path) -> None:
    """Every file the site serves has a MIME type in the rules."""
    for path in sorted(Path(site).rglob("*")):
        if path.is_file() and path.name not in HOST_FILES and not is_copy(path):
            mime_type(path)


def server_block(site: Path, rules: SiteRules, listen: str, server_name: str) -> list[str]:
    site = Path(site).resolve()
    common = rules.common_headers
    langs = rules.language_rules
    out = [
        "server {",
        f"    listen {listen};",
        f"    server_name {server_name};",
        f"    root {site};",
        "    index index.html;",
        "    autoindex off;           # no directory listing",
        "    absolute_redirect off;   # Location: /fi/, not http://host:port/fi/",
        "    etag on;                 # validators for revalidated files (and Last-Modified)",
        f"    error_page 403 404 =404 {langs[0].not_found};",
        "",
        "    # configuration for the static hosts, never content",
    ]
    out += [f"    location = /{name} {{ internal; }}" for name in HOST_FILES]
    for source, target, status in rules.redirects:
        out += ["", f"    location = {source} {{"] + _headers(common, " " * 8) + [
            f"        return {status} {target};", "    }"]
    for rule in langs:
        out += ["", f"    # {rule.code}: {rule.location}", f"    location {rule.location} {{"]
        out += _headers(rules.headers(rule.location), " " * 8)
        out += [f"        error_page 403 404 =404 {rule.not_found};", "    }"]
    assets = "/" + ASSETS
    out += ["", f"    # shared assets: unfingerprinted ones short-cached, fingerprinted ones immutable",
            f"    location {assets} {{"]
    out += _headers({**common, "Cache-Control": CACHE_POLICIES["asset"]}, " " * 8)
    out += [f"        location ~ \"{FINGERPRINTED}\" {{"]
    out += _headers({**common, "Cache-Control": CACHE_POLICIES["immutable"]}, " " * 12)
    out += ["        }", "    }", "}"]
    return out


def config(site: Path, rules: SiteRules, *, listen: str = "127.0.0.1:8000",
           runtime: Path | None = None, server_name: str = "localhost",
           workers: str = "auto", brotli: bool | None = None, user: str | None = None) -> str:
    """A complete nginx.conf serving the built site by the rules, in the foreground.

    `user`: the account of the worker processes when the master runs as root
    (default: www-data, as Debian's own configuration; the local runner passes
    the current user, who can read a site in a private folder)."""
    site = Path(site)
    check_types(site)
    brotli = brotli_available() if brotli is None else brotli
    runtime = Path(runtime or site.resolve().parent / ".nginx").resolve()
    compressible = " ".join(COMPRESSIBLE)
    out = ["# nginx configuration of the built site, generated by tpukb.hosting.nginx from",
           "# scripts/tpukb/hosting/rules.py and the site's _headers (CSP hashes); do not edit."]
    if brotli:
        out += [f"load_module {module};" for module in BROTLI_MODULES]
    if os.geteuid() == 0:
        # the directive only means something to a master running as root
        out.append(f"user {user or 'www-data'};")
    out += [
        f"worker_processes {workers};",
        "daemon off;",
        f"pid {runtime / 'nginx.pid'};",
        f"error_log {runtime / 'error.log'} warn;",
        "events { worker_connections 1024; }",
        "",
        "http {",
        "    types {",
    ]
    out += [f"        {mime} {ext};" for ext, mime in MIME_TYPES.items()]
    out += [
        "    }",
        "    default_type application/octet-stream;",
        f"    access_log {runtime / 'access.log'};",
    ]
    out += [f"    {kind}_temp_path {runtime / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")]
    out += [
        "    sendfile on;",
        "    tcp_nopush on;",
        "    keepalive_timeout 65;",
        "    server_tokens off;",
        "    charset utf-8;",
        f"    charset_types {compressible};  # and text/html, always",
        "",
        "    # precompressed copies (x.js.gz, x.js.br) first, else compressed per response",
        "    gzip_static on;",
        "    gzip on;",
        "    gzip_vary on;",
        f"    gzip_comp_level {COMPRESSION_LEVEL};",
        "    gzip_min_length 256;",
        "    gzip_proxied any;",
        f"    gzip_types {compressible};",
    ]
    if brotli:
        out += [
            "    brotli_static on;",
            "    brotli on;",
            f"    brotli_comp_level {COMPRESSION_LEVEL};",
            "    brotli_min_length 256;",
            f"    brotli_types {compressible};",
        ]
    out.append("")
    out += ["    " + line if line else "" for line in
            server_block(site, rules, listen, server_name)]
    out.append("}")
    return "\n".join(out) + "\n"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class NginxServer:
    """nginx serving a built site on 127.0.0.1:port, in the foreground of this process."""

    def __init__(self, site: Path, rules: SiteRules, runtime: Path, port: int = 0,
                 workers: str = "auto", brotli: bool | None = None, compress: bool = True):
        self.site, self.rules, self.runtime = Path(site), rules, Path(runtime)
        self.port = port or free_port()
        self.workers, self.brotli, self.compress = workers, brotli, compress
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def conf_path(self) -> Path:
        return self.runtime / "nginx.conf"

    def start(self, timeout: float = 10.0) -> "NginxServer":
        nginx = find_nginx()
        self.runtime.mkdir(parents=True, exist_ok=True)
        if self.compress:
            precompress(self.site)
        self.conf_path.write_text(config(
            self.site, self.rules, listen=f"127.0.0.1:{self.port}", runtime=self.runtime,
            workers=self.workers, brotli=self.brotli,
            user=pwd.getpwuid(os.geteuid()).pw_name), encoding="utf-8")
        log = self.runtime / "error.log"
        test = subprocess.run([nginx, "-t", "-q", "-p", str(self.runtime), "-e", str(log),
                               "-c", str(self.conf_path)], capture_output=True, text=True)
        if test.returncode != 0:
            raise HostingError(f"{self.conf_path}: nginx rejects the configuration:\n"
                               f"{test.stderr.strip()}")
        # its own session: a Ctrl+C reaches this process, which then stops nginx
        self.process = subprocess.Popen(
            [nginx, "-p", str(self.runtime), "-e", str(log), "-c", str(self.conf_path)],
            stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise HostingError(f"nginx exited with {self.process.returncode}; "
                                   f"see {log}:\n{log.read_text(errors='replace')[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise HostingError(f"nginx did not listen on 127.0.0.1:{self.port} within {timeout} s")

    def stop(self, timeout: float = 10.0) -> None:
        """Graceful shutdown (SIGQUIT), then SIGKILL of its process group if it hangs."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def __enter__(self) -> "NginxServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
