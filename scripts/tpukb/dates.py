"""Dates that readers see and tools read: the one place that knows them.

Owns three things:

- The **dated-statement marker**, `[as of 2026-11]` (or `[as of 2026-11-23]`),
  written right after a statement that can go out of date, before its
  citation markers. Like a citation marker it is copied unchanged into every
  translation; the build renders it as "(as of November 2026)" in the
  page's language, inside `<time datetime="2026-11">`.
- The **check date of a reference entry**, the last sentence of each entry
  of a citation file: `<https://...>. Retrieved 2026-11-23.` (the date the
  source was last read and found to support the article). The build renders
  it in the page's language ("Haettu 23.11.2026.").
- How a date is **written in each language**: the CLDR patterns `date.day`
  and `date.month` of scripts/tpukb/i18n/strings.yml, formatted by Babel.

It parses and validates dates (an impossible or future date is a problem
with a reason) and renders them; the rules that report problems are in
tpukb.citecheck.dated and tpukb.citecheck.entries.
"""

from __future__ import annotations

import datetime
import functools
import html
import re
from dataclasses import dataclass

from babel.dates import format_date

# The marker of a dated statement, and anything that looks like a botched one
# (a translated "as of", a missing hyphen, a date in other digits).
AS_OF = re.compile(r"\[as of ([0-9]{4}-[0-9]{2}(?:-[0-9]{2})?)\]")
AS_OF_LIKE = re.compile(r"\[(?!\^)([^\[\]\n]{0,30}?)\s?(\d{4}[-/.\u2010-\u2015\u2212]\d{1,2}"
                        r"(?:[-/.\u2010-\u2015\u2212]\d{1,2})?)\]|\[as\s+of\b[^\]\n]*\]", re.I)
AS_OF_FORM = "[as of YYYY-MM] or [as of YYYY-MM-DD]"
# The check date closing a citation-file entry.
RETRIEVED = re.compile(r"\. Retrieved (\S+)\.$")
RETRIEVED_FORM = "Retrieved YYYY-MM-DD."
ISO = re.compile(r"^([0-9]{4})-([0-9]{2})(?:-([0-9]{2}))?$")


class DateError(ValueError):
    """A date that is malformed, impossible or in the future (the reason)."""


@dataclass(frozen=True, order=True)
class Dated:
    """A calendar day or a whole month (day None)."""

    year: int
    month: int
    day: int | None = None

    @property
    def iso(self) -> str:
        return f"{self.year:04d}-{self.month:02d}" + (f"-{self.day:02d}" if self.day else "")

    @property
    def first_day(self) -> datetime.date:
        """The earliest day the date stands for (a month's age counts from its first day)."""
        return datetime.date(self.year, self.month, self.day or 1)

    def age_days(self, today: datetime.date) -> int:
        return (today - self.first_day).days


def parse(text: str, today: datetime.date | None = None, *, month_ok: bool = True) -> Dated:
    """`YYYY-MM-DD` (or `YYYY-MM` when `month_ok`) that exists and is not
    after `today` (default: the real today)."""
    match = ISO.match(text)
    if not match or (match.group(3) is None and not month_ok):
        raise DateError(f"{text!r} is not written YYYY-MM-DD" + (" or YYYY-MM" if month_ok else ""))
    year, month, day = int(match.group(1)), int(match.group(2)), match.group(3)
    try:
        datetime.date(year, month, int(day) if day else 1)
    except ValueError as error:
        raise DateError(f"{text!r} is not a date of the calendar ({error})") from None
    value = Dated(year, month, int(day) if day else None)
    today = today or datetime.date.today()
    if value.first_day > today:
        raise DateError(f"{text!r} is in the future (today is {today.isoformat()})")
    return value


def _dated(value: Dated | datetime.date) -> Dated:
    if isinstance(value, datetime.date):
        return Dated(value.year, value.month, value.day)
    return value


@functools.lru_cache(maxsize=None)
def _format(day: datetime.date, pattern: str, lang: str) -> str:
    """Babel's formatting, once per day, pattern and language (a build writes
    the same few dates hundreds of times)."""
    return format_date(day, pattern, locale=lang)


def written(value: Dated | datetime.date, lang: str, strings: dict) -> str:
    """A date as the language writes it (the `date.day` or `date.month` pattern)."""
    value = _dated(value)
    pattern = strings[lang]["date.day" if value.day else "date.month"]
    return _format(value.first_day, pattern, lang)


def time_element(value: Dated | datetime.date, lang: str, strings: dict, sentence: str) -> str:
    """`sentence` (an interface string with `{date}`) with the date in a <time>."""
    value = _dated(value)
    before, after = sentence.split("{date}")
    return (f"{html.escape(before, quote=False)}<time datetime=\"{value.iso}\">"
            f"{html.escape(written(value, lang, strings), quote=False)}</time>"
            f"{html.escape(after, quote=False)}")


def render_as_of(markdown: str, lang: str, strings: dict) -> str:
    """Every `[as of ...]` marker of a page's Markdown as "(as of <date>)" in
    its language. A malformed or future date is left as it is: rule D2 of the
    citation checker reports it, and the strict build fails."""
    def one(match: re.Match) -> str:
        try:
            value = parse(match.group(1))
        except DateError:
            return match.group(0)
        text = time_element(value, lang, strings, strings[lang]["as_of"])
        return f'<span class="kb-as-of">({text})</span>'
    return AS_OF.sub(one, markdown)


RENDERED_RETRIEVED = re.compile(r"\. Retrieved (\d{4}-\d{2}-\d{2})\.(?=(?:&#160;|\u00a0| )*(?:<a [^>]*"
                                r"class=\"footnote-backref\"|</p>))")


def render_retrieved(footnotes_html: str, lang: str, strings: dict) -> str:
    """The check date closing each rendered reference entry, in the page's language."""
    def one(match: re.Match) -> str:
        try:
            value = parse(match.group(1), month_ok=False)
        except DateError:
            return match.group(0)
        text = time_element(value, lang, strings, strings[lang]["references.retrieved"])
        return f'. <span class="kb-retrieved">{text}</span>'
    return RENDERED_RETRIEVED.sub(one, footnotes_html)
