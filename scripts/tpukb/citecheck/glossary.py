"""Rule G1: a language's pages use the terms its glossary settles.

Each language may keep a glossary, `scripts/tpukb/i18n/glossary/<lang>.yml`:
a list of concepts, each with the term to `use` and the terms to `avoid`.
An avoided term found in that language's pages (front matter, prose and
tables; code is masked) is a finding at its line. A malformed glossary is a
finding too, at the glossary's first line.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from ..languages import glossary_file
from .encoding import not_utf8
from .model import Finding, Project
from .text import FRONT_MATTER, line_of, mask_unrendered, read_source
from ..sourcefile import NotUtf8, read_text


def read_glossary(project: Project, path: Path) -> tuple[list[dict], list[Finding]]:
    try:
        text = read_text(path)
    except NotUtf8 as error:
        return [], [not_utf8(project, error)]
    try:
        # PyYAML's Python loader: the C loader accepts some text it rejects
        # (a tab after a colon), which must stay a G1 finding
        entries = yaml.safe_load(text) or []
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = " ".join(str(getattr(error, "problem", None) or error).split())
        return [], [project.finding(path, mark.line + 1 if mark else 1, "G1",
                                    f"not valid YAML: {problem}"
                                    + (f" (column {mark.column + 1})" if mark else ""),
                                    "fix the glossary (quote a value that contains ': ')")]
    bad = [e for e in entries if not isinstance(e, dict) or not e.get("concept") or not e.get("use")
           or not isinstance(e.get("avoid", []), list)]
    if not isinstance(entries, list) or bad:
        return [], [project.finding(path, 1, "G1", "every entry needs 'concept', 'use' and a list "
                                    "'avoid'", "see the comment at the top of the glossary")]
    return entries, []


def avoided_pattern(terms: list[str]) -> re.Pattern:
    """Any of the terms at the start of a word, any ending (Finnish cases,
    Italian forms); longer terms first, so that the longest one is named.
    The terms are grouped by their first letter behind a lookahead for it:
    at a word's start only that letter's terms are tried, not all of them
    (the same matches; the Finnish pages' check took four times as long)."""
    groups: dict[str, list[str]] = {}
    for term in sorted(terms, key=len, reverse=True):
        groups.setdefault(term[:1].lower(), []).append(re.escape(term))
    alternatives = "|".join(f"(?={re.escape(first)})(?:{'|'.join(group)})"
                            for first, group in groups.items())
    # A match starts with a term's first letter: the class of those letters
    # (the same case-insensitive equality as the letters themselves) turns
    # most positions away before the groups are tried, in half the time. An
    # empty term matches anywhere: no such class then.
    firsts = "".join(sorted({re.escape(term[:1]) for term in terms}))
    screen = f"(?=[{firsts}])" if all(terms) else ""
    return re.compile(r"(?<!\w)" + screen + "(?:" + alternatives + ")", re.I)


def check_glossary(project: Project, lang: str, skip: set[Path] = frozenset()) -> list[Finding]:
    """G1 over a language's pages; `skip` are pages that cannot be read (E1)."""
    path = glossary_file(project.docs.parent, lang)
    if not path.is_file():
        return []
    entries, findings = read_glossary(project, path)
    # one pattern for the whole glossary (one per term made this the slowest
    # source rule); a match is named by the term it starts with
    by_term = {term.casefold(): entry for entry in entries for term in entry.get("avoid", [])}
    if not by_term:
        return findings
    pattern = avoided_pattern(list(by_term))
    for page in sorted(set((project.docs / lang).rglob("*.md")) - skip):
        raw = read_source(page)
        front = FRONT_MATTER.match(raw)
        # the description in front matter is read by readers too: keep it
        text = (raw[:front.end()] if front else "") + mask_unrendered(raw)[front.end() if front else 0:]
        for match in pattern.finditer(text):
            entry = by_term.get(match.group(0).casefold()) or next(
                e for term, e in by_term.items() if re.fullmatch(re.escape(term), match.group(0), re.I))
            findings.append(project.finding(
                page, line_of(text, match.start()), "G1",
                f"'{match.group(0)}' is a term the {lang} glossary avoids ({entry['concept']})",
                f"use '{entry['use']}' ({project.show(path)})"))
    return findings
