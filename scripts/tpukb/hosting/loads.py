"""H7: no element of a page loads anything from another host.

The pages load only the site's own files, by relative URL, so that a reader
contacts no one but the host serving the site (the Content-Security-Policy
would block most such loads in the browser; this check names them at build
time instead). A reference is a *load* when the browser fetches it without
the reader asking:

- `src`, `srcset`, `imagesrcset`, `poster`, `background`, `lowsrc`,
  `dynsrc`, `ping`, `codebase`, `archive` on any element, `data` on
  `<object>`, `manifest` on `<html>` (img, iframe, frame, embed, video,
  audio, source, track, input type=image, portal, ... are covered by them);
  a `<script src>` from another host is H4's (tpukb.hosting.csp), unless
  only this check sees it (`/\\host`);
- `href` of a `<link>` unless every one of its `rel` types is plain metadata
  or navigation (alternate, canonical, prev, next, author, license, ...):
  stylesheet, icon, preload, modulepreload, prefetch, preconnect,
  dns-prefetch, manifest, search and any other type are loads;
- `href` / `xlink:href` of SVG `<image>`, `<use>`, `<feImage>`, `<script>`;
- `<base href>` (every relative URL of the page would then load from there);
- `<meta http-equiv="refresh">` with a URL;
- `url(...)` / `image-set(...)` / `@import` in a `style` attribute or a
  `<style>` element; an `<iframe srcdoc>` is checked as a page of its own;
- URLs in `<script type="importmap">` and `<script type="speculationrules">`.

A URL is from another host when it is absolute (any scheme but `data:`,
`blob:`, `about:` and `javascript:`, which H2 reports) or scheme-relative
(`//host`, and `/\\host`, which browsers read the same), after character
references are decoded and the tabs and line breaks browsers drop are
dropped. The site's own host counts too: written absolute, a file would be
fetched from `site_url` wherever the site is served. H1-H4
(tpukb.hosting.csp) and H7 share the page's split into markup and code, the
tag pattern and the line counting below. Plain links (`<a>`,
`<area>`, forms) and metadata URLs (`og:*` tags, canonical, alternates) are
navigation, not loads.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
STYLE = re.compile(r"<style\b[^>]*>.*?</style\s*>", re.S | re.I)
ATTRIBUTE = re.compile(r"""[\s"'/]([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")
# A tag: its name and attribute text. Quoted values may hold '>' (and '<');
# the quantifiers are possessive because a tag parses one way only (a quote
# runs to its partner, the tag to the first '>' outside quotes), which keeps
# backtracking out of the scan.
_TAG_NAME = r"[a-zA-Z][\w:-]*+"
_TAG_ATTRIBUTES = r"""(?:[^>"']++|"[^"]*+"|'[^']*+')*+"""
TAG = re.compile(rf"<({_TAG_NAME})({_TAG_ATTRIBUTES})>")
# What an attribute list must contain for any of H1-H4 (tpukb.hosting.csp) to
# apply (a quick test before the attributes are read one by one): a name
# starting with "on", a style attribute, or a URL attribute whose value starts
# with a scheme, "//" or a character reference.
_SUSPECT_AFTER_SPACE = (r"""(?:on|style|(?:href|src|action|formaction|xlink:href)\s*=\s*["']?\s*"""
                        r"""(?:[a-z][a-z0-9+.-]*:|//|&))""")
SUSPECT = re.compile(r"\s" + _SUSPECT_AFTER_SPACE, re.I)
# The tags `TAG.finditer` finds whose attribute text SUSPECT matches, found in
# one pass that steps over text and every other tag in C: a page has a
# hundred times more tags than suspect ones. Each step is one of TAG's: text
# without '<'; a whole tag in which no white space starts SUSPECT (a match
# of SUSPECT holds no '>', so it lies inside the tag's attributes); a '<'
# that starts no tag. What stops the steps is a suspect tag (group 1, name
# group 2, attributes group 3) or the end of the page (group 1 None).
# SPACE_CLASS is `\s` spelled out (a set of characters is checked faster
# than a category), and a space before none of the letters SUSPECT can go on
# with (o s h a f x, and the long s that matches s ignoring case) is let
# through before SUSPECT is tried; tests/test_hosting.py checks both sets.
SPACE_CLASS = "\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
SUSPECT_FIRST = "oOsShHaAfFxX\u017f"
_CALM = rf"""[{SPACE_CLASS}](?:(?=[^{SUSPECT_FIRST}])|(?!(?i:{_SUSPECT_AFTER_SPACE})))"""
_CALM_ATTRIBUTES = (rf"""[^>"'{SPACE_CLASS}]*+(?:(?:{_CALM}"""
                    rf"""|"[^"{SPACE_CLASS}]*+(?:{_CALM}[^"{SPACE_CLASS}]*+)*+["]"""
                    rf"""|'[^'{SPACE_CLASS}]*+(?:{_CALM}[^'{SPACE_CLASS}]*+)*+')[^>"'{SPACE_CLASS}]*+)*+""")
