"""The language versions of a built page, as absolute URLs: the one place
that decides which versions a page advertises.

For a page's file (an MkDocs `File` carrying the i18n plugin's `alternates`),
`versions` gives the (language, URL) pairs of its real translations,
absolute from `site_url`, in the order of mkdocs.yml. A fallback copy (the
i18n plugin's `fallback_to_default` serves the default language's text under
another language's folder) is not a translation and is left out. Used by the
hreflang links and the sitemap (the plugin tpukb.plugin), the Open Graph
`og:locale:alternate` tags and the JSON-LD translations (tpukb.sharing).
"""

from __future__ import annotations

from urllib.parse import urljoin


def absolute(site_url: str, url: str) -> str:
    """`url` (a page's URL relative to the site root, as MkDocs gives it)
    made absolute from `site_url`; the same as urljoin, without its cost
    (every page asks for every language's version)."""
    if site_url.endswith("/") and not url.startswith(("/", ".")) and ":" not in url.split("/", 1)[0]:
        return site_url + url
    return urljoin(site_url, url)


def versions(file, build_languages, site_url: str) -> list[tuple[str, str]]:
    """(language, absolute URL) of each real translation of `file`, the page itself included."""
    found = []
    alternates = getattr(file, "alternates", {}) or {}
    for lang in build_languages:
        alternate = alternates.get(lang)
        if alternate is not None and alternate.locale == lang:
            found.append((lang, absolute(site_url, alternate.url)))
    return found


def hreflang_links(file, config) -> list[tuple[str, str]]:
    """`versions`, then `x-default` pointing to the default language's version."""
    i18n = config.plugins["i18n"]
    links = versions(file, i18n.build_languages, config.site_url)
    default = dict(links).get(i18n.default_language)
    if default:
        links.append(("x-default", default))
    return links
