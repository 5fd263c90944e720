"""Interface strings in the page's language, from scripts/tpukb/i18n/strings.yml.

- Hooks read them from `config.extra["reader_strings"]` (one loaded,
  validated copy; hooks/dates.py uses it).
- Templates (the fallback-language notice in overrides/main.html, the
  not-found page overrides/404.html) read `reader_strings[lang][key]`.
- Python-Markdown's footnotes and toc extensions write English `title` texts
  into every page ("Jump back to footnote 3 in the text", "Permanent link"),
  and extension settings cannot vary per language: they are rewritten in the
  page's language (the i18n plugin sets `theme.language` for each build).
- The `<html>` element states the page's direction (`dir`), as `<body>`
  does in Material's template: the tab title takes its direction from it.
A language of mkdocs.yml that lacks any key of strings.yml stops the build
(tpukb.languages loads and checks the file).
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from tpukb import languages
from tpukb.sourcefile import NotUtf8

_site: languages.Languages | None = None


def on_config(config):
    global _site
    try:
        _site = languages.load(Path(config.config_file_path).resolve().parent)
    except NotUtf8 as error:
        raise PluginError(f"reader_strings: {error.finding_line()}") from None
    except languages.LanguageError as error:
        raise PluginError(f"reader_strings: {error}") from error
    config.extra["reader_strings"] = _site.strings


def on_env(env, config, files):
    env.globals["reader_strings"] = _site.strings


def _backlink(english: str) -> re.Pattern:
    return re.compile('title="' + re.escape(english).replace(r"\{n\}", r"(\d+)") + '"')


def on_page_content(html, page, config, files):
    lang = config.theme["language"]
    if lang == _site.default:
        return None
    strings, english = _site.strings[lang], _site.strings[_site.default]
    html = _backlink(english["footnote.backlink"]).sub(
        lambda m: f'title="{strings["footnote.backlink"].format(n=m.group(1))}"', html
    )
    return html.replace(f'title="{english["heading.permalink"]}"',
                        f'title="{strings["heading.permalink"]}"')


def on_post_page(output, page, config):
    return languages.with_direction(output, _site.direction(config.theme["language"]))
