"""Reading the project's text files, the one place that decodes them (pages'
front matter cached: `front_matter`, and what else is computed once per
version of a file: `per_file_version`); naming a file in messages (`shown`);
writing the tools' JSON (`write_json`).

Every file the project reads as text (pages, citation files, mkdocs.yml, the
interface strings, glossaries, translation and sources records) is read here:

- as UTF-8; a file that is not raises `NotUtf8`, which names the line and
  column of the first byte that is not UTF-8 and says how to fix it;
- a byte-order mark at the start is accepted and dropped;
- CRLF and CR line endings are read as LF, so that line numbers, front
  matter and every pattern see the same text whatever the editor wrote.

It also names the characters that readers cannot see or tell apart, for the
rules that check syntax (tpukb.citecheck.encoding).
"""

from __future__ import annotations

import functools
import json
import unicodedata
from pathlib import Path

from mkdocs.utils.meta import get_data

BOM = b"\xef\xbb\xbf"
UTF8_FIX = ("save the file as UTF-8 (in the editor: save with encoding 'UTF-8'); text pasted "
            "from another program may need retyping")


class NotUtf8(ValueError):
    """A file that is not valid UTF-8, with where its first bad byte is."""

    def __init__(self, path: Path, line: int, column: int, byte: int):
        self.path, self.line, self.column, self.byte = Path(path), line, column, byte
        super().__init__(f"{self.path}:{line}:{column}: {self.message}")

    @property
    def message(self) -> str:
        return (f"not UTF-8: byte 0x{self.byte:02X} at line {self.line}, column {self.column} "
                "(saved in another encoding, such as Latin-1 or Windows-1252)")

    fix = UTF8_FIX

    def finding_line(self) -> str:
        """The checker's one line for it: `file:line: E1 what; fix`."""
        return f"{self.path}:{self.line}: E1 {self.message}; {self.fix}"


def decode(data: bytes, path: Path) -> str:
    """Bytes of a file as text: UTF-8, no byte-order mark, LF line endings."""
    if data.startswith(BOM):
        data = data[len(BOM):]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        column = len(data[line_start:error.start].decode("utf-8", errors="replace")) + 1
        raise NotUtf8(path, data.count(b"\n", 0, error.start) + 1, column,
                      data[error.start]) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def read_text(path: Path) -> str:
    """A text file of the project (see the module's docstring)."""
    return decode(Path(path).read_bytes(), Path(path))


def per_file_version(function):
    """`function(path)` computed once per version of the file (its path,
    mtime and size): a build asks the same of a page for every language and
    again on each rebuild, and an edited file is read again. The file must
    exist (FileNotFoundError otherwise). What it returns is shared between
    callers: read it, never change it."""
    @functools.lru_cache(maxsize=4096)
    def cached(path: Path, mtime_ns: int, size: int):
        return function(path)

    @functools.wraps(function)
    def of_this_version(path):
        path = Path(path)
        stat = path.stat()
        return cached(path, stat.st_mtime_ns, stat.st_size)
    return of_this_version


@per_file_version
def front_matter(path: Path) -> dict:
    """A page's front matter, parsed once per version of the file
    (`per_file_version`; NotUtf8 when it is not UTF-8)."""
    return get_data(read_text(path))[1]


def shown(path: Path, base: Path) -> str:
    """A file as messages name it: relative to the folder `base` when inside
    it (`docs/en/x.md`), else as given."""
    try:
        return Path(path).resolve().relative_to(Path(base).resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def write_json(path: Path, data) -> None:
    """`data` as UTF-8 JSON (indent 1, final newline) written beside `path`,
    then renamed onto it: no reader sees half a file (watch records and report, URL cache)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    temporary.replace(path)


def char_name(ch: str) -> str:
    """`U+00A0 NO-BREAK SPACE`: how findings name a character."""
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'UNNAMED CHARACTER')}"


def is_invisible(ch: str) -> bool:
    """A character readers cannot see or tell from a space: Unicode spaces
    other than the ASCII space, and format characters (zero-width, direction
    marks, byte-order mark)."""
    return ch != " " and (unicodedata.category(ch) in ("Zs", "Cf", "Zl", "Zp"))
