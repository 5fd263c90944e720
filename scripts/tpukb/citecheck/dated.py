"""Dated statements (the `[as of YYYY-MM]` markers of tpukb.dates): D2 (a
marker's form and date), D3 (every language has the same dated statements
as the default language) and D4 (a sentence of the default language that
uses a word of status or recency carries a marker)."""

from __future__ import annotations

import datetime
import re
from collections import Counter
from dataclasses import dataclass

from .. import dates
from ..sourcefile import char_name
from .encoding import odd_characters
from .model import Finding, Project
from .text import Article, line_of

# Words that state a product's or project's status. In a table, a cell with
# one states a status (a column of launch stages, "Preview" / "No Preview
# label"); recency words there are not statements ("what is in HBM right now").
STATUS = (r"beta|alpha|preview|experimental|early access|generally available|"
          r"general availability|deprecated|superseded|archived|not supported|"
          r"available soon|coming soon|sign[- ]?up")
TABLE_STATUS = re.compile(rf"\b({STATUS})\b", re.I)
# Status and recency: a sentence of the default language using one of these
# goes out of date and needs a marker.
VOLATILE_WORDS = (rf"{STATUS}|newest|latest|not yet|no longer|currently|now|still|will replace|"
                  r"will be archived|later in \d{4}")
# Each word opens with a letter: the class of those letters turns most
# positions away before the words are tried (the same case-insensitive
# equality as the letters themselves; D4's search took twice as long).
VOLATILE = re.compile(
    rf"\b(?=[{''.join(sorted({word[0] for word in VOLATILE_WORDS.split('|')}))}])"
    rf"({VOLATILE_WORDS})\b",
    re.I)
# What dates a statement without a marker: a version it is tied to ("in 0.2.0",
# "in `torch_tpu` 0.2.0", "since 2.8", "release r2.8") or the day or month a
# past event happened ("on 1 February 2026", "in January 2026", "2026-11-15").
MONTHS = ("January|February|March|April|May|June|July|August|September|October|"
          "November|December")
DATED_OTHERWISE = re.compile(
    r"\b(?:in|since|from|until|before|after|up to|as of|release|releases|version|versions)"
    r"\s+`?v?r?\d+\.\d+(?:\.\d+)*|\bv?\d+\.\d+\.\d+\b"
    rf"|\b\d{{1,2}} (?:{MONTHS}) \d{{4}}\b|\b(?:{MONTHS}) \d{{4}}\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b",
    re.I)
