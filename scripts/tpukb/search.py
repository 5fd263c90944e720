"""Site search: the Pagefind index of the built site, one index per language.

Owns what the search needs from a build: which part of a page is indexed
(Material's content <article>, marked with `data-pagefind-body`; a page
without it, such as a 404 page, is not indexed), what inside it is left out
(heading permalinks, the reference list), which pages are not results
(pages that only list others: LISTING_MARKERS), where the Pagefind bundle lives
(`pagefind/` under the path of `site_url`), and the run of the Pagefind
indexer (PyPI `pagefind[bin]`, `python -m pagefind`) over the site's marked
pages once every language is built (over copies of them cut down to what
their index depends on, tpukb.searchinput, which the plugin keeps as it
writes them). Pagefind reads each page's `<html lang>` and writes
one index per language, with that language's stemmer; the browser loads only
the index chunks of the reader's language that a query needs.

Every failure names what went wrong: a page whose content article was not
found, an indexer that did not run, a page count that does not match.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

from .kbindex import MARKER as KB_LIST_MARKER

BUNDLE = "pagefind"
ARTICLE = '<article class="md-content__inner md-typeset">'
ARTICLE_INDEXED = '<article class="md-content__inner md-typeset" data-pagefind-body>'
# Pagefind joins the text of adjacent inline elements: without this, every
# heading would end in its permalink sign. The reference list (.footnote)
# is left out: it is the shared citation file, mostly English titles, the
# same under every language, so indexed it would make an English word find
# Finnish, Italian and Arabic pages, and match excerpts would quote
# reference titles instead of the article. The citation markers
# (.footnote-ref, "[10]") are left out so that excerpts read as text, and
# the related-articles list (tpukb.related) so that another article's title
# does not make this page a match for it. The plugin's `search_exclude`
# option defaults to these.
EXCLUDE_SELECTORS = (".headerlink", ".footnote", ".footnote-ref", ".kb-related")
# Pages that only list other pages are not results: the Tags page (Material's
# tags listing), the knowledge-base index and the category pages (their
# generated list, tpukb.kbindex). A query then answers with the articles
# themselves; indexed with low weights instead, a category page whose title
# holds the query's word still came first, its few words outweighing an
# article's many (Pagefind normalises by page length and boosts titles).
LISTING_MARKERS = ("<!-- material/tags -->", KB_LIST_MARKER)
# What the search loads from the bundle (assets/javascripts/search.js, on first
# use); checked after indexing.
UI_STYLE = "pagefind-component-ui.css"
UI_FILES = ("pagefind-component-ui.js", UI_STYLE, "pagefind-highlight.js")
# The first paint of the search, before its UI loads: every page shows the
# closed search box (wide screens) and the search button (phones) as Pagefind
# draws them, from static markup with Pagefind's own class names
# (overrides/partials/search.html). FIRST_PAINT is the small stylesheet the
# pages load instead of Pagefind's whole one: the rules of UI_STYLE that draw
# those elements (its variables, the components' baseline, and the rules of
# FIRST_PAINT_CLASSES), so they look the same before and after the UI loads.
FIRST_PAINT = "pagefind-first-paint.css"
FIRST_PAINT_CLASSES = ("pf-searchbox", "pf-searchbox-input-wrapper", "pf-searchbox-input",
                       "pf-trigger-shortcut", "pf-trigger-key", "pf-key", "pf-trigger-btn",
                       "pf-trigger-icon")
FIRST_PAINT_ELEMENTS = ("pagefind-searchbox", "pagefind-modal-trigger")
# The stand-in of such an element (partials/search.html) carries the class
# STUB_PREFIX + its name and is styled as the element is.
STUB_PREFIX = "kb-stub-"
# Query parameter that carries the searched words to the result's page, where
# assets/javascripts/search.js marks them (pagefind-highlight.js).
HIGHLIGHT_PARAM = "highlight"


class SearchError(RuntimeError):
    """The search index could not be built as the site needs it."""


def base_path(site_url: str) -> str:
    """URL path of the site root, from site_url: '/' or '/docs/'."""
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def bundle_path(site_url: str) -> str:
    """Absolute URL path of the Pagefind bundle ('/pagefind/').

    Absolute because the Component UI resolves it from its own module, not
    from the page."""
    return base_path(site_url) + BUNDLE + "/"


def is_listing(markdown: str) -> bool:
    """Whether a page, by its Markdown source, only lists other pages."""
    return any(marker in markdown for marker in LISTING_MARKERS)


def mark_body(output: str, where: str, listing: bool = False) -> str:
    """A rendered page with its content article marked for indexing, unless
    the page is a listing (see LISTING_MARKERS)."""
    if ARTICLE not in output:
        raise SearchError(f"{where}: search: no Material content article ({ARTICLE}) in the "
                          "page; Material's markup changed, update tpukb/search.py")
    return output if listing else output.replace(ARTICLE, ARTICLE_INDEXED, 1)


def count_marked(site: Path) -> int:
    return sum(ARTICLE_INDEXED in path.read_text(encoding="utf-8", errors="ignore")
               for path in site.rglob("*.html"))


ENTRY = "pagefind-entry.json"


def _write_entry(entry: Path, data: dict) -> None:
    data["languages"] = dict(sorted(data["languages"].items()))
    entry.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def sort_entry(bundle: Path) -> None:
    """Pagefind lists the languages of pagefind-entry.json in a different order
    from run to run; sorted, the same site gives the same bytes (and ETag)."""
    entry = bundle / ENTRY
    if entry.is_file():
        _write_entry(entry, json.loads(entry.read_text(encoding="utf-8")))


def merge_entry(ours: Path, theirs: Path) -> None:
    """Add the languages of another Pagefind run's entry file `theirs` (over
    other languages of the same site) to `ours`. Each language's index files
    are that language's alone, so the merged bundle is what one run over all
    the languages writes."""
    mine, other = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (ours, theirs))
    rest = {k: v for k, v in mine.items() if k != "languages"}
    if rest != {k: v for k, v in other.items() if k != "languages"}:
        raise SearchError(f"{theirs}: search: not the same Pagefind version or settings as "
                          f"{ours}; the two bundles cannot be merged")
    _write_entry(Path(ours), dict(mine, languages={**mine["languages"], **other["languages"]}))


def index_site(site: Path, exclude: tuple[str, ...] | list[str] = EXCLUDE_SELECTORS,
               pages: dict[str, str] | None = None) -> int:
    """Run Pagefind over a built site, leaving out what the CSS selectors
    `exclude` match; return the number of pages indexed.

    `pages`: the pages marked for indexing, by their path in the site, as
    Pagefind is to read them (tpukb.searchinput.reduced; the plugin keeps
    them as it writes the pages, which spares Pagefind most of the HTML and
    this step a reading of every page). Pagefind then reads copies of them
    (see _copies) and writes the same bundle into the site; without
    `pages`, or when no copies could be made that Pagefind reads in the
    site's order, it reads the site's pages themselves."""
    site = Path(site)
    with contextlib.ExitStack() as stack:
        source = _copies(site, pages, stack) if pages is not None else None
        marked = len(pages) if source is not None else count_marked(site)
        if marked == 0:
            raise SearchError(f"{site}: search: no page is marked for indexing")
        _run_pagefind(site, source or site, exclude)
    bundle = site / BUNDLE
    sort_entry(bundle)
    indexed = len(list((bundle / "fragment").glob("*.pf_fragment")))
    if indexed != marked:
        raise SearchError(f"{site}: search: Pagefind indexed {indexed} pages, the build "
                          f"marked {marked}; run `python -m pagefind --site {site}` to see why")
    missing = [name for name in UI_FILES if not (bundle / name).is_file()]
    if missing:
        raise SearchError(f"{bundle}: search: Pagefind wrote no {', '.join(missing)}, which "
                          "the search loads; update tpukb.search.UI_FILES and search.js")
    write_first_paint(bundle)
    return indexed


def _run_pagefind(site: Path, source: Path, exclude) -> None:
    command = [sys.executable, "-m", "pagefind", "--site", str(source),
               "--output-path", str(site / BUNDLE),
               "--exclude-selectors", ", ".join(exclude), "--quiet"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        hint = (" (install the project's dependencies: scripts/setup-env)"
                if "No module named" in result.stderr else "")
        raise SearchError(f"{site}: search: Pagefind failed with exit code "
                          f"{result.returncode}{hint}:\n{result.stdout}{result.stderr}")


def _html_files(root: Path | str, prefix: str = "") -> Iterator[str]:
    """The HTML files under `root` in the order Pagefind finds them: a walk
    of the directory tree, depth first, each directory's entries in the
    order the file system lists them (Pagefind's glob walk, walkdir, unsorted)."""
    with os.scandir(root) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                yield from _html_files(entry.path, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".html"):
                yield prefix + entry.name


# Where the copies go, tried in turn: a folder in memory (Linux's tmpfs,
# which lists a directory's newest entries first, so the copies are written
# last page first), then a folder beside the site, on its file system (ext4
# lists a directory in the order of its names' hashes, file systems that
# list entries in the order they were made get them in the site's order).
MEMORY = Path("/dev/shm")
PLACES = ((MEMORY, True), (None, False))  # (parent folder or the site's, newest first)


def _copies(site: Path, pages: dict[str, str], stack: contextlib.ExitStack) -> Path | None:
    """A folder (removed when `stack` closes) with `pages` at their paths in
    the site, which Pagefind reads in the order it reads them in the site;
    None if there is none, or if a page is missing from the site (something
    removed it after the plugin wrote it). Pagefind numbers a language's
    pages in the order it finds them, and its index files hold those
    numbers: the same bundle needs the same order, which is checked once the
    copies are written."""
    order = [path for path in _html_files(site) if path in pages]
    if len(order) != len(pages):
        return None
    for parent, newest_first in PLACES:
        parent = site.parent if parent is None else parent
        if not parent.is_dir():
            continue
        try:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(
                dir=parent, prefix=f".{site.name}-search-")))
            _write(folder, pages, order[::-1] if newest_first else order)
        except OSError:
            continue  # not writable, or full (a container's small /dev/shm)
        if list(_html_files(folder)) == order:
            return folder
    return None


