"""The normalised text of a page: what a translation translates, and its hash.

A translation is current when it was last brought up to date with the
English text that is there now. "The text" is the page with its formatting
taken out, so that re-wrapping or re-indenting the English changes nothing,
while a changed sentence, number, link, heading, table cell, citation marker
or front-matter value (title, description, tags, facts_checked) does:

- line endings become LF, the text NFC;
- front matter: one block per key, sorted, whitespace collapsed; the keys
  that say something about a file rather than its text (`source_hash`,
  `draft`, `published`, `translated`: tpukb.sharing.records; `related`:
  tpukb.related, one list in the English page) are left out;
- HTML comments and the snippet include line (`--8<-- "..."`, the same in
  every language and enforced by the citation checker's R8) are left out;
- body: one block per paragraph, heading, list item and table row, each with
  its runs of spaces, tabs and line breaks collapsed to one space (table
  cells are trimmed); a fenced code block is one block kept verbatim (only
  trailing spaces are dropped), because whitespace in code is meaning.

The hash is the first 12 hex digits of the SHA-256 of the blocks joined by
blank lines: short enough for front matter, long enough never to collide
between two versions of one page.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
import unicodedata

from .. import yamlload as yaml

FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*(?:\n|\Z)", re.S)
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")
HEADING = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]")
LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+")
TABLE_ROW = re.compile(r"^[ \t]*\|")
INCLUDE = re.compile(r'^[ \t]*--8<--[ \t]+"[^"]*"[ \t]*$')
SPACE = re.compile(r"[ \t\n\r\f\v]+")
# Front-matter keys about the file, not its text.
NOT_TEXT = frozenset({"source_hash", "draft", "published", "translated", "related"})
HASH_LENGTH = 12


def split_front_matter(text: str) -> tuple[dict, str]:
    """(front matter as data, body); ({}, text) when there is none."""
    match = FRONT_MATTER.match(text)
    if not match:
        return {}, text
    try:
        meta = yaml.safe_load(match.group(1) or "") or {}
    except yaml.YAMLError:
        meta = {"front matter": match.group(1)}  # still text: any change counts
    return (meta if isinstance(meta, dict) else {"front matter": meta}), text[match.end():]


def _value(value) -> str:
    if isinstance(value, str):
        return SPACE.sub(" ", value).strip()
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, list):
        return ", ".join(_value(item) for item in value)
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _table_row(line: str) -> str:
    cells = [SPACE.sub(" ", cell).strip() for cell in line.strip().strip("|").split("|")]
    if all(re.fullmatch(r":?-+:?", cell) for cell in cells if cell):
        cells = [re.sub(r"-+", "-", cell) for cell in cells]  # |---| and |-| alike
    return "| " + " | ".join(cells) + " |"


def body_blocks(body: str) -> list[str]:
    """The body's blocks, formatting removed (see the module's docstring)."""
    blocks: list[str] = []
    current: list[str] = []
    fence: str | None = None
    code: list[str] = []

    def close():
        if current:
            blocks.append(SPACE.sub(" ", " ".join(current)).strip())
            current.clear()

    for line in HTML_COMMENT.sub("", body).split("\n"):
        match = FENCE.match(line)
        if fence is not None:
            code.append(line.rstrip())
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                blocks.append("\n".join(code))
                fence, code = None, []
            continue
        if match:
            close()
            fence, code = match.group(1), [line.strip()]
        elif not line.strip() or INCLUDE.match(line):
            close()
        elif TABLE_ROW.match(line):
            close()
            blocks.append(_table_row(line))
        elif HEADING.match(line):
            close()
            blocks.append(SPACE.sub(" ", line).strip().rstrip("#").strip())
        elif LIST_ITEM.match(line):
            close()
            current.append(line.strip())
        else:
            current.append(line.strip())
    if fence is not None:
        blocks.append("\n".join(code))
    close()
    return [block for block in blocks if block]


def blocks(text: str) -> list[str]:
    """The normalised blocks of a page's full text (front matter first)."""
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    meta, body = split_front_matter(text)
    head = [f"{key}: {_value(meta[key])}" for key in sorted(meta, key=str) if key not in NOT_TEXT]
    return head + body_blocks(body)


def hash_blocks(parts: list[str]) -> str:
    return hashlib.sha256("\n\n".join(parts).encode("utf-8")).hexdigest()[:HASH_LENGTH]


def source_hash(text: str) -> str:
    """The recorded-version hash of a page's text."""
    return hash_blocks(blocks(text))
