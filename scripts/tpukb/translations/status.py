"""The state of every translation, and the commands that change it.

For every page of the default language (`docs/<default>/**/*.md`) and every
other language of mkdocs.yml (tpukb.languages):

- `current`: the translation records (`source_hash`) the English text that
  is there now;
- `stale`: it records an older version; the English version's date and the
  English blocks that changed since the recorded version come with it;
- `unrecorded`: the translation records no version (mark it once checked);
- `fallback`: there is no translation and `scripts/tpukb/i18n/translations/missing.yml`
  declares it: readers get the English page with the fallback notice;
- `missing`: there is no translation and nothing declares it: an error
  (the citation checker's R7 fails the strict build on it).

An English version whose text was never recorded (`--record`) has no date:
readers of a stale translation then get the notice without a date.

`mark` records a translation as up to date (refusing one that cites other
references than the English: R9), `record` dates new English versions,
`declare_missing` declares absent translations. See store.py for the files.
"""

from __future__ import annotations

import datetime
import difflib
from dataclasses import dataclass, field
from pathlib import Path

from .. import languages as languages_module
from . import normalise, store
from ..sourcefile import read_text, shown

STATES = ("current", "stale", "unrecorded", "fallback", "missing")


class MarkRefused(ValueError):
    """A translation that cannot be marked as up to date."""


@dataclass(frozen=True)
class English:
    page: str
    path: Path
    hash: str
    blocks: list[str] = field(compare=False)
    recorded: datetime.date | None  # when this version was recorded; None: never
    draft: bool = False


@dataclass(frozen=True)
class Translation:
    page: str
    lang: str
    path: Path
    state: str
    recorded_hash: str | None = None
    english_hash: str = ""
    english_updated: datetime.date | None = None
    changed: tuple[str, ...] = ()  # diff lines, '- old block' / '+ new block'

    def as_json(self) -> dict:
        return {"page": self.page, "lang": self.lang, "state": self.state,
                "file": self.path.as_posix(), "recorded_hash": self.recorded_hash,
                "english_hash": self.english_hash,
                "english_updated": self.english_updated.isoformat() if self.english_updated else None,
                "changed": list(self.changed)}


@dataclass(frozen=True)
class Project:
    root: Path
    docs: Path
    languages: languages_module.Languages

    @property
    def default(self) -> str:
        return self.languages.default

    def page_path(self, lang: str, page: str) -> Path:
        return self.docs / lang / page

    def show(self, path: Path) -> str:
        return shown(path, self.root)


def load_project(root: Path) -> Project:
    root = Path(root).resolve()
    config = languages_module.read_mkdocs_config(root / "mkdocs.yml")
    return Project(root, root / (config.get("docs_dir") or "docs"), languages_module.load(root))


def pages(project: Project, lang: str | None = None) -> list[str]:
    base = project.docs / (lang or project.default)
    return sorted(p.relative_to(base).as_posix() for p in base.rglob("*.md")) if base.is_dir() else []


def english(project: Project, page: str) -> English:
    path = project.page_path(project.default, page)
    text = read_text(path)
    parts = normalise.blocks(text)
    value = normalise.hash_blocks(parts)
    snapshot = store.read_snapshot(project.root, page, value)
    meta, _ = normalise.split_front_matter(text)
    return English(page, path, value, parts, snapshot.recorded if snapshot else None,
                   meta.get("draft") is True)


def word_diff(old: str, new: str) -> str:
    """One block's change word by word, marked like `git diff --word-diff`:
    [-removed words-]{+added words+}."""
    a, b = old.split(" "), new.split(" ")
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.append(" ".join(a[i1:i2]))
            continue
        if i2 > i1:
            out.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(out)


def changed_blocks(old: list[str], new: list[str]) -> tuple[str, ...]:
    """The English blocks changed ('~ ', word by word), removed ('- ') and
    added ('+ ') between two versions, in reading order."""
    lines = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            lines += ["~ " + word_diff(a, b) for a, b in zip(old[i1:i2], new[j1:j2])]
            continue
        lines += ["- " + block for block in old[i1:i2]] + ["+ " + block for block in new[j1:j2]]
    return tuple(lines)


def translation(project: Project, source: English, lang: str,
                declarations: store.Declarations) -> Translation:
    path = project.page_path(lang, source.page)
    common = dict(english_hash=source.hash, english_updated=source.recorded)
    if not path.is_file():
        state = "fallback" if declarations.declared(lang, source.page) else "missing"
        return Translation(source.page, lang, path, state, **common)
    recorded = store.recorded_hash(read_text(path))
    if recorded is None:
        return Translation(source.page, lang, path, "unrecorded", **common)
    if recorded == source.hash:
        return Translation(source.page, lang, path, "current", recorded, **common)
    old = store.read_snapshot(project.root, source.page, recorded)
    changed = changed_blocks(old.blocks, source.blocks) if old else (
        f"(the text of version {recorded} is not kept in {store.SOURCES.as_posix()}/)",)
    return Translation(source.page, lang, path, "stale", recorded, changed=changed, **common)


def status(project: Project, only: set[str] | None = None) -> tuple[list[English], list[Translation]]:
    """Every page's state in every language; with `only`, those pages' (names
    such as articles/x.md)."""
    declarations = store.read_declarations(project.root)
    sources = [english(project, page) for page in pages(project) if only is None or page in only]
    return sources, [translation(project, source, lang, declarations)
                     for source in sources for lang in project.languages.others]


