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
fetched from `site_url` wherever the site is served. Plain links (`<a>`,
`<area>`, forms) and metadata URLs (`og:*` tags, canonical, alternates) are
navigation, not loads.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

TAG = re.compile(r"<([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
ATTRIBUTE = re.compile(r"""[\s"'/]([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")
# An attribute that may hold a load, with its value (a quick scan of the
# whole page; the element is looked up only for the ones whose value could
# point elsewhere).
ELEMENTS = re.compile(r"""<(?:link|base|image|use|feimage|meta|html|object|svg:image|svg:use)\b"""
                      r"""(?:[^>"']|"[^"]*"|'[^']*')*>""")  # on lower-cased text
# Attributes that load on any element (their names never hold another's
# as a prefix that matters: 'src' also finds 'srcset', checked on its own).
ANY_ELEMENT_NAMES = ("src", "poster", "background", "lowsrc", "dynsrc", "ping", "codebase",
                     "archive", "style", "srcdoc")
DELIMITERS = frozenset(" \t\n\r\f\"'/")
ATTRIBUTE_VALUE = re.compile(r"""[a-z:-]*\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)""")
ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
NAVIGATION = frozenset({"a", "area", "form", "button"})
MAYBE_FOREIGN = re.compile(r"[:&\\]|//|url\(|image-set|@import")  # on lower-cased text
ANY_ELEMENT = frozenset({"src", "srcset", "imagesrcset", "poster", "background", "lowsrc",
                         "dynsrc", "ping", "codebase", "archive"})
SVG_HREF = frozenset({"image", "use", "feimage", "script"})
# <link rel> types that load nothing.
NOT_LOADING_RELS = frozenset({"alternate", "canonical", "author", "bookmark", "external", "help",
                              "license", "next", "prev", "previous", "me", "nofollow",
                              "noopener", "noreferrer", "opener", "tag", "pingback",
                              "webmention", "privacy-policy", "terms-of-service"})
# What tpukb.hosting.csp's H4 looks at in a <script src> (its SUSPECT test).
H4_SEES = re.compile(r"(?i)\s*(?:[a-z][a-z0-9+.-]*:|//|&)")
LOCAL_SCHEMES = ("data", "blob", "about", "javascript")  # javascript: is H2's
SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
CSS_URL = re.compile(r"""(?:url|image-set)\(\s*(?:["']([^"']*)["']|([^)\s]*))|@import\s+["']([^"']*)["']""",
                     re.I)
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)
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


def problems(page: Path, text: str, markup: str | None = None) -> list[str]:
    """H7 findings of one page. `markup` is the page with the bodies of its
    scripts and styles blanked, line breaks kept (tpukb.hosting.csp makes it)."""
    if markup is None:
        from .csp import blank_code
        markup = blank_code(text)
    return _problems(page, text, markup, 0)


FIX = "serve the file from the site and refer to it by a relative URL"


def _problems(page: Path, text: str, markup: str, lines_before: int) -> list[str]:
    found: list[str] = []
    seen_tags: set[int] = set()

    def line(source: str, offset: int) -> int:
        return lines_before + source.count("\n", 0, offset) + 1

    def report(at: int, element: str, host: str, fix: str = FIX) -> None:
        found.append(f"{page}:{at}: H7 {element} loads from another host ({host}); {fix}")

    def check_tag(start: int) -> None:
        if start in seen_tags:
            return
        seen_tags.add(start)
        tag = TAG.match(markup, start)
        if tag is None:
            return
        name = tag.group(1).lower()
        attrs = _attributes(tag.group(2))
        if name in NAVIGATION and "ping" not in attrs and "style" not in attrs:
            return
        for key, value in attrs.items():
            if key == "srcdoc":
                inner = html.unescape(value)
                from .csp import blank_code
                found.extend(problem.replace(" H7 ", f" H7 in <{name} srcdoc>: ", 1) for problem in
                             _problems(page, inner, blank_code(inner), line(markup, start) - 1))
                continue
            if name == "script" and key == "src" and H4_SEES.match(value):
                continue  # H4 reports it (tpukb.hosting.csp)
            for url in _loads(name, key, value, attrs):
                host = foreign_host(url)
                if host:
                    report(line(markup, start), _element(name, key, value, attrs), host)

    # the elements whose href, data, manifest or content can load
    lowered = markup.lower()
    if len(lowered) != len(markup):  # a character whose lower case is longer (İ)
        lowered = markup.translate(ASCII_LOWER)  # slower, keeps every offset
    for element in ELEMENTS.finditer(lowered):
        found_text = element.group(0)
        if MAYBE_FOREIGN.search(found_text) and (
                not found_text.startswith("<meta") or "refresh" in found_text):
            check_tag(element.start())
    # attributes that load on any element: found by plain substring search
    # in the lower-cased markup (this runs on every page as it is written)
    for name in ANY_ELEMENT_NAMES:
        at = lowered.find(name)
        while at >= 0:
            end = at + len(name)
            value = ATTRIBUTE_VALUE.match(lowered, end) if lowered[at - 1:at] in DELIMITERS else None
            if value and MAYBE_FOREIGN.search(value.group(1)):
                start = lowered.rfind("<", 0, at)
                if start >= 0 and lowered.find(">", start) >= value.end() - 1:
                    check_tag(start)
            at = lowered.find(name, end)
    if "<style" in lowered:
        for style in STYLE.finditer(text):
            for url in _css_urls(style.group(1)):
                host = foreign_host(url)
                if host:
                    report(line(text, style.start()), f'<style> url("{_show(url)}")', host)
    if "importmap" in lowered or "speculationrules" in lowered:
        for script in SCRIPT.finditer(text):
            kind = DATA_SCRIPT.search(script.group(1))
            if not kind:
                continue
            for url in JSON_URL.findall(script.group(2)):
                host = foreign_host(url)
                if host:
                    report(line(text, script.start()), f'<script type="{kind.group(1)}"> "{_show(url)}"',
                           host, "map to the site's own files by relative URL")
    return found
