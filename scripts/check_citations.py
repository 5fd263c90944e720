#!/usr/bin/env python3
"""Check the knowledge base's citations and links; one line per finding.

Usage (from the project root):
    .venv/bin/python scripts/check_citations.py [--docs DOCS_DIR] [--site SITE_DIR] [--online]

Each finding reads `path:line: RULE what is wrong; what to do`; the exit code
is 1 when there is any finding. Rules (GUIDE.md, part 2):

On the Markdown sources, per article (docs/<lang>/articles/*.md) and language:
  F1  front matter has title (also the H1), description, tags, facts_checked
  R1  the citation file docs/citations/<slug>.md holds only entries
      `[^N]: Publisher or author. *Title*. <https://url>`, numbered 1..N, no
      blank line; the article's last heading is its language's references heading
  R2  every in-text citation [^N] has an entry
  R3  every entry is cited at least once in every language version
  R4  first citations appear in ascending order (an error: the articles are
      written to satisfy it)
  R5  entry URLs: https, a valid host, no whitespace, no Arabic question mark
      or comma, no direction marks, no non-breaking or zero-width characters,
      no trailing `.` or `)`
  R6  markers are footnote references with ASCII digits: no [^٣], no ]3[, no
      plain-text [3] (invisible to link checkers)
  S1  no raw <script> in any page
  S2  no on...= event-handler attribute
  S3  no javascript:, vbscript: or data: URL
  S4  no http:// URL (https is required)
Across languages:
  R7  every article exists in every language (the missing file is named)
  R8  every version ends with the include line of its shared citation file
      and keeps no definitions of its own; no citation file is orphaned
  R9  every language version cites the same set of numbers
On the built site (--site):
  R6  markers render as <sup id="fnref:N"> links to an existing li#fn:N that
      shows [N]; every entry's backlinks reach an existing marker
  R10 the rendered reference lists are identical across languages
  R11 every internal link and #anchor resolves (navigation, language
      switcher, hreflang alternates, citation links, the theme's own assets)

`--online` also runs scripts/check_urls_online.py on the citation files.
"""

from __future__ import annotations

import argparse
import datetime
import json
import posixpath
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from urllib.parse import unquote, urlsplit

import yaml

ROOT = Path(__file__).resolve().parents[1]

# The references heading of each language (the last heading of every
# article) comes from the site's interface strings, overrides/strings.yml.
STRINGS_FILE = ROOT / "overrides" / "strings.yml"
REFERENCES_HEADING = {
    lang: strings["references.heading"]
    for lang, strings in yaml.safe_load(STRINGS_FILE.read_text(encoding="utf-8")).items()
}
ENTRY_FORM = "[^N]: Publisher or author. *Title*. <https://absolute.url/path>"
FRONT_MATTER_KEYS = ("title", "description", "tags", "facts_checked")


# ---------------------------------------------------------------------------
# Findings and the project
# ---------------------------------------------------------------------------

@dataclass(frozen=True, order=True)
class Finding:
    file: str
    line: int
    rule: str
    message: str
    fix: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.rule} {self.message}; {self.fix}"


@dataclass(frozen=True)
class Project:
    docs: Path
    languages: tuple[str, ...]
    default_language: str
    site_url: str = ""
    root: Path = field(default_factory=Path.cwd)

    def show(self, path: Path) -> str:
        """A path as findings name it: relative to `root` when inside it."""
        try:
            return Path(path).resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return Path(path).as_posix()

    def finding(self, path: Path, line: int, rule: str, message: str, fix: str) -> Finding:
        return Finding(self.show(path), line, rule, message, fix)

    def citation_file(self, slug: str) -> Path:
        return self.docs / "citations" / f"{slug}.md"

    def article_path(self, lang: str, slug: str) -> Path:
        return self.docs / lang / "articles" / f"{slug}.md"

    def url_prefix(self, lang: str) -> str:
        """Folder of a language in the built site ('' for the default language)."""
        return "" if lang == self.default_language else f"{lang}/"


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml; Python tags such as !!python/object/apply become None."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def read_mkdocs_config(path: Path) -> dict:
    if not path.is_file():
        return {}
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_ConfigLoader) or {}


def i18n_languages(config: dict) -> list[dict]:
    """The `languages` list of the i18n plugin in a loaded mkdocs.yml."""
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return list((plugin["i18n"] or {}).get("languages") or [])
    return []


