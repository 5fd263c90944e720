"""The writer's preview (`tpukb preview`): a saved page is served again alone,
byte for byte as a clean build writes it; what other pages show of it (a
title) still rebuilds them; the browser reloads by itself under the pages'
Content-Security-Policy.

One preview runs on a copy of the project for the whole module; each test
edits files there as a writer's editor does and puts them back.
"""

from __future__ import annotations

import re
import subprocess
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import (DEFAULT_LANGUAGE, LANGUAGES, TPUKB, built_path,  # tests/conftest.py
                      copy_project)
from tpukb.newarticle import is_draft
from tpukb.preview import bench as preview_bench
from tpukb.preview.session import Preview

ARTICLE = "articles/tpu-generations.md"   # complete in every language
OTHER = "articles/index.md"               # the knowledge-base index lists every title
SLUG = "tpu-generations"
# the reload script MkDocs' server adds before </body>, a file here (the CSP)
RELOAD_TAG = re.compile(rb'<script src="/\.livereload\.js\?epoch=\d+&amp;id=\d+"></script>(?=</body>)')
WAIT = 60.0


@dataclass
class Running:
    root: Path
    url: str
    process: subprocess.Popen
    log: list[str] = field(default_factory=list)
    initial: dict[str, bytes] = field(default_factory=dict)

    def source(self, lang: str, page: str = ARTICLE) -> Path:
        return self.root / "docs" / lang / page

    def get(self, lang: str, page: str = ARTICLE) -> bytes:
        path = built_path(Path("/"), lang, page).as_posix().removesuffix("index.html")
        with urllib.request.urlopen(self.url + path, timeout=30) as response:
            return response.read()

    def page(self, lang: str, page: str = ARTICLE) -> bytes:
        """The page as the site has it: without the reload script the server adds."""
        body = self.get(lang, page)
        assert len(RELOAD_TAG.findall(body)) == 1, "the reload script is not added once before </body>"
        return RELOAD_TAG.sub(b"", body)

    def wait(self, lang: str, test, page: str = ARTICLE) -> bytes:
        deadline = time.monotonic() + WAIT
        while True:
            body = self.page(lang, page)
            if test(body) or time.monotonic() > deadline:
                assert test(body), f"{lang}/{page}: not served within {WAIT} s; log:\n" + \
                    "\n".join(self.log[-15:])
                return body
            time.sleep(0.05)

    def said(self, text: str, since: int, within: float = 15.0) -> bool:
        """Did the preview log `text` after line `since` (its log may lag the page)?"""
        deadline = time.monotonic() + within
        while not any(text in line for line in self.log[since:]):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True


@pytest.fixture(scope="module")
def preview(tmp_path_factory):
    root = tmp_path_factory.mktemp("preview")
    copy_project(root)
    # started as the bench starts it: its log followed until it says where it serves
    server, _ = preview_bench.start(
        "tpukb preview", [TPUKB, "preview", "--port", "0", "-f", str(root / "mkdocs.yml")], root)
    running = Running(root, server.url, server.process, server.log)
    try:
        running.initial = {lang: running.page(lang) for lang in LANGUAGES}
        yield running
    finally:
        server.process.terminate()
        server.process.wait(timeout=30)


