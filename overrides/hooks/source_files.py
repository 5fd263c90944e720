"""Read every page the way the citation checker reads it (tpukb.sourcefile).

MkDocs reads a page as UTF-8 and stops with a traceback on any other
encoding, and its front-matter pattern does not see `---` lines that end in
CRLF. This hook hands MkDocs the text tpukb.sourcefile decodes: UTF-8, the
byte-order mark dropped, CRLF and CR read as LF. A page or citation file
that is not UTF-8 is built as an empty page, without its include: the
citation checker reports it once with file, line and column (rule E1,
hooks/citation_guard.py), and the strict build fails with that finding
instead of a traceback.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from tpukb.citecheck.articles import INCLUDE
from tpukb.sourcefile import NotUtf8, read_text


def on_page_read_source(page, config):
    try:
        return read_text(Path(page.file.abs_src_path))
    except NotUtf8:
        return f"# {Path(page.file.src_uri).stem}\n"


@functools.lru_cache(maxsize=None)
def _readable(path: Path, stamp: tuple[int, int]) -> bool:
    """Whether a file decodes (once per file version: every language includes it)."""
    try:
        read_text(path)
    except NotUtf8:
        return False
    return True


def on_page_markdown(markdown, page, config, files):
    if "--8<--" not in markdown:
        return None
    docs = Path(config.docs_dir)

    def keep(match: re.Match) -> str:
        path = docs / match.group(1)
        if not path.is_file():
            return match.group(0)  # snippets' check_paths reports it
        stat = path.stat()
        return match.group(0) if _readable(path, (stat.st_mtime_ns, stat.st_size)) else ""
    return INCLUDE.sub(keep, markdown)
