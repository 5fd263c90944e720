"""The committed records: `docs/citations/sources/<slug>.json`, one per
article, beside its citation file (MkDocs never builds `citations/`).

A record maps each cited URL (not its label: renumbering keeps records) to
what `--record` saw: the day it recorded it (`recorded`), the entry's check
date then (`retrieved`) and the observation (pages: status, final URL,
validators, paragraph hashes; PyPI and GitHub: what their APIs said), or
`unreachable` with the reason when it could not be read.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..sourcefile import NotUtf8, read_text, shown, write_json
from .references import UsageError

FOLDER = "sources"


def path(docs: Path, slug: str) -> Path:
    return Path(docs) / "citations" / FOLDER / f"{slug}.json"


def show(file: Path) -> str:
    """A record file as messages name it: relative to the working folder."""
    return shown(file, Path.cwd())


def load(docs: Path, slug: str) -> dict[str, dict] | None:
    """url -> recorded entry; None when the article has no record."""
    file = path(docs, slug)
    if not file.is_file():
        return None
    try:
        data = json.loads(read_text(file))
    except (NotUtf8, json.JSONDecodeError) as error:
        where, what = ((error.line, error.message) if isinstance(error, NotUtf8)
                       else (error.lineno, f"not valid JSON ({error.msg})"))
        raise UsageError(f"{show(file)}:{where}: {what}; restore it with git checkout or record "
                         f"again: tpukb watch --record {slug}") from None
    sources = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(sources, dict) or not all(isinstance(v, dict) for v in sources.values()):
        raise UsageError(f"{show(file)}:1: not a sources record (no \"sources\" object of URLs); "
                         f"record again: tpukb watch --record {slug}")
    return sources


def save(docs: Path, slug: str, sources: dict[str, dict]) -> Path:
    file = path(docs, slug)
    write_json(file, {"article": slug, "sources": dict(sorted(sources.items()))})
    return file
