"""Related articles: where a reader goes next from an article.

The list is kept once, in the default language's front matter, as the pages
to link (paths as in the nav, relative to a language folder):

    related:
      - articles/pytorch-on-tpu-2026.md
      - articles/tpus-on-gke.md

Every language version of the article shows it after its text and before its
references, under the heading `related.heading` of its language, each entry
the target's title in that language (the English title where the target is
served in English). Translators copy nothing: the list is not part of the
text whose hash records a translation's version (tpukb.translations.normalise).
The checker's rule R12 (tpukb.citecheck.related) keeps the list sound.
"""

from __future__ import annotations

import posixpath
from pathlib import Path

from . import sourcefile

KEY = "related"
# The block's class: left out of the search index (tpukb.search), styled by
# overrides/assets/stylesheets/reader.css.
CSS_CLASS = "kb-related"


def front_matter(path: Path) -> dict:
    """A page's front matter, from tpukb.sourcefile's cache ({} when it is not UTF-8: E1 reports it)."""
    try:
        return sourcefile.front_matter(path)
    except sourcefile.NotUtf8:
        return {}


def targets(docs: Path, default: str, name: str) -> list[str]:
    """The related pages the default language's version of `name` lists."""
    path = docs / default / name
    value = front_matter(path).get(KEY) if path.is_file() else None
    return [str(item) for item in value] if isinstance(value, list) else []


def title(docs: Path, lang: str, default: str, name: str) -> str:
    """A page's title in `lang`, or in the default language when it has no version there."""
    for folder in (lang, default):
        path = docs / folder / name
        if path.is_file():
            found = front_matter(path).get("title")
            if found:
                return str(found)
    return posixpath.splitext(posixpath.basename(name))[0]


def block(docs: Path, lang: str, default: str, name: str, heading: str) -> str:
    """The Markdown of the related-articles block of page `name` in `lang` ('' if none)."""
    pages = targets(docs, default, name)
    if not pages:
        return ""
    here = posixpath.dirname(name) or "."
    items = "\n".join(f"- [{title(docs, lang, default, target)}]"
                      f"({posixpath.relpath(target, here)})" for target in pages)
    return f'<div class="{CSS_CLASS}" markdown>\n\n## {heading}\n\n{items}\n\n</div>\n\n'


def insert(markdown: str, related: str, references_heading: str) -> str:
    """`markdown` with the block put just above its last references heading."""
    if not related:
        return markdown
    heading = f"\n## {references_heading}"
    at = markdown.rfind(heading + "\n")
    if at < 0:
        return markdown  # no references section: rule R1 reports it
    return markdown[:at + 1] + related + markdown[at + 1:]