def load_project(docs: Path, root: Path | None = None) -> Project:
    """The languages, default language and site URL of a docs folder.

    They come from the i18n plugin in the mkdocs.yml beside `docs`; without one
    (the test fixtures), every folder of `docs` holding `articles/` is a language.
    """
    docs = Path(docs)
    config = read_mkdocs_config(docs.parent / "mkdocs.yml")
    configured = i18n_languages(config)
    languages = tuple(entry["locale"] for entry in configured) or tuple(
        sorted(p.name for p in docs.iterdir() if (p / "articles").is_dir()))
    default = next((entry["locale"] for entry in configured if entry.get("default")), None)
    if default is None:
        default = "en" if "en" in languages or not languages else languages[0]
    return Project(docs, languages, default, config.get("site_url") or "",
                   Path(root) if root else Path.cwd())


# ---------------------------------------------------------------------------
# Text helpers
# ---------------------------------------------------------------------------

FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.S)
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
INLINE_CODE = re.compile(r"(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.S)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)


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


# ---------------------------------------------------------------------------
# Citation files: R1 (form, numbering) and R5 (URLs)
# ---------------------------------------------------------------------------

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


@dataclass
class CitationFile:
    path: Path
    entries: dict[str, Entry]
    findings: list[Finding]


def url_problems(url: str) -> list[tuple[str, str]]:
    """What is wrong with an entry's URL: (message, fix) pairs, R5."""
    problems = []
    spaces = sum(ch.isspace() and ch not in FORBIDDEN_URL_CHARACTERS for ch in url)
    if spaces:
        problems.append((f"URL contains whitespace ({spaces} character(s)): {url!r}",
                         "remove the spaces (copy the address from the browser's address bar)"))
    for ch in sorted(set(url) & FORBIDDEN_URL_CHARACTERS):
        name = unicodedata.name(ch, "UNNAMED")
        problems.append((f"URL contains U+{ord(ch):04X} {name} at position {url.index(ch)}: {url!r}",
                         "retype it in ASCII (an Arabic question mark stands for '?')"))
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


def valid_host(host: str) -> bool:
    try:
        ascii_host = host.encode("idna").decode("ascii")
    except UnicodeError:
        return False
    labels = ascii_host.split(".")
    return (len(labels) >= 2 and all(HOST_LABEL.match(label) for label in labels)
            and not labels[-1].isdigit())


def parse_entry_line(line: str) -> tuple[str | None, str | None, str | None]:
    """(label, url, problem) of one citation-file line. A cut-off entry keeps
    its label (it still counts as that entry) but has no URL."""
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
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        label, url, problem = parse_entry_line(line)
        if problem:
            report(number, "R1", problem, "delete it: the file holds one entry per line and nothing else"
                   if not line.strip() else f"write it as `{ENTRY_FORM}`")
        for message, fix in url_problems(url) if url else []:
            report(number, "R5", f"entry [^{label}]: {message}", fix)
        if label is None:
            continue
        problem = numbering_problem(label, result.entries, expected)
        if problem:
            report(number, "R1", problem, "number the entries 1..N in order, each once "
                   "(renumber the markers too)")
        if label not in result.entries:
            result.entries[label] = Entry(label, number, url or "")
            expected = max(expected, int(label) + 1)
    return result


# ---------------------------------------------------------------------------
# Articles: F1, R1 (references heading), R2-R4, R6, R8 (include line)
# ---------------------------------------------------------------------------

FOOTNOTE_REF = re.compile(r"\[\^([^\]\s]+)\]")
# Footnote definitions and numbered link definitions (`[1]: url` vanishes).
DEFINITION = re.compile(r"^ {0,3}(\[(?:\^[^\]\s]+|\d+)\]):", re.M)
PLAIN_MARKER = re.compile(r"(?<![\]\\])\[(\d+)\](?![(\[])")
FLIPPED_MARKER = re.compile(r"\]\^?(\d+)\[")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t#]*$", re.M)
INCLUDE = re.compile(r'^--8<--[ \t]+"([^"]*)"[ \t]*$', re.M)


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
        """Footnote references with ASCII-digit labels, in reading order."""
        return [Marker(m.group(1), line_of(self.body, m.start()))
                for m in references(FOOTNOTE_REF, self.body)
                if m.group(1).isascii() and m.group(1).isdecimal()]

    @cached_property
    def first_citations(self) -> dict[str, Marker]:
        first: dict[str, Marker] = {}
        for marker in self.markers:
            first.setdefault(marker.label, marker)
        return first

    @property
    def last_line(self) -> int:
        return len(self.text.rstrip("\n").split("\n"))


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
    findings = [finding for key in FRONT_MATTER_KEYS if not front_matter_value_ok(key, meta.get(key))
                for finding in report(key_line(article.text, key),
                                      f"front matter '{key}' is missing or not {FRONT_MATTER_SHAPE[key]}",
                                      f"set '{key}' to {FRONT_MATTER_SHAPE[key]}")]
    return findings + check_title_heading(project, article, meta.get("title"))


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
    h1 = next((m for m in HEADING.finditer(article.body) if m.group(1) == "#"), None)
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
    expected = REFERENCES_HEADING.get(article.lang)
    headings = list(HEADING.finditer(article.body))
    last = headings[-1] if headings else None
    if expected is None:
        findings.append(project.finding(
            article.path, 1, "R1", f"no references heading is known for language {article.lang!r}",
            "add the language's 'references.heading' to overrides/strings.yml"))
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
        if INCLUDE.match(text) or DEFINITION.match(text):
            continue  # the include is checked below; definitions are R8
        findings.append(project.finding(
            article.path, line_of(article.body, start + match.start()), "R1",
            f"text after the references heading: {text.strip()[:60]!r}",
            "move it above the heading: only the include line follows it"))
    return findings


def check_include(project: Project, article: Article) -> list[Finding]:
    """R8: one include line, the file's last line, naming citations/<slug>.md."""
    wanted = f"citations/{article.slug}.md"
    includes = list(INCLUDE.finditer(article.body))
    if not includes:
        return [project.finding(article.path, article.last_line, "R8",
                                "the article does not include its citation file",
                                f'end it with the line `--8<-- "{wanted}"`')]
    findings = []
    for match in includes:
        line = line_of(article.body, match.start())
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
            article.path, line_of(article.body, includes[-1].start()), "R8",
            f"{project.show(project.citation_file(article.slug))} does not exist",
            "create it with the article's references"))
    return findings