def edited(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: no {old!r} to edit"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text


def test_preview_pages_are_the_builds(preview, site):
    """Before any edit, the preview serves what `mkdocs build` writes (with
    no draft, whose pages only the preview shows)."""
    if any(is_draft(p) for p in (preview.root / "docs" / DEFAULT_LANGUAGE).rglob("*.md")):
        pytest.skip("a draft is in the navigation of the preview only")
    for lang in LANGUAGES:
        assert preview.initial[lang] == built_path(site, lang, ARTICLE).read_bytes(), lang


def test_saved_page_is_served_alone_and_as_a_clean_build_writes_it(preview):
    """A Finnish edit: that page alone is rendered again, and once the edit is
    undone the page is byte for byte the build's."""
    since = len(preview.log)
    original = edited(preview.source("fi"), "\n## ", "\nPREVIEW-FI-EDIT\n\n## ")
    try:
        preview.wait("fi", lambda body: b"PREVIEW-FI-EDIT" in body)
        assert preview.said("1 page(s) rendered again", since)
    finally:
        preview.source("fi").write_text(original, encoding="utf-8")
    assert preview.wait("fi", lambda body: b"PREVIEW-FI-EDIT" not in body) == preview.initial["fi"]
    assert not preview.said("every language built again", since, within=0)


def test_english_edit_reaches_every_language_and_reloads_the_browser(preview, browser):
    """An English edit: the English page shows it (the open tab reloads by
    itself, under the page's CSP), each translation says the English changed;
    undone, every language's page is the build's again."""
    context = browser.new_context()
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    tab.goto(preview.url + "/" + ARTICLE[:-3] + "/", wait_until="load")
    original = edited(preview.source(DEFAULT_LANGUAGE), "\n## ", "\nPREVIEW-EN-EDIT\n\n## ")
    try:
        tab.get_by_text("PREVIEW-EN-EDIT").wait_for(timeout=WAIT * 1000)  # the tab reloaded
        for lang in LANGUAGES:
            if lang != DEFAULT_LANGUAGE:
                body = preview.wait(lang, lambda body: b"kb-stale" in body)
                assert body != preview.initial[lang]
    finally:
        preview.source(DEFAULT_LANGUAGE).write_text(original, encoding="utf-8")
        context.close()
    assert not [e for e in errors if "Content Security Policy" in e], errors
    for lang in LANGUAGES:
        assert preview.wait(lang, lambda body: body == preview.initial[lang]) == preview.initial[lang]


def test_citation_file_edit_reaches_every_language(preview):
    citations = preview.root / "docs" / "citations" / f"{SLUG}.md"
    since = len(preview.log)
    original = edited(citations, "Retrieved", "PREVIEW-CITE-EDIT Retrieved")
    try:
        for lang in LANGUAGES:
            preview.wait(lang, lambda body: b"PREVIEW-CITE-EDIT" in body)
        assert preview.said(f"{len(LANGUAGES)} page(s) rendered again", since)
    finally:
        citations.write_text(original, encoding="utf-8")
    for lang in LANGUAGES:
        assert preview.wait(lang, lambda body: body == preview.initial[lang]) == preview.initial[lang]


def test_title_change_rebuilds_the_pages_that_show_it(preview):
    """Another page's navigation shows the title: the whole preview is built again."""
    lang = "it"
    source = preview.source(lang)
    text = source.read_text(encoding="utf-8")
    title = re.search(r"^title: (.*)$", text, re.M).group(1)
    since = len(preview.log)
    source.write_text(text.replace(title, title + " PREVIEW-TITLE"), encoding="utf-8")
    try:
        preview.wait(lang, lambda body: b"PREVIEW-TITLE" in body, page=OTHER)
        assert preview.said("every language built again", since), "\n".join(preview.log[since:])
    finally:
        source.write_text(text, encoding="utf-8")


def test_navigation_change_in_mkdocs_yml_rebuilds(preview):
    """The Finnish name of a navigation section (mkdocs.yml) reaches the Finnish pages."""
    config = preview.root / "mkdocs.yml"
    since = len(preview.log)
    original = edited(config, "Knowledge base: Tietopankki", "Knowledge base: PREVIEW-NAV")
    try:
        preview.wait("fi", lambda body: b"PREVIEW-NAV" in body)
        assert preview.said("every language built again", since), "\n".join(preview.log[since:])
    finally:
        config.write_text(original, encoding="utf-8")


def test_what_a_change_needs(tmp_path):
    """Which workers render again, or None: every language built again."""
    docs = tmp_path / "docs"
    sources = [docs / lang / ARTICLE for lang in LANGUAGES] + [docs / "citations" / f"{SLUG}.md"]
    for path in sources:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("# x\n", encoding="utf-8")
    preview = Preview(tmp_path / "mkdocs.yml", tmp_path / "site", tmp_path / "scratch")
    preview.docs, preview.default, preview.sources = docs, DEFAULT_LANGUAGE, set(sources)
    preview.workers = dict.fromkeys(LANGUAGES)
    everyone = sorted(LANGUAGES)
    assert preview.plan({docs / "fi" / ARTICLE}) == ["fi"]
    assert preview.plan({docs / DEFAULT_LANGUAGE / ARTICLE}) == everyone
    assert preview.plan({docs / "citations" / f"{SLUG}.md"}) == everyone
    new = docs / "fi" / "articles" / "new.md"
    new.write_text("# new\n", encoding="utf-8")
    assert preview.plan({new}) is None                        # a page added
    assert preview.plan({docs / "it" / "articles" / "gone.md"}) is None  # removed
    assert preview.plan({tmp_path / "mkdocs.yml"}) is None
    assert preview.plan({tmp_path / "overrides" / "main.html"}) is None
