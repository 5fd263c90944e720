"""The rules on one language version of an article: F1 (front matter and
H1), R1 (the references heading is last, followed only by the include line),
R2 and R3 (markers and entries match), R4 (order of first citations), R6
(marker form in the source) and R8 (the include line; no definitions of its
own)."""

from __future__ import annotations

import datetime
import re

from .. import yamlload as yaml

from .encoding import (as_ascii, check_front_matter_keys, check_include_line,
                       check_markers, front_matter_keys, include_like_lines)
from .entries import CitationFile
from .model import Finding, Project
from .text import FRONT_MATTER, Article, line_matches, line_of, marker_label, references

FRONT_MATTER_KEYS = ("title", "description", "tags", "facts_checked")
# Footnote definitions and numbered link definitions (`[1]: url` vanishes).
DEFINITION = re.compile(r"^ {0,3}(\[(?:\^[^\]\s]+|\d+)\]):", re.M)
# `[3]` not after `]` or a backslash; the bracket comes first and the
# look-behind after it, so that the regex engine can skip ahead to brackets.
PLAIN_MARKER = re.compile(r"\[(?<![\]\\]\[)(\d+)\](?![(\[])")
FLIPPED_MARKER = re.compile(r"\]\^?(\d+)\[")
INCLUDE = re.compile(r'^--8<--[ \t]+"([^"]*)"[ \t]*$', re.M)


def check_front_matter(project: Project, article: Article) -> list[Finding]:
    """F1: the front matter the site and the index rely on, and the H1."""
    def report(line: int, message: str, fix: str) -> list[Finding]:
        return [project.finding(article.path, line, "F1", message, fix)]

    match = FRONT_MATTER.match(article.text)
    if not match:
        return report(1, "no front matter", "start the file with ---, "
                      + ", ".join(FRONT_MATTER_KEYS) + ", ---")
    try:
        meta = yaml.safe_load(match.group(1) or "")
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 2 if mark else 1  # 0-based, after the opening ---
        return report(line, f"front matter is not valid YAML: {getattr(error, 'problem', error)}",
                      "fix the YAML between the --- lines")
    meta = meta if isinstance(meta, dict) else {}
    spoilt = front_matter_keys(match.group(1) or "")  # E2, not also F1
    findings = check_front_matter_keys(project, article.path, article.text, match.group(0))
    findings += [finding for key in FRONT_MATTER_KEYS
                 if not front_matter_value_ok(key, meta.get(key)) and key not in spoilt
                 for finding in report(key_line(article.text, key),
                                      f"front matter '{key}' is missing or not {FRONT_MATTER_SHAPE[key]}",
                                      f"set '{key}' to {FRONT_MATTER_SHAPE[key]}")]
    description = meta.get("description")
    if isinstance(description, str) and "description" not in spoilt and MARKUP.search(description):
        findings += report(key_line(article.text, "description"),
                           f"front matter 'description' holds Markdown "
                           f"({MARKUP.search(description).group(0)!r}): it is shown as plain text "
                           "(meta description, link previews) and as Markdown (the index pages)",
                           "write it as plain text, without `code`, **emphasis** or [links](...)")
    return findings + check_title_heading(project, article, meta.get("title"))


# Markdown in a description: code, emphasis, a link.
MARKUP = re.compile(r"`[^`]+`|\*\*[^*]+\*\*|\[[^\]]+\]\([^)]*\)")

FRONT_MATTER_SHAPE = {
    "title": "a non-empty text",
    "description": "a non-empty text (one sentence)",
    "tags": "a list of tags",
    "facts_checked": "a date (YYYY-MM-DD)",
}


def front_matter_value_ok(key: str, value) -> bool:
    if key == "tags":
        return isinstance(value, list) and bool(value) and all(
            isinstance(tag, str) and tag.strip() for tag in value)
    if key == "facts_checked":
        return isinstance(value, datetime.date)
    return isinstance(value, str) and bool(value.strip())


def key_line(text: str, key: str) -> int:
    match = re.search(rf"^{re.escape(key)}[ \t]*:", text, re.M)
    return line_of(text, match.start()) if match else 1


def check_title_heading(project: Project, article: Article, title) -> list[Finding]:
    h1 = next((m for m in article.headings if m.group(1) == "#"), None)
    if not isinstance(title, str) or (h1 and h1.group(2) == title.strip()):
        return []
    line = line_of(article.body, h1.start()) if h1 else key_line(article.text, "title")
    return [project.finding(article.path, line, "F1",
                            f"the H1 is not the front-matter title {title.strip()!r}",
                            "make `# <title>` repeat the title exactly")]


def check_references_section(project: Project, article: Article) -> list[Finding]:
    """R1: the last heading is the language's references heading, followed
    only by the include line; R8: the include line names the shared file."""
    findings = []
    expected = project.references_heading(article.lang)
    headings = article.headings
    last = headings[-1] if headings else None
    if expected is None:
        findings.append(project.finding(
            article.path, 1, "R1", f"no references heading is known for language {article.lang!r}",
            "add the language's 'references.heading' to scripts/tpukb/i18n/strings.yml"))
    elif not last or last.group(1) != "##" or last.group(2) != expected:
        line = line_of(article.body, last.start()) if last else article.last_line
        findings.append(project.finding(
            article.path, line, "R1", f"the last heading is not '## {expected}'",
            f"end the article with '## {expected}' and the include line"))
    else:
        findings += stray_lines_after_heading(project, article, last.end())
    return findings + check_include(project, article)


