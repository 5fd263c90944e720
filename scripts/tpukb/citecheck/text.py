"""Reading the Markdown sources: the articles, their masked text and their
markers; owns no rule, every source rule reads through it.

Masking blanks front matter, fenced code, inline code and HTML comments
with spaces, so offsets (and so line numbers) stay those of the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .model import Project
from ..sourcefile import is_invisible, read_text

FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.S)
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)


# A citation marker, also one spoilt by an invisible or full-width character
# (rule E2, tpukb.citecheck.encoding, reports those).
MARKER_LIKE = re.compile(r"\[[\^\uff3e]([^\]\n\[]{1,16})[\]\uff3d]")


def marker_label(raw: str) -> str | None:
    """The number a marker means when only invisible characters spoil it."""
    clean = "".join(ch for ch in raw if not is_invisible(ch))
    return clean if clean != raw and clean.isascii() and clean.isdecimal() else None


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def blank(text: str) -> str:
    """Spaces in place of every character but newlines: offsets stay valid."""
    return re.sub(r"[^\n]", " ", text)


def mask_unrendered(text: str) -> str:
    """The text with fenced blocks, inline code and HTML comments blanked out:
    markers there are never rendered as citations."""
    out, fence = [], None
    for line in text.splitlines(keepends=True):
        match = FENCE.match(line)
        if fence:
            out.append(blank(line))
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
        elif match:
            fence = match.group(1)
            out.append(blank(line))
        else:
            out.append(line)
    text = INLINE_CODE.sub(lambda m: blank(m.group(0)), "".join(out))
    return HTML_COMMENT.sub(lambda m: blank(m.group(0)), text)


def mask_front_matter(text: str) -> str:
    match = FRONT_MATTER.match(text)
    return blank(match.group(0)) + text[match.end():] if match else text


# Markers ([^N]) and headings, as every source rule finds them.
FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t#]*$", re.M)


def is_definition(text: str, match: re.Match) -> bool:
    """A `[..]:` at the start of a line defines; anywhere else it refers."""
    line_start = text.rfind("\n", 0, match.start()) + 1
    return (text.startswith(":", match.end())
            and len(text[line_start:match.start()]) <= 3 and not text[line_start:match.start()].strip())


def references(pattern: re.Pattern, text: str) -> list[re.Match]:
    """Matches of a marker pattern that are not definitions."""
    return [m for m in pattern.finditer(text) if not is_definition(text, m)]


@dataclass(frozen=True)
class Marker:
    label: str
    line: int


@dataclass
class Article:
    lang: str
    path: Path
    text: str

    @property
    def slug(self) -> str:
        return self.path.stem

    @cached_property
    def body(self) -> str:
        """The text with front matter, code and comments blanked out (offsets kept)."""
        return mask_unrendered(mask_front_matter(self.text))

    @cached_property
    def markers(self) -> list[Marker]:
        """Footnote references with ASCII-digit labels, in reading order; a
        marker spoilt only by an invisible character (`[^ 2]`, rule E2)
        counts as the number it means."""
        found = [(m.start(), m.group(1)) for m in references(FOOTNOTE_REF, self.body)
                 if m.group(1).isascii() and m.group(1).isdecimal()]
        found += [(m.start(), label) for m in references(MARKER_LIKE, self.body)
                  if (label := marker_label(m.group(1)))]
        return [Marker(label, line_of(self.body, start)) for start, label in sorted(found)]

    @cached_property
    def first_citations(self) -> dict[str, Marker]:
        first: dict[str, Marker] = {}
        for marker in self.markers:
            first.setdefault(marker.label, marker)
        return first

    @property
    def last_line(self) -> int:
        return len(self.text.rstrip("\n").split("\n"))


def article_paths(project: Project, lang: str) -> list[Path]:
    folder = project.docs / lang / "articles"
    return sorted(p for p in folder.glob("*.md") if p.name != "index.md") if folder.is_dir() else []


def read_articles(project: Project, skip: set[Path] = frozenset()) -> dict[str, dict[str, Article]]:
    """slug -> language -> Article, over every language of the project;
    `skip` are files that cannot be read (rule E1 reports them)."""
    versions: dict[str, dict[str, Article]] = {}
    for lang in project.languages:
        for path in article_paths(project, lang):
            if path not in skip:
                versions.setdefault(path.stem, {})[lang] = Article(lang, path, read_text(path))
    return versions
