"""Save-to-served: how long a writer waits to see a saved edit, `tpukb
preview` beside `mkdocs serve` (`tpukb bench --preview`, tpukb.bench makes
the corpus of N articles per language).

For each server, in the corpus: start it and time until it serves; then, one
edit at a time, write a new line into an article (a Finnish one, then the
English one, which every language shows) and time from the write until the
server answers that page's URL with the line in it (HTTP polled every 10
ms). Before the next edit the preview's search index and citation check
have caught up (its log says so; their time is reported too); `mkdocs
serve` is ready again once it has served the page. Figures only.

`start` (a server started, its log followed until it says where it serves)
also starts the preview of tests/e2e/test_preview.py.
"""

from __future__ import annotations

import os
import re
import socket
import statistics
import subprocess
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

SERVING = re.compile(r"Serving on (http://127\.0\.0\.1:\d+)/")
CAUGHT_UP = "search and citation check up to date"
TIMEOUT = 600.0


@dataclass
class Server:
    label: str
    process: subprocess.Popen
    log: list[str] = field(default_factory=list)
    url: str = ""

    def said(self, text: str, since: int) -> bool:
        return any(text in line for line in self.log[since:])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(label: str, command: list[str], cwd: Path) -> tuple[Server, float]:
    began = time.perf_counter()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    server = Server(label, process)
    ready = threading.Event()

    def read():
        for line in process.stdout:
            server.log.append(line.rstrip("\n"))
            match = SERVING.search(line)
            if match and not ready.is_set():
                server.url = match.group(1)
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(TIMEOUT):
        process.kill()
        raise SystemExit(f"bench: {label} did not start:\n" + "\n".join(server.log[-20:]))
    _get(server.url + "/")  # mkdocs serve answers once its first build is done
    return server, time.perf_counter() - began


def _get(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            return response.read()
    except urllib.error.HTTPError as error:
        return error.read()


def save_to_served(server: Server, source: Path, url: str, marker: str) -> float:
    text = source.read_text(encoding="utf-8")
    edited = text.replace("\n## ", f"\n{marker}\n\n## ", 1)
    began = time.perf_counter()
    source.write_text(edited, encoding="utf-8")
    needle = marker.encode()
    while needle not in _get(url):
        if time.perf_counter() - began > TIMEOUT:
            raise SystemExit(f"bench: {server.label} never served {url} with the edit")
        time.sleep(0.01)
    return time.perf_counter() - began


def _wait_caught_up(server: Server, since: int) -> float:
    began = time.perf_counter()
    while not server.said(CAUGHT_UP, since):
        if time.perf_counter() - began > TIMEOUT:
            raise SystemExit(f"bench: {server.label}: search never caught up")
        time.sleep(0.05)
    return time.perf_counter() - began


@dataclass
class Figures:
    label: str
    n: int
    startup: float
    fi: list[float]
    en: list[float]
    caught_up: list[float] = field(default_factory=list)


def measure(python: str, project: Path, n: int, slug: str, default: str, edits: int,
            baseline_edits: int) -> list[Figures]:
    servers = {
        "tpukb preview": ([python, "-m", "tpukb", "preview", "--port", "0"], edits),
        "mkdocs serve": ([python, "-m", "mkdocs", "serve", "--dev-addr",
                          f"127.0.0.1:{_free_port()}"], baseline_edits),
    }
    results = []
    for label, (command, count) in servers.items():
        server, startup = start(label, command, project)
        figures = Figures(label, n, startup, [], [])
        try:
            for number in range(count):
                for lang, times in (("fi", figures.fi), (default, figures.en)):
                    source = project / "docs" / lang / "articles" / f"{slug}.md"
                    prefix = "" if lang == default else f"/{lang}"
                    since = len(server.log)
                    times.append(save_to_served(server, source, f"{server.url}{prefix}/articles/"
                                                f"{slug}/", f"BENCH-EDIT-{label[:5]}-{lang}-{number}"))
                    if label == "tpukb preview":
                        figures.caught_up.append(_wait_caught_up(server, since))
        finally:
            server.process.terminate()
            server.process.wait(timeout=60)
        results.append(figures)
    return results


def _seconds(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{statistics.median(values):.2f}" + (f" ({min(values):.2f}-{max(values):.2f})"
                                                 if len(values) > 1 else "")


def report(results: list[Figures]) -> str:
    head = (f"{'N':>4} {'server':<14} {'start s':>8} {'edits':>5} {'fi page s':>18} "
            f"{'en page s':>18} {'search caught up s':>20}")
    lines = [head, "-" * len(head)]
    for r in results:
        lines.append(f"{r.n:>4} {r.label:<14} {r.startup:>8.1f} {len(r.fi):>5} "
                     f"{_seconds(r.fi):>18} {_seconds(r.en):>18} {_seconds(r.caught_up):>20}")
    lines.append("save-to-served: median (min-max) seconds from writing the file to the "
                 "server answering the page with the edit; an English edit reaches every language")
    return "\n".join(lines)