# ---------------------------------------------------------------------------
# Commands that change the records
# ---------------------------------------------------------------------------

def page_name(project: Project, lang: str, page: str) -> str:
    """`articles/x.md` from any of: articles/x.md, docs/fi/articles/x.md, fi/articles/x.md."""
    page = Path(page).as_posix()
    for prefix in (f"{project.show(project.docs)}/{lang}/", f"{lang}/"):
        if page.startswith(prefix):
            return page[len(prefix):]
    return page


def _languages(project: Project, lang: str) -> list[str]:
    if lang == "all":
        return list(project.languages.others)
    if lang == project.default:
        raise MarkRefused(f"{lang} is the default language: its pages are the sources; "
                          "record new versions of them with --record")
    if lang not in project.languages.others:
        raise MarkRefused(f"unknown language {lang!r}: mkdocs.yml declares "
                          + ", ".join(project.languages.codes))
    return [lang]


def r9_differences(project: Project, lang: str, page: str) -> list[str]:
    """R9 findings of one translation against the English (the citation checker's rule)."""
    from ..citecheck import load_project as load_citecheck
    from ..citecheck.languages import cited_set_differences
    from ..citecheck.text import Article
    checker = load_citecheck(project.docs, root=project.root)
    source_path, path = project.page_path(project.default, page), project.page_path(lang, page)
    reference = Article(project.default, source_path, read_text(source_path))
    article = Article(lang, path, read_text(path))
    return [str(f) for f in cited_set_differences(checker, article, reference,
                                                  set(reference.first_citations))]


def record(project: Project, today: datetime.date | None = None,
           only: list[str] | None = None) -> list[English]:
    """Keep (and date) every English version not yet recorded; returns the new ones."""
    today = today or datetime.date.today()
    new = []
    for page in only or pages(project):
        source = english(project, page)
        if source.recorded is None:
            store.write_snapshot(project.root, page, source.blocks, today)
            new.append(source)
    return new


def mark(project: Project, lang: str, page_names: list[str] | None = None,
         today: datetime.date | None = None) -> list[Translation]:
    """Record translations as up to date with the English there now.

    `lang` may be `all` (every language that has the page); without pages,
    every translated page of the language.
    Refuses (and changes nothing) when a translation does not exist or cites
    other references than the English (R9)."""
    targets = []
    for code in _languages(project, lang):
        names = [page_name(project, code, p) for p in page_names] if page_names else \
            [p for p in pages(project) if project.page_path(code, p).is_file()]
        if lang == "all":  # every translation that exists
            names = [p for p in names if project.page_path(code, p).is_file()
                     or not project.page_path(project.default, p).is_file()]
        for page in names:
            if not project.page_path(project.default, page).is_file():
                raise MarkRefused(f"{project.show(project.page_path(project.default, page))}: "
                                  f"no such {project.default} page; name the page as "
                                  "articles/<slug>.md (its path inside the language folder)")
            if not project.page_path(code, page).is_file():
                raise MarkRefused(f"{project.show(project.page_path(code, page))}: the {code} "
                                  "translation does not exist; write it first")
            targets.append((code, page))
    refused = [line for code, page in targets for line in r9_differences(project, code, page)]
    if refused:
        raise MarkRefused("not marked: the translation cites other references than the "
                          "English (R9):\n" + "\n".join(refused))
    today = today or datetime.date.today()
    record(project, today, sorted({page for _, page in targets}))
    for code, page in targets:
        source = english(project, page)
        path = project.page_path(code, page)
        text = read_text(path)
        if store.recorded_hash(text) == source.hash and store.front_matter_day(text, store.MARKED_KEY):
            continue  # already current: keep the day it was brought up to date
        path.write_text(store.with_recorded_hash(text, source.hash, today), encoding="utf-8")
    store.change_declarations(project.root, remove={code: {page} for code, page in targets})
    for page in {page for _, page in targets}:
        prune(project, page)
    declarations = store.read_declarations(project.root)
    return [translation(project, english(project, page), code, declarations) for code, page in targets]


def prune(project: Project, page: str) -> None:
    """Drop the English versions of a page that no translation records and
    that are not the current one."""
    keep = {english(project, page).hash}
    for lang in project.languages.others:
        path = project.page_path(lang, page)
        if path.is_file():
            keep.add(store.recorded_hash(read_text(path)) or "")
    store.prune_snapshots(project.root, page, keep)


def declare_missing(project: Project, lang: str, page_names: list[str] | None = None) -> list[str]:
    """Declare absent translations of `lang` (every absent one without pages)."""
    codes = _languages(project, lang)
    added: dict[str, set[str]] = {}
    for code in codes:
        names = [page_name(project, code, p) for p in page_names] if page_names else pages(project)
        for page in names:
            if not project.page_path(project.default, page).is_file():
                raise MarkRefused(f"{project.show(project.page_path(project.default, page))}: "
                                  f"no such {project.default} page")
            if not project.page_path(code, page).is_file():
                added.setdefault(code, set()).add(page)
    store.change_declarations(project.root, add=added)
    return [f"{code} {page}" for code in sorted(added) for page in sorted(added[code])]
