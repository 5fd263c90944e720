"""The Content-Security-Policy of a built site, computed from its HTML.

Owns reading the built pages for what a policy must allow: every inline
`<script>` (its sha256 hash goes into script-src; a `type` that is data,
such as Material's `application/json` `__config`, needs none), and what no
policy without 'unsafe-inline' can allow, reported as a problem naming the
page, its line and the rule:

- H1 an `on...=` event-handler attribute;
- H2 a `javascript:` URL;
- H3 a `style` attribute or `<style>` element (style-src has no 'unsafe-inline');
- H4 a script from another host (script-src is 'self');
- H5 an inline script whose hash the site's published policy lacks
  (`check_covered`: a page changed after the build, or built without the plugin);
- H6 a page where the `<meta>` policy cannot go before every script;
- H7 an element that loads anything from another host (tpukb.hosting.loads).

It also writes the policy into every page as a `<meta http-equiv>` tag (what
GitHub Pages can carry: everything but frame-ancestors).
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from dataclasses import dataclass
from pathlib import Path

from . import loads
from .loads import SCRIPT, STYLE, SUSPECT_TAG, Line, line_at, split_code
from .rules import HostingError, SiteRules

SCRIPT_OPEN = re.compile(r"<script\b", re.I)
ATTRIBUTE = re.compile(r"""\s([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")
TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
SRC = re.compile(r"""\bsrc\s*=\s*["']?([^"'\s>]+)""", re.I)
# Script types a browser runs (HTML: empty, a JavaScript MIME type, module).
SCRIPT_TYPES = ("", "module", "text/javascript", "application/javascript",
                "application/ecmascript", "text/ecmascript")
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href")
META_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="[^"]*">\s*')
CHARSET = re.compile(r"<meta\s+charset=[\"']?utf-8[\"']?\s*/?>", re.I)


@dataclass(frozen=True)
class InlineScript:
    page: Path
    line: int
    digest: str  # 'sha256-...'


def sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


def html_pages(site: Path) -> list[Path]:
    return sorted(Path(site).rglob("*.html"))


def inline_scripts(page: Path, text: str) -> list[InlineScript]:
    """The inline scripts a browser would run, with their hashes."""
    found = []
    for match in SCRIPT.finditer(text):
        attrs, body = match.group(1), match.group(2)
        kind = TYPE.search(attrs)
        if (kind.group(1).lower() if kind else "") not in SCRIPT_TYPES:
            continue  # data, not code (application/json, ld+json, ...)
        if SRC.search(attrs):
            continue
        found.append(InlineScript(page, line_at(text, match.start()), sha256(body)))
    return found


def problems(page: Path, text: str) -> list[str]:
    """What no policy without 'unsafe-inline' allows in a page (rules H1-H4),
    and what it would load from another host (H7, tpukb.hosting.loads)."""
    found = []
    markup, scripts, styles = split_code(text)
    for match in STYLE.finditer(text):
        found.append(f"{page}:{line_at(text, match.start())}: H3 a <style> element; style-src "
                     f"allows only the site's stylesheets: move it into a .css file")
    # the tags of `TAG.finditer(markup)` whose attributes SUSPECT matches
    for tag in SUSPECT_TAG.finditer(markup):
        if tag.group(1) is None:
            break  # the end of the page
        attributes = tag.group(3)
        # the line is counted only for a tag that has a problem (counting it
        # for every tag made this quadratic in the page's length), and a value
        # is unescaped only where a rule reads it
        line = Line(markup, tag.start(1))
        name = tag.group(2).lower()
        for attr in ATTRIBUTE.finditer(attributes):
            key = attr.group(1).lower()
            if key.startswith("on"):
                found.append(f"{page}:{line}: H1 <{name} {key}=...>: an event-handler attribute "
                             f"cannot be allowed by a script hash; attach the handler from a "
                             f"script file")
            elif key == "style":
                found.append(f"{page}:{line}: H3 <{name} style=...>: style-src allows only the "
                             f"site's stylesheets; use a class in a .css file")
            elif key in URL_ATTRIBUTES:
                value = html.unescape((attr.group(2) or "").strip("\"'")).strip()
                if re.match(r"(?i)\s*javascript:", value):
                    found.append(f"{page}:{line}: H2 <{name} {key}=\"javascript:...\">: a "
                                 f"javascript: URL is inline code; use a script file")
                elif name == "script" and key == "src" and loads.foreign_host(value):
                    found.append(f"{page}:{line}: H4 <script src=\"{value}\">: script-src allows "
                                 f"only the site's own scripts; serve it from the site")
    return found + loads.scan(page, text, markup, scripts, styles)


def read_pages(site: Path) -> dict[Path, str]:
    """Every HTML page of a built site and its text (read once, for all steps)."""
    return {page: page.read_text(encoding="utf-8") for page in html_pages(site)}


def site_scripts(pages: dict[Path, str]) -> tuple[tuple[str, ...], list[str]]:
    """(sorted distinct hashes of the inline scripts, problems H1-H4) of a
    built site's pages."""
    hashes, found = set(), []
    for page, text in pages.items():
        hashes.update(script.digest for script in inline_scripts(page, text))
        found.extend(problems(page, text))
    return tuple(sorted(hashes)), found


def check_covered(pages: dict[Path, str], rules: SiteRules) -> list[str]:
    """H5: every inline script of every page is allowed by the policy `rules` publish."""
    allowed = set(rules.script_hashes)
    found = []
    for page, text in pages.items():
        for script in inline_scripts(page, text):
            if script.digest not in allowed:
                found.append(f"{page}:{script.line}: H5 an inline script ('{script.digest}') that "
                             f"the site's Content-Security-Policy does not allow: the browser "
                             f"would block it; rebuild with `mkdocs build --strict` (the hosting "
                             f"plugin hashes every inline script)")
    return found


def meta_tag(rules: SiteRules) -> str:
    content = html.escape(rules.csp(meta=True), quote=False).replace('"', "&quot;")
    return f'<meta http-equiv="Content-Security-Policy" content="{content}">'


def insert_meta(page: Path, text: str, tag: str) -> str:
    """`text` with the policy `tag` right after its `<meta charset>`, before
    every script (an older policy tag is replaced)."""
    text = META_CSP.sub("", text)
    charset = CHARSET.search(text)
    if charset is None:
        raise HostingError(f"{page}:1: H6 no <meta charset=\"utf-8\"> to place the "
                           f"Content-Security-Policy after")
    first_script = SCRIPT_OPEN.search(text, 0, charset.start())
    if first_script:
        raise HostingError(f"{page}:{line_at(text, first_script.start())}: H6 a script before "
                           f"<meta charset>: the policy tag must come before every script")
    return text[: charset.end()] + tag + text[charset.end():]


def write_meta(pages: dict[Path, str], rules: SiteRules) -> dict[Path, str]:
    """Put the policy into every page; return the pages as written."""
    tag = meta_tag(rules)
    written = {}
    for page, text in pages.items():
        written[page] = insert_meta(page, text, tag)
        page.write_text(written[page], encoding="utf-8")
    return written


def read_meta(page: Path) -> str | None:
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">',
                      Path(page).read_text(encoding="utf-8"))
    return html.unescape(match.group(1)) if match else None
