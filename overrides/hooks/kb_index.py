"""Fill the knowledge-base index and the category pages (tpukb.kbindex).

A page containing the line `<!-- kb:article-list -->` gets, in its place, the
contents of its navigation section: a category page its articles, the
knowledge-base index its categories and then their articles, each as a linked
title and its one-sentence `description`. Adding an article therefore needs
no edit of an index page in any language.
"""

from __future__ import annotations

from mkdocs.exceptions import PluginError

from tpukb import kbindex


def on_page_markdown(markdown, page, config, files):
    strings = config.extra.get("reader_strings")
    if strings is None:
        raise PluginError("kb_index: needs hooks/reader_strings.py in mkdocs.yml hooks")
    try:
        return kbindex.fill(markdown, page, strings[config.theme["language"]]["kb.category.empty"])
    except kbindex.KbIndexError as error:
        raise PluginError(str(error)) from error