SUSPECT_TAG = re.compile(rf"""(?:[^<]++|<{_TAG_NAME}{_CALM_ATTRIBUTES}>|<(?!{_TAG_NAME}{_TAG_ATTRIBUTES}>))*+"""
                         rf"""(?:(<({_TAG_NAME})({_TAG_ATTRIBUTES})>)|\Z)""")
# The start of a URL that may point to another host (see `scan`).
_FOREIGN_START = r"""(?:[a-zA-Z][\w+.\t\n\r-]*+:|[/\\]{2}|&)"""
# (one pattern for each separator: a pattern that starts with one character
# is searched for much faster than one that starts with a choice of two)
LATER_ITEMS = tuple(re.compile(separator + r"""[ \t\n\r\f]*(?:[uU][rR][lL][ \t\n\r\f]*=[ \t\n\r\f]*["']?)?"""
                               + _FOREIGN_START) for separator in ",;")
SPACE = frozenset(" \t\n\r\f")
NAME_STOP = frozenset(" \t\n\r\f\"'<>/=")
# The elements whose href or content can load (content: a meta refresh).
HREF_OR_CONTENT_ELEMENTS = ("link", "base", "image", "use", "feimage", "svg:", "script", "meta")
# Elements whose href and action navigate (a ping or a style on them may load).
NAVIGATION = frozenset({"a", "area", "form", "button"})
# Attributes that load on any element.
ANY_ELEMENT = frozenset({"src", "srcset", "imagesrcset", "poster", "background", "lowsrc",
                         "dynsrc", "ping", "codebase", "archive"})
# Attribute names whose value may load, on some element.
MAY_LOAD = frozenset({"src", "srcset", "imagesrcset", "poster", "background", "lowsrc", "dynsrc",
                      "ping", "codebase", "archive", "data", "manifest", "content", "href",
                      "xlink:href", "style", "srcdoc"})
# An attribute value that may point to another host (see `scan`): after the
# '=', a scheme, two slashes or a character reference; before it, white space
# or the last two letters of a name in MAY_LOAD (a quick test in C that spares
# the frequent id=, property=, xmlns=; `_name_before` then reads the name).
VALUE = re.compile(r"""=(?:(?<=[ \t\n\r\f]=)|(?<=(?i:"""
                   + "|".join(sorted({name[-2:] for name in MAY_LOAD})) + r""")=))"""
                   r"""[ \t\n\r\f]*["']?[ \t\n\r\f]*""" + _FOREIGN_START)
SVG_HREF = frozenset({"image", "use", "feimage", "script"})
# <link rel> types that load nothing.
NOT_LOADING_RELS = frozenset({"alternate", "canonical", "author", "bookmark", "external", "help",
                              "license", "next", "prev", "previous", "me", "nofollow",
                              "noopener", "noreferrer", "opener", "tag", "pingback",
                              "webmention", "privacy-policy", "terms-of-service"})
LOCAL_SCHEMES = ("data", "blob", "about", "javascript")  # javascript: is H2's
SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
CSS_URL = re.compile(r"""(?:url|image-set)\(\s*(?:["']([^"']*)["']|([^)\s]*))|@import\s+["']([^"']*)["']""",
                     re.I)
DATA_SCRIPT = re.compile(r"""\btype\s*=\s*["']?(importmap|speculationrules)\b""", re.I)
JSON_URL = re.compile(r'"((?:[a-zA-Z][a-zA-Z0-9+.-]*:|//|/\\)[^"]*)"')
REFRESH = re.compile(r"""\bhttp-equiv\s*=\s*["']?refresh\b""", re.I)
REFRESH_URL = re.compile(r"""^\s*\d*(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?["']?([^"']*)""", re.I)


def _clean(value: str) -> str:
    """A URL as the browser reads it: references decoded, tabs and line
    breaks dropped, surrounding spaces stripped."""
    return re.sub(r"[\t\n\r]", "", html.unescape(value)).strip(" \f\x00")


