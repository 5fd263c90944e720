"""Reading the Markdown sources: the articles, their masked text and their
markers; owns no rule, every source rule reads through it.

Masking blanks front matter, fenced code, inline code and HTML comments
with spaces, so offsets (and so line numbers) stay those of the file.

Within one check run (`one_run`, tpukb.citecheck.sources) each file is read
once, each text masked once and each front matter parsed once, whichever
rules ask; outside a run every call does the work itself.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .model import Project
from ..sourcefile import NotUtf8, is_invisible, read_text

FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.S)
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)


# A citation marker, also one spoilt by an invisible or full-width character
# (rule E2, tpukb.citecheck.encoding, reports those).
MARKER_LIKE = re.compile(r"\[[\^\uff3e]([^\]\n\[]{1,16})[\]\uff3d]")


def marker_label(raw: str) -> str | None:
    """The number a marker means when only invisible characters spoil it."""
    if raw.isascii():
        return None  # no ASCII character but the space is invisible
    clean = "".join(ch for ch in raw if not is_invisible(ch))
    return clean if clean != raw and clean.isascii() and clean.isdecimal() else None


# The offsets of the newlines of the texts line_of was last asked about:
# rules ask for many lines of the same text, and counting the newlines from
# the start for each was quadratic. Keyed by id, checked by identity.
_NEWLINES: dict[int, tuple[str, list[int]]] = {}
NEWLINE = re.compile("\n")


def line_of(text: str, offset: int) -> int:
    if offset < 0:  # str.count reads a negative end from the text's end
        return text.count("\n", 0, offset) + 1
    cached = _NEWLINES.get(id(text))
    if cached is None or cached[0] is not text:
        if len(_NEWLINES) >= 32:
            _NEWLINES.clear()
        cached = _NEWLINES[id(text)] = (text, [m.start() for m in NEWLINE.finditer(text)])
    return bisect_left(cached[1], offset) + 1


def blank(text: str) -> str:
    """Spaces in place of every character but newlines: offsets stay valid."""
    return "\n".join(" " * len(part) for part in text.split("\n"))


# Where str.splitlines ends a line besides \n: a text without any of these
# is split into the same lines by \n alone (mask_fences' fast path).
OTHER_LINE_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
FENCE_LINE = re.compile(FENCE.pattern, re.M)

# Texts masked and files read during one check run (tpukb.citecheck.sources):
# the articles' rules, the glossary and the safety rules read the same pages,
# and the first two mask them; None outside a run.
_masked: dict[str, str] | None = None
_read: dict[Path, str | NotUtf8] | None = None


@contextmanager
def one_run():
    """Within it, each file is read once (read_source) and each distinct text
    masked once (mask_unrendered): the files do not change meanwhile."""
    global _masked, _read
    previous, _masked, _read = (_masked, _read), {}, {}
    try:
        yield
    finally:
        _masked, _read = previous


def read_source(path: Path) -> str:
    """read_text(path), once per run (one_run); NotUtf8 each time it is asked."""
    if _read is None:
        return read_text(path)
    if path not in _read:
        try:
            _read[path] = read_text(path)
        except NotUtf8 as error:
            _read[path] = error
    if isinstance(_read[path], NotUtf8):
        raise _read[path]
    return _read[path]


def mask_unrendered(text: str) -> str:
    """The text with fenced blocks, inline code and HTML comments blanked out:
    markers there are never rendered as citations."""
    if _masked is None:
        return _mask_unrendered(text)
    if text not in _masked:
        _masked[text] = _mask_unrendered(text)
    return _masked[text]


def _mask_unrendered(text: str) -> str:
    text = mask_fences(text)
    text = INLINE_CODE.sub(lambda m: blank(m.group(0)), text)
    return HTML_COMMENT.sub(lambda m: blank(m.group(0)), text)


def mask_fences(text: str) -> str:
    """The text with fenced blocks (fence lines included) blanked out; a
    fence left open runs to the end. Only the fence lines are visited when
    \n alone ends lines (the same lines as line_by_line_fences')."""
    if OTHER_LINE_BREAKS.search(text):
        return line_by_line_fences(text)
    out, done, fence, opened = [], 0, None, 0
    for match in line_matches(FENCE_LINE, text, "```|~~~"):
        if fence is None:
            fence, opened = match.group(1), match.start()
        elif match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
            end = text.find("\n", match.end())
            end = len(text) if end < 0 else end + 1
            out += [text[done:opened], blank(text[opened:end])]
            done, fence = end, None
    if fence is not None:
        out += [text[done:opened], blank(text[opened:])]
        done = len(text)
    out.append(text[done:])
    return "".join(out)


def line_by_line_fences(text: str) -> str:
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
    return "".join(out)


def mask_front_matter(text: str) -> str:
    match = FRONT_MATTER.match(text)
    return blank(match.group(0)) + text[match.end():] if match else text


def masked_body(text: str) -> str:
    """mask_unrendered(mask_front_matter(text)), from the masked whole text
    (shared with the glossary, which keeps the front matter) when the front
    matter holds nothing that masking acts on: no backtick or tilde (no fence,
    no inline code) and no `<!--`. Masking then acts on the rest alone, the
    same whether the front matter is blanked before or after."""
    front = FRONT_MATTER.match(text)
    if not front:
        return mask_unrendered(text)
    head = front.group(0)
    if "`" in head or "~" in head or "<!--" in head:
        return mask_unrendered(mask_front_matter(text))
    return blank(head) + mask_unrendered(text)[front.end():]


# Markers ([^N]) and headings, as every source rule finds them.
FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t#]*$", re.M)


def is_definition(text: str, match: re.Match) -> bool:
    """A `[..]:` at the start of a line defines; anywhere else it refers."""
    if not text.startswith(":", match.end()):
        return False  # most markers: no need to find the line's start
    line_start = text.rfind("\n", 0, match.start()) + 1
    return (len(text[line_start:match.start()]) <= 3 and not text[line_start:match.start()].strip())


def line_matches(pattern: re.Pattern, text: str, needle: str) -> list[re.Match]:
    """pattern.finditer(text) for a pattern whose matches start at a line's
    start (`^` with re.M), stay within that line and hold a match of the
    regex `needle` (best a literal or a choice of literals, such as
    "```|~~~", for speed): tried only at the lines that hold
    one (a pattern that opens with `^` is otherwise tried at every character)."""
    found, last = [], -1
    for hit in re.finditer(needle, text):
        start = text.rfind("\n", 0, hit.start()) + 1
        if start != last:
            last = start
            if match := pattern.match(text, start):
                found.append(match)
    return found


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
        return masked_body(self.text)

    @cached_property
    def headings(self) -> list[re.Match]:
        """HEADING's matches in the body (lines holding a `#`)."""
        return line_matches(HEADING, self.body, "#")

    @cached_property
    def footnote_refs(self) -> list[re.Match]:
        """The body's footnote references (FOOTNOTE_REF), definitions left out."""
        return references(FOOTNOTE_REF, self.body)

    @cached_property
    def markers(self) -> list[Marker]:
        """Footnote references with ASCII-digit labels, in reading order; a
        marker spoilt only by an invisible character (`[^ 2]`, rule E2)
        counts as the number it means."""
        found = [(m.start(), m.group(1)) for m in self.footnote_refs
                 if m.group(1).isascii() and m.group(1).isdecimal()]
        # label first: most matches are plain markers (no label), and finding
        # whether one is a definition costs more
        found += [(m.start(), label) for m in MARKER_LIKE.finditer(self.body)
                  if (label := marker_label(m.group(1))) and not is_definition(self.body, m)]
        return [Marker(label, line_of(self.body, start)) for start, label in sorted(found)]

    @cached_property
    def first_citations(self) -> dict[str, Marker]:
        first: dict[str, Marker] = {}
        for marker in self.markers:
            first.setdefault(marker.label, marker)
        return first

    @property
    def last_line(self) -> int:
        return self.text.rstrip("\n").count("\n") + 1


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
                versions.setdefault(path.stem, {})[lang] = Article(lang, path, read_source(path))
    return versions
