"""Show an article's `facts_checked` date under its title, in the page's language.

The sentence comes from overrides/strings.yml (`facts.checked`, with a
`{date}` placeholder); the date is written the way the language writes dates
(Babel, CLDR "long" format) inside a machine-readable <time> element.
"""

from __future__ import annotations

import datetime
import html
import re
from pathlib import Path

import yaml
from babel.dates import format_date
from mkdocs.exceptions import PluginError

STRINGS = yaml.safe_load(
    (Path(__file__).resolve().parents[1] / "strings.yml").read_text(encoding="utf-8")
)
TITLE = re.compile(r"^# .*$", re.M)


def on_page_markdown(markdown, page, config, files):
    checked = page.meta.get("facts_checked")
    if checked is None:
        return None
    where = page.file.abs_src_path
    if not isinstance(checked, datetime.date):
        raise PluginError(f"{where}:1: facts_checked: {checked!r} is not a date (YYYY-MM-DD)")
    title = TITLE.search(markdown)
    if title is None:
        raise PluginError(f"{where}:1: facts_checked: the page has no '# ' title to put the date under")
    lang = config.theme["language"]
    before, after = STRINGS[lang]["facts.checked"].split("{date}")
    date = format_date(checked, format="long", locale=lang)
    line = (f'<p class="kb-facts-checked">{html.escape(before, quote=False)}'
            f'<time datetime="{checked.isoformat()}">{html.escape(date, quote=False)}</time>'
            f"{html.escape(after, quote=False)}</p>")
    return f"{markdown[:title.end()]}\n\n{line}\n{markdown[title.end():]}"
