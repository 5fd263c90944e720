"""Show an article's `facts_checked` date under its title, in the page's language.

The sentence comes from scripts/tpukb/i18n/strings.yml (`facts.checked`, with a
`{date}` placeholder), as loaded and checked by hooks/reader_strings.py; the
date is written the way the language writes dates (Babel, CLDR "long" format)
inside a machine-readable <time> element.
"""

from __future__ import annotations

import datetime
import html
import re

from babel.dates import format_date
from mkdocs.exceptions import PluginError

TITLE = re.compile(r"^# .*$", re.M)


def on_page_markdown(markdown, page, config, files):
    checked = page.meta.get("facts_checked")
    title = TITLE.search(markdown)
    # A malformed date or a missing title is rule F1 of the citation checker,
    # which reports it with file and line (hooks/citation_guard.py) and fails
    # the strict build; stopping here would hide every other finding.
    if not isinstance(checked, datetime.date) or title is None:
        return None
    lang = config.theme["language"]
    strings = config.extra.get("reader_strings")
    if strings is None:
        raise PluginError("facts_checked: needs hooks/reader_strings.py in mkdocs.yml hooks")
    before, after = strings[lang]["facts.checked"].split("{date}")
    date = format_date(checked, format="long", locale=lang)
    line = (f'<p class="kb-facts-checked">{html.escape(before, quote=False)}'
            f'<time datetime="{checked.isoformat()}">{html.escape(date, quote=False)}</time>'
            f"{html.escape(after, quote=False)}</p>")
    return f"{markdown[:title.end()]}\n\n{line}\n{markdown[title.end():]}"
