"""Content safety in every Markdown file of the docs, code included: S1 (no
raw <script>), S2 (no on...= attribute), S3 (no javascript:, vbscript: or
data: URL) and S4 (no http:// URL)."""

from __future__ import annotations

import re
from pathlib import Path

from .model import Finding, Project
from .text import line_of
from ..sourcefile import read_text

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


def check_content_safety(project: Project, path: Path, skip_lines: set[int] = frozenset()) -> list[Finding]:
    """S1-S4 anywhere in a file (code included); `skip_lines` are entry lines
    whose URL R5 checks already (so an http:// entry is reported once)."""
    text = read_text(path)
    findings = []
    for rule, pattern, what, fix in SAFETY_RULES:
        for match in pattern.finditer(text):
            offset = match.start(match.lastindex or 0)
            line = line_of(text, offset)
            if rule == "S4" and line in skip_lines:
                continue
            snippet = match.group(0).replace("\n", " ")[:40]
            findings.append(project.finding(path, line, rule, f"{what}: {snippet!r}", fix))
    return findings
