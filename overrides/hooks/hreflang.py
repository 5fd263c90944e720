"""hreflang: the language versions a page advertises, as absolute URLs.

Registers the Jinja filter `hreflang` (tpukb.alternates decides the versions), used by the page head
(overrides/main.html) and by overrides/sitemap.xml: for a page's file, the
(language, URL) pairs of its real translations, absolute from `site_url`, in
the order of mkdocs.yml, then `x-default` pointing to the default language.
A fallback copy (the i18n plugin's `fallback_to_default` serves the default
language's text under another language's folder) is not a translation and is
left out.
"""

from __future__ import annotations

import functools

from mkdocs.exceptions import PluginError

from tpukb.alternates import hreflang_links


def on_env(env, config, files):
    if not config.site_url or "i18n" not in config.plugins:
        raise PluginError(
            f"{config.config_file_path}: hreflang: needs site_url and the i18n plugin"
        )
    env.filters["hreflang"] = functools.partial(hreflang_links, config=config)
