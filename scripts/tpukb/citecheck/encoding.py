"""Files an editor broke: E1 (a file that is not UTF-8) and E2 (a character
readers cannot see or tell apart where the syntax needs ASCII).

E1 is found for every Markdown file of the docs folder before any other rule
reads it; such a file is then left out of every other rule (one root cause,
one finding). E2 looks only at syntax: citation markers (`[^ 2]` with a
no-break space), the include line (typographic quotes, look-alike dashes),
front-matter keys and dated-statement markers. Prose keeps whatever
characters it needs (Arabic keeps its direction marks); URLs are rule R5's.

Each syntax element that E2 reports is still read as what the writer meant
(the marker as [^2], the include as the include), so that it does not also
become an R2, R4, R8 or F1 finding.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..sourcefile import NotUtf8, char_name, is_invisible
from .model import Finding, Project
from .text import MARKER_LIKE, line_matches, line_of, marker_label, read_source

# What a writer's tools put in place of the ASCII that syntax needs.
LOOK_ALIKE = {
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"', "\uff02": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\uff3b": "[", "\uff3d": "]", "\uff3e": "^", "\uff1a": ":", "\uff1c": "<",
}


def unreadable(project: Project) -> tuple[set[Path], list[Finding]]:
    """E1: every Markdown file of the docs folder that is not UTF-8."""
    paths, findings = set(), []
    for path in sorted(project.docs.rglob("*.md")):
        try:
            read_source(path)
        except NotUtf8 as error:
            paths.add(path)
            findings.append(not_utf8(project, error))
    return paths, findings


def not_utf8(project: Project, error: NotUtf8) -> Finding:
    return project.finding(error.path, error.line, "E1", error.message, error.fix)


def odd_characters(text: str) -> list[tuple[int, str]]:
    """(position, character) of each invisible or look-alike character."""
    if text.isascii():
        return []  # invisible and look-alike characters are all beyond ASCII, but the space
    return [(i, ch) for i, ch in enumerate(text)
            if is_invisible(ch) or ch in LOOK_ALIKE or (ch.isdigit() and not ch.isascii())]


def as_ascii(text: str) -> str:
    """`text` as the writer meant it: invisible characters dropped, look-alikes
    replaced by their ASCII form, digits of any script as ASCII digits."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if is_invisible(ch):
            continue
        if ch.isdigit() and not ch.isascii():
            ch = str(int(ch))
        out.append(LOOK_ALIKE.get(ch, ch))
    return "".join(out)


def syntax_finding(project: Project, path: Path, text: str, offset: int, what: str,
                   snippet: str, fix: str) -> list[Finding]:
    """One E2 finding per odd character of `snippet` (found at `offset` in `text`)."""
    return [project.finding(path, line_of(text, offset + i), "E2",
                            f"{what} {snippet!r} contains {char_name(ch)} at position {i + 1}", fix)
            for i, ch in odd_characters(snippet)]


def check_markers(project: Project, path: Path, body: str) -> list[Finding]:
    """E2 in citation markers: `[^ 2]`, `[^2​]` (zero-width space)."""
    findings = []
    for match in MARKER_LIKE.finditer(body):
        label = marker_label(match.group(1))
        if label is not None:
            findings += syntax_finding(project, path, body, match.start(), "citation marker",
                                       match.group(0), f"retype it as [^{label}]")
    return findings


INCLUDE_LIKE = re.compile(r"^[ \t\u00a0\u2000-\u200b\u202f\ufeff]*[-\u2010-\u2015\u2212]{1,3}8<.*$", re.M)


def include_like_lines(body: str) -> list[re.Match]:
    """INCLUDE_LIKE's matches: lines holding `8<` (text.line_matches)."""
    return line_matches(INCLUDE_LIKE, body, "8<")


def check_include_line(project: Project, path: Path, body: str) -> list[Finding]:
    """E2 in the include line: `--8<-- “citations/x.md”`."""
    findings = []
    for match in include_like_lines(body):
        line = match.group(0)
        if odd_characters(line):
            findings += syntax_finding(project, path, body, match.start(), "include line",
                                       line.strip(), f"retype it in ASCII: {as_ascii(line).strip()}")
    return findings


FRONT_KEY = re.compile(r"^([^\s:#-][^:\n]*?)[ \t]*[:\uff1a]", re.M)


def front_matter_keys(front: str) -> dict[str, tuple[int, str]]:
    """Front-matter keys spoilt by odd characters: meant key -> (offset, written key)."""
    return {as_ascii(m.group(0)).rstrip(":").strip(): (m.start(), m.group(0))
            for m in FRONT_KEY.finditer(front) if odd_characters(m.group(0))}


def check_front_matter_keys(project: Project, path: Path, text: str, front: str) -> list[Finding]:
    findings = []
    for key, (offset, written) in front_matter_keys(front).items():
        findings += syntax_finding(project, path, text, offset, "front-matter key", written,
                                   f"retype it in ASCII as '{key}:'")
    return findings
