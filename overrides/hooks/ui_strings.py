"""Translate the interface strings that Markdown extensions write in English.

Python-Markdown's footnotes and toc extensions put English `title` texts into
every page ("Jump back to footnote 3 in the text", "Permanent link"), and
extension settings cannot vary per language. This hook rewrites them in the
page's language (the i18n plugin sets `theme.language` for each build).
"""

from __future__ import annotations

import re

from mkdocs.exceptions import PluginError

STRINGS = {
    "fi": {"backlink": "Palaa alaviitteen {n} kohtaan tekstissä", "permalink": "Pysyvä linkki"},
    "it": {"backlink": "Torna al punto del testo della nota {n}", "permalink": "Link permanente"},
    "ar": {"backlink": "العودة إلى موضع الحاشية {n} في النص", "permalink": "رابط دائم"},
}
BACKLINK = re.compile(r'title="Jump back to footnote (\d+) in the text"')
PERMALINK = 'title="Permanent link"'


def on_config(config):
    for lang in config.plugins["i18n"].config.languages:
        if lang.locale != "en" and lang.locale not in STRINGS:
            raise PluginError(f"ui_strings: no interface strings for language '{lang.locale}'")


def on_page_content(html, page, config, files):
    strings = STRINGS.get(config.theme["language"])
    if strings is None:
        return None
    html = BACKLINK.sub(lambda m: f'title="{strings["backlink"].format(n=m.group(1))}"', html)
    return html.replace(PERMALINK, f'title="{strings["permalink"]}"')
