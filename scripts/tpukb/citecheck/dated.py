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
from .text import HEADING, Article, line_of

# Words that make a statement go out of date: a product's or project's status
# and recency. A sentence of the default language using one needs a marker.
VOLATILE = re.compile(
    r"\b(beta|preview|generally available|general availability|deprecated|superseded|not supported|"
    r"newest|latest|not yet|no longer|currently|now|still|will replace|later in \d{4})\b",
    re.I)
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


def check_volatile(project: Project, article: Article) -> list[Finding]:
    """D4: a sentence with a word of status or recency carries a marker."""
    body = HEADING.sub(lambda m: " " * len(m.group(0)), article.body)
    findings = []
    for start, block in blocks(body):
        if block.lstrip().startswith("|"):
            continue  # table rows: figures, not statements of status
        for sentence in sentence_spans(article.text[start:start + len(block)]):
            text = block[sentence[0]:sentence[1]]
            word = VOLATILE.search(text)
            if word and not dates.AS_OF.search(text):
                findings.append(project.finding(
                    article.path, line_of(body, start + sentence[0] + word.start()), "D4",
                    f"{word.group(0)!r} makes this sentence go out of date, and it carries no "
                    f"date: {' '.join(text.split())[:80]!r}",
                    f"add {dates.AS_OF_FORM} after the statement (the month you found it true); "
                    "for a past event, say when it happened without the word of status"))
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
