"""`_headers` and `_redirects` for Netlify and Cloudflare Pages.

Owns translating `SiteRules` into the two files both hosts read from the
site root. Both hosts apply every `_headers` rule whose path matches a
request, and combine (Cloudflare: comma-joins) a header named by two of them,
so the rules written here never give one header twice for one path:

- `/*` carries the headers of every response (CSP, HSTS, ...);
- each language folder (`/fi/*`) and each top-level entry of the default
  language (`/`, `/articles/*`, `/sitemap.xml`, ...) carries its
  Content-Language and the document cache policy;
- under `assets/`, a folder whose files share a cache class is one rule
  (`/assets/javascripts/lunr/*`), any other file its own.

`_redirects` sends a missing page under `/fi/` to `/fi/404.html` with status
404 (Netlify; Cloudflare Pages accepts only 200 and 3xx there, skips those
lines and serves the nearest 404.html by itself). `/fi` -> `/fi/` needs no
rule: both hosts redirect a folder to its slash themselves (a rule would
loop on Netlify, which matches both forms alike).

The `_headers` file is also the build's record of its policy: the nginx
configuration reads the script hashes back from it (`published_hashes`).
"""

from __future__ import annotations

import re
from pathlib import Path

from .rules import ASSETS, HOST_FILES, HostingError, SiteRules

HEADERS_FILE, REDIRECTS_FILE = HOST_FILES


def header_rules(site: Path, rules: SiteRules) -> list[tuple[str, dict[str, str]]]:
    """(path pattern, headers) in file order; no two patterns matching one path
    name the same header."""
    site = Path(site)
    out = [("/*", dict(rules.common_headers))]
    langs = rules.language_rules
    others = {rule.prefix.rstrip("/") for rule in langs[1:]}

    def document(path: str) -> dict[str, str]:
        return {"Content-Language": rules.language_of(path),
                "Cache-Control": rules.cache_control(path)}

    for rule in langs[1:]:
        out.append((f"/{rule.prefix}*", document(rule.location)))
    out.append(("/", document("/")))
    for entry in sorted(site.iterdir()):
        name = entry.name
        if name in others or name + "/" == ASSETS or name in HOST_FILES:
            continue
        pattern = f"/{name}/*" if entry.is_dir() else f"/{name}"
        out.append((pattern, document(pattern)))
    if (site / ASSETS).is_dir():
        out.extend(_asset_rules(site, site / ASSETS, rules))
    return out


def _asset_rules(site: Path, folder: Path, rules: SiteRules):
    files = [p for p in folder.rglob("*") if p.is_file()]
    classes = {rules.cache_control("/" + p.relative_to(site).as_posix()) for p in files}
    url = "/" + folder.relative_to(site).as_posix()
    if len(classes) == 1:
        yield f"{url}/*", {"Cache-Control": classes.pop()}
        return
    for entry in sorted(folder.iterdir()):
        if entry.is_dir():
            yield from _asset_rules(site, entry, rules)
        else:
            path = "/" + entry.relative_to(site).as_posix()
            yield path, {"Cache-Control": rules.cache_control(path)}


def headers_text(site: Path, rules: SiteRules) -> str:
    lines = ["# Response headers for Netlify and Cloudflare Pages, written by the build",
             "# from scripts/tpukb/hosting/rules.py; do not edit."]
    for pattern, headers in header_rules(site, rules):
        lines.append(pattern)
        lines.extend(f"  {name}: {value}" for name, value in headers.items())
    return "\n".join(lines) + "\n"


def redirect_rules(rules: SiteRules) -> list[tuple[str, str, int]]:
    """(from, to, status): a missing page under a language folder gets its 404 page."""
    return [(f"{rule.location}*", rule.not_found, 404) for rule in rules.language_rules[1:]]


def redirects_text(rules: SiteRules) -> str:
    lines = ["# Not-found page per language (Netlify), written by the build from",
             "# scripts/tpukb/hosting/rules.py; do not edit. The root 404.html serves the rest."]
    lines.extend(f"{source}  {target}  {status}" for source, target, status in redirect_rules(rules))
    return "\n".join(lines) + "\n"


def write(site: Path, rules: SiteRules) -> None:
    Path(site, HEADERS_FILE).write_text(headers_text(site, rules), encoding="utf-8")
    Path(site, REDIRECTS_FILE).write_text(redirects_text(rules), encoding="utf-8")


def published_hashes(site: Path) -> tuple[str, ...]:
    """The script hashes of the policy the build published in `_headers`."""
    path = Path(site) / HEADERS_FILE
    if not path.is_file():
        raise HostingError(f"{path}: missing; build the site with `mkdocs build --strict` "
                           f"(the tpukb plugin writes it) before configuring a server")
    for line in path.read_text(encoding="utf-8").splitlines():
        name, _, value = line.strip().partition(":")
        if name == "Content-Security-Policy":
            for directive in value.split(";"):
                parts = directive.split()
                if parts and parts[0] == "script-src":
                    return tuple(re.findall(r"'(sha256-[A-Za-z0-9+/=]+)'", directive))
    raise HostingError(f"{path}: no Content-Security-Policy with a script-src; rebuild the site")
