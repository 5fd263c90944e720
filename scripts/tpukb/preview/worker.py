"""One language of the writer's preview, kept warm (a process of its own).

`python -m tpukb.preview.worker LANG SCRATCH CONFIG` builds LANG alone as a
split build's second process does (tpukb.parallel: `TPUKB_BUILD_PART`), into
SCRATCH, with drafts as `mkdocs serve` shows them, and keeps what MkDocs
built it from: the files, the navigation with every page read, the
template environment and every plugin's state for that language. It then
answers one JSON line per request on stdin:

- `{"changed": [absolute paths]}`: every page of LANG that a changed file
  feeds (its own source, the English source of a fallback copy or of a
  translation whose "behind the English" notice may change, an included
  citation file) is read, rendered and written again through MkDocs' own
  page steps and every plugin's page events, so its output is a clean
  build's. Answer `{"written": [paths under SCRATCH]}`, or `{"rebuild":
  reason}` when a page's title or front matter changed (other pages show
  them: navigation, lists, related articles, feeds), which needs a build.
- end of input: the process ends.

The first line it writes is `{"ready": seconds}` once LANG is built (or
`{"failed": message}`); warnings go to stderr as in `mkdocs serve`.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from pathlib import Path

import mkdocs.commands.build as mkdocs_build
from mkdocs.config import load_config

from .. import parallel
from ..languages import page_name

log = logging.getLogger("mkdocs")


class Kept:
    """What the build of one language was made of, caught as MkDocs passes
    it to its page steps."""

    def __init__(self):
        self.files = None
        self.doc_files = None
        self.nav = None
        self.env = None
        self.seen: dict[str, tuple] = {}  # src_uri of each page -> (title, meta) as built

    def catch(self):
        populate, build_page = self.populate, self.build_page = \
            mkdocs_build._populate_page, mkdocs_build._build_page

        def _populate_page(page, config, files, dirty=False):
            self.files = files
            populate(page, config, files, dirty)
            self.seen[page.file.src_uri] = outline(page)

        def _build_page(page, config, doc_files, nav, env, dirty=False, excluded=False):
            self.doc_files, self.nav, self.env = doc_files, nav, env
            build_page(page, config, doc_files, nav, env, dirty, excluded)

        mkdocs_build._populate_page, mkdocs_build._build_page = _populate_page, _build_page


# Front-matter keys the plugins add to page.meta that only the page itself shows
OWN_KEYS = ("kb_stale",)


def outline(page) -> tuple:
    """What other pages show of a page: its title and front matter."""
    return page.title, {k: v for k, v in page.meta.items() if k not in OWN_KEYS}


def fed_by(page, changed: set[str], default_sources: set[str], citations: set[str]) -> bool:
    """Does a changed file feed this page's output?"""
    file = page.file
    if file.abs_src_path in changed:
        return True
    name = page_name(file)
    if name in default_sources:  # the English text: a translation's stale notice
        return True
    text = page.markdown or ""
    return any(f"citations/{citation}" in text for citation in citations)


def rerender(config, kept: Kept, changed: list[str]) -> dict:
    docs = Path(config.docs_dir)
    i18n = config.plugins["i18n"]
    changed_set = {str(Path(p)) for p in changed}
    default_sources, citations = set(), set()
    for path in map(Path, changed_set):
        relative = path.relative_to(docs).parts
        if relative[0] == i18n.default_language:
            default_sources.add("/".join(relative[1:]))
        elif relative[0] == "citations":
            citations.add("/".join(relative[1:]))
    pages = [f.page for f in kept.doc_files
             if f.page is not None and fed_by(f.page, changed_set, default_sources, citations)]
    config.plugins["tpukb"].reread_sources(
        config, {page_name(page.file) for page in pages})
    written = []
    for page in pages:
        kept.populate(page, config, kept.files)
        if outline(page) != kept.seen.get(page.file.src_uri):
            return {"rebuild": f"{page.file.src_uri}: its title or front matter changed"}
        kept.build_page(page, config, kept.doc_files, kept.nav, kept.env,
                        excluded=page.file.inclusion.is_excluded())
        written.append(page.file.abs_dest_path)
    level = config.validation.links.anchors
    for file in kept.doc_files:  # links into a changed page's sections, as a build checks them
        if file.page is not None:
            file.page.validate_anchor_links(files=kept.files, log_level=level)
    return {"written": written}


def main(argv: list[str]) -> int:
    lang, scratch, config_file = argv
    os.environ[parallel.PART_ENV] = lang
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING,
                        format=f"%(levelname)-7s -  [{lang}] %(message)s")
    started = time.monotonic()
    kept = Kept()
    kept.catch()
    try:
        # not strict: a warning is printed and the writer sees the page (the
        # strict build before a pull request stops on it)
        config = load_config(config_file, site_dir=scratch, strict=False)
        config.plugins.on_startup(command="serve", dirty=False)
        config.plugins["tpukb"].preview = True
        mkdocs_build.build(config, serve_url=config.site_url or "http://127.0.0.1/")
        # the i18n plugin's loop went on through the languages this process
        # skipped (tpukb.parallel.only_in_i18n_loop): LANG's pages are built
        # with LANG current
        config.plugins["i18n"].current_language = lang
    except BaseException as error:  # SystemExit from Abort included: say why, then end
        print(json.dumps({"failed": f"{type(error).__name__}: {error}"}), flush=True)
        return 1
    print(json.dumps({"ready": round(time.monotonic() - started, 2)}), flush=True)
    for line in sys.stdin:
        try:
            answer = rerender(config, kept, json.loads(line)["changed"])
        except Exception as error:  # a page that fails to build: the preview says so
            answer = {"rebuild": f"{type(error).__name__}: {error}"}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
