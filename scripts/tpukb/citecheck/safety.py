"""Content safety in every Markdown file of the docs, code included: S1 (no
raw <script>), S2 (no on...= attribute), S3 (no javascript:, vbscript: or
data: URL) and S4 (no http:// URL)."""

from __future__ import annotations

import re
from pathlib import Path

from .model import Finding, Project
from .text import line_of, read_source

SAFETY_RULES = (
    ("S1", re.compile(r"<\s*script\b", re.I), "raw <script> element",
     "remove it: pages carry no scripts of their own"),
    ("S2", re.compile(r"<[A-Za-z][^<>]*?\s(on[a-zA-Z]+)\s*=", re.S), "event-handler attribute",
     "remove the on...= attribute"),
    ("S3", re.compile(r"(?<![\w-])(?:(?:java|vb)script\s*:|data:(?:[\w.+-]+/[\w.+-]+)?"
                      r"(?:;[\w.+-]+=?[\w.+-]*)*,)", re.I),
     "javascript:, vbscript: or data: URL", "link to an https:// address instead"),
    ("S4", re.compile(r"\bhttp://", re.I), "http:// URL", "use the https:// address"),
)


# S3 and S4 ignore case, so the regex engine cannot skip ahead to a literal
# and tries them at every character (the slowest part of the rule). Every
# match holds a colon at a place known from the colon: S4's `://` is 4
# characters in; S3's `data:` colon 4 in, `(java|vb)script\s*:` 10 or 8
# characters before the whitespace in front of its colon. Trying the pattern
# only at those starts finds the same matches (`match` at a position sees
# the text before it for \b and look-behinds, as `finditer` does).


def colon_starts(text: str, rule: str) -> list[int]:
    """Where a match of S3 or S4 can start, in order."""
    starts = set()
    if rule == "S4":
        starts = {m.start() - 4 for m in re.finditer("://", text)}
    else:
        for m in re.finditer(":", text):
            end = m.start()
            while end and text[end - 1].isspace():  # \s is str.isspace
                end -= 1
            starts.update((m.start() - 4, end - 10, end - 8))
    return sorted(start for start in starts if start >= 0)


def anchored_matches(pattern: re.Pattern, text: str, starts: list[int]) -> list[re.Match]:
    """pattern.finditer(text) when every match starts at one of `starts`."""
    found, done = [], 0
    for start in starts:
        if start >= done and (match := pattern.match(text, start)):
            found.append(match)
            done = max(match.end(), start + 1)
    return found


def matches(rule: str, pattern: re.Pattern, text: str) -> list[re.Match]:
    if rule in ("S3", "S4"):
        return anchored_matches(pattern, text, colon_starts(text, rule))
    return list(pattern.finditer(text))


def check_content_safety(project: Project, path: Path, skip_lines: set[int] = frozenset()) -> list[Finding]:
    """S1-S4 anywhere in a file (code included); `skip_lines` are entry lines
    whose URL R5 checks already (so an http:// entry is reported once)."""
    text = read_source(path)
    findings = []
    for rule, pattern, what, fix in SAFETY_RULES:
        for match in matches(rule, pattern, text):
            offset = match.start(match.lastindex or 0)
            line = line_of(text, offset)
            if rule == "S4" and line in skip_lines:
                continue
            snippet = match.group(0).replace("\n", " ")[:40]
            findings.append(project.finding(path, line, rule, f"{what}: {snippet!r}", fix))
    return findings