def check_own_definitions(project: Project, article: Article) -> list[Finding]:
    """R8: references live in the shared file, never in a language version."""
    return [project.finding(article.path, line_of(article.body, m.start()), "R8",
                            f"the article defines {m.group(1)} itself",
                            "delete it: references live once in the shared citation file")
            for m in DEFINITION.finditer(article.body)]


def check_marker_form(project: Project, article: Article) -> list[Finding]:
    """R6: ASCII-digit footnote references only."""
    findings = []
    for match in references(FOOTNOTE_REF, article.body):
        label = match.group(1)
        if label.isascii() and label.isdecimal():
            continue
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
                for marker in article.markers if marker.label not in citations.entries]
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
                + check_own_definitions(project, article) + check_marker_form(project, article)
                + check_citation_order(project, article, citations))
    if citations is not None:
        findings += check_citations_resolve(project, article, citations)
    return findings


# ---------------------------------------------------------------------------
# Across languages: R7, R8 (orphans), R9
# ---------------------------------------------------------------------------

def check_translations(project: Project, slug: str, versions: dict[str, Article]) -> list[Finding]:
    """R7: the article exists in every language; R9: all cite the same numbers."""
    reference = versions.get(project.default_language) or next(iter(versions.values()))
    have = ", ".join(sorted(versions))
    findings = [project.finding(reference.path, 1, "R7",
                                f"no {lang} version: {project.show(project.article_path(lang, slug))}"
                                f" does not exist (the article exists in {have})",
                                f"write the {lang} version under the same file name")
                for lang in project.languages if lang not in versions]
    cited = set(reference.first_citations)
    for article in versions.values():
        if article is reference:
            continue
        findings += cited_set_differences(project, article, reference, cited)
    return findings


def cited_set_differences(project: Project, article: Article, reference: Article,
                          cited: set[str]) -> list[Finding]:
    own = article.first_citations
    extra = [project.finding(article.path, own[label].line, "R9",
                             f"cites [^{label}], which the {reference.lang} version does not cite",
                             "cite the same sources in every language")
             for label in sorted(set(own) - cited, key=int)]
    missing = [project.finding(article.path, article.last_line, "R9",
                               f"does not cite [^{label}], which the {reference.lang} version cites "
                               f"(line {reference.first_citations[label].line})",
                               "cite the same sources in every language")
               for label in sorted(cited - set(own), key=int)]
    return extra + missing


