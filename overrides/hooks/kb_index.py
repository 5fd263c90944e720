"""The generated lists of the knowledge base (tpukb.kbindex, tpukb.related).

A page containing the line `<!-- kb:article-list -->` gets, in its place, the
contents of its navigation section: a category page its articles, the
knowledge-base index its categories and then their articles, each as a linked
title and its one-sentence `description`. Adding an article therefore needs
no edit of an index page in any language.

An article whose English front matter lists `related` pages gets, in every
language, the list of them (titles in the page's language) just above its
references.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError

from tpukb import kbindex, related


def on_page_markdown(markdown, page, config, files):
    strings = config.extra.get("reader_strings")
    if strings is None:
        raise PluginError("kb_index: needs hooks/reader_strings.py in mkdocs.yml hooks")
    lang = config.theme["language"]
    try:
        filled = kbindex.fill(markdown, page, strings[lang]["kb.category.empty"])
    except kbindex.KbIndexError as error:
        raise PluginError(str(error)) from error
    if filled is not None:
        return filled
    i18n = config.plugins.get("i18n")
    default = i18n.default_language if i18n is not None else lang
    name = getattr(page.file, "norm_src_uri", page.file.src_uri)
    block = related.block(Path(config.docs_dir), lang, default, name,
                          strings[lang]["related.heading"])
    return related.insert(markdown, block, strings[lang]["references.heading"])