def foreign_host(value: str) -> str | None:
    """The other host (or scheme) a URL loads from, None for the site's own."""
    url = _clean(value)
    if url[:2] in ("//", "/\\", "\\\\", "\\/"):
        return urlsplit("http:" + url.replace("\\", "/")).hostname or url
    scheme = SCHEME.match(url)
    if scheme is None or scheme.group(1).lower() in LOCAL_SCHEMES:
        return None
    return urlsplit(url.replace("\\", "/")).hostname or f"{scheme.group(1).lower()}:"


def _srcset_urls(value: str) -> list[str]:
    return [part.strip().split()[0] for part in html.unescape(value).split(",") if part.strip()]


def _css_urls(css: str) -> list[str]:
    return [next(g for g in match.groups() if g is not None) for match in CSS_URL.finditer(css)]


def _attributes(attrs: str) -> dict[str, str]:
    """Attribute names (lower case) and raw values (quotes removed, references kept)."""
    found = {}
    for attr in ATTRIBUTE.finditer(attrs):
        value = attr.group(2) or ""
        if value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1:
            value = value[1:-1]
        found.setdefault(attr.group(1).lower(), value)
    return found


def _loads(name: str, key: str, value: str, attrs: dict[str, str]) -> list[str]:
    """The URLs that attribute `key` of element `name` loads."""
    if key in ("srcset", "imagesrcset"):
        return _srcset_urls(value)
    if key == "ping":
        return html.unescape(value).split()
    if key in ANY_ELEMENT:
        return [value]
    if key == "data":
        return [value] if name == "object" else []
    if key == "manifest":
        return [value] if name == "html" else []
    if key == "style":
        return _css_urls(html.unescape(value))
    if key == "content":
        if name == "meta" and REFRESH.search(" " + " ".join(f'{k}="{v}"' for k, v in attrs.items())):
            match = REFRESH_URL.match(html.unescape(value))
            return [match.group(1)] if match and match.group(1) else []
        return []
    if key in ("href", "xlink:href"):
        if name in SVG_HREF or (name == "base" and key == "href"):
            return [value]
        if name == "link" and key == "href":
            rels = {rel.lower() for rel in html.unescape(attrs.get("rel", "")).split()}
            return [] if rels <= NOT_LOADING_RELS else [value]
    return []


# Attributes that tell which kind of element it is, shown with the loading one.
KIND_ATTRIBUTES = {"link": "rel", "input": "type", "meta": "http-equiv"}


def _element(name: str, key: str, value: str, attrs: dict[str, str]) -> str:
    kind = KIND_ATTRIBUTES.get(name)
    shown = f' {kind}="{_show(attrs[kind])}"' if kind in attrs and kind != key else ""
    return f'<{name}{shown} {key}="{_show(value)}">'


def _show(value: str, limit: int = 120) -> str:
    value = " ".join(value.split())
    return value if len(value) <= limit else value[:limit - 3] + "..."


FIX = "serve the file from the site and refer to it by a relative URL"


def _blanked(text: str, elements: list[re.Match]) -> str:
    """`text` with the bodies of `elements` (script or style elements found in
    it) blanked, line breaks kept: offsets and line numbers stay those of
    `text`, and the text inside is not markup."""
    if not elements:
        return text
    pieces, at = [], 0
    for element in elements:
        body = text.index(">", element.start()) + 1  # the end tag goes too
        pieces.append(text[at:body])
        pieces.append("\n".join(" " * len(line) for line in text[body:element.end()].split("\n")))
        at = element.end()
    pieces.append(text[at:])
    return "".join(pieces)


def split_code(text: str) -> tuple[str, list[re.Match], list[re.Match]]:
    """(the page with the bodies of its scripts and styles blanked, line
    breaks kept: what is left is markup; its script elements; its style
    elements outside scripts)."""
    scripts = list(SCRIPT.finditer(text))
    without_scripts = _blanked(text, scripts)
    styles = list(STYLE.finditer(without_scripts))
    return _blanked(without_scripts, styles), scripts, styles


def problems(page: Path, text: str) -> list[str]:
    """H7 findings of one page (tpukb.hosting.csp runs `scan` with H1-H4,
    sharing the split of the page into markup, scripts and styles)."""
    return scan(page, text, *split_code(text))


