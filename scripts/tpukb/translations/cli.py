"""The command line of the translation status (`tpukb status`, tpukb.cli).

    tpukb status [--json] [--strict] [--project DIR]
    tpukb status --mark LANG [PAGE ...]     (LANG may be `all`)
    tpukb status --record [--date YYYY-MM-DD]
    tpukb status --declare-missing LANG [PAGE ...]

Without an action: a table of every page and language, then for each stale
translation the English version's date and the English blocks that changed
since its recorded version. Exit 0; with --strict, 1 when anything is not
current (or an English version is not recorded), a draft's translations
excepted: a draft is published in no language. PAGE is the page's path
inside its language folder (articles/<slug>.md) or under docs/.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from pathlib import Path

from ..languages import ROOT
from . import status as st
from .store import StoreError


def table(project: st.Project, sources: list[st.English], rows: list[st.Translation]) -> str:
    langs = project.languages.others
    by = {(row.page, row.lang): row for row in rows}
    head = ["page", f"{project.default} version"] + list(langs)
    body = []
    for source in sources:
        version = f"{source.hash} {source.recorded.isoformat() if source.recorded else 'unrecorded'}"
        if source.draft:
            version += " draft"
        body.append([source.page, version] + [by[(source.page, lang)].state for lang in langs])
    widths = [max(len(line[i]) for line in [head] + body) for i in range(len(head))]
    out = ["  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip()
           for line in [head] + body]
    counts = {state: sum(row.state == state for row in rows) for state in st.STATES}
    out.append("")
    out.append(", ".join(f"{n} {state}" for state, n in counts.items()))
    return "\n".join(out)


def details(project: st.Project, rows: list[st.Translation]) -> str:
    out = []
    groups: dict[tuple, list[st.Translation]] = {}
    for row in rows:
        if row.state == "stale":
            groups.setdefault((row.page, row.recorded_hash), []).append(row)
        elif row.state in ("missing", "unrecorded"):
            fix = ("write it, or declare it not translated yet: tpukb status "
                   f"--declare-missing {row.lang} {row.page}") if row.state == "missing" else \
                f"check it against the English, then: tpukb status --mark {row.lang} {row.page}"
            out.append(f"{project.show(row.path)}: {row.state}; {fix}")
    for (page, recorded), group in groups.items():
        first = group[0]
        since = first.english_updated.isoformat() if first.english_updated else \
            "an unrecorded date (tpukb status --record dates it)"
        names = ", ".join(row.lang for row in group)
        out.append(f"\n{page} [{names}] stale: the English was updated on {since}; "
                   f"translated from {recorded}, the English is now {first.english_hash}. "
                   "Changed English blocks:")
        out += ["  " + line.replace("\n", "\n    ") for line in first.changed]
        out.append(f"  after updating: tpukb status --mark LANG {page}")
    return "\n".join(out)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--project", type=Path, default=ROOT,
                        help="project folder holding mkdocs.yml (default: this project)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 unless everything is current (drafts' translations excepted)")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--mark", nargs="+", metavar=("LANG", "PAGE"),
                        help="record translations as up to date with the English (R9 checked)")
    action.add_argument("--record", action="store_true",
                        help="date the English versions not recorded yet")
    action.add_argument("--declare-missing", nargs="+", metavar=("LANG", "PAGE"),
                        help="declare absent translations not written yet")
    parser.add_argument("--date", type=datetime.date.fromisoformat,
                        help="the date to record (default: today)")


def run(args: argparse.Namespace) -> int:
    try:
        project = st.load_project(args.project)
        if args.mark:
            for row in st.mark(project, args.mark[0], args.mark[1:], args.date):
                print(f"{project.show(row.path)}: {row.state} ({row.english_hash})")
            return 0
        if args.record:
            for source in st.record(project, args.date):
                print(f"{project.show(source.path)}: recorded version {source.hash}")
            return 0
        if args.declare_missing:
            for line in st.declare_missing(project, args.declare_missing[0], args.declare_missing[1:]):
                print(f"declared not translated yet: {line}")
            return 0
        sources, rows = st.status(project)
    except (st.MarkRefused, StoreError) as error:
        print(f"tpukb status: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"default_language": project.default,
                          "english": [{"page": s.page, "hash": s.hash, "draft": s.draft,
                                       "recorded": s.recorded.isoformat() if s.recorded else None}
                                      for s in sources],
                          "translations": [row.as_json() for row in rows]},
                         ensure_ascii=False, indent=2))
    else:
        print(table(project, sources, rows))
        text = details(project, rows)
        if text:
            print(text)
    # A draft is published in no language: its translations may be unwritten
    # or unfinished without failing --strict (the table still shows them).
    drafts = {s.page for s in sources if s.draft}
    not_current = any(row.state != "current" and row.page not in drafts for row in rows) or \
        any(s.recorded is None and not s.draft for s in sources)
    return 1 if args.strict and not_current else 0
