"""Citation files (docs/citations/<slug>.md): parsing them, R1 (entry form
and numbering 1..N), R5 (entry URLs) and D1 (each entry's check date: the
date its source was last read and found to support the article)."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from .. import dates
from ..sourcefile import is_invisible, read_text
from .model import Finding, Project
from .text import read_source

ENTRY_FORM = "[^N]: Publisher or author. *Title*. <https://absolute.url/path>. Retrieved YYYY-MM-DD."
ENTRY = re.compile(
    r"^\[\^(?P<label>[0-9]+)\]: (?P<publisher>[^*<>\s][^*<>]*?)\. "
    r"\*(?P<title>[^*]+?)\*\. <(?P<url>[^<>]+)>$")
ENTRY_START = re.compile(r"^\[\^?(\w+)")

# Characters a copied URL must never contain (named in the finding).
FORBIDDEN_URL_CHARACTERS = {
    "\u061f", "\u060c",                                      # Arabic ? and ,
    "\u200e", "\u200f", "\u061c",                            # LRM, RLM, ALM
    "\u202a", "\u202b", "\u202c", "\u202d", "\u202e",        # embeddings, overrides
    "\u2066", "\u2067", "\u2068", "\u2069",                  # isolates
    "\u00a0", "\u202f", "\u2007",                            # non-breaking spaces
    "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff",        # zero-width
}
HOST_LABEL = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)$")


@dataclass(frozen=True)
class Entry:
    label: str
    line: int
    url: str
    checked: dates.Dated | None = None


@dataclass(frozen=True)
class Reference:
    """A well-formed entry of a citation file, as readers and other programs see it."""
    label: str
    publisher: str
    title: str
    url: str
    checked: dates.Dated | None = None


def references(path: Path) -> list[Reference]:
    """The well-formed entries of a citation file, in file order (a malformed
    line is left out: R1 and R5 report it, and the strict build fails)."""
    found = []
    for line in read_text(Path(path)).splitlines():
        line, checked_text = split_check_date(line)
        match = ENTRY.match(line)
        if not match:
            continue
        try:
            checked = dates.parse(checked_text, month_ok=False) if checked_text else None
        except dates.DateError:
            checked = None
        found.append(Reference(match["label"], match["publisher"], match["title"],
                               match["url"], checked))
    return found


@dataclass
class CitationFile:
    path: Path
    entries: dict[str, Entry]
    findings: list[Finding]
    # entries whose absence one finding on the whole file already reports
    # (an empty or cut-off file: tpukb.citecheck.cutoff), not R2 per marker
    reported_missing: set[str] = field(default_factory=set)


def url_problems(url: str) -> list[tuple[str, str]]:
    """What is wrong with an entry's URL: (message, fix) pairs, R5."""
    problems = []
    # printable ASCII but the space: no whitespace, nothing invisible or
    # forbidden, no digit of another script (most URLs; the scan below is
    # per character)
    if not (url.isascii() and url.isprintable() and " " not in url):
        problems += character_problems(url)
    parts = urlsplit(url.strip())
    if parts.scheme == "http":
        problems.append((f"URL uses http://: {url!r}", "use the https:// address"))
    elif parts.scheme != "https":
        problems.append((f"not an absolute https URL: {url!r}", "write the full https:// address"))
    if parts.scheme in ("http", "https") and not valid_host(parts.hostname or ""):
        problems.append((f"URL has no valid host name: {url!r}", "check the domain part of the address"))
    if url.endswith((".", ")")):
        problems.append((f"URL ends with {url[-1]!r}: {url!r}",
                         "drop the trailing character (it belongs to the sentence, not the address)"))
    return problems


def character_problems(url: str) -> list[tuple[str, str]]:
    """R5 on the characters of a URL: whitespace, invisible or forbidden ones."""
    problems = []
    spaces = sum(ch.isspace() and ch not in FORBIDDEN_URL_CHARACTERS for ch in url)
    if spaces:
        problems.append((f"URL contains whitespace ({spaces} character(s)): {url!r}",
                         "remove the spaces (copy the address from the browser's address bar)"))
    odd = {ch for ch in url if (is_invisible(ch) and not ch.isspace()) or (ch.isdigit() and not ch.isascii())}
    for ch in sorted((set(url) & FORBIDDEN_URL_CHARACTERS) | odd):
        name = unicodedata.name(ch, "UNNAMED")
        problems.append((f"URL contains U+{ord(ch):04X} {name} at position {url.index(ch)}: {url!r}",
                         "retype it in ASCII (an Arabic question mark stands for '?')"))
    return problems