def scan(page: Path, text: str, markup: str, scripts: list[re.Match],
         styles: list[re.Match]) -> list[str]:
    """H7 findings: `markup` is the page with script and style bodies
    blanked (line breaks kept), `scripts` and `styles` their elements.

    Quick passes over the markup (each pattern starts with a rare
    character, which Python's regular expressions skip to fast: '=' for a
    value, ',' and ';' for a later item) find the places a load from
    elsewhere can start: an attribute value beginning with a scheme, '//',
    a backslash or a character reference; a later item of a list (srcset)
    or a refresh's "0; url=..." beginning so. Only the tags around them,
    with an attribute that may load, are read further."""
    found: list[str] = []
    seen: set[int] = set()
    values = (match.start() for match in VALUE.finditer(markup))
    later = sorted(match.start() for pattern in LATER_ITEMS for match in pattern.finditer(markup))
    for is_value, starts in ((True, values), (False, later)):
        for at in starts:
            if is_value:
                name = _name_before(markup, at)
                if name not in MAY_LOAD:
                    continue
            start = markup.rfind("<", 0, at)
            if start < 0 or start in seen:
                continue
            if is_value and name in ("href", "content"):
                element = markup[start + 1:start + 8].lower()
                if not element.startswith(HREF_OR_CONTENT_ELEMENTS) or (
                        element.startswith("meta") and name == "content"
                        and "refresh" not in markup[start:markup.find(">", at)].lower()):
                    continue  # <a href>, <meta property content>: frequent, never loads
            tag = TAG.match(markup, start)
            if tag is None or tag.end() <= at:
                continue  # in text, not in a tag
            seen.add(start)
            found += tag_problems(page, Line(markup, start), tag.group(1).lower(), tag.group(2))
    return found + code_problems(page, text, scripts, styles)


def _name_before(markup: str, at: int) -> str:
    """The attribute name just before the '=' at `at`, lower case."""
    end = at
    while end > 0 and markup[end - 1] in SPACE:
        end -= 1
    begin = end
    while begin > 0 and end - begin < 20 and markup[begin - 1] not in NAME_STOP:
        begin -= 1
    return markup[begin:end].lower()


def line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


class Line:
    """A line number computed when first shown in a message (counting it
    for every tag would make a page's check quadratic in its length)."""

    def __init__(self, text: str, offset: int):
        self.text, self.offset = text, offset

    def __str__(self) -> str:
        return str(line_at(self.text, self.offset))


def tag_problems(page: Path, line, name: str, attributes: str) -> list[str]:
    """H7 findings of one tag: `name` (lower case) and its attribute text;
    `line` is shown as it is (tpukb.hosting.csp counts it lazily)."""
    attrs = _attributes(attributes)
    if name in NAVIGATION and "ping" not in attrs and "style" not in attrs:
        return []
    found = []
    for key, value in attrs.items():
        if key == "srcdoc":
            inner, before = html.unescape(value), int(str(line)) - 1
            for problem in problems(page, inner):
                at, rest = problem[len(f"{page}:"):].split(": H7 ", 1)
                found.append(f"{page}:{before + int(at)}: H7 in <{name} srcdoc>: {rest}")
            continue
        if name == "script" and key == "src" and SUSPECT.search(attributes) \
                and foreign_host(value):
            continue  # H4 reports it (tpukb.hosting.csp), with the same two tests
        for url in _loads(name, key, value, attrs):
            host = foreign_host(url)
            if host:
                found.append(f"{page}:{line}: H7 {_element(name, key, value, attrs)} loads from "
                             f"another host ({host}); {FIX}")
    return found


def code_problems(page: Path, text: str, scripts: list[re.Match], styles: list[re.Match]) -> list[str]:
    """H7 findings in the page's <style> elements and its import maps and
    speculation rules (the script and style elements tpukb.hosting.csp found)."""
    found = []

    def report(offset: int, element: str, host: str, fix: str = FIX) -> None:
        found.append(f"{page}:{line_at(text, offset)}: H7 {element} loads from "
                     f"another host ({host}); {fix}")
    for style in styles:
        css = style.group(0)[style.group(0).index(">") + 1:]
        for url in _css_urls(css):
            host = foreign_host(url)
            if host:
                report(style.start(), f'<style> url("{_show(url)}")', host)
    for script in scripts:
        kind = DATA_SCRIPT.search(script.group(1))
        if not kind:
            continue
        for url in JSON_URL.findall(script.group(2)):
            host = foreign_host(url)
            if host:
                report(script.start(), f'<script type="{kind.group(1)}"> "{_show(url)}"', host,
                       "map to the site's own files by relative URL")
    return found
