"""Hosting rules for the built site (tpukb.hosting): once the last language is
built, hash every inline script into the Content-Security-Policy, put the
policy into every page as a <meta> tag, give the root 404 page its language
redirect (GitHub Pages) and write _headers and _redirects (Netlify,
Cloudflare Pages). A page the policy cannot cover fails the build, named.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tpukb import languages
from tpukb.hosting import HostingError
from tpukb.hosting.publish import publish


@event_priority(-200)  # after every hook and plugin that writes pages
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:  # a nested per-language build
        return
    try:
        publish(Path(config.site_dir), languages.load(Path(config.config_file_path).parent))
    except HostingError as error:
        raise PluginError(f"hosting: {error}") from None
