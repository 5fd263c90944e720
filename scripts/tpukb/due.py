"""The due list: which facts of which article and language are oldest.

For every published article (drafts are left out) and language: when its
facts were checked (`facts_checked`), its oldest reference check (the
`Retrieved` date of the citation file's entries) and its dated statements
(`[as of ...]` markers), oldest first, each with file and line. `--due DAYS` keeps only what is older than DAYS days.
Beside them, each reference whose source changed, moved or is gone since it
was checked, by the last report of the sources watch (`tpukb watch`,
`--watch-report FILE`): the articles with such references come first.
It reports and never fails because the calendar moved: the exit status is 0
whatever the dates (2 only when the sources cannot be read at all).

Usage: `tpukb due [--due DAYS] [--json] [--today YYYY-MM-DD] [--docs DOCS]
[--watch-report FILE]`
(tpukb.cli).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .citecheck import ROOT, load_project, read_articles, read_citation_file
from .newarticle import is_draft
from .citecheck.dated import statements
from .citecheck.text import FRONT_MATTER
from .sourcefile import NotUtf8
from .watch.report import DEFAULT_REPORT, changed_sources
from .yamlload import YAMLError, safe_load


@dataclass
class Item:
    """One dated thing: what it is, its date, where it is."""

    kind: str  # "facts_checked", "reference", "statement" or "source" (changed since checked)
    date: str
    age_days: int
    file: str
    line: int
    text: str = ""


@dataclass
class Version:
    slug: str
    lang: str
    facts_checked: Item | None
    oldest_reference: Item | None
    statements: list[Item] = field(default_factory=list)
    sources: list[Item] = field(default_factory=list)  # changed since checked (the watch)

    def items(self) -> list[Item]:
        return ([i for i in (self.facts_checked, self.oldest_reference) if i] + self.statements
                + self.sources)


def facts_checked(project, article, today: datetime.date) -> Item | None:
    match = FRONT_MATTER.match(article.text)
    try:
        meta = safe_load(match.group(1) or "") if match else None
    except YAMLError:  # malformed front matter is rule F1's to report
        meta = None
    value = meta.get("facts_checked") if isinstance(meta, dict) else None
    if not isinstance(value, datetime.date):
        return None
    line = article.text.count("\n", 0, article.text.find("facts_checked")) + 1
    return Item("facts_checked", value.isoformat(), (today - value).days,
                project.show(article.path), line)


def changed_since_checked(project, slug: str, path: Path, entries, today: datetime.date,
                          watch: tuple[str | None, dict]) -> list[Item]:
    """The references whose source the last watch found changed, moved or
    gone, unless they were checked again after that watch."""
    watched, flagged = watch
    found = []
    for entry in entries.values():
        what = flagged.get((slug, entry.url))
        if what and entry.checked and entry.checked.iso <= watched:
            found.append(Item("source", entry.checked.iso, entry.checked.age_days(today),
                              project.show(path), entry.line, f"[^{entry.label}] {entry.url}: {what}"))
    return sorted(found, key=lambda i: (i.date, i.line))


def due_list(docs: Path, today: datetime.date, root: Path | None = None,
             watch_report: Path | None = None) -> list[Version]:
    project = load_project(docs, root=root)
    watch = changed_sources(watch_report) if watch_report else (None, {})
    versions = []
    for slug, by_lang in sorted(read_articles(project).items()):
        default = by_lang.get(project.default_language)
        if default is not None and is_draft(default.path):
            continue  # not published: its facts are not yet the readers'
        path = project.citation_file(slug)
        entries = read_citation_file(project, path).entries if path.is_file() else {}
        dated = [e for e in entries.values() if e.checked]
        oldest = min(dated, key=lambda e: (e.checked.first_day, int(e.label)), default=None)
        reference = oldest and Item("reference", oldest.checked.iso, oldest.checked.age_days(today),
                                    project.show(path), oldest.line, f"[^{oldest.label}] {oldest.url}")
        changed = changed_since_checked(project, slug, path, entries, today, watch)
        for lang in project.languages:
            article = by_lang.get(lang)
            if article is None:
                continue
            said = sorted((s for s in statements(article) if s.date),
                          key=lambda s: (s.date.first_day, s.line))
            versions.append(Version(slug, lang, facts_checked(project, article, today), reference, [
                Item("statement", s.written, s.date.age_days(today), project.show(article.path),
                     s.line, s.sentence) for s in said], changed))
    # what is both old and moved first: versions with changed sources, oldest check first
    return sorted(versions, key=lambda v: (0, v.sources[0].date) if v.sources else (1, ""))


def keep_due(versions: list[Version], days: int) -> list[Version]:
    """Only what is older than `days` days; versions with nothing due go."""
    kept = []
    for v in versions:
        old = lambda item: item is not None and item.age_days > days  # noqa: E731
        trimmed = Version(v.slug, v.lang, v.facts_checked if old(v.facts_checked) else None,
                          v.oldest_reference if old(v.oldest_reference) else None,
                          [s for s in v.statements if old(s)], [s for s in v.sources if old(s)])
        if trimmed.items():
            kept.append(trimmed)
    return kept


def as_text(versions: list[Version]) -> str:
    lines, slug = [], None
    for v in versions:
        if v.slug != slug:
            slug = v.slug
            lines.append(f"articles/{slug}.md")
        lines.append(f"  {v.lang}")
        for label, item in (("facts checked", v.facts_checked), ("oldest reference", v.oldest_reference)):
            if item:
                lines.append(f"    {label} {item.date} ({item.age_days} days)  "
                             f"{item.file}:{item.line}" + (f"  {item.text}" if item.text else ""))
        for item in v.sources:
            lines.append(f"    source changed since checked {item.date} ({item.age_days} days)  "
                         f"{item.file}:{item.line}  {item.text[:160]}")
        for item in v.statements:
            lines.append(f"    as of {item.date} ({item.age_days} days)  {item.file}:{item.line}  "
                         f"{item.text[:100]}")
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--due", type=int, metavar="DAYS",
                        help="only what is older than DAYS days")
    parser.add_argument("--json", action="store_true", help="print JSON for machines")
    parser.add_argument("--today", type=datetime.date.fromisoformat, default=datetime.date.today(),
                        help="count ages from this day (YYYY-MM-DD; default: today)")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="docs folder")
    parser.add_argument("--watch-report", type=Path, default=DEFAULT_REPORT,
                        help="the last report of `tpukb watch` (default: %(default)s)")


def run(args: argparse.Namespace) -> int:
    if not args.docs.is_dir():
        print(f"tpukb due: {args.docs} is not a docs folder", file=sys.stderr)
        return 2
    try:
        versions = due_list(args.docs, args.today, watch_report=args.watch_report)
    except NotUtf8 as error:  # the checker reports it as E1; nothing can be dated here
        print(error.finding_line(), file=sys.stderr)
        return 2
    if args.due is not None:
        versions = keep_due(versions, args.due)
    if args.json:
        print(json.dumps({"today": args.today.isoformat(), "due_days": args.due, "versions": [
            {"article": f"articles/{v.slug}.md", "lang": v.lang,
             "facts_checked": v.facts_checked and v.facts_checked.__dict__,
             "oldest_reference": v.oldest_reference and v.oldest_reference.__dict__,
             "statements": [s.__dict__ for s in v.statements],
             "sources_changed": [s.__dict__ for s in v.sources]} for v in versions]},
            ensure_ascii=False, indent=1))
    else:
        print(as_text(versions) if versions else
              f"nothing older than {args.due} days" if args.due is not None else "no article")
    return 0
