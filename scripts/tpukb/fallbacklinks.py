"""Section links that cannot resolve because a page is served in English.

A translation declared missing is served as the English page under the
language's URL (the i18n plugin's fallback). An `#anchor` in a link to
another article then cannot resolve: headings, and so anchors, differ from
language to language. Such a link keeps its target page and loses its
anchor (the reader lands at the top of the right article) when the linking
page is itself a fallback copy, or when the page it links to is one. Every
other anchor stays, and MkDocs' validation still checks it.
"""

from __future__ import annotations

import posixpath
import re
from typing import Callable

# [text](relative/page.md#anchor) without a title; code is not special-cased
# (the articles never show Markdown links inside code)
ANCHORED_LINK = re.compile(r"(\]\()([^)\s#:]+\.md)#[^)\s]+\)")


def drop_unresolvable_anchors(markdown: str, page: str, is_fallback: bool,
                              translated: Callable[[str], bool]) -> str:
    """`page`: the page's path inside its language folder (articles/x.md);
    `translated(path)`: whether that page exists in the language being built."""
    folder = posixpath.dirname(page)

    def keep_or_drop(match: re.Match) -> str:
        target = posixpath.normpath(posixpath.join(folder, match.group(2)))
        if is_fallback or not translated(target):
            return f"{match.group(1)}{match.group(2)})"
        return match.group(0)

    return ANCHORED_LINK.sub(keep_or_drop, markdown)
