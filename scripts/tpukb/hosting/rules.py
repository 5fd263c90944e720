"""The hosting rules: the one place that says how every file of the site is served.

Owns the response headers every host must send, the Content-Security-Policy
directives (one table; the inline-script hashes are added from the built
HTML by `tpukb.hosting.csp`), the cache policy by path class, the MIME types
of the files the site contains, and the per-language rules (`Content-Language`,
not-found page, `/fi` -> `/fi/`), all derived from `tpukb.languages`, so a
language added to mkdocs.yml is covered by every output by itself.

The outputs (nginx, `_headers`/`_redirects`, GitHub Pages) only translate
what `SiteRules` says; none of them knows a language, a header or a path of
its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from tpukb.languages import Languages


class HostingError(ValueError):
    """A built site or a request that the hosting rules cannot serve safely."""


# ---------------------------------------------------------------------------
# Content-Security-Policy: one table. script-src gets the sha256 of every
# inline script of the built site appended (never 'unsafe-inline' or
# 'unsafe-eval'). Extend a directive here and every output follows.
# ---------------------------------------------------------------------------
CSP_DIRECTIVES: dict[str, tuple[str, ...]] = {
    "default-src": ("'self'",),
    # Pagefind's search runs WebAssembly: 'wasm-unsafe-eval' allows compiling
    # it, and nothing else ('unsafe-eval' stays out).
    "script-src": ("'self'", "'wasm-unsafe-eval'"),
    "style-src": ("'self'",),
    # Material's stylesheets draw their icons as data: SVG images.
    "img-src": ("'self'", "data:"),
    "font-src": ("'self'",),
    "connect-src": ("'self'",),
    # Pagefind's search runs in a Web Worker loaded from the site.
    "worker-src": ("'self'",),
    "manifest-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'self'",),
    "form-action": ("'self'",),
    "frame-ancestors": ("'none'",),
}
# Directives a <meta http-equiv> policy cannot carry (CSP Level 3, 6.1.x).
CSP_HEADER_ONLY = ("frame-ancestors", "report-uri", "report-to", "sandbox")
# Keywords a script-src must never hold.
CSP_FORBIDDEN_SCRIPT_SOURCES = ("'unsafe-inline'", "'unsafe-eval'")

# Headers on every response (the CSP, with its hashes, is added per site).
SECURITY_HEADERS: dict[str, str] = {
    "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": ("accelerometer=(), camera=(), geolocation=(), gyroscope=(), "
                           "magnetometer=(), microphone=(), payment=(), usb=()"),
    # For browsers without CSP frame-ancestors.
    "X-Frame-Options": "DENY",
}

# ---------------------------------------------------------------------------
# Cache policy by path class.
# ---------------------------------------------------------------------------
ASSETS = "assets/"
# Material's fingerprinted files: main.57a0d79d.min.css, bundle.a5f9d56c.min.js,
# workers/search.a7633da7.min.js and their source maps. The same pattern is
# written into the nginx configuration (PCRE and Python agree on it).
FINGERPRINTED = r"\.[0-9a-f]{8}\.min\.(css|js)(\.map)?$"
_FINGERPRINTED = re.compile(FINGERPRINTED)

CACHE_POLICIES: dict[str, str] = {
    # a fingerprinted file never changes under its name
    "immutable": "public, max-age=31536000, immutable",
    # the project's own and Material's unfingerprinted assets (reader.css,
    # search-i18n.js, lunr languages, favicon): an hour, then revalidated
    "asset": "public, max-age=3600",
    # HTML, sitemaps, search data: always revalidated (ETag/Last-Modified)
    "document": "no-cache",
}

# MIME types of the files a built site may contain; a file of another kind
# fails the nginx configuration (hosts must not guess types under nosniff).
MIME_TYPES: dict[str, str] = {
    "html": "text/html", "css": "text/css", "js": "application/javascript",
    "mjs": "application/javascript", "json": "application/json",
    "map": "application/json", "xml": "application/xml", "txt": "text/plain",
    "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg",
    "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
    "avif": "image/avif", "ico": "image/x-icon", "woff": "font/woff",
    "woff2": "font/woff2", "wasm": "application/wasm", "gz": "application/gzip",
    "webmanifest": "application/manifest+json", "pdf": "application/pdf",
    # Pagefind's index files (binary, compressed by Pagefind itself)
    "pagefind": "application/octet-stream", "pf_meta": "application/octet-stream",
    "pf_index": "application/octet-stream", "pf_fragment": "application/octet-stream",
}
# Types worth compressing (gzip always; brotli where the server has it);
# text/html is always compressed by nginx once compression is on.
COMPRESSIBLE = ("text/css", "application/javascript", "application/json",
                "application/xml", "text/plain", "image/svg+xml",
                "application/wasm", "application/manifest+json")
# Files the build writes for the static hosts; they are configuration, not
# content (the hosts never serve them; nginx must not either).
HOST_FILES = ("_headers", "_redirects")


@dataclass(frozen=True)
class LanguageRule:
    """How one language's part of the site is served."""

    code: str
    prefix: str          # '' for the default language, 'fi/' otherwise
    not_found: str       # URL path of its not-found page: '/404.html', '/fi/404.html'

    @property
    def location(self) -> str:
        """URL path prefix of the language: '/' or '/fi/'."""
        return "/" + self.prefix

    @property
    def redirect(self) -> tuple[str, str] | None:
        """The folder without its slash redirects to it: ('/fi', '/fi/')."""
        return (self.location.rstrip("/"), self.location) if self.prefix else None


