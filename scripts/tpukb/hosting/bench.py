"""The hosting benchmark: the same built site served before and after, side by side.

Owns one benchmark run (`tpukb bench-hosting`): it installs what it needs
(nginx and wrk with scripts/install-nginx, Chromium with
scripts/install-browser, Lighthouse from scripts/lighthouse/package-lock.json
with npm ci), then makes a strict build into a
temporary folder, then for an article of every language
- a bounded load run with `wrk` (127.0.0.1 only, at most 30 s and 100
  connections; HTTP/1.1 with keep-alive and `Accept-Encoding: gzip, deflate,
  br`, as a browser asks; ApacheBench speaks HTTP/1.0, which nginx answers
  uncompressed): requests per second, and failures (socket errors and
  non-2xx answers);
- Lighthouse (npm `lighthouse` from scripts/lighthouse/, Debian's Chromium,
  mobile defaults, performance only): score and bytes transferred;
BEFORE = the Python preview server (`tpukb.serve`: no compression, no cache
headers), AFTER = nginx with the production configuration. It prints figures
only; nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tpukb import languages

from . import nginx
from .publish import published_rules

ROOT = languages.ROOT
ARTICLE = "articles/jax-tensorflow-tpu-memory/"
LIGHTHOUSE = ROOT / "scripts" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = ("--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage "
                "--no-first-run --disable-background-networking --disable-component-update "
                "--disable-sync --disable-quic")
MAX_SECONDS, MAX_CONNECTIONS = 30, 100


def build(out: Path) -> Path:
    site = out / "site"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
                             str(ROOT / "mkdocs.yml"), "-d", str(site)],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("tpukb bench-hosting: the strict build failed:\n" + result.stderr[-3000:])
    return site


class PythonServer:
    """BEFORE: `tpukb serve` (tpukb.serve) in its own process."""

    def __init__(self, site: Path):
        self.port = nginx.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tpukb", "serve", "--port", str(self.port), str(site)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        nginx_wait(self.port)

    def stop(self):
        self.process.terminate()
        self.process.wait(10)


def nginx_wait(port: int, timeout: float = 10.0) -> None:
    import socket
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"bench_hosting: nothing listens on 127.0.0.1:{port}")


def load_command(url: str, seconds: int, connections: int) -> list[str]:
    return ["wrk", "-t", "2", "-c", str(connections), "-d", f"{seconds}s",
            "-H", "Accept-Encoding: gzip, deflate, br", url]


def load_run(url: str, seconds: int, connections: int) -> dict:
    result = subprocess.run(load_command(url, seconds, connections), capture_output=True,
                            text=True, timeout=seconds + 60)
    out = result.stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    total = re.search(r"(\d+) requests in", out)
    if result.returncode != 0 or not rps:
        return {"rps": None, "failed": None, "error": (result.stderr or out)[-300:]}
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    failed = (sum(map(int, errors.groups())) if errors else 0) + \
        (int(non_2xx.group(1)) if non_2xx else 0)
    return {"rps": float(rps.group(1)), "complete": int(total.group(1)), "failed": failed}


# Lighthouse's categories, in the order the table prints them.
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def lighthouse_command(url: str, output: Path) -> list[str]:
    return [str(LIGHTHOUSE), url, f"--only-categories={','.join(CATEGORIES)}", "--output=json",
            f"--output-path={output}", "--quiet", f"--chrome-flags={CHROME_FLAGS}"]


def lighthouse(url: str, work: Path) -> dict:
    output = work / "lighthouse.json"
    env = dict(os.environ, CHROME_PATH=CHROMIUM)
    result = subprocess.run(lighthouse_command(url, output), env=env, capture_output=True,
                            text=True, timeout=240)
    if result.returncode != 0 or not output.is_file():
        return {"score": None, "kib": None, "error": result.stderr[-300:]}
    report = json.loads(output.read_text(encoding="utf-8"))
    output.unlink()
    items = report["audits"]["network-requests"]["details"]["items"]
    scores = {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}
    return {"score": scores["performance"], "scores": scores,
            "kib": report["audits"]["total-byte-weight"]["numericValue"] / 1024,
            "requests": len(items),
            "lcp_ms": report["audits"]["largest-contentful-paint"]["numericValue"],
            "tbt_ms": report["audits"]["total-blocking-time"]["numericValue"]}


def article_bytes(site: Path, path: str) -> dict:
    page = site / path.lstrip("/") / "index.html"
    return {kind: page.with_name(page.name + suffix).stat().st_size if suffix else page.stat().st_size
            for kind, suffix in (("raw", ""), ("gzip", ".gz"), ("br", ".br"))}


def fmt(value, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def _bounded(highest: int):
    def parse(text: str) -> int:
        if not text.isdigit() or not 1 <= int(text) <= highest:
            raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {highest}, "
                                             f"got {text!r}")
        return int(text)
    return parse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=_bounded(MAX_SECONDS), default=10,
                        help=f"load run per article (<= {MAX_SECONDS})")
    parser.add_argument("--connections", type=_bounded(MAX_CONNECTIONS), default=50,
                        help=f"concurrent connections (<= {MAX_CONNECTIONS})")
    parser.add_argument("--skip-lighthouse", action="store_true", help="the load runs only")


def install_tools(lighthouse: bool) -> None:
    """nginx and wrk, Chromium, and Lighthouse (reinstalled only when its lock
    file changed): what the shell installers of scripts/ provide."""
    for command in (["scripts/install-nginx", "wrk"], ["scripts/install-browser"]):
        subprocess.run(command, cwd=ROOT, check=True)
    if not lighthouse:
        return
    folder = ROOT / "scripts" / "lighthouse"
    lock, installed = folder / "package-lock.json", folder / "node_modules" / ".installed-lock.json"
    if not installed.is_file() or installed.read_bytes() != lock.read_bytes():
        subprocess.run(["npm", "ci", "--prefix", str(folder), "--no-audit", "--no-fund",
                        "--loglevel=error"], check=True)
        shutil.copy2(lock, installed)


def run(args: argparse.Namespace) -> int:
    try:
        install_tools(not args.skip_lighthouse)
    except (OSError, subprocess.CalledProcessError) as error:
        raise SystemExit(f"tpukb bench-hosting: installing the tools failed: {error}")
    if not shutil.which("wrk"):
        raise SystemExit("tpukb bench-hosting: wrk is missing (apt-get install wrk)")
    if not args.skip_lighthouse and not LIGHTHOUSE.is_file():
        raise SystemExit(f"tpukb bench-hosting: {LIGHTHOUSE} is missing "
                         "(npm ci --prefix scripts/lighthouse)")
    langs = languages.load(ROOT)
    with tempfile.TemporaryDirectory(prefix="tpukb-bench-") as tmp:
        work = Path(tmp)
        site = build(work)
        rules = published_rules(site, langs)
        paths = {lang: langs.root_path(lang) + ARTICLE for lang in langs.default_first}
        results: dict[str, dict] = {"before": {}, "after": {}}
        before = PythonServer(site)
        after = nginx.NginxServer(site, rules, work / "nginx").start()
        try:
            for name, server in (("before", before), ("after", after)):
                for lang, path in paths.items():
                    results[name][lang] = load_run(server.url + path, args.seconds, args.connections)
                    if not args.skip_lighthouse:
                        results[name][lang].update(lighthouse(server.url + path, work))
            after_bytes = {lang: article_bytes(after.site, path) for lang, path in paths.items()}
        finally:
            before.stop()
            after.stop()
    print(f"Hosting benchmark: an article per language ({ARTICLE}), 127.0.0.1")
    print("BEFORE = tpukb serve (tpukb.serve); AFTER = nginx, production configuration"
          f" (brotli {'on' if nginx.brotli_available() else 'off: module missing'})")
    print(f"load: {' '.join(load_command('URL', args.seconds, args.connections))}")
    if not args.skip_lighthouse:
        print(f"lighthouse: CHROME_PATH={CHROMIUM} {' '.join(lighthouse_command('URL', Path('OUT')))}")
    print()
    header = (f"{'lang':<5} {'req/s before':>13} {'failed':>7} {'req/s after':>12} {'failed':>7}"
              + ("" if args.skip_lighthouse else
                 f" | {'score before':>12} {'KiB':>6} {'reqs':>4} {'score after':>11} {'KiB':>6}"
                 f" {'reqs':>4} {'LCP ms':>7}"))
    print(header)
    print("-" * len(header))
    for lang in paths:
        b, a = results["before"][lang], results["after"][lang]
        line = (f"{lang:<5} {fmt(b['rps'], '13.0f')} {fmt(b['failed'], '7d')} "
                f"{fmt(a['rps'], '12.0f')} {fmt(a['failed'], '7d')}")
        if not args.skip_lighthouse:
            line += (f" | {fmt(b['score'], '12d')} {fmt(b['kib'], '6.0f')} {fmt(b.get('requests'), '4d')}"
                     f" {fmt(a['score'], '11d')} {fmt(a['kib'], '6.0f')} {fmt(a.get('requests'), '4d')}"
                     f" {fmt(a.get('lcp_ms'), '7.0f')}")
        print(line)
        for side in (b, a):
            if side.get("error"):
                print(f"      error: {side['error']}")
    if not args.skip_lighthouse:
        print()
        print("Lighthouse (mobile) categories, before -> after: " + " / ".join(CATEGORIES))
        for lang in paths:
            b, a = (results[side][lang].get("scores") or {} for side in ("before", "after"))
            print(f"{lang:<5} " + "  ".join(f"{fmt(b.get(c), 'd')} -> {fmt(a.get(c), 'd')}"
                                           for c in CATEGORIES))
    print()
    print("article HTML, bytes: " + "; ".join(
        f"{lang} {b['raw']} raw, {b['gzip']} gzip, {b['br']} br" for lang, b in after_bytes.items()))
    print("targets: zero failed requests; Lighthouse performance >= 95, accessibility, best "
          "practices and SEO 100; article first load <= 150 KiB")
    return 0
