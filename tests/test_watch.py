"""The sources watch (tpukb.watch, `tpukb watch`) against local
servers on 127.0.0.1: nothing here touches the internet.

The cited URLs are the real kinds (docs.cloud.google.com, github.com,
pypi.org, a vendor blog); `--rewrite` sends them to the local server, and
`--pypi-url` / `--github-url` to its fake APIs. The pages are fixtures made
from real pages (tests/fixtures/watch/): a Google developer documentation
page (devsite, the platform of Google Cloud's documentation), a GitHub
repository page with its README, a PyPI project page and a vendor blog post
(github.blog, from trafilatura's test pages).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
import yaml

from conftest import ROOT
from tpukb.cli import main as tpukb_main
from tpukb.watch import cli, record

FIXTURES = Path(__file__).parent / "fixtures" / "watch"
FAST = ["--rate", "1000", "--retries", "1", "--backoff", "0.01", "--timeout", "2"]
SITES = {  # cited prefix -> the local server's folder for it
    "https://docs.cloud.google.com/": "/gcloud/",
    "https://github.com/": "/github/",
    "https://test.pypi.org/project/": "/pypi-pages/",
    "https://github.blog/": "/blog/",
}


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


@dataclass
class Route:
    status: int = 200
    body: bytes | str = b""
    headers: dict = field(default_factory=dict)
    delay: float = 0.0
    etag: bool = False  # answer If-None-Match with 304


class Server:
    """A local server whose answers the test sets, path by path; it records
    each request (time, path, headers) and the most requests in flight."""

    shared_lock = threading.Lock()

    def __init__(self, counter=None):
        self.routes: dict[str, Route] = {}
        self.requests: list[tuple[float, str, dict]] = []
        self.counter = counter if counter is not None else {"now": 0, "most": 0}
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                with Server.shared_lock:
                    server.requests.append((time.monotonic(), self.path, dict(self.headers)))
                    server.counter["now"] += 1
                    server.counter["most"] = max(server.counter["most"], server.counter["now"])
                try:
                    server.answer(self)
                finally:
                    with Server.shared_lock:
                        server.counter["now"] -= 1

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02},
                         daemon=True).start()

    def answer(self, handler):
        route = self.routes.get(handler.path.split("?")[0], Route(404, "not found"))
        if route.delay:
            time.sleep(route.delay)
        body = route.body.encode("utf-8") if isinstance(route.body, str) else route.body
        tag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        status = route.status
        if route.etag and handler.headers.get("If-None-Match") == tag:
            status, body = 304, b""
        handler.send_response(status)
        headers = {"Content-Type": "text/html; charset=utf-8", **route.headers}
        if route.etag:
            headers["ETag"] = tag
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        try:
            handler.wfile.write(body)
        except OSError:
            pass  # the client gave up (timeout)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server():
    s = Server()
    yield s
    s.close()


def make_docs(tmp_path: Path, urls: list[str], slug: str = "watched") -> Path:
    citations = tmp_path / "docs" / "citations"
    citations.mkdir(parents=True, exist_ok=True)
    lines = [f"[^{n}]: Publisher. *Page {n}*. <{url}>. Retrieved 2026-11-20." for n, url in enumerate(urls, 1)]
    (citations / f"{slug}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path / "docs"


def watch(docs: Path, server: Server, *extra: str, record_first: bool = False) -> int:
    rewrites = [f"--rewrite={cited}={server.base}{local}" for cited, local in SITES.items()]
    args = ["--docs", str(docs), "--report", str(docs.parent / "report.json"), "--today", "2026-11-27",
            "--pypi-url", f"{server.base}/pypi-api", "--github-url", f"{server.base}/gh-api",
            *rewrites, *FAST, *extra]
    return cli.main(args)


def result(docs: Path, label: str = "1") -> dict:
    data = json.loads((docs.parent / "report.json").read_text(encoding="utf-8"))
    return next(r for r in data["results"] if r["label"] == label)


# ---------------------------------------------------------------------------
# Pages: what is a change and what is not
# ---------------------------------------------------------------------------

PAGES = {  # fixture -> (cited URL, local path)
    "devsite-docs.html": ("https://docs.cloud.google.com/tpu/docs/intro", "/gcloud/tpu/docs/intro"),
    "github-readme.html": ("https://github.com/pytorch/xla/blob/master/README.md",
                           "/github/pytorch/xla/blob/master/README.md"),
    # (pypi.org/project/ is read through PyPI's JSON API; TestPyPI serves the same pages)
    "pypi-project.html": ("https://test.pypi.org/project/jax/", "/pypi-pages/jax/"),
    "vendor-blog.html": ("https://github.blog/2019-03-29-leader-spotlight-erin-spiceland/",
                         "/blog/2019-03-29-leader-spotlight-erin-spiceland/"),
}

# Edits of each real page that change its boilerplate only: navigation,
# header and footer links, cookie text, counters.
BOILERPLATE_EDITS = {
    "devsite-docs.html": [
        ("uses cookies from Google to deliver and enhance the quality of its services",
         "uses cookies to deliver its services and to measure how they are used"),
        (">Cookbook<", ">Gemini Cookbook<"), (">Changelog<", ">Release notes<"),
        (">Privacy<", ">Privacy policy<"), ("Java is a registered trademark", "Java is a trademark")],
    "github-readme.html": [
        ("We use optional cookies to improve your experience", "We use optional cookies to make"),
        ('class="Counter js-social-count">2.7k<', 'class="Counter js-social-count">2.8k<'),
        ('id="issues-repo-tab-count" class="Counter">482<', 'id="issues-repo-tab-count" class="Counter">479<'),
        ("&copy; 2026 GitHub,&nbsp;Inc.", "&copy; 2027 GitHub,&nbsp;Inc."),
        (">Status</a></li>", ">Status</a></li><li class=\"mx-2\"><a href=\"/community\">Community</a></li>")],
    "pypi-project.html": [
        ("Warning: Some features may not work without JavaScript.", "Warning: JavaScript is off."),
        (">Sponsors</a>", ">Sponsor PyPI</a>"), ("&copy; 2026", "&copy; 2027"),
        ("All Systems Operational", "Partial Outage")],
    "vendor-blog.html": [
        ('<a href="http://github.blog/changelog">Changelog</a>', '<a href="http://github.blog/changelog">Changes</a>'),
        ("Join us at AWS re:Invent from December 2-6", "Join us at GitHub Universe in November")],
}


def reorder_nav(html: str, start: str, end: str) -> str:
    """The <li> items between two markers in reverse order."""
    head, rest = html.split(start, 1)
    menu, tail = rest.split(end, 1)
    items = [i for i in menu.split("<li") if i.strip()]
    return head + start + "".join("<li" + i for i in reversed(items)) + end + tail


NAV_MENUS = {  # fixture -> the markers around one of its menus
    "devsite-docs.html": ('<ul class="devsite-nav-list">', "</ul>"),
    "github-readme.html": ('<ul class="UnderlineNav-body list-style-none">', "</ul>"),
    "pypi-project.html": ('<nav id="user-indicator" class="horizontal-menu horizontal-menu--light '
                          'horizontal-menu--tall" aria-label="Main navigation"><ul>', "</ul>"),
    "vendor-blog.html": ('<ul id="menu-primary-navigation" class="primary-nav__menu d-flex flex-self-center '
                         'flex-shrink-0 text-white">', "</ul>"),
}


def record_then_watch(tmp_path, server, name, before: str, after: str) -> tuple[int, dict, str]:
    url, path = PAGES[name]
    docs = make_docs(tmp_path, [url])
    server.routes[path] = Route(body=before)
    assert watch(docs, server, "--record") == 0
    server.routes[path] = Route(body=after)
    status = watch(docs, server)
    return status, result(docs), (docs.parent / "report.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_changed_paragraph_is_reported_with_its_text(tmp_path, server, capsys, name):
    html = fixture(name)
    old, new = {
        "devsite-docs.html": ("This guide will show you a simplified version.",
                              "This guide is deprecated: use the Agent Development Kit instead."),
        "github-readme.html": ("To install PyTorch/XLA stable build in a new TPU VM:",
                               "PyTorch/XLA is deprecated: new TPU users should install TorchTPU."),
        "pypi-project.html": ("For Google Cloud TPU, run pip install -U", "For Cloud TPU v7, run pip install -U"),
        "vendor-blog.html": ("exploring Los Angeles.", "moving to Seattle next month."),
    }[name]
    assert old in html
    status, found, _ = record_then_watch(tmp_path, server, name, html, html.replace(old, new))
    out = capsys.readouterr().out
    assert status == 1, out
    assert found["state"] == "changed"
    assert (found["added_count"], found["removed_count"]) == (1, 1), found
    assert any(new[:40] in added for added in found["added"]), found
    assert new[:40] in out and "[^1] changed:" in out


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_boilerplate_only_change_is_not_reported(tmp_path, server, capsys, name):
    html = edited = fixture(name)
    for old, new in BOILERPLATE_EDITS[name]:
        assert old in edited, old
        edited = edited.replace(old, new)
    status, found, _ = record_then_watch(tmp_path, server, name, html, edited)
    assert (status, found["state"]) == (0, "unchanged"), found


@pytest.mark.parametrize("name", sorted(NAV_MENUS))
def test_a_reordered_navigation_is_not_reported(tmp_path, server, name):
    html = fixture(name)
    reordered = reorder_nav(html, *NAV_MENUS[name])
    assert reordered != html
    status, found, _ = record_then_watch(tmp_path, server, name, html, reordered)
    assert (status, found["state"]) == (0, "unchanged"), found


@pytest.mark.parametrize("name, before, after", [
    ("devsite-docs.html", "Last updated 2026-08-13 UTC.", "Last updated 2026-11-26 UTC."),
    # a date line inside the post's own text
    ("vendor-blog.html", '<p><i><span style="font-weight: 400">Every March',
     '<p>Last updated: March 29, 2019</p><p><i><span style="font-weight: 400">Every March'),
])
def test_a_changed_last_updated_date_is_not_reported(tmp_path, server, name, before, after):
    html = fixture(name)
    assert before in html
    if name == "vendor-blog.html":  # recorded with one date, watched with another
        html = html.replace(before, after)
        before, after = "Last updated: March 29, 2019", "Last updated: November 26, 2026"
    status, found, _ = record_then_watch(tmp_path, server, name, html, html.replace(before, after))
    assert (status, found["state"]) == (0, "unchanged"), found


def test_redirect_404_410_timeout_and_non_html_are_each_reported_as_what_they_are(tmp_path, server, capsys):
    page = fixture("devsite-docs.html")
    urls = [f"https://docs.cloud.google.com/tpu/docs/{name}"
            for name in ("moving", "missing", "removed", "slow", "paper.pdf", "same.pdf")]
    docs = make_docs(tmp_path, urls)
    for name in ("moving", "missing", "removed", "slow"):
        server.routes[f"/gcloud/tpu/docs/{name}"] = Route(body=page)
    for name in ("paper.pdf", "same.pdf"):
        server.routes[f"/gcloud/tpu/docs/{name}"] = Route(
            body=b"%PDF-1.7 first", headers={"Content-Type": "application/pdf"}, etag=True)
    assert watch(docs, server, "--record") == 0
    server.routes["/gcloud/tpu/docs/moving"] = Route(301, headers={"Location": "/gcloud/tpu/docs/moved"})
    server.routes["/gcloud/tpu/docs/moved"] = Route(body=page)
    server.routes["/gcloud/tpu/docs/missing"] = Route(404, "gone")
    server.routes["/gcloud/tpu/docs/removed"] = Route(410, "gone")
    server.routes["/gcloud/tpu/docs/slow"] = Route(body=page, delay=1.0)
    server.routes["/gcloud/tpu/docs/paper.pdf"] = Route(
        body=b"%PDF-1.7 second", headers={"Content-Type": "application/pdf"}, etag=True)
    status = watch(docs, server, "--timeout", "0.3")
    out = capsys.readouterr().out
    assert status == 1
    moved, missing, removed, slow, pdf, same = (result(docs, str(n)) for n in range(1, 7))
    assert moved["state"] == "moved" and "now at https://docs.cloud.google.com/tpu/docs/moved" in moved["summary"]
    assert (missing["state"], missing["summary"]) == ("gone", "HTTP 404")
    assert (removed["state"], removed["summary"]) == ("gone", "HTTP 410")
    assert slow["state"] == "unreachable" and "timed out after 0.3 s (2 tries)" in slow["summary"]
    assert pdf["state"] == "changed" and "not HTML (application/pdf)" in pdf["summary"]
    assert same["state"] == "unchanged" and "not HTML (application/pdf)" in same["summary"]
    assert "[^1] moved:" in out and "[^2] gone:" in out and "[^4] unreachable:" in out


def test_conditional_requests_and_the_user_agent(tmp_path, server):
    url, path = PAGES["devsite-docs.html"]
    docs = make_docs(tmp_path, [url])
    server.routes[path] = Route(body=fixture("devsite-docs.html"), etag=True)
    assert watch(docs, server, "--record") == 0
    assert watch(docs, server) == 0
    first, second = (headers for _, p, headers in server.requests if p == path)
    assert "If-None-Match" not in first and second["If-None-Match"].startswith('"')
    assert result(docs)["summary"] == "not modified (conditional request)"
    agent = first["User-Agent"]
    assert agent.startswith("tpu-knowledge-base-sources-watch/") and "(+https://" in agent


@pytest.mark.parametrize("etag", [False, True], ids=["plain", "conditional"])
@pytest.mark.parametrize("order", ["ab", "ba"])
def test_each_article_citing_a_url_is_compared_with_its_own_record(tmp_path, server, etag, order):
    """Two articles cite one URL; one recorded the page before an edit, the
    other after it. Each is compared with its own record (not with whichever
    record was loaded last): the first changed, with the added text, the
    second unchanged; one request for the URL, unconditional since the two
    records differ."""
    url, path = PAGES["devsite-docs.html"]
    html = fixture("devsite-docs.html")
    old_text, new_text = ("This guide will show you a simplified version.",
                          "This guide is deprecated: use the Agent Development Kit instead.")
    early, late = (("a", "b") if order == "ab" else ("b", "a"))  # recorded before / after the edit
    for slug in (early, late):
        docs = make_docs(tmp_path, [url], slug=slug)
    server.routes[path] = Route(body=html, etag=etag)
    assert watch(docs, server, "--record", early) == 0
    server.routes[path] = Route(body=html.replace(old_text, new_text), etag=etag)
    assert watch(docs, server, "--record", late) == 0
    server.requests.clear()
    assert watch(docs, server) == 1
    assert len([p for _, p, _ in server.requests if p == path]) == 1
    results = {r["slug"]: r for r in json.loads((docs.parent / "report.json").read_text())["results"]}
    assert results[early]["state"] == "changed", results[early]
    assert any(new_text[:40] in added for added in results[early]["added"]), results[early]
    assert results[late]["state"] == "unchanged" and results[late]["summary"] == "", results[late]


def test_a_record_again_with_a_not_modified_answer_carries_the_new_dates(tmp_path, server):
    """A 304 says the page is what was recorded; the record still carries the
    day of the new record and the entry's new check date, for each article
    citing the URL."""
    url, path = PAGES["devsite-docs.html"]
    for slug in ("a", "b"):
        docs = make_docs(tmp_path, [url], slug=slug)
    server.routes[path] = Route(body=fixture("devsite-docs.html"), etag=True)
    assert watch(docs, server, "--record") == 0
    citation = docs / "citations" / "a.md"
    citation.write_text(citation.read_text(encoding="utf-8").replace("2026-11-20", "2026-11-25"),
                        encoding="utf-8")
    server.requests.clear()
    assert watch(docs, server, "--record", "--today", "2026-12-01") == 0
    assert any("If-None-Match" in headers for _, p, headers in server.requests if p == path)
    a, b = (record.load(docs, slug)[url] for slug in ("a", "b"))
    assert (a["recorded"], a["retrieved"]) == ("2026-12-01", "2026-11-25"), a
    assert (b["recorded"], b["retrieved"]) == ("2026-12-01", "2026-11-20"), b
    assert a["paragraphs"] == b["paragraphs"] and "not_modified" not in a


def test_a_reference_added_after_the_record_is_unrecorded(tmp_path, server):
    url, path = PAGES["devsite-docs.html"]
    server.routes[path] = Route(body=fixture("devsite-docs.html"))
    docs = make_docs(tmp_path, [url])
    assert watch(docs, server, "--record") == 0
    make_docs(tmp_path, [url, url + "?hl=fi"])
    assert watch(docs, server) == 0
    assert result(docs, "2")["state"] == "unrecorded"


# ---------------------------------------------------------------------------
# PyPI and GitHub through their (fake) APIs
# ---------------------------------------------------------------------------

def pypi_json(latest="0.2.0", yanked=False, status="4 - Beta") -> str:
    def files(version, gone=False):
        return [{"filename": f"torch_tpu-{version}-py3-none-any.whl", "yanked": gone,
                 "yanked_reason": "broken wheel" if gone else None}]
    releases = {"0.1.0": files("0.1.0"), "0.2.0": files("0.2.0", yanked)}
    if latest != "0.2.0":
        releases[latest] = files(latest)
    return json.dumps({"info": {"name": "torch-tpu", "version": latest,
                                "classifiers": [f"Development Status :: {status}",
                                                "Programming Language :: Python :: 3.12"]},
                       "releases": releases})


@pytest.mark.parametrize("change, expected", [
    ({"latest": "0.3.0"}, "new release 0.3.0 (recorded newest 0.2.0; cites 0.2.0)"),
    ({"yanked": True}, "release 0.2.0 was yanked: broken wheel"),
    ({"status": "5 - Production/Stable"}, "Development Status '4 - Beta' -> '5 - Production/Stable'"),
])
def test_pypi_new_release_yanked_release_and_changed_classifier(tmp_path, server, capsys, change, expected):
    docs = make_docs(tmp_path, ["https://pypi.org/project/torch-tpu/0.2.0/",
                                "https://pypi.org/project/torch-tpu/0.1.0/#files"])
    server.routes["/pypi-api/pypi/torch-tpu/json"] = Route(body=pypi_json(),
                                                          headers={"Content-Type": "application/json"})
    assert watch(docs, server, "--record") == 0
    assert watch(docs, server) == 0
    assert result(docs)["summary"] == "PyPI torch-tpu: cites 0.2.0, newest 0.2.0, 4 - Beta"
    server.routes["/pypi-api/pypi/torch-tpu/json"].body = pypi_json(**change)
    capsys.readouterr()
    assert watch(docs, server) == 1
    assert result(docs)["state"] == "changed" and expected in result(docs)["summary"]
    assert expected in capsys.readouterr().out
    # one JSON request per project and run, whatever the number of its references
    assert sum(p == "/pypi-api/pypi/torch-tpu/json" for _, p, _ in server.requests) == 3


def github_routes(server, archived=False, release="v2.9.0", limited=False):
    json_type = {"Content-Type": "application/json"}
    if limited:
        headers = {**json_type, "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1798761600"}
        for path in ("/gh-api/repos/pytorch/xla", "/gh-api/repos/pytorch/xla/releases/latest"):
            server.routes[path] = Route(403, json.dumps({"message": "API rate limit exceeded"}), headers)
        return
    server.routes["/gh-api/repos/pytorch/xla"] = Route(
        body=json.dumps({"full_name": "pytorch/xla", "archived": archived}), headers=json_type)
    server.routes["/gh-api/repos/pytorch/xla/releases/latest"] = Route(
        body=json.dumps({"tag_name": release}), headers=json_type)


@pytest.mark.parametrize("change, expected", [
    ({"archived": True}, "repository pytorch/xla was archived"),
    ({"release": "v2.10.0"}, "new release v2.10.0 (recorded newest v2.9.0)"),
])
def test_github_archived_repository_and_new_release(tmp_path, server, monkeypatch, change, expected):
    monkeypatch.setenv("GITHUB_TOKEN", "test-token")
    docs = make_docs(tmp_path, ["https://github.com/pytorch/xla/releases/tag/v2.1.0"])
    github_routes(server)
    assert watch(docs, server, "--record") == 0
    github_routes(server, **change)
    assert watch(docs, server) == 1
    assert expected in result(docs)["summary"]
    assert all(h.get("Authorization") == "Bearer test-token" for _, p, h in server.requests
               if p.startswith("/gh-api/"))


def test_github_rate_limit_stops_the_calls_and_says_so(tmp_path, server, monkeypatch, capsys):
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    docs = make_docs(tmp_path, ["https://github.com/pytorch/xla", "https://github.com/google-research/trc"])
    github_routes(server)
    server.routes["/gh-api/repos/google-research/trc"] = Route(
        body=json.dumps({"full_name": "google-research/trc", "archived": False}),
        headers={"Content-Type": "application/json"})
    assert watch(docs, server, "--record", "--concurrency", "1") == 0
    github_routes(server, limited=True)
    assert watch(docs, server, "--concurrency", "1") == 0
    err = capsys.readouterr().err
    assert "GitHub API rate limit reached after 1 call(s) (resets " in err and "set GITHUB_TOKEN" in err
    assert {result(docs, n)["state"] for n in ("1", "2")} == {"unreachable"}
    assert not any("google-research" in p for _, p, _ in server.requests[-1:])  # no call after the stop


# ---------------------------------------------------------------------------
# Behaving well on the network (measured)
# ---------------------------------------------------------------------------

def test_at_most_one_request_per_second_per_host(tmp_path):
    first, second = Server(), Server()
    try:
        urls, rewrites = [], []
        for n, srv in enumerate((first, second)):
            rewrites.append(f"--rewrite=https://host{n}.example.org/={srv.base}/")
            for page in range(3):
                srv.routes[f"/p{page}"] = Route(body=f"<html><body><p>page {page}</p></body></html>")
                urls.append(f"https://host{n}.example.org/p{page}")
        docs = make_docs(tmp_path, urls)
        started = time.monotonic()
        cli.main(["--docs", str(docs), "--record", "--today", "2026-11-27", *rewrites])  # default: 1/s
        elapsed = time.monotonic() - started
        for srv in (first, second):
            times = sorted(t for t, _, _ in srv.requests)
            gaps = [b - a for a, b in zip(times, times[1:])]
            assert len(times) == 3 and min(gaps) >= 1.0, gaps  # as the server saw them
        # the two hosts are served side by side, not one after the other
        assert abs(min(t for t, _, _ in first.requests) - min(t for t, _, _ in second.requests)) < 0.5
        assert elapsed < 4.5, elapsed
    finally:
        first.close()
        second.close()


def test_concurrency_is_bounded(tmp_path):
    counter = {"now": 0, "most": 0}
    servers = [Server(counter) for _ in range(6)]
    try:
        urls, rewrites = [], []
        for n, srv in enumerate(servers):
            rewrites.append(f"--rewrite=https://site{n}.example.org/={srv.base}/")
            srv.routes["/slow"] = Route(body="<html><body><p>slow</p></body></html>", delay=0.3)
            urls.append(f"https://site{n}.example.org/slow")
        docs = make_docs(tmp_path, urls)
        cli.main(["--docs", str(docs), "--record", "--today", "2026-11-27", "--concurrency", "3",
                  *rewrites, "--rate", "1000"])
        assert counter["most"] == 3, counter  # reached, never exceeded
    finally:
        for srv in servers:
            srv.close()


# ---------------------------------------------------------------------------
# Bad input: one line, never a traceback
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("args, expected", [
    (["--rewrite", "nonsense"], "--rewrite wants FROM=TO"),
    (["--rate", "0"], "must be more than 0"),
    (["--pypi-url", "ftp://x"], "not an http(s) URL"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["no-such-article"], "no article 'no-such-article'"),
    (["Not_A_Slug"], "is not an article slug"),
    ([], "no record for 1 article(s):"),
])
def test_bad_arguments_and_a_missing_record_give_one_line(tmp_path, capsys, args, expected):
    docs = make_docs(tmp_path, ["https://docs.cloud.google.com/tpu/docs/intro"])
    assert cli.main(["--docs", str(docs), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and expected in captured.err and captured.err.count("\n") == 1, captured.err


def test_tpukb_watch_is_a_subcommand_with_one_line_errors(tmp_path, capsys):
    docs = make_docs(tmp_path, ["https://docs.cloud.google.com/tpu/docs/intro"])
    assert tpukb_main(["watch", "--docs", str(docs)]) == 2  # no record yet
    assert "tpukb watch: no record for 1 article(s)" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit:
        tpukb_main(["watch", "--rate", "0"])
    err = capsys.readouterr().err
    assert exit.value.code == 2 and err.count("\n") == 1 and "must be more than 0" in err


def test_the_command_never_prints_a_traceback(tmp_path):
    docs = make_docs(tmp_path, ["https://docs.cloud.google.com/tpu/docs/intro"])
    broken = record.path(docs, "watched")
    broken.parent.mkdir(parents=True)
    broken.write_text('{"article": "watched",\n "sources": [1, 2,\n', encoding="utf-8")
    for args in (["--docs", str(docs)], ["--docs", str(docs), "--today", "2026-13-45"],
                 ["--docs", str(tmp_path / "nowhere")]):
        run = subprocess.run([sys.executable, "-m", "tpukb.watch.cli", *args],
                             capture_output=True, text=True, timeout=60)
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr
        assert run.stderr.count("\n") == 1 and run.stderr.startswith("tpukb watch: "), run.stderr
    assert "watched.json:3: not valid JSON" in subprocess.run(
        [sys.executable, "-m", "tpukb.watch.cli", "--docs", str(docs)],
        capture_output=True, text=True, timeout=60).stderr


# ---------------------------------------------------------------------------
# The committed records, facts_due and the workflow
# ---------------------------------------------------------------------------

def test_the_committed_records_are_sound_and_never_built():
    """Each record belongs to an article, every entry carries its day and
    either an observation or why there is none (a new article is recorded
    with `tpukb watch --record SLUG`; the watch names the missing)."""
    from tpukb.watch.references import article_slugs
    files = sorted((ROOT / "docs" / "citations" / record.FOLDER).glob("*.json"))
    assert files, "no record: tpukb watch --record"
    for file in files:
        assert file.stem in article_slugs(ROOT / "docs"), f"{file.name}: no such article"
        for url, entry in record.load(ROOT / "docs", file.stem).items():
            assert url.startswith("https://") and entry["recorded"], (file.name, url)
            assert ("unreachable" in entry) != ("kind" in entry), (file.name, url)
    # never built: MkDocs excludes the whole citations folder
    assert "exclude_docs: |\n  /citations/\n" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_facts_due_puts_first_what_is_old_and_moved(tmp_path, capsys):
    from tpukb.watch.references import collect
    from tpukb.newarticle import is_draft
    refs = [r for r in collect(ROOT / "docs")  # the due list leaves drafts out
            if not is_draft(ROOT / "docs" / "en" / "articles" / f"{r.slug}.md")]
    ref = refs[-1]  # the last article, first once its source moved
    report = tmp_path / "report.json"
    report.write_text(json.dumps({"watched": "2026-11-27", "results": [
        {"slug": ref.slug, "label": ref.label, "url": ref.url, "state": "changed",
         "summary": "2 paragraph(s) added, 1 removed"}]}), encoding="utf-8")
    assert tpukb_main(["due", "--watch-report", str(report), "--today", "2026-11-27"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"articles/{ref.slug}.md"
    assert (f"source changed since checked {ref.checked}" in out
            and f"{ref.place}  [^{ref.label}] {ref.url}: changed: 2 paragraph(s) added" in out), out
    # a reference checked again after the watch is not flagged
    report.write_text(report.read_text().replace("2026-11-27", "2020-01-01"), encoding="utf-8")
    assert tpukb_main(["due", "--watch-report", str(report), "--today", "2026-11-27", "--json"]) == 0
    assert not any(v["sources_changed"] for v in json.loads(capsys.readouterr().out)["versions"])


def test_the_workflow_runs_weekly_and_by_hand_and_publishes_the_report():
    path = ROOT / ".github" / "workflows" / "sources-watch.yml"
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert "workflow_dispatch" in triggers and triggers["schedule"][0]["cron"].endswith("* * 1")
    steps = workflow["jobs"]["watch"]["steps"]
    assert any(".venv/bin/tpukb watch" in s.get("run", "") for s in steps)
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@"))
    assert upload["if"] == "always()" and "sources-watch.json" in upload["with"]["path"]
    # actionlint: tests/test_hosting.py lints every workflow, this one included


def test_the_watch_runs_inside_a_running_event_loop(tmp_path, server):
    """As when another command (or a test's browser) already runs one."""
    import asyncio

    from tpukb.watch.run import run_async
    url, path = PAGES["devsite-docs.html"]
    docs = make_docs(tmp_path, [url])
    server.routes[path] = Route(body=fixture("devsite-docs.html"))

    async def inside():
        asyncio.get_running_loop()  # there is one
        return watch(docs, server, "--record"), watch(docs, server)

    assert run_async(inside) == (0, 0)
