"""What Pagefind reads of a page: the page cut down to what its index entry depends on.

Pagefind's time grows with the HTML it parses, and of a page marked for
indexing (`data-pagefind-body`, tpukb.search) its index entry depends only on
(Pagefind 1.5, pagefind/src/fossick/parser.rs):

- the language, from the `<html lang>` attribute;
- the text of the marked element, less what Pagefind ignores in it (what an
  exclude selector matches, `data-pagefind-ignore` parts), with the ids of
  its elements (the result's sub-headings);
- the title: the first non-empty `<h1>` anywhere, else the first `<title>`;
- the image: the first `<img>` after that `<h1>`;
- `data-pagefind-*` attributes anywhere (metadata, filters, sort keys).

Everything else of the page (the header, navigation, sidebars, footer, the
head's metadata and scripts) Pagefind parses and throws away. `reduced`
gives it instead: `<!doctype html>`, the `<html>` start tag, a `<head>` with
the charset and the page's `<title>`, the `<body>` start tag and the marked
`<article>`, without the ignored elements that can be removed with the same
result (see `_removable`). When the page does not have the shape this relies
on (an `<h1>`, `<img>` or `data-pagefind-` attribute outside the article,
another `<html>` or `<article>` element, ...), the copy is the whole page,
which Pagefind then reads as before. The tests index both the whole pages
and the reduced ones and compare the bundles byte for byte
(tests/test_site.py), so a Pagefind version that reads pages differently is
noticed.
"""

from __future__ import annotations

import functools
import re

DOCTYPE = "<!doctype html>"
HEAD = '<head><meta charset="utf-8">{title}</head>'
ARTICLE_END = "</article>"
_WS = "[ \t\n\f\r]"  # HTML's whitespace (a class attribute's separators)
_NAME = r"""[^ \t\n\f\r"'>/=]+"""
_VALUE = r"""(?:"[^"]*"|'[^']*'|[^ \t\n\f\r"'=<>`]+)"""
_ATTRS = rf"(?:{_WS}+{_NAME}(?:{_WS}*={_WS}*{_VALUE})?)*"
_START_TAG = re.compile(rf"<([a-zA-Z][a-zA-Z0-9-]*)({_ATTRS}){_WS}*(/?)>")
_TAG_NAME = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)")
_ATTR = re.compile(rf"({_NAME})(?:{_WS}*={_WS}*({_VALUE}))?")
_TITLE = re.compile(r"<title\b[^>]*>.*?</title\s*>", re.I | re.S)
# The checks below start with a literal character ("<", "-"), which Python's
# regular expressions look for quickly; each runs over every marked page.
# Outside the article: what Pagefind would take from there (the title, the
# image after it, another article or <html> element).
# the elements around the content article in Material's page (and the page's own)
ANCESTORS = ("div", "main", "body", "html")
_LT_IN_VALUE = re.compile(r'="[^"]*<|=\'[^\']*<')
_USED_BEFORE = re.compile(r"<(?i:h1|article)\b")
_USED_AFTER = re.compile(r"<(?i:h1|img|article|html)\b")
_TITLE_TAG = re.compile(r"<(?i:title)\b")
_PAGEFIND = re.compile(r"-[pP][aA][gG][eE][fF][iI][nN][dD]")  # of data-pagefind-*
# Inside the article: markup in which tags cannot be found by looking for
# `<name` (comments, raw text, foreign content); with any, the page is
# copied whole.
_OPAQUE = re.compile(r"<(?=[!sStTxXiInNpPmM])(?:!--|!\[CDATA\[|(?i:s(?:cript|tyle|vg)"
                     r"|t(?:extarea|itle|emplate)|xmp|iframe|no(?:embed|frames|script)|plaintext"
                     r"|math)\b)")
