"""The generated lists of the knowledge base: its index and its category pages.

A page holding the line `<!-- kb:article-list -->` is the index page of a
navigation section; the line is replaced by that section's contents, in
navigation order, read from the pages' front matter (`title`, one-sentence
`description`):

- a category page (a section whose other children are articles) lists its
  articles: the title as a link, then the description; a category with no
  article yet says so in the page's language (`kb.category.empty`);
- the knowledge-base index (a section whose children include categories)
  lists each category the same way (its index page's title and description),
  followed by that category's articles one heading level down.

Adding an article is therefore one line in the nav of `mkdocs.yml`, under its
category: no index page is edited in any language.
"""

from __future__ import annotations

import posixpath

from .sourcefile import NotUtf8, front_matter

MARKER = "<!-- kb:article-list -->"


class KbIndexError(ValueError):
    """A page or nav section the generated lists cannot describe."""


def _summary(page) -> tuple[str, str]:
    try:
        meta = front_matter(page.file.abs_src_path)
    except NotUtf8:  # the citation checker reports the file (rule E1)
        return posixpath.splitext(posixpath.basename(page.file.src_uri))[0], ""
    title, description = meta.get("title"), meta.get("description")
    if not title or not description:
        raise KbIndexError(f"{page.file.abs_src_path}:1: kb-index: front matter needs both "
                          "'title' and 'description' (the index pages show them)")
    return title, " ".join(str(description).split())


def _index_page(section):
    first = section.children[0] if section.children else None
    if first is None or not first.is_page or posixpath.basename(first.file.src_uri) != "index.md":
        raise KbIndexError(f"nav section '{section.title}': kb-index: a category's first "
                          "entry must be its index page, articles/<category>/index.md")
    return first


def _entry(page, here: str, level: int) -> str:
    title, description = _summary(page)
    link = posixpath.relpath(page.file.src_uri, here or ".")
    return f"{'#' * level} [{title}]({link})\n\n{description}\n"


def article_list(page, empty_text: str) -> str:
    """The Markdown that replaces MARKER on `page` (an index page of a section)."""
    parent = page.parent
    if parent is None:
        raise KbIndexError(f"{page.file.abs_src_path}: kb-index: the page with {MARKER} "
                          "must be the index of a navigation section")
    here = posixpath.dirname(page.file.src_uri)
    entries = []
    for child in parent.children:
        if child.is_page and child.file is page.file:
            continue
        if child.is_page:
            entries.append(_entry(child, here, 2))
        elif child.is_section:
            entries.append(_entry(_index_page(child), here, 2))
            entries += [_entry(article, here, 3) for article in child.children[1:]
                        if article.is_page]
    if not entries:
        return f"*{empty_text}*\n"
    return "\n".join(entries)


def fill(markdown: str, page, empty_text: str) -> str:
    """`markdown` with MARKER replaced (unchanged when the page has none)."""
    if MARKER not in markdown:
        return markdown
    return markdown.replace(MARKER, article_list(page, empty_text))