@dataclass(frozen=True)
class SiteRules:
    """Every rule of one built site: the languages and the CSP hashes."""

    languages: Languages
    script_hashes: tuple[str, ...] = ()

    # -- languages ---------------------------------------------------------
    @property
    def language_rules(self) -> tuple[LanguageRule, ...]:
        """Default language first, then the others in mkdocs.yml order."""
        return tuple(LanguageRule(code, self.languages.url_prefix(code),
                                  "/" + self.languages.url_prefix(code) + "404.html")
                     for code in self.languages.default_first)

    @property
    def redirects(self) -> tuple[tuple[str, str, int], ...]:
        return tuple((*rule.redirect, 301) for rule in self.language_rules if rule.redirect)

    def language_of(self, path: str) -> str | None:
        """Language of a URL path ('/fi/x/' -> 'fi'); None for shared assets."""
        rel = path.lstrip("/")
        if rel.startswith(ASSETS) or rel.rstrip("/") + "/" == ASSETS:
            return None
        for rule in self.language_rules[1:]:
            if rel.startswith(rule.prefix):
                return rule.code
        return self.languages.default

    def not_found_page(self, path: str) -> str:
        """The not-found page served for a missing URL path."""
        lang = self.language_of(path)
        rule = next((r for r in self.language_rules if r.code == lang), self.language_rules[0])
        return rule.not_found

    # -- caching -----------------------------------------------------------
    @staticmethod
    def cache_class(path: str) -> str:
        rel = path.lstrip("/")
        if rel.startswith(ASSETS):
            return "immutable" if _FINGERPRINTED.search(rel) else "asset"
        return "document"

    def cache_control(self, path: str) -> str:
        return CACHE_POLICIES[self.cache_class(path)]

    # -- headers -----------------------------------------------------------
    def csp_directives(self, meta: bool = False) -> dict[str, tuple[str, ...]]:
        directives = {name: values for name, values in CSP_DIRECTIVES.items()
                      if not (meta and name in CSP_HEADER_ONLY)}
        directives["script-src"] = directives["script-src"] + tuple(
            f"'{h}'" for h in self.script_hashes)
        bad = [v for v in directives["script-src"] if v in CSP_FORBIDDEN_SCRIPT_SOURCES]
        if bad:
            raise HostingError(f"tpukb/hosting/rules.py: CSP_DIRECTIVES: script-src must not "
                               f"hold {', '.join(bad)}; hash the inline scripts instead")
        return directives

    def csp(self, meta: bool = False) -> str:
        return "; ".join(f"{name} {' '.join(values)}"
                         for name, values in self.csp_directives(meta).items())

    @property
    def common_headers(self) -> dict[str, str]:
        """Headers of every response, whatever its path."""
        return {"Content-Security-Policy": self.csp(), **SECURITY_HEADERS}

    def headers(self, path: str) -> dict[str, str]:
        """Every header the rules give the response for the file at URL path
        `path` (a missing page is answered with its not-found page's headers)."""
        headers = dict(self.common_headers)
        lang = self.language_of(path)
        if lang:
            headers["Content-Language"] = lang
        headers["Cache-Control"] = self.cache_control(path)
        return headers


def mime_type(path: Path | str) -> str:
    """MIME type of a site file; HostingError for a kind the rules do not know."""
    suffix = PurePosixPath(str(path)).suffix.lstrip(".").lower()
    if suffix not in MIME_TYPES:
        raise HostingError(f"{path}: no MIME type for '.{suffix}' files; add it to "
                           f"MIME_TYPES in scripts/tpukb/hosting/rules.py")
    return MIME_TYPES[suffix]
