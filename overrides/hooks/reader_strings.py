"""Interface strings in the page's language, from overrides/strings.yml.

- Hooks read them from `config.extra["reader_strings"]` (one loaded,
  validated copy; hooks/facts_checked.py uses it).
- Templates (the fallback-language notice in overrides/main.html, the
  not-found page overrides/404.html) read `reader_strings[lang][key]`.
- Python-Markdown's footnotes and toc extensions write English `title` texts
  into every page ("Jump back to footnote 3 in the text", "Permanent link"),
  and extension settings cannot vary per language: they are rewritten in the
  page's language (the i18n plugin sets `theme.language` for each build).
A language of mkdocs.yml that lacks any key of strings.yml stops the build.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from mkdocs.exceptions import PluginError

STRINGS_FILE = Path(__file__).resolve().parents[1] / "strings.yml"
STRINGS = yaml.safe_load(STRINGS_FILE.read_text(encoding="utf-8"))
DEFAULT = "en"
BACKLINK = re.compile(
    'title="' + re.escape(STRINGS[DEFAULT]["footnote.backlink"]).replace(r"\{n\}", r'(\d+)') + '"'
)


def on_config(config):
    keys = set(STRINGS[DEFAULT])
    for lang in config.plugins["i18n"].config.languages:
        missing = keys - set(STRINGS.get(lang.locale, {}))
        if missing:
            raise PluginError(
                f"{STRINGS_FILE}: reader_strings: language '{lang.locale}' lacks {sorted(missing)}"
            )
    config.extra["reader_strings"] = STRINGS


def on_env(env, config, files):
    env.globals["reader_strings"] = STRINGS


def on_page_content(html, page, config, files):
    lang = config.theme["language"]
    if lang == DEFAULT:
        return None
    strings, english = STRINGS[lang], STRINGS[DEFAULT]
    html = BACKLINK.sub(
        lambda m: f'title="{strings["footnote.backlink"].format(n=m.group(1))}"', html
    )
    return html.replace(f'title="{english["heading.permalink"]}"',
                        f'title="{strings["heading.permalink"]}"')
