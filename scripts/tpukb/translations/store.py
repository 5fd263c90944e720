"""What the repository records about translations, outside the built pages.

- In each translation's front matter, `source_hash:` names the version of
  the English (default-language) page it was last brought up to date with:
  the hash of the English page's normalised text (`normalise.source_hash`),
  and `translated:` the day it was marked so (the feeds date the
  translation's update by it: tpukb.sharing.records).
  No git history is needed, so a fresh clone of depth 1 knows everything.
- `scripts/tpukb/i18n/translations/missing.yml` declares the translations that are not written
  yet, by language: `fi: [articles/<slug>.md, ...]`. A declared page is
  served as the English fallback with a notice; an absent page that is not
  declared is an error (rule R7 of the citation checker, which fails the
  strict build). The file is rewritten in one canonical form by the commands
  that change it (sorted, one page a line, this header kept).
- `scripts/tpukb/i18n/translations/sources/<page>/<hash>.yml` keeps the normalised English text
  of each version some translation was made from (content-addressed by its
  hash), plus the current version, with the date the version was recorded.
  The old text gives the readable diff of what changed since a translation's
  recorded version; the current version's date is "the English version was
  updated on <date>". A version nobody refers to any more is pruned.

Paths here are relative to a project folder (the folder of mkdocs.yml).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from .. import yamlload
from ..languages import STRINGS_PATH
from . import normalise
from ..sourcefile import NotUtf8, read_text

# Kept beside the interface strings: build inputs, never published.
FOLDER = STRINGS_PATH.parent / "translations"
DECLARATIONS = FOLDER / "missing.yml"
SOURCES = FOLDER / "sources"
HASH_KEY = "source_hash"
# The day a translation was marked current (beside source_hash).
MARKED_KEY = "translated"

DECLARATIONS_HEADER = """\
# Translations not written yet, by language: a page listed here is served as
# the English page with a notice in the reader's language. A translation that
# is absent but not listed fails the strict build (rule R7). Maintained by
# tpukb new and tpukb status (--declare-missing adds,
# --mark removes); see CONTRIBUTING.md, "Adding an article" and "Adding a language".
"""


class StoreError(ValueError):
    """A record of the translations folder that cannot be used."""


# ---------------------------------------------------------------------------
# Declared missing translations
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Declarations:
    path: Path
    pages: dict[str, dict[str, int]]  # language -> page -> line in the file

    def declared(self, lang: str, page: str) -> bool:
        return page in self.pages.get(lang, {})


def read_declarations(project: Path) -> Declarations:
    path = Path(project) / DECLARATIONS
    if not path.is_file():
        return Declarations(path, {})
    text = read_text(path)
    try:
        data = yaml.safe_load(text) or {}
    except yaml.YAMLError as error:
        raise StoreError(f"{path}: not valid YAML: {error}") from error
    if not isinstance(data, dict) or not all(
            isinstance(pages, list) and all(isinstance(p, str) for p in pages)
            for pages in data.values() if pages is not None):
        raise StoreError(f"{path}:1: expected `<lang>: [<page>, ...]` blocks, "
                         "e.g. `fi:` then `  - articles/<slug>.md`")
    lines = text.split("\n")
    pages: dict[str, dict[str, int]] = {}
    for lang, listed in data.items():
        block = next((i for i, line in enumerate(lines) if re.match(rf"{re.escape(str(lang))}\s*:", line)), 0)
        found = pages.setdefault(str(lang), {})
        for page in listed or []:
            line = next((i for i in range(block, len(lines))
                         if re.match(rf"\s*-\s*['\"]?{re.escape(page)}['\"]?\s*$", lines[i])), block)
            found[page] = line + 1
    return Declarations(path, pages)


def write_declarations(project: Path, pages: dict[str, set[str] | list[str]]) -> Path:
    path = Path(project) / DECLARATIONS
    path.parent.mkdir(parents=True, exist_ok=True)
    out = [DECLARATIONS_HEADER]
    for lang in sorted(pages):
        if pages[lang]:
            out.append(f"{lang}:\n" + "".join(f"  - {page}\n" for page in sorted(pages[lang])))
    path.write_text("".join(out), encoding="utf-8")
    return path


def change_declarations(project: Path, add: dict[str, set[str]] = {}, remove: dict[str, set[str]] = {}) -> None:
    current = {lang: set(p) for lang, p in read_declarations(project).pages.items()}
    before = {lang: set(p) for lang, p in current.items()}
    for lang, pages in add.items():
        current.setdefault(lang, set()).update(pages)
    for lang, pages in remove.items():
        current.get(lang, set()).difference_update(pages)
    if current != before or not (Path(project) / DECLARATIONS).is_file():
        write_declarations(project, current)


# ---------------------------------------------------------------------------
# The recorded version in a translation's front matter
# ---------------------------------------------------------------------------

def recorded_hash(text: str) -> str | None:
    """The `source_hash` of a page's front matter, read as text (YAML would
    read an all-digit hash as a number)."""
    match = normalise.FRONT_MATTER.match(text)
    found = re.search(rf"^{HASH_KEY}[ \t]*:[ \t]*[\"']?([^\s\"']*)", match.group(1) or "", re.M) \
        if match else None
    return found.group(1) if found and found.group(1) else None


def front_matter_day(text: str, key: str) -> datetime.date | None:
    """A `key: YYYY-MM-DD` line of a page's front matter, read as text (no YAML)."""
    match = normalise.FRONT_MATTER.match(text)
    found = re.search(rf"^{re.escape(key)}[ \t]*:[ \t]*['\"]?(\d{{4}}-\d{{2}}-\d{{2}})['\"]?[ \t]*$",
                      match.group(1) or "", re.M) if match else None
    try:
        return datetime.date.fromisoformat(found.group(1)) if found else None
    except ValueError:
        return None


