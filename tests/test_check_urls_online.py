"""The opt-in online URL check, against a local server on 127.0.0.1.

The server answers 200 (/ok), 301 to /ok (/moved), 404 (/missing), 429
(/busy) and, for /slow, nothing until after the client's 0.5 s timeout.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tpukb.cli import main as tpukb

TIMEOUT = "0.5"
SLOW_SECONDS = 1.0


class Handler(BaseHTTPRequestHandler):
    hits: Counter = Counter()
    lock = threading.Lock()

    def do_GET(self):  # noqa: N802 (the name http.server calls)
        with self.lock:
            self.hits[self.path] += 1
        if self.path == "/slow":
            time.sleep(SLOW_SECONDS)
        status, headers = {
            "/ok": (200, {}),
            "/slow": (200, {}),
            "/moved": (301, {"Location": "/ok"}),
            "/busy": (429, {}),
        }.get(self.path, (404, {}))
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", "2")
        self.end_headers()
        try:
            self.wfile.write(b"ok")
        except OSError:
            pass  # the client gave up (timeout)

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    httpd.block_on_close = False
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch):
    for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")


def make_docs(tmp_path, base, paths_by_file: dict[str, list[str]]):
    citations = tmp_path / "docs" / "citations"
    citations.mkdir(parents=True)
    for name, paths in paths_by_file.items():
        lines = [f"[^{n}]: Local server. *Page {path}*. <{base}{path}>" for n, path in enumerate(paths, 1)]
        (citations / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path / "docs"


def run(docs, cache, *extra):
    return tpukb(["urls", "--docs", str(docs), "--cache", str(cache), "--timeout", TIMEOUT,
                        "--retries", "1", "--backoff", "0.01", *extra])


@pytest.fixture(scope="module")
def first_run(server, tmp_path_factory):
    """One run over every kind of answer; /ok is cited in two files."""
    Handler.hits.clear()
    tmp = tmp_path_factory.mktemp("online")
    docs = make_docs(tmp, server, {"a.md": ["/ok", "/moved", "/missing", "/busy", "/slow"],
                                   "b.md": ["/ok"]})
    cache = tmp / "cache.json"
    started = time.monotonic()
    capture = _Capture()
    with capture:
        status = run(docs, cache)
    return {"status": status, "out": capture.out, "hits": Counter(Handler.hits), "docs": docs,
            "cache": cache, "seconds": time.monotonic() - started, "base": server}


class _Capture:
    """Captures stdout (module-scoped fixtures cannot use capsys)."""

    def __enter__(self):
        import io
        self._old, sys.stdout = sys.stdout, io.StringIO()
        return self

    def __exit__(self, *exc):
        self.out, sys.stdout = sys.stdout.getvalue(), self._old


def test_broken_url_fails_the_run(first_run):
    assert first_run["status"] == 1
    assert "docs/citations/a.md:3: R5 broken: HTTP 404" in first_run["out"], first_run["out"]


def test_each_unique_url_is_visited_once(first_run):
    assert first_run["hits"]["/ok"] == 2  # once for /ok itself, once as /moved's target
    assert first_run["hits"]["/moved"] == 1
    assert first_run["hits"]["/missing"] == 1


def test_redirect_is_followed_and_the_final_url_reported(first_run):
    moved = [line for line in first_run["out"].splitlines() if "R5 moved:" in line]
    assert len(moved) == 1 and "docs/citations/a.md:2: R5 moved:" in moved[0], moved
    assert f"{first_run['base']}/moved -> {first_run['base']}/ok;" in moved[0]


def test_429_is_unknown_after_retries_not_passed(first_run):
    busy = [line for line in first_run["out"].splitlines() if "/busy" in line]
    assert len(busy) == 1 and "R5 unknown: HTTP 429" in busy[0] and "after 2 tries" in busy[0], busy
    assert first_run["hits"]["/busy"] == 2


def test_timeout_is_unknown_not_passed(first_run):
    slow = [line for line in first_run["out"].splitlines() if "/slow" in line]
    assert len(slow) == 1 and "R5 unknown: timed out after 0.5 s" in slow[0], slow
    assert first_run["seconds"] < 5


def test_ok_urls_print_nothing(first_run):
    out = first_run["out"]
    assert "a.md:1:" not in out and "b.md" not in out, out


def test_cache_keeps_definite_results_only(first_run):
    cached = json.loads(first_run["cache"].read_text(encoding="utf-8"))
    assert {url.rsplit("/", 1)[1]: data["status"] for url, data in cached.items()} == {
        "ok": "ok", "moved": "ok", "missing": "broken"}


def test_second_run_uses_the_cache_and_retries_unknown(first_run, capsys):
    before = Counter(Handler.hits)
    assert run(first_run["docs"], first_run["cache"]) == 1
    new_hits = Handler.hits - before
    assert set(new_hits) == {"/busy", "/slow"}, new_hits
    assert "R5 broken: HTTP 404" in capsys.readouterr().out


def test_results_older_than_max_age_are_checked_again(first_run, tmp_path):
    cache = tmp_path / "old.json"
    data = json.loads(first_run["cache"].read_text(encoding="utf-8"))
    for entry in data.values():
        entry["checked"] -= 8 * 86400
    cache.write_text(json.dumps(data), encoding="utf-8")
    docs = make_docs(tmp_path, first_run["base"], {"c.md": ["/ok"]})
    before = Handler.hits["/ok"]
    assert run(docs, cache, "--max-age", "7") == 0
    assert Handler.hits["/ok"] == before + 1
    assert run(docs, cache, "--max-age", "7") == 0
    assert Handler.hits["/ok"] == before + 1  # fresh again: served from the cache


def test_only_unknown_answers_exit_2(server, tmp_path):
    docs = make_docs(tmp_path, server, {"d.md": ["/busy"]})
    assert run(docs, tmp_path / "cache.json", "--retries", "0") == 2


def test_the_retry_delay_the_link_check_and_the_watch_share():
    """Back-off doubled each try, or the server's Retry-After when longer
    (at most MAX_RETRY_AFTER); a Retry-After date is not honoured."""
    from tpukb.urlcheck import MAX_RETRY_AFTER, retry_after, retry_delay
    assert [retry_delay(0.5, attempt) for attempt in range(3)] == [0.5, 1.0, 2.0]
    assert retry_delay(1.0, 0, retry_after("5")) == 5.0
    assert retry_delay(4.0, 1, retry_after("5")) == 8.0
    assert retry_delay(1.0, 0, retry_after("3600")) == MAX_RETRY_AFTER
    assert retry_after("Wed, 21 Oct 2026 07:28:00 GMT") == retry_after("") == 0.0