# Inside an ignored element: what Pagefind still takes from an ignored
# element's descendants (the title, the image; data-pagefind- attributes, _PAGEFIND).
_USED_INSIDE = re.compile(r"<(?i:h1|img)\b")
# Elements without an end tag: an excluded one makes Pagefind ignore its
# parent (the exclusion handler runs once the element is already closed).
VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
# Elements whose end tag HTML may imply (a <p> ends at a <div>): their extent
# is not where `_end_of` would find it.
OPTIONAL_END = frozenset("p li dt dd option optgroup rb rt rp rtc tr td th thead tbody tfoot "
                         "colgroup caption head body html".split())
# Pagefind's INLINE_SELECTORS: such an element hands its parent's anchors to its
# children, so an ignored one's element children still add text to a heading's
# anchor.
INLINE = frozenset("a abbr acronym b bdo big br button cite code dfn em i img input kbd label "
                   "map object output q samp script select small span strong sub sup textarea "
                   "time tt var".split())
KEPT = VOID | OPTIONAL_END | INLINE  # ignored elements left to Pagefind (see _removable)
IGNORE_VALUES = ("", "index", "true", "all")  # data-pagefind-ignore's valid values


@functools.lru_cache(maxsize=None)
def excluded_classes(exclude: tuple[str, ...]) -> tuple[str, ...]:
    """The class names of the exclude selectors that are a single class
    (`.name`); `reduced` copies no page when another selector is configured
    (what it matches may depend on what surrounds the article)."""
    return tuple(m.group(1) for s in exclude
                 if (m := re.fullmatch(r"\s*\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)\s*", s)))


def _has_pagefind_attribute(text: str, pos: int = 0, endpos: int = -1) -> bool:
    """Whether a data-pagefind-* attribute may be in text[pos:endpos] (any case)."""
    hits = _PAGEFIND.finditer(text, pos, len(text) if endpos < 0 else endpos)
    return any(text[hit.start() - 4:hit.start()].lower() == "data" for hit in hits)


IGNORE_ATTRIBUTE = "data-pagefind-ignore"


@functools.lru_cache(maxsize=None)
def _class_pattern(classes: tuple[str, ...]) -> re.Pattern:
    names = "|".join(map(re.escape, classes))
    return re.compile(f'class="(?:[^"]*{_WS})?(?:{names})(?:{_WS}[^"]*)?"')


def _candidates(text: str, pos: int, limit: int, classes: tuple[str, ...]) -> list[int]:
    """Where an element may carry one of `classes` or data-pagefind-ignore, in
    order. Only the spelling Markdown and the templates write (lower case,
    double quotes): an element written otherwise is left to Pagefind."""
    hits = [hit.start() for hit in _class_pattern(classes).finditer(text, pos, limit)] if classes else []
    at = text.find(IGNORE_ATTRIBUTE, pos, limit)
    while at >= 0:
        hits.append(at)
        at = text.find(IGNORE_ATTRIBUTE, at + 1, limit)
    return sorted(hits)


@functools.lru_cache(maxsize=None)
def _same_name(name: str) -> re.Pattern:
    return re.compile(rf"</{name}\s*>|<{name}(?=[\s/>])", re.I)


def _end_of(text: str, name: str, pos: int, limit: int) -> int | None:
    """Where the element `name` whose start tag ends at `pos` ends (after its
    end tag), counting nested elements of the same name; None if not before `limit`."""
    depth = 1
    for tag in _same_name(name).finditer(text, pos, limit):
        depth += -1 if text[tag.start() + 1] == "/" else 1
        if depth == 0:
            return tag.end()
    return None


def _ignored_by(attrs: str, classes: tuple[str, ...]) -> str | None:
    """'class' if Pagefind ignores the element for an exclude selector, 'attr'
    for a valid data-pagefind-ignore, None otherwise or when it is unclear."""
    seen, how = set(), None
    for attr in _ATTR.finditer(attrs):
        name, value = attr.group(1).lower(), attr.group(2)
        if name in seen:
            return None  # a repeated attribute: leave it to Pagefind
        seen.add(name)
        value = "" if value is None else value.strip("\"'")
        if name == "data-pagefind-ignore":
            if value.lower() not in IGNORE_VALUES:
                return None
            how = "attr"
        elif name.startswith("data-pagefind"):
            return None  # metadata, filters, a weight: Pagefind reads them even if ignored
        elif name == "class" and how is None and set(re.split(_WS, value)) & set(classes):
            how = "class"
    if how == "class" and "id" in seen:
        return None  # Pagefind records an excluded element's id as an anchor
    return how


