"""hreflang: the language versions a page advertises, as absolute URLs.

Registers the Jinja filter `hreflang`, used by the page head
(overrides/main.html) and by overrides/sitemap.xml: for a page's file, the
(language, URL) pairs of its real translations, absolute from `site_url`, in
the order of mkdocs.yml, then `x-default` pointing to the default language.
A fallback copy (the i18n plugin's `fallback_to_default` serves the default
language's text under another language's folder) is not a translation and is
left out.
"""

from __future__ import annotations

import functools
from urllib.parse import urljoin

from mkdocs.exceptions import PluginError


def hreflang_links(file, config) -> list[tuple[str, str]]:
    i18n = config.plugins["i18n"]
    links = []
    for lang in i18n.build_languages:
        alternate = getattr(file, "alternates", {}).get(lang)
        if alternate is not None and alternate.locale == lang:
            links.append((lang, urljoin(config.site_url, alternate.url)))
    default = dict(links).get(i18n.default_language)
    if default:
        links.append(("x-default", default))
    return links


def on_env(env, config, files):
    if not config.site_url or "i18n" not in config.plugins:
        raise PluginError(
            f"{config.config_file_path}: hreflang: needs site_url and the i18n plugin"
        )
    env.filters["hreflang"] = functools.partial(hreflang_links, config=config)
