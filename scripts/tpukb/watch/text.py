"""A page's main text as normalised paragraphs, each kept as a short hash.

trafilatura extracts the main text (it drops navigation, headers, footers,
cookie banners and sidebars); each block it keeps (paragraph, heading, list
item, table cell, code block, quotation) becomes one paragraph, its
whitespace collapsed and Unicode normalised (NFKC), so re-wrapped HTML hashes
the same. Lines that are boilerplate wherever they appear ("Last updated ...",
copyright lines, feedback prompts) are dropped here: BOILERPLATE is the one
list of them.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

import trafilatura
from lxml import etree

HASH_CHARS = 16  # hex digits of sha256 kept per paragraph (64 bits)
SHORTEN = 300  # characters of an added paragraph shown in a report

# Paragraphs that change without the page's content changing.
BOILERPLATE = [re.compile(pattern, re.I) for pattern in (
    r"^(page |content |article )?(last )?(updated|modified|edited|reviewed|published)"
    r"( on| at)?:? .{0,40}\d.{0,40}$",                       # "Last updated 2026-08-13 UTC."
    r"^(©|\(c\)|copyright\b).{0,200}$",                       # "© 2026 GitHub, Inc."
    r"^(was this (page |article )?helpful\??|send feedback|rate this page)\.?$",
    r"^[\d\s/.,:-]{6,30}(utc|gmt)?\.?$",                      # a date or time alone
)]

# trafilatura's XML elements that hold one block of text each; `code` is a
# block of its own only outside them (inside, it is inline code).
BLOCKS = ("p", "head", "item", "cell", "quote")


def normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def is_boilerplate(paragraph: str) -> bool:
    return any(pattern.match(paragraph) for pattern in BOILERPLATE)


def digest(paragraph: str) -> str:
    return hashlib.sha256(paragraph.encode("utf-8")).hexdigest()[:HASH_CHARS]


def shorten(paragraph: str, limit: int = SHORTEN) -> str:
    return paragraph if len(paragraph) <= limit else paragraph[:limit - 1].rstrip() + "…"


def paragraphs(html: str, url: str | None = None) -> list[str]:
    """The main text of an HTML page, one normalised string per block."""
    xml = trafilatura.extract(html, url=url, output_format="xml", include_comments=False,
                              include_tables=True, include_formatting=False, include_links=False,
                              include_images=False, favor_precision=True, deduplicate=False,
                              with_metadata=False)
    if not xml:
        return []
    root = etree.fromstring(xml.encode("utf-8"))
    found = []
    for element in root.iter(*BLOCKS, "code"):
        if element.tag == "code" and any(a.tag in BLOCKS for a in element.iterancestors()):
            continue  # inline code: part of its paragraph
        if any(d.tag in BLOCKS for d in element.iterdescendants()):
            continue  # a list item or cell holding paragraphs: its paragraphs count
        paragraph = normalise("".join(element.itertext()))
        if paragraph and not is_boilerplate(paragraph):
            found.append(paragraph)
    return found


def hashed(html: str, url: str | None = None) -> dict[str, str]:
    """hash -> paragraph, in page order (a repeated paragraph counts once)."""
    return {digest(p): p for p in paragraphs(html, url)}
