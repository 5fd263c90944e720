"""Fixtures for the browser tests.

One strict build of the site (the `site` fixture of tests/conftest.py), served
by tpukb serve on 127.0.0.1 on a free port, one headless Chromium
for the session, a fresh browser context per test. Every request a test's
pages make is recorded, so that tests can check they stay on the site.
"""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")
# Headless on a machine whose network reaches no browser vendor service.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTICLE = "articles/jax-tensorflow-tpu-memory/"

from tpukb.serve import make_server

from conftest import LANGUAGES, SITE_LANGUAGES  # noqa: F401  (tests/conftest.py)


# Pagefind's UI lists a query's results as placeholders in rank order and
# fills each one as its data arrives, not necessarily the first one first
# (seen under load): a test that reads "the first result" waits until the
# first place holds a link answering the whole query. The first place: the
# header box's first option (a placeholder there is a div), or the link in
# the phone's full-screen list's first item.
FIRST_RESULT = {
    "box": "(() => { const a = document.querySelector('.pf-searchbox-result');"
           " return a && a.tagName === 'A' ? a : null })()",
    "modal": "document.querySelector('pagefind-modal li.pf-result')?.querySelector('a.pf-result-link')",
}


def wait_for_first_result(page, query: str, ui: str = "box") -> None:
    """Wait until the first result of `query` is shown in the header's search
    box ("box") or the phone's full-screen search ("modal")."""
    page.wait_for_function(
        f"q => {{ const a = {FIRST_RESULT[ui]};"
        " return !!a && a.href.includes('highlight=' + encodeURIComponent(q)) }",
        arg=query.lower(), timeout=10_000)


def lang_root(lang: str) -> str:
    """URL path of a language's home ('/' for English, the default)."""
    return SITE_LANGUAGES.root_path(lang)


@pytest.fixture(scope="session")
def base_url(site) -> str:
    server = make_server(site, port=0, verbose=False)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        executable = str(SYSTEM_CHROMIUM) if SYSTEM_CHROMIUM.exists() else None
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# A phone as the browser tests see it: 360 x 740 CSS pixels, touch, a mobile
# browser's viewport handling.
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


class Visit:
    """A browser context for one test, recording every request its pages make."""

    def __init__(self, browser, base_url: str, device: dict = DESKTOP):
        self.base_url = base_url
        self.context = browser.new_context(**device)
        self.requests: list[str] = []
        self.context.on("request", lambda request: self.requests.append(request.url))
        self.page = self.context.new_page()

    def open(self, path: str, idle: bool = True):
        """Open a page; with `idle`, also wait until the network has been
        quiet for half a second (for tests that count requests or run axe on
        a settled page; the others wait for what they use)."""
        response = self.page.goto(self.base_url + path, wait_until="load")
        if idle:
            self.page.wait_for_load_state("networkidle")
        return response

    def foreign_requests(self) -> list[str]:
        own = self.base_url + "/"
        return [url for url in self.requests
                if not url.startswith((own, "data:", "blob:", "about:"))]


@pytest.fixture
def visit(browser, base_url):
    visit = Visit(browser, base_url)
    yield visit
    visit.context.close()


@pytest.fixture
def phone(browser, base_url):
    """Like `visit`, on a phone-sized touch screen (PHONE)."""
    visit = Visit(browser, base_url, PHONE)
    yield visit
    visit.context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci --prefix tests/e2e` (scripts/test does)")
    return AXE.read_text(encoding="utf-8")