TABLE_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z*_`\[(])")
BLOCK_SPLIT = re.compile(r"\n[ \t]*\n|\n(?=[ \t]*(?:[-*+]|\d+\.)[ \t])|\n(?=\|)")


@dataclass(frozen=True)
class Statement:
    """A dated statement: its marker's date (None when invalid), the date as
    written, its line and the sentence it closes (markup kept, spaces folded)."""

    date: dates.Dated | None
    written: str
    line: int
    sentence: str


def blocks(body: str) -> list[tuple[int, str]]:
    """(offset, text) of each paragraph, list item or table row."""
    found, offset = [], 0
    for block in BLOCK_SPLIT.split(body):
        start = body.index(block, offset) if block else offset
        offset = start + len(block)
        found.append((start, block))
    return found


def statements(article: Article) -> list[Statement]:
    """Every `[as of ...]` marker of a language version, in reading order."""
    found = []
    for start, block in blocks(article.body):
        if "[as of " not in block:
            continue  # no marker (AS_OF opens with this literal): no sentence to cut
        # sentences are cut on the text itself: in the body, code is blanked
        for a, b in sentence_spans(article.text[start:start + len(block)]):
            for match in dates.AS_OF.finditer(block, a, b):
                try:
                    value = dates.parse(match.group(1))
                except dates.DateError:
                    value = None
                sentence = " ".join(article.text[start + a:start + b].split())
                found.append(Statement(value, match.group(1),
                                       line_of(article.body, start + match.start()), sentence))
    return found


def check_markers(project: Project, article: Article,
                  today: datetime.date | None = None) -> list[Finding]:
    """D2: every marker is `[as of YYYY-MM(-DD)]` with a real date, not in the future."""
    findings = []
    for match in dates.AS_OF.finditer(article.body):
        try:
            dates.parse(match.group(1), today)
        except dates.DateError as error:
            findings.append(project.finding(
                article.path, line_of(article.body, match.start()), "D2",
                f"dated statement {match.group(0)!r}: {error}",
                "write the month (or day) the statement was last found true, as "
                + dates.AS_OF_FORM))
    for match in dates.AS_OF_LIKE.finditer(article.body):
        if dates.AS_OF.fullmatch(match.group(0)):
            continue
        odd = ", ".join(f"{char_name(ch)} at position {i + 1}" for i, ch in odd_characters(match.group(0)))
        findings.append(project.finding(
            article.path, line_of(article.body, match.start()), "D2",
            f"{match.group(0)!r} looks like a dated-statement marker but is not one"
            + (f" (it contains {odd})" if odd else ""),
            f"copy the marker unchanged from the {project.default_language} version: "
            + dates.AS_OF_FORM))
    return findings


def check_same_statements(project: Project, article: Article, reference: Article,
                          theirs: list | None = None) -> list[Finding]:
    """D3: a translation has the dated statements of the default language
    (`theirs`: the reference's statements, when the caller has them already)."""
    mine = statements(article)
    theirs = statements(reference) if theirs is None else theirs
    own = Counter(s.written for s in mine)
    wanted = Counter(s.written for s in theirs)
    lines = {s.written: s.line for s in theirs}
    findings = []
    for text in sorted(set(own) | set(wanted)):
        if own[text] == wanted[text]:
            continue
        line = next((s.line for s in mine if s.written == text), article.last_line)
        findings.append(project.finding(
            article.path, line, "D3",
            f"has {own[text]} dated statement(s) [as of {text}], the {reference.lang} version "
            f"{wanted[text]}" + (f" (line {lines[text]})" if text in lines else ""),
            f"date the same statements as the {reference.lang} version, with the same markers"))
    return findings


def is_dated(text: str) -> bool:
    """Whether a statement carries a date: a marker, a version or an event's day."""
    return bool(dates.AS_OF.search(text) or DATED_OTHERWISE.search(text))


def volatile_finding(project: Project, article: Article, line: int, word: str,
                     text: str, where: str) -> Finding:
    return project.finding(
        article.path, line, "D4",
        f"{word!r} makes this {where} go out of date, and it carries no date: "
        f"{' '.join(text.split())[:80]!r}",
        f"add {dates.AS_OF_FORM} after the statement (the month you found it true), in a "
        "table inside the cell; a statement tied to a version (\"in 0.2.0\") is dated by it; "
        "for a past event, say when it happened without the word of status")


def table_cells(row: str) -> list[tuple[int, str]]:
    """(offset, text) of each cell of a table row (escaped pipes kept in the cell)."""
    cells, start = [], 0
    for match in re.finditer(r"(?<!\\)\|", row):
        cells.append((start, row[start:match.start()]))
        start = match.end()
    cells.append((start, row[start:]))
    return [(a, cell) for a, cell in cells if cell.strip()]


def check_volatile(project: Project, article: Article) -> list[Finding]:
    """D4: a sentence, or a table cell, with a word of status or recency
    carries a date: a marker, or the version or day it is tied to. A table's
    header row names columns and states nothing."""
    pieces, done = [], 0  # the body with its headings blanked: they state nothing
    for heading in article.headings:
        pieces += [article.body[done:heading.start()], " " * len(heading.group(0))]
        done = heading.end()
    body = "".join(pieces) + article.body[done:]
    findings = []
    parts = blocks(body)
    for index, (start, block) in enumerate(parts):
        if block.lstrip().startswith("|"):
            following = parts[index + 1][1] if index + 1 < len(parts) else ""
            if TABLE_SEPARATOR.match(block) or TABLE_SEPARATOR.match(following.split("\n")[0]):
                continue  # the separator row, or the header row above it
            for a, cell in table_cells(block):
                word = TABLE_STATUS.search(cell)
                text = article.text[start + a:start + a + len(cell)]
                if word and not is_dated(text):
                    findings.append(volatile_finding(
                        project, article, line_of(body, start + a + word.start()),
                        word.group(0), text, "table cell"))
            continue
        # A sentence's word is a word of its block: sentences are cut at
        # whitespace (blank in the body too), so \b sees the same at their
        # ends. A block without one has no sentence to cut.
        if not VOLATILE.search(block):
            continue
        for a, b in sentence_spans(article.text[start:start + len(block)]):
            word = VOLATILE.search(block[a:b])
            if word and not is_dated(article.text[start + a:start + b]):
                findings.append(volatile_finding(
                    project, article, line_of(body, start + a + word.start()),
                    word.group(0), block[a:b], "sentence"))
    return findings


def sentence_spans(block: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for match in SENTENCE_END.finditer(block):
        spans.append((start, match.start()))
        start = match.end()
    spans.append((start, len(block)))
    return [(a, b) for a, b in spans if block[a:b].strip()]


def check_dated(project: Project, versions: dict[str, Article]) -> list[Finding]:
    """D2 on every version, D4 on the default language's, D3 across languages."""
    reference = versions.get(project.default_language)
    findings = [finding for article in versions.values()
                for finding in check_markers(project, article)]
    if reference is None:
        return findings
    findings += check_volatile(project, reference)
    theirs = statements(reference)  # once, for every translation
    for article in versions.values():
        if article is not reference:
            findings += check_same_statements(project, article, reference, theirs)
    return findings