def orphan_citation_files(project: Project, slugs: set[str]) -> list[Finding]:
    folder = project.docs / "citations"
    paths = sorted(folder.glob("*.md")) if folder.is_dir() else []
    return [project.finding(path, 1, "R8", "no article includes this citation file",
                            "name it like its article (docs/<lang>/articles/<slug>.md) or delete it")
            for path in paths if path.stem not in slugs]


# ---------------------------------------------------------------------------
# Content safety: S1-S4, in every Markdown file of the docs
# ---------------------------------------------------------------------------

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
    text = path.read_text(encoding="utf-8")
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


# ---------------------------------------------------------------------------
# All source checks
# ---------------------------------------------------------------------------

def article_paths(project: Project, lang: str) -> list[Path]:
    folder = project.docs / lang / "articles"
    return sorted(p for p in folder.glob("*.md") if p.name != "index.md") if folder.is_dir() else []


def read_articles(project: Project) -> dict[str, dict[str, Article]]:
    """slug -> language -> Article, over every language of the project."""
    versions: dict[str, dict[str, Article]] = {}
    for lang in project.languages:
        for path in article_paths(project, lang):
            versions.setdefault(path.stem, {})[lang] = Article(lang, path, path.read_text(encoding="utf-8"))
    return versions


def check_sources(project: Project) -> list[Finding]:
    """Every rule that reads the Markdown sources: F1, R1-R9, S1-S4."""
    findings: list[Finding] = []
    entry_lines: dict[Path, set[int]] = {}
    versions = read_articles(project)
    for slug, by_lang in sorted(versions.items()):
        path = project.citation_file(slug)
        citations = read_citation_file(project, path) if path.is_file() else None
        if citations:
            findings += citations.findings
            entry_lines[path] = {entry.line for entry in citations.entries.values()}
        for article in by_lang.values():
            findings += check_article(project, article, citations)
        findings += check_translations(project, slug, by_lang)
    findings += orphan_citation_files(project, set(versions))
    for path in sorted(project.docs.rglob("*.md")):
        findings += check_content_safety(project, path, entry_lines.get(path, set()))
    return sorted(set(findings))


# ---------------------------------------------------------------------------
# The built site: R6 (rendered markers), R10, R11
# ---------------------------------------------------------------------------

FNREF_ID = re.compile(r"^fnref\d*:(.+)$")
LITERAL_MARKER = re.compile(r"\[\^[^\]\s]+\]")
SKIPPED_SCHEMES = ("mailto", "tel")
FOOTNOTE_ITEMS = '//div[contains(concat(" ", normalize-space(@class), " "), " footnote ")]/ol/li'


class BuiltSite:
    """A built site: parsed pages (cached) and where their sources are."""

    def __init__(self, project: Project, site: Path):
        self.project, self.site = project, Path(site)
        self.base_path = urlsplit(project.site_url).path or "/"
        if not self.base_path.endswith("/"):
            self.base_path += "/"
        self._trees: dict[Path, object] = {}
        self._ids: dict[Path, set[str]] = {}

    def tree(self, path: Path):
        from lxml import html  # only the site checks need lxml
        if path not in self._trees:
            self._trees[path] = html.parse(str(path)).getroot()
        return self._trees[path]

    def ids(self, path: Path) -> set[str]:
        if path not in self._ids:
            self._ids[path] = {str(value) for value in self.tree(path).xpath("//@id | //a/@name")}
        return self._ids[path]

    def pages(self) -> list[Path]:
        return sorted(self.site.rglob("*.html"))

    def rel(self, path: Path) -> str:
        return path.relative_to(self.site).as_posix()

    def article(self, lang: str, slug: str) -> Path:
        return self.site / self.project.url_prefix(lang) / "articles" / slug / "index.html"

    def source_of(self, path: Path) -> Path | None:
        """The Markdown page a built page comes from, when it exists."""
        rel = self.rel(path)
        lang = rel.split("/", 1)[0]
        if lang in self.project.languages and lang != self.project.default_language:
            rel = rel[len(lang) + 1:]
        else:
            lang = self.project.default_language
        stem = rel[: -len("index.html")].rstrip("/") if rel.endswith("index.html") else rel[:-5]
        candidates = [f"{stem}.md", f"{stem}/index.md"] if stem else ["index.md"]
        return next((self.project.docs / lang / c for c in candidates
                     if (self.project.docs / lang / c).is_file()), None)

    def finding(self, path: Path, line: int | None, rule: str, message: str, fix: str) -> Finding:
        source = self.source_of(path)
        if source is not None:
            message += f" (page {self.project.show(source)})"
        return self.project.finding(path, line or 1, rule, message, fix)

    def resolve(self, page: Path, url: str) -> tuple[Path | None, str, str]:
        """(target file, fragment, problem) of an internal URL; target None when
        the URL is external (no problem) or cannot be followed (problem)."""
        site_url = self.project.site_url
        if site_url and url.startswith(site_url):
            url = self.base_path + url[len(site_url):]
        parts = urlsplit(url)
        fragment = unquote(parts.fragment)
        if parts.scheme in ("http", "https") or parts.netloc or parts.scheme in SKIPPED_SCHEMES:
            return None, "", ""
        if parts.scheme:
            return None, "", f"uses the scheme {parts.scheme}:, which no browser should follow here"
        path = unquote(parts.path)
        if not path:
            return page, fragment, ""
        if path.startswith("/") and not (path + "/").startswith(self.base_path):
            return None, "", f"points outside the site's path {self.base_path}"
        rel = path[len(self.base_path):] if path.startswith("/") else posixpath.join(
            posixpath.dirname(self.rel(page)), path)
        norm = posixpath.normpath(rel) if rel else "."
        if norm == ".." or norm.startswith("../"):
            return None, "", "points above the site's root folder"
        target = self.site / norm
        if path.endswith("/") or target.is_dir():
            target = target / "index.html"
        return target, fragment, ""


