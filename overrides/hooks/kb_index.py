"""Fill the knowledge-base index from the articles' front matter.

A page containing the line `<!-- kb:article-list -->` gets, in its place, one
entry per sibling page of its navigation section (in navigation order): the
page's title as a link, then its one-sentence `description`. Adding an article
therefore needs no edit of the index in any language.
"""

from __future__ import annotations

import posixpath

from mkdocs.exceptions import PluginError
from mkdocs.utils.meta import get_data

MARKER = "<!-- kb:article-list -->"


def on_page_markdown(markdown, page, config, files):
    if MARKER not in markdown:
        return None
    parent = page.parent
    if parent is None:
        raise PluginError(
            f"{page.file.abs_src_path}: kb-index: the page with {MARKER} must be "
            "the index of a navigation section"
        )
    entries = []
    here = posixpath.dirname(page.file.src_uri)
    for child in parent.children:
        if not child.is_page or child.file is page.file:
            continue
        _, meta = get_data(child.file.content_string)
        title, description = meta.get("title"), meta.get("description")
        if not title or not description:
            raise PluginError(
                f"{child.file.abs_src_path}:1: kb-index: front matter needs both "
                "'title' and 'description' (the index shows them)"
            )
        link = posixpath.relpath(child.file.src_uri, here or ".")
        entries.append(f"## [{title}]({link})\n\n{' '.join(description.split())}\n")
    return markdown.replace(MARKER, "\n".join(entries))