def stray_lines_after_heading(project: Project, article: Article, start: int) -> list[Finding]:
    findings = []
    for match in re.finditer(r"^.*\S.*$", article.body[start:], re.M):
        text = match.group(0)
        if INCLUDE.match(as_ascii(text)) or DEFINITION.match(text):
            continue  # the include is checked below; definitions are R8
        findings.append(project.finding(
            article.path, line_of(article.body, start + match.start()), "R1",
            f"text after the references heading: {text.strip()[:60]!r}",
            "move it above the heading: only the include line follows it"))
    return findings


def check_include(project: Project, article: Article) -> list[Finding]:
    """R8: one include line, the file's last line, naming citations/<slug>.md."""
    wanted = f"citations/{article.slug}.md"
    # an include line spoilt by typographic quotes or dashes is E2's to report
    includes = [(m.start(), found) for m in include_like_lines(article.body)
                if (found := INCLUDE.match(as_ascii(m.group(0).strip())))]
    if not includes:
        return [project.finding(article.path, article.last_line, "R8",
                                "the article does not include its citation file",
                                f'end it with the line `--8<-- "{wanted}"`')]
    findings = []
    for start, match in includes:
        line = line_of(article.body, start)
        if match.group(1) != wanted:
            findings.append(project.finding(article.path, line, "R8",
                                            f"includes {match.group(1)!r}, not {wanted!r}",
                                            "include the citation file named like the article"))
        elif line != article.last_line:
            findings.append(project.finding(article.path, line, "R8",
                                            "the include line is not the file's last line",
                                            "end the file with it"))
    if not project.citation_file(article.slug).is_file():
        findings.append(project.finding(
            article.path, line_of(article.body, includes[-1][0]), "R8",
            f"{project.show(project.citation_file(article.slug))} does not exist",
            "create it with the article's references"))
    return findings


def check_own_definitions(project: Project, article: Article) -> list[Finding]:
    """R8: references live in the shared file, never in a language version."""
    return [project.finding(article.path, line_of(article.body, m.start()), "R8",
                            f"the article defines {m.group(1)} itself",
                            "delete it: references live once in the shared citation file")
            for m in line_matches(DEFINITION, article.body, "]:")]


def check_marker_form(project: Project, article: Article) -> list[Finding]:
    """R6: ASCII-digit footnote references only."""
    findings = []
    for match in article.footnote_refs:
        label = match.group(1)
        if (label.isascii() and label.isdecimal()) or marker_label(label):
            continue  # a marker spoilt by an invisible character is E2's
        line = line_of(article.body, match.start())
        if label.isdecimal():
            findings.append(project.finding(article.path, line, "R6",
                                            f"marker [^{label}] uses non-ASCII digits",
                                            f"write [^{int(label)}] (ASCII digits in every language)"))
        else:
            findings.append(project.finding(article.path, line, "R6",
                                            f"marker [^{label}] is not a reference number",
                                            "cite by the entry's number, e.g. [^3]"))
    for pattern, what in ((FLIPPED_MARKER, "flipped marker"), (PLAIN_MARKER, "plain-text marker")):
        for match in references(pattern, article.body):
            label = match.group(1)
            findings.append(project.finding(
                article.path, line_of(article.body, match.start()), "R6",
                f"{what} {match.group(0)!r} is not a footnote reference (invisible to link checkers)",
                f"write [^{int(label)}]"))
    return findings


def check_citations_resolve(project: Project, article: Article,
                            citations: CitationFile) -> list[Finding]:
    """R2: every marker has an entry; R3: every entry is cited here."""
    findings = [project.finding(article.path, marker.line, "R2",
                                f"[^{marker.label}] has no entry in {project.show(citations.path)}",
                                "add the entry or fix the number")
                for marker in article.markers if marker.label not in citations.entries
                and marker.label not in citations.reported_missing]
    findings += [project.finding(citations.path, entry.line, "R3",
                                 f"entry [^{entry.label}] is never cited in {project.show(article.path)}",
                                 "cite it where the text relies on it, or remove the entry")
                 for entry in citations.entries.values() if entry.label not in article.first_citations]
    return findings


def check_citation_order(project: Project, article: Article,
                         citations: CitationFile | None) -> list[Finding]:
    """R4: the first citation of each number comes after that of every smaller
    number. Markers without an entry are R2's to report, not R4's."""
    findings, highest = [], 0
    for marker in article.first_citations.values():
        if citations is not None and marker.label not in citations.entries:
            continue
        number = int(marker.label)
        if number < highest:
            findings.append(project.finding(
                article.path, marker.line, "R4",
                f"[^{number}] is first cited after [^{highest}]",
                "number the entries in the order the text first cites them"))
        highest = max(highest, number)
    return findings


def check_article(project: Project, article: Article,
                  citations: CitationFile | None) -> list[Finding]:
    findings = (check_front_matter(project, article) + check_references_section(project, article)
                + check_markers(project, article.path, article.body)
                + check_include_line(project, article.path, article.body)
                + check_own_definitions(project, article) + check_marker_form(project, article)
                + check_citation_order(project, article, citations))
    if citations is not None:
        findings += check_citations_resolve(project, article, citations)
    return findings