def _write(folder: Path, pages: dict[str, str], order: list[str]) -> None:
    made = set()
    for path in order:
        target = folder / path
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        target.write_text(pages[path], encoding="utf-8")


_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_COMMENT = re.compile(r"/\*.*?\*/", re.S)


def first_paint_css(css: str) -> str:
    """The rules of Pagefind's stylesheet that draw the closed search box and
    the search button: top-level rules (not inside @media or @keyframes) whose
    selector is a variable block (`:root`, a theme) or names one of
    FIRST_PAINT_ELEMENTS or FIRST_PAINT_CLASSES."""
    css = _COMMENT.sub("", css)
    classes = re.compile(r"\.(?:" + "|".join(map(re.escape, FIRST_PAINT_CLASSES)) + r")(?![\w-])")
    elements = re.compile(r"(?<![\w.-])(?:" + "|".join(FIRST_PAINT_ELEMENTS) + r")(?![\w-])")
    kept, depth, start = [], 0, 0
    for index, char in enumerate(css):  # top-level blocks only
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                block = css[start:index + 1]
                start = index + 1
                rule = _RULE.fullmatch(block.strip())
                if rule is None:
                    continue  # an at-rule with nested blocks
                selector = rule.group(1).strip()
                if (selector.startswith((":root", "[data-pf-theme"))
                        or classes.search(selector) or elements.search(selector)):
                    # the stub stands beside the component: it gets its baseline
                    selector = elements.sub(lambda m: f":is({m.group(0)}, .{STUB_PREFIX}{m.group(0)})",
                                           selector)
                    kept.append(f"{' '.join(selector.split())}{{{' '.join(rule.group(2).split())}}}")
    return "\n".join(kept) + "\n"


def write_first_paint(bundle: Path) -> None:
    css = first_paint_css((bundle / UI_STYLE).read_text(encoding="utf-8"))
    if ".pf-searchbox-input" not in css or ".pf-trigger-btn" not in css:
        raise SearchError(f"{bundle / UI_STYLE}: search: no rule for the search box or button "
                          "found; Pagefind's markup changed, update FIRST_PAINT_CLASSES and "
                          "overrides/partials/search.html")
    (bundle / FIRST_PAINT).write_text(css, encoding="utf-8")
