"""Renumber an article's references in the order its default-language
version first cites them (what R1 and R4 require), in the citation file and
in every language version at once.

A writer adds a source as the next free number at the end of the citation
file, cites it where the text needs it, and runs this: the entries are put in
order and every marker of every language is rewritten to match. Entries the
default language never cites keep their relative order at the end (R3 still
reports them). Markers in code and comments are left alone, as the checker
ignores them.

Usage: `tpukb renumber SLUG [--docs DOCS]` (tpukb.cli).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from .citecheck import ROOT, load_project, read_articles
from .citecheck.entries import ENTRY_START
from .citecheck.text import FOOTNOTE_REF, references
from .sourcefile import NotUtf8, read_text


def renumber(docs: Path, slug: str) -> dict[str, str]:
    """Renumber one article; return the old -> new labels that changed."""
    project = load_project(docs)
    versions = read_articles(project).get(slug)
    reference = versions and versions.get(project.default_language)
    path = project.citation_file(slug)
    if reference is None or not path.is_file():
        raise SystemExit(f"renumber: no {project.default_language} article or citation file for {slug!r}")
    lines = read_text(path).splitlines()
    labels = [m.group(1) for m in map(ENTRY_START.match, lines) if m]
    order = list(reference.first_citations) + [l for l in labels if l not in reference.first_citations]
    mapping = {old: str(new) for new, old in enumerate(order, start=1)}
    by_label = {m.group(1): line for line in lines if (m := ENTRY_START.match(line))}
    path.write_text("\n".join(
        re.sub(r"^\[\^\w+\]", f"[^{mapping[old]}]", by_label[old]) for old in order
        if old in by_label) + "\n", encoding="utf-8")
    for article in versions.values():
        text = article.text
        for match in reversed(references(FOOTNOTE_REF, article.body)):
            new = mapping.get(match.group(1))
            if new:
                text = text[:match.start()] + f"[^{new}]" + text[match.end():]
        article.path.write_text(text, encoding="utf-8")
    return {old: new for old, new in mapping.items() if old != new}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("slug", help="the article's file name without .md")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="docs folder")


def run(args: argparse.Namespace) -> int:
    try:
        changed = renumber(args.docs, args.slug)
    except NotUtf8 as error:  # nothing is rewritten: the checker reports it as E1
        print(error.finding_line(), file=sys.stderr)
        return 2
    print(", ".join(f"[^{old}] -> [^{new}]" for old, new in changed.items()) or "already in order")
    return 0