def page_urls(tree) -> list[tuple[int, str]]:
    """(line, url) of every href and src of a page, and the theme's own
    search worker and base URLs from Material's __config."""
    urls = [(element.sourceline, element.get(attribute))
            for attribute in ("href", "src") for element in tree.xpath(f"//*[@{attribute}]")]
    for script in tree.xpath('//script[@id="__config"]'):
        config = json.loads(script.text or "{}")
        if isinstance(config.get("base"), str):
            urls.append((script.sourceline, config["base"].rstrip("/") + "/"))
        if isinstance(config.get("search"), str):
            urls.append((script.sourceline, config["search"]))
    return urls


def check_links(built: BuiltSite, page: Path) -> list[Finding]:
    """R11: every internal link and anchor of one built page resolves (each
    URL reported once per page, at its first line)."""
    findings, seen = [], set()
    for line, url in page_urls(built.tree(page)):
        if url in seen:
            continue
        seen.add(url)
        problem = link_problem(built, page, url)
        if problem:
            findings.append(built.finding(page, line, "R11", f"link {url!r} {problem}",
                                          "fix the link or the page it points to"))
    return findings


def link_problem(built: BuiltSite, page: Path, url: str) -> str:
    target, fragment, problem = built.resolve(page, url)
    if target is None:
        return problem
    if not target.is_file():
        return f"does not resolve: {built.rel(target)} does not exist"
    if fragment and target.suffix == ".html" and fragment not in built.ids(target):
        return f"does not resolve: no element with id {fragment!r} in {built.rel(target)}"
    return ""


def check_rendered_markers(built: BuiltSite, page: Path) -> list[Finding]:
    """R6 on the built page: markers link to entries that show their number;
    every entry's backlinks reach a marker; no marker is left as plain text."""
    tree, ids = built.tree(page), built.ids(page)
    position = {li.get("id"): index for index, li in enumerate(tree.xpath(FOOTNOTE_ITEMS), start=1)}
    findings = [built.finding(page, sup.sourceline, "R6", problem, fix)
                for sup in tree.xpath('//sup[starts-with(@id, "fnref")]')
                for problem, fix in marker_problems(sup, position)]
    for li in tree.xpath(FOOTNOTE_ITEMS):
        backrefs = li.xpath('.//a[contains(@class, "footnote-backref")]')
        if not backrefs:
            findings.append(built.finding(page, li.sourceline, "R6", f"entry {li.get('id')} has no backlink",
                                          "cite it in the text"))
        for link in backrefs:
            if (link.get("href") or "")[1:] not in ids:
                findings.append(built.finding(page, link.sourceline, "R6",
                                              f"entry {li.get('id')} links back to {link.get('href')}, which "
                                              "does not exist: the entry is never cited on this page",
                                              "cite it in the text or remove the entry"))
    for text in tree.xpath("//article//text()[not(ancestor::code) and not(ancestor::pre)]"):
        for match in LITERAL_MARKER.finditer(text):
            findings.append(built.finding(page, text.getparent().sourceline, "R6",
                                          f"{match.group(0)} is shown as plain text (no such footnote)",
                                          "add the entry to the citation file or fix the number"))
    return findings


