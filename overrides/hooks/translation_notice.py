"""Tell the reader of a stale translation that the English page changed.

A thin adapter: tpukb.translations.status decides which translations are
stale (their recorded `source_hash` is not the English text's). On such a
page this hook puts `kb_stale` into the page's metadata: the sentence of
`stale.notice` (scripts/tpukb/i18n/strings.yml) with the date the current
English version was recorded, written the way the page's language writes
dates (Babel), or `stale.undated` when that version was never recorded.
overrides/main.html shows it at the top of the article with a link to the
English page, the way it shows the fallback notice. Fallback copies (the
English text served under another language) get the fallback notice only.
"""

from __future__ import annotations

import html
from pathlib import Path

from mkdocs.exceptions import PluginError

from tpukb import dates
from tpukb.sourcefile import NotUtf8

from tpukb.translations import StoreError
from tpukb.translations import status

_project: status.Project | None = None
_stale: dict[tuple[str, str], status.Translation] = {}


def on_config(config):
    global _project
    _project = status.load_project(Path(config.config_file_path).resolve().parent)


_checked_config = None  # the i18n plugin rebuilds once per language with one config


def on_pre_build(config):
    global _stale, _checked_config
    if config is _checked_config:
        return
    _checked_config = config
    try:
        _, rows = status.status(_project)
    except NotUtf8:
        return  # the citation checker reports the file (rule E1)
    except StoreError as error:
        raise PluginError(f"translation_notice: {error}") from error
    _stale = {(row.page, row.lang): row for row in rows if row.state == "stale"}


def on_page_markdown(markdown, page, config, files):
    lang = config.theme["language"]
    if lang == _project.default or getattr(page.file, "locale", lang) != lang:
        return None
    name = getattr(page.file, "norm_src_uri", page.file.src_uri)
    row = _stale.get((name, lang))
    if row is None:
        return None
    strings = config.extra.get("reader_strings")
    if strings is None:
        raise PluginError("translation_notice: needs hooks/reader_strings.py in mkdocs.yml hooks")
    if row.english_updated:
        notice = dates.time_element(row.english_updated, lang, strings, strings[lang]["stale.notice"])
    else:
        notice = html.escape(strings[lang]["stale.undated"], quote=False)
    page.meta["kb_stale"] = {"notice": notice, "source": _project.default}
    return None
