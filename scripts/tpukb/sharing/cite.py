""""Cite this article": the block at the end of every article.

In the reader's language (the `cite.*` interface strings): a ready citation
as text (title, knowledge base, the text's language named in the reader's
language by Babel, URL, the day its facts were checked) and the same as a
BibTeX `@misc` entry (title, author = the knowledge base, howpublished and
url, year and urldate of this version, language, note with the check date).

Each block is a code block with Material's own copy button (a `.copy`
ancestor turns it on for that block: Material's bundle, a file of the site,
copies it; no script or style of ours, nothing inline). Right-to-left: the
text block takes the page's direction with the URL and title isolated
(`<bdi>`, which copying leaves out), the title with its text's direction, so
that an Arabic title opening with a Latin word ("PyTorch على ...") still
reads right to left; BibTeX is always left to right, its text values
isolated the same way. The
block is left out of the search index (`data-pagefind-ignore`).
"""

from __future__ import annotations

import functools
import re
from html import escape

from babel import Locale

from .. import dates
from .page import PageFacts

_BIBTEX_SPECIAL = re.compile(r"([\\{}%&$#_^~])")


@functools.lru_cache(maxsize=None)
def language_name(lang: str, in_lang: str) -> str:
    """The name of `lang` in `in_lang` (Babel: 'suomi', 'englanti', 'العربية')."""
    try:
        return Locale.parse(in_lang).languages.get(lang) or lang
    except (ValueError, TypeError):
        return lang


def bibtex_text(value: str) -> str:
    def one(match: re.Match) -> str:
        ch = match.group(1)
        return {"\\": r"\textbackslash{}", "^": r"\^{}", "~": r"\~{}"}.get(ch, "\\" + ch)
    return _BIBTEX_SPECIAL.sub(one, value)


def text_citation(facts: PageFacts, strings: dict, html: bool = False) -> str:
    """The plain citation; with `html`, title and URL isolated in <bdi>."""
    lang = facts.lang
    checked = dates.written(facts.facts_checked, lang, strings) if facts.facts_checked else ""
    values = {"title": facts.title, "site": facts.site_name,
              "language": language_name(facts.content_lang, lang), "url": facts.url,
              "date": checked}
    if not html:
        return strings[lang]["cite.text"].format(**values)
    values = {key: escape(value, quote=False) for key, value in values.items()}
    values["title"] = f'<bdi dir="{facts.content_direction}">{values["title"]}</bdi>'
    values["url"] = f'<bdi dir="ltr">{values["url"]}</bdi>'
    return escape(strings[lang]["cite.text"], quote=False).format(**values)


def bibtex(facts: PageFacts, strings: dict, html: bool = False) -> str:
    """The BibTeX entry; with `html`, escaped for a page, each text value
    isolated in <bdi> (an Arabic title keeps its own order inside the
    left-to-right entry; copying leaves the tags out)."""
    lang = facts.lang

    def text(value: str) -> str:
        value = bibtex_text(value)
        return (f'<bdi dir="{facts.content_direction}">{escape(value, quote=False)}</bdi>'
                if html else value)

    def plain(value: str) -> str:
        return escape(value, quote=False) if html else value

    day = facts.modified or facts.facts_checked
    fields = [
        ("title", "{" + text(facts.title) + "}"),
        ("author", "{" + text(facts.site_name) + "}"),
        ("howpublished", r"\url{" + plain(facts.url) + "}"),
        ("url", plain(facts.url)),
    ]
    if day:
        fields += [("year", str(day.year)), ("urldate", day.isoformat())]
    fields.append(("language", language_name(facts.content_lang, "en").lower()))
    if facts.facts_checked:
        note = strings[lang]["facts.checked"].format(
            date=dates.written(facts.facts_checked, lang, strings))
        fields.append(("note", text(note)))
    key = f"tpukb-{facts.slug}-{facts.content_lang}"
    width = max(len(name) for name, _ in fields)  # the names, never escaped
    body = ",\n".join(f"  {name.ljust(width)} = {{{value}}}" for name, value in fields)
    return f"@misc{{{key},\n{body},\n}}"


def block(facts: PageFacts, strings: dict) -> str:
    """The HTML of the block, appended to the article's content."""
    s = strings[facts.lang]
    return (
        '<section class="kb-cite" data-pagefind-ignore aria-labelledby="kb-cite">'
        f'<h2 id="kb-cite">{escape(s["cite.heading"], quote=False)}</h2>'
        f'<p class="kb-cite__label">{escape(s["cite.text.label"], quote=False)}</p>'
        f'<div class="highlight copy kb-cite__text" dir="{facts.direction}">'
        f'<pre id="kb-cite-text"><code>{text_citation(facts, strings, html=True)}</code></pre></div>'
        f'<p class="kb-cite__label">{escape(s["cite.bibtex.label"], quote=False)}</p>'
        '<div class="highlight copy kb-cite__bibtex" dir="ltr">'
        f'<pre id="kb-cite-bibtex"><code>{bibtex(facts, strings, html=True)}</code></pre>'
        '</div></section>')
