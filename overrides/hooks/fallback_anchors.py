"""Drop the #anchor of a link to another article when the linking page or the
linked page is served in English in this language (tpukb.fallbacklinks)."""

from __future__ import annotations

from pathlib import Path

from tpukb.fallbacklinks import drop_unresolvable_anchors


def on_page_markdown(markdown, page, config, files):
    i18n = config.plugins.get("i18n")
    if i18n is None or i18n.current_language == i18n.default_language:
        return None
    lang = i18n.current_language
    folder = Path(config.docs_dir) / lang
    name = getattr(page.file, "norm_src_uri", page.file.src_uri)
    is_fallback = getattr(page.file, "locale", lang) != lang
    return drop_unresolvable_anchors(markdown, name, is_fallback,
                                     lambda target: (folder / target).is_file())