@functools.lru_cache(maxsize=4096)  # the same hosts recur across citation files
def valid_host(host: str) -> bool:
    try:
        ascii_host = host.encode("idna").decode("ascii")
    except UnicodeError:
        return False
    labels = ascii_host.split(".")
    return (len(labels) >= 2 and all(HOST_LABEL.match(label) for label in labels)
            and not labels[-1].isdigit())


def split_check_date(line: str) -> tuple[str, str | None]:
    """An entry line without its closing `. Retrieved YYYY-MM-DD.`, and that date."""
    match = dates.RETRIEVED.search(line)
    return (line[:match.start()], match.group(1)) if match else (line, None)


def check_date_problem(label: str, checked: str | None,
                       today=None) -> tuple[dates.Dated | None, tuple[str, str] | None]:
    """D1: the entry's check date, or what is wrong with it (message, fix)."""
    if checked is None:
        return None, (f"entry [^{label}] has no check date",
                      f"end it with `. {dates.RETRIEVED_FORM}`: the day you read the source "
                      "and found that it supports the article")
    try:
        return dates.parse(checked, today, month_ok=False), None
    except dates.DateError as error:
        return None, (f"entry [^{label}]: check date {error}",
                      f"write the day you last read the source as `{dates.RETRIEVED_FORM}`")


def parse_entry_line(line: str) -> tuple[str | None, str | None, str | None]:
    """(label, url, problem) of one citation-file line, without its check
    date. A cut-off entry keeps its label (it still counts as that entry) but
    has no URL."""
    if not line.strip():
        return None, None, "blank line in the citation file"
    match = ENTRY.match(line)
    if match:
        return match["label"], match["url"], None
    start = ENTRY_START.match(line)
    if not start:
        return None, None, f"not a reference entry: {line!r}"
    label = start.group(1) if start.group(1).isascii() and start.group(1).isdecimal() else None
    return label, None, f"entry [^{start.group(1)}] is cut off or malformed: {line!r}"


def numbering_problem(label: str, entries: dict[str, Entry], expected: int) -> str | None:
    """R1: entry numbers run 1..N, each once, in order."""
    if label in entries:
        return f"entry [^{label}] is defined twice (first on line {entries[label].line})"
    if int(label) > expected:
        missing = ", ".join(f"[^{n}]" for n in range(expected, int(label)))
        return f"entry [^{label}] follows [^{expected - 1}]: {missing} missing"
    if int(label) < expected:
        return f"entry [^{label}] comes after [^{expected - 1}]"
    return None


def read_citation_file(project: Project, path: Path) -> CitationFile:
    """Parse a citation file, reporting R1 (form, numbering) and R5 (URLs)."""
    result = CitationFile(path, {}, [])

    def report(line: int, rule: str, message: str, fix: str) -> None:
        result.findings.append(project.finding(path, line, rule, message, fix))

    expected = 1
    for number, line in enumerate(read_source(path).splitlines(), start=1):
        line, checked_text = split_check_date(line)
        label, url, problem = parse_entry_line(line)
        if problem:
            report(number, "R1", problem, "delete it: the file holds one entry per line and nothing else"
                   if not line.strip() else f"write it as `{ENTRY_FORM}`")
        for message, fix in url_problems(url) if url else []:
            report(number, "R5", f"entry [^{label}]: {message}", fix)
        if label is None:
            continue
        checked, date_problem = check_date_problem(label, checked_text) if url else (None, None)
        if date_problem:
            report(number, "D1", *date_problem)
        problem = numbering_problem(label, result.entries, expected)
        if problem:
            report(number, "R1", problem, "number the entries 1..N in order, each once "
                   "(renumber the markers too)")
        if label not in result.entries:
            result.entries[label] = Entry(label, number, url or "", checked)
            expected = max(expected, int(label) + 1)
    return result


def cited_urls(project: Project, paths: Iterable[Path]) -> Iterator[tuple[Path, Entry]]:
    """(citation file, entry) for each entry with a URL, file by file in the order given."""
    for path in paths:
        for entry in read_citation_file(project, path).entries.values():
            if entry.url:
                yield path, entry
