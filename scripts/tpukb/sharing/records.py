"""What happened to an article and when, from the project's own records.

An article's history is read from what the repository keeps, so a clone of
depth 1 knows it (no git history is read):

- **published**: the English (default-language) page's front matter
  `published: YYYY-MM-DD`, the day the writer removed `draft: true`;
- **source**: each version of the English text recorded in
  `scripts/tpukb/i18n/translations/sources/<page>/<hash>.yml` (its
  `recorded:` date, written by `tpukb status --record` and
  `--mark`), after the publication day;
- **translation**: a translation's front matter `translated: YYYY-MM-DD`,
  written beside `source_hash` by `tpukb status --mark` (the
  day it was brought up to date with the English);
- **facts**: the language version's `facts_checked`, after the publication day.

`published` and `translated` say something about the file, not its text:
tpukb.translations.normalise leaves them out of the English text's hash.
Reading is cheap: a front-matter line and the `recorded:` line of each kept
version (tpukb.translations.store), once per article and build (`Records`
caches them, and the article's references, which every language version
cites).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from ..citecheck.entries import Reference, references
from ..sourcefile import NotUtf8, read_text
from ..translations import store

PUBLISHED = "published"
TRANSLATED = store.MARKED_KEY
KINDS = ("published", "source", "translation", "facts")
def as_date(value) -> datetime.date | None:
    """A front-matter value read by MkDocs (YAML) as a date, or None."""
    if isinstance(value, datetime.datetime):
        return value.date()
    return value if isinstance(value, datetime.date) else None


@dataclass(frozen=True, order=True)
class Event:
    day: datetime.date
    kind: str  # one of KINDS


@dataclass(frozen=True)
class ArticleRecord:
    page: str                          # 'articles/<slug>.md'
    published: datetime.date | None
    english_versions: tuple[datetime.date, ...]  # recorded days, oldest first

    def events(self, lang: str, default: str, meta: dict, fallback: bool) -> list[Event]:
        """The events of one language version, newest first; `meta` is that
        page's front matter as MkDocs read it (a fallback copy is the English)."""
        found = set()
        after = self.published
        if self.published:
            found.add(Event(self.published, "published"))
        for day in self.english_versions:
            if after is None or day > after:
                found.add(Event(day, "source"))
        translated = as_date(meta.get(TRANSLATED))
        if lang != default and not fallback and translated:
            found.add(Event(translated, "translation"))
        facts = as_date(meta.get("facts_checked"))
        if facts and (after is None or facts > after):
            found.add(Event(facts, "facts"))
        return sorted(found, key=lambda e: (e.day, KINDS.index(e.kind)), reverse=True)


class Records:
    """The records of one project, read once per article and build."""

    def __init__(self, root: Path, docs: Path, default: str):
        self.root, self.docs, self.default = Path(root), Path(docs), default
        self._articles: dict[str, ArticleRecord] = {}
        self._references: dict[str, tuple[Reference, ...]] = {}

    def references(self, slug: str) -> tuple[Reference, ...]:
        """The entries of `docs/citations/<slug>.md` (read once: every
        language version cites the same file)."""
        found = self._references.get(slug)
        if found is None:
            try:
                found = tuple(references(self.docs / "citations" / f"{slug}.md"))
            except (OSError, NotUtf8):
                found = ()  # the citation checker reports it (R8, E1)
            self._references[slug] = found
        return found

    def article(self, page: str) -> ArticleRecord:
        record = self._articles.get(page)
        if record is None:
            record = self._articles[page] = ArticleRecord(
                page, self._published(page), self._english_versions(page))
        return record

    def _published(self, page: str) -> datetime.date | None:
        try:
            return store.front_matter_day(read_text(self.docs / self.default / page), PUBLISHED)
        except (OSError, NotUtf8):
            return None  # a draft or unreadable page: the citation checker reports it

    def _english_versions(self, page: str) -> tuple[datetime.date, ...]:
        return store.recorded_days(self.root, page)