def with_front_matter_value(text: str, key: str, value: str) -> str:
    """The text with `key: <value>` in its front matter (added, replaced, or
    a front matter created for it); nothing else changes."""
    match = normalise.FRONT_MATTER.match(text)
    line = f"{key}: {value}\n"
    if not match:
        return f"---\n{line}---\n\n{text}"
    inner = match.group(1) or ""
    if re.search(rf"^{key}[ \t]*:.*$", inner, re.M):
        inner = re.sub(rf"^{key}[ \t]*:.*\n?", lambda _: line, inner, count=1, flags=re.M)
    else:
        inner += line
    return "---\n" + inner + "---\n" + text[match.end():]


def with_recorded_hash(text: str, value: str, marked: datetime.date | None = None) -> str:
    """The text with `source_hash: <value>` in its front matter and, when
    `marked` is given, `translated: <marked>` (the day it was brought up to
    date: the feeds' "translation updated" entry, tpukb.sharing.records)."""
    text = with_front_matter_value(text, HASH_KEY, value)
    return with_front_matter_value(text, MARKED_KEY, marked.isoformat()) if marked else text


# ---------------------------------------------------------------------------
# Snapshots of the English text
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Snapshot:
    page: str
    hash: str
    recorded: datetime.date
    blocks: list[str]


def snapshot_dir(project: Path, page: str) -> Path:
    return Path(project) / SOURCES / page.removesuffix(".md")


def read_snapshot(project: Path, page: str, value: str) -> Snapshot | None:
    path = snapshot_dir(project, page) / f"{value}.yml"
    if not path.is_file():
        return None
    # written by the tool, never by hand: the C loader (tpukb.yamlload)
    data = yamlload.safe_load(read_text(path)) or {}
    blocks, recorded = data.get("blocks") or [], data.get("recorded")
    if normalise.hash_blocks(blocks) != value or not isinstance(recorded, datetime.date):
        raise StoreError(f"{path}:1: this snapshot's text does not hash to {value} or has no "
                         "'recorded' date; delete it and run tpukb status --record")
    return Snapshot(page, value, recorded, blocks)


_RECORDED = re.compile(r"^recorded:[ \t]*['\"]?(\d{4}-\d{2}-\d{2})", re.M)


def recorded_days(project: Path, page: str) -> tuple[datetime.date, ...]:
    """The days the kept versions of `page`'s English text were recorded,
    oldest first, each once (read as text: no version's blocks are parsed)."""
    folder = snapshot_dir(project, page)
    days = set()
    for path in folder.glob("*.yml") if folder.is_dir() else ():
        try:
            match = _RECORDED.search(read_text(path))
            if match:
                days.add(datetime.date.fromisoformat(match.group(1)))
        except (NotUtf8, ValueError):
            continue  # an unreadable record dates nothing; --record rewrites it
    return tuple(sorted(days))


def write_snapshot(project: Path, page: str, blocks: list[str], recorded: datetime.date) -> Snapshot:
    """Keep a version of the English text; an existing record keeps its date."""
    value = normalise.hash_blocks(blocks)
    existing = read_snapshot(project, page, value)
    if existing:
        return existing
    path = snapshot_dir(project, page) / f"{value}.yml"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"page": page, "recorded": recorded, "blocks": blocks}
    path.write_text("# The normalised English text of one version of a page (see "
                    "tpukb.translations.store).\n"
                    + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100),
                    encoding="utf-8")
    return Snapshot(page, value, recorded, blocks)


def prune_snapshots(project: Path, page: str, keep: set[str]) -> list[Path]:
    """Delete the versions of a page that nothing refers to any more."""
    folder = snapshot_dir(project, page)
    removed = [path for path in sorted(folder.glob("*.yml")) if path.stem not in keep] \
        if folder.is_dir() else []
    for path in removed:
        path.unlink()
    return removed
