"""Dates the reader sees, in the page's language (tpukb.dates writes them).

- An article's `facts_checked` date under its title ("Facts last checked on
  ...", `facts.checked` in scripts/tpukb/i18n/strings.yml).
- Each dated-statement marker `[as of 2026-11]` as "(as of November 2026)".
- Each reference entry's check date (`. Retrieved 2026-11-23.` in the
  citation file) as "Retrieved 23 November 2026." in the page's language.

Every date sits in a machine-readable <time> element. A malformed date is
left as written: the citation checker reports it with file and line (rules
F1, D1, D2 through hooks/citation_guard.py) and the strict build fails;
stopping here would hide every other finding.
"""

from __future__ import annotations

import datetime
import re

from mkdocs.exceptions import PluginError

from tpukb import dates

TITLE = re.compile(r"^# .*$", re.M)
FOOTNOTES = '<div class="footnote">'


def _strings(config) -> dict:
    strings = config.extra.get("reader_strings")
    if strings is None:
        raise PluginError("dates: needs hooks/reader_strings.py in mkdocs.yml hooks")
    return strings


def on_page_markdown(markdown, page, config, files):
    lang, strings = config.theme["language"], _strings(config)
    markdown = dates.render_as_of(markdown, lang, strings)
    checked = page.meta.get("facts_checked")
    title = TITLE.search(markdown)
    if not isinstance(checked, datetime.date) or title is None:
        return markdown
    line = ('<p class="kb-facts-checked">'
            + dates.time_element(checked, lang, strings, strings[lang]["facts.checked"]) + "</p>")
    return f"{markdown[:title.end()]}\n\n{line}\n{markdown[title.end():]}"


def on_page_content(html, page, config, files):
    start = html.find(FOOTNOTES)
    if start < 0:
        return None
    lang, strings = config.theme["language"], _strings(config)
    return html[:start] + dates.render_retrieved(html[start:], lang, strings)
