"""One not-found page per language.

MkDocs renders the theme's 404.html into the site root once per language
build, each build overwriting the previous one (i18n issues #284, #326). This
hook writes each other language's rendered page to `<lang>/404.html` and,
once every language is built, puts the default language's page back at the
root, whatever the order of the languages in mkdocs.yml. It also gives every
404 page a language switcher to each language's home (the i18n plugin leaves
the last built page's alternates there). scripts/serve_site.py and the hosting
rules (tpukb.hosting) serve `<lang>/404.html` for missing pages under `/<lang>/`.
"""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tpukb import parallel

_default_page: str | None = None  # the default language's rendered 404 page


def on_template_context(context, template_name, config):
    if template_name == "404.html":
        # the i18n plugin sets this attribute per page; the template reads it
        config.extra.alternate = deepcopy(config.plugins["i18n"].extra_alternate)
    return context


@event_priority(-250)  # last: keep the page as the other hooks leave it (valid_html, compact_html)
def on_post_template(output_content, template_name, config):
    global _default_page
    if template_name != "404.html":
        return None
    i18n = config.plugins["i18n"]
    if i18n.current_language == i18n.default_language:
        _default_page = output_content
    else:
        page = Path(config.site_dir) / i18n.current_language / "404.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(output_content, encoding="utf-8")
    return None


@event_priority(-110)  # after the i18n plugin (-100) has built every language
def on_post_build(config):
    if config.plugins["i18n"].building or parallel.is_part():  # a nested or partial build
        return
    if _default_page is None:
        raise PluginError(f"{config.config_file_path}: not_found: the default language's "
                          "404 page was never rendered")
    (Path(config.site_dir) / "404.html").write_text(_default_page, encoding="utf-8")
