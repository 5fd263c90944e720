"""One not-found page per language.

MkDocs renders the theme's 404.html into the site root once per language
build, each build overwriting the previous one (i18n issues #284, #326); the
default language, built last, keeps the root. This hook copies each other
language's freshly built 404.html to `<lang>/404.html`, and gives every 404
page a language switcher to each language's home (the i18n plugin leaves the
last built page's alternates there). scripts/serve_site.py and the hosting
rules (tpukb.hosting) serve `<lang>/404.html` for missing pages under `/<lang>/`.
"""

from __future__ import annotations

import shutil
from copy import deepcopy
from pathlib import Path

from mkdocs.exceptions import PluginError


def on_template_context(context, template_name, config):
    if template_name == "404.html":
        # the i18n plugin sets this attribute per page; the template reads it
        config.extra.alternate = deepcopy(config.plugins["i18n"].extra_alternate)
    return context


def on_post_build(config):
    i18n = config.plugins["i18n"]
    if i18n.current_language == i18n.default_language:
        return
    page = Path(config.site_dir) / "404.html"
    if not page.is_file():
        raise PluginError(f"{page}: not_found: the theme wrote no 404 page")
    shutil.copyfile(page, Path(config.site_dir) / i18n.current_language / "404.html")