def marker_problems(sup, position: dict[str, int]) -> list[tuple[str, str]]:
    match = FNREF_ID.match(sup.get("id"))
    links = sup.xpath('./a[contains(@class, "footnote-ref")]')
    if not match or not links:
        return [(f"marker {sup.get('id')!r} is not a footnote link", "cite with [^N]")]
    label, href = match.group(1), links[0].get("href") or ""
    target = href[1:] if href.startswith("#") else None
    if target not in position:
        return [(f"marker [^{label}] links to {href!r}, which is not an entry of the reference list",
                 "add the entry or fix the number")]
    shown, expected = links[0].text_content().strip(), f"[{position[target]}]"
    if shown != expected or target != f"fn:{label}" or label != str(position[target]):
        return [(f"marker [^{label}] shows {shown!r} but links to entry {position[target]} ({target})",
                 "number the citation file 1..N in order")]
    return []


def reference_list(tree) -> list[tuple[int, tuple[str, str, tuple[str, ...]]]]:
    """(line, (id, text, hrefs)) of each rendered entry, backlinks left out."""
    entries = []
    for li in tree.xpath(FOOTNOTE_ITEMS):
        not_backref = 'not(ancestor-or-self::a[contains(@class, "footnote-backref")])'
        text = " ".join("".join(li.xpath(f".//text()[{not_backref}]")).split())
        hrefs = tuple(li.xpath(f".//a[@href and {not_backref}]/@href"))
        entries.append((li.sourceline, (li.get("id"), text, tuple(str(h) for h in hrefs))))
    return entries


def compare_reference_lists(built: BuiltSite, slug: str, pages: dict[str, Path]) -> list[Finding]:
    """R10: every language renders the same entries with the same hrefs."""
    reference_lang = built.project.default_language if built.project.default_language in pages else min(pages)
    expected = [entry for _, entry in reference_list(built.tree(pages[reference_lang]))]
    findings = []
    for lang, page in sorted(pages.items()):
        if lang == reference_lang:
            continue
        actual = reference_list(built.tree(page))
        if len(actual) != len(expected):
            findings.append(built.finding(page, actual[0][0] if actual else 1, "R10",
                                          f"the reference list has {len(actual)} entries, the "
                                          f"{reference_lang} version {len(expected)}",
                                          "include the shared citation file unchanged"))
        for (line, entry), wanted in zip(actual, expected):
            if entry != wanted:
                findings.append(built.finding(page, line, "R10",
                                              f"entry {entry[0]} renders as {entry[1:]!r}, the "
                                              f"{reference_lang} version as {wanted[1:]!r}",
                                              "include the shared citation file unchanged"))
    return findings


def check_site(project: Project, site: Path) -> list[Finding]:
    """Every rule that reads the built HTML: R6, R10, R11."""
    built = BuiltSite(project, site)
    findings = [finding for page in built.pages() for finding in check_links(built, page)]
    slugs = sorted({path.stem for lang in project.languages for path in article_paths(project, lang)})
    for slug in slugs:
        pages = {lang: built.article(lang, slug) for lang in project.languages}
        pages = {lang: page for lang, page in pages.items() if page.is_file()}
        for page in pages.values():
            findings += check_rendered_markers(built, page)
        if pages:
            findings += compare_reference_lists(built, slug, pages)
    return sorted(set(findings))


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="docs folder (default: the project's)")
    parser.add_argument("--site", type=Path, help="also check this built site (R6, R10, R11)")
    parser.add_argument("--online", action="store_true",
                        help="also visit every cited URL (scripts/check_urls_online.py)")
    args = parser.parse_args(argv)
    project = load_project(args.docs)
    findings = check_sources(project)
    if args.site:
        findings += check_site(project, args.site)
    for finding in findings:
        print(finding)
    status = 1 if findings else 0
    if args.online:
        import check_urls_online
        status = max(status, check_urls_online.main(["--docs", str(args.docs)]))
    print(f"{len(findings)} finding(s)", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