def _removable(text: str, start: int, limit: int, classes: tuple[str, ...]) -> tuple[int, int] | None:
    """The extent of the element whose start tag holds position `start`, if
    removing it gives Pagefind the same text, anchors, title, image and
    metadata as ignoring it: a block (not inline, where Pagefind passes a
    heading's anchor on to an ignored element's children; such elements are
    small anyway), not void, its end tag found (and not one HTML may imply),
    without an id (unless ignored by data-pagefind-ignore), and nothing
    inside that Pagefind takes from ignored elements."""
    lt = text.rfind("<", 0, start)
    name = _TAG_NAME.match(text, lt) if lt >= 0 else None
    if name is None or name.group(1).lower() in KEPT:
        return None
    tag = _START_TAG.match(text, lt)
    if tag is None or tag.end() <= start or tag.group(3) or not _ignored_by(tag.group(2), classes):
        return None  # not inside a start tag (text that looks like one), or not ignored
    end = _end_of(text, tag.group(1), tag.end(), limit)
    if (end is None or _USED_INSIDE.search(text, tag.end(), end)
            or _has_pagefind_attribute(text, tag.end(), end)):
        return None
    return lt, end


def _without_ignored(article: str, classes: tuple[str, ...]) -> str:
    """The article (from its start tag to its end tag) without the ignored
    elements that `_removable` allows to remove."""
    inside = article.index(">") + 1  # inside the article only: never the article itself
    limit = len(article) - len(ARTICLE_END)
    kept, done = [], 0  # the parts kept; where the part after them starts
    for hit in _candidates(article, inside, limit, classes):
        if hit < done:
            continue  # inside an element already removed
        extent = _removable(article, hit, limit, classes)
        if extent is not None:
            kept.append(article[done:extent[0]])
            done = extent[1]
    if not kept:
        return article
    return "".join(kept) + article[done:]


def reduced(page: str, marker: str, exclude=()) -> str:
    """The copy of a page marked for indexing (its content article starts
    with `marker`) that Pagefind indexes as it indexes the page; the page
    itself when it does not have the shape this relies on."""
    start = page.find(marker)
    if start < 0:
        return page
    end = page.find(ARTICLE_END, start)
    if end < 0 or page.find("<article", start + 1, end) >= 0:
        return page  # nested articles: the first end tag is not the marked one's
    end += len(ARTICLE_END)
    before = page[:start]
    title = _TITLE.search(before)
    if (_USED_BEFORE.search(before) or _USED_AFTER.search(page, end)
            or _has_pagefind_attribute(before) or _has_pagefind_attribute(page, end)
            or (title is None and _TITLE_TAG.search(page, end))):
        return page
    html = list(re.finditer(r"<html\b", before, re.I))
    body = _START_TAG.match(before, before.find("<body"))
    if len(html) != 1 or body is None or body.group(1).lower() != "body":
        return page
    html_tag = _START_TAG.match(before, html[0].start())
    if html_tag is None:
        return page
    article = page[start:end]
    if any(article.count(f"<{name}") != article.count(f"</{name}") for name in ANCESTORS) \
            or _OPAQUE.search(article) or _LT_IN_VALUE.search(article):
        return page  # a stray end tag could close the article early, an unclosed
        # comment or raw text element run past its end, a '<' in a value hide an end tag
    if page[end:page.find("<", end)].strip():
        return page  # text right after the article: Pagefind would give it to the body
    classes = excluded_classes(tuple(exclude))
    if len(classes) != len(exclude) or (classes and (
            _class_pattern(classes).search(before) or _class_pattern(classes).search(page, end))):
        return page  # a selector that may match by what surrounds the article
    return (DOCTYPE + html_tag.group(0) + HEAD.format(title=title.group(0) if title else "")
            + body.group(0) + _without_ignored(article, classes) + "</body></html>")
