"""Findings, the project and its configuration; owns no rule.

A `Finding` is one `path:line: RULE what; fix` line. A `Project` is a docs
folder with its languages, default language and site URL, read from the
i18n plugin in the mkdocs.yml beside it (through `tpukb.languages`), with
the interface strings that give each language's references heading.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..languages import ROOT, Languages, i18n_languages, read_mkdocs_config, url_prefix
from ..languages import load as load_languages


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
    strings: dict = field(default_factory=dict, compare=False, hash=False)

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
        return url_prefix(lang, self.default_language)

    def references_heading(self, lang: str) -> str | None:
        """The language's references heading (the last heading of every article)."""
        return (self.strings.get(lang) or {}).get("references.heading")


def load_project(docs: Path, root: Path | None = None) -> Project:
    """The languages, default language and site URL of a docs folder.

    They come from the i18n plugin in the mkdocs.yml beside `docs`; without one
    (the test fixtures), every folder of `docs` holding `articles/` is a language.
    """
    docs = Path(docs)
    languages: Languages = load_languages(docs.parent)
    return Project(docs, languages.codes, languages.default, languages.site_url,
                   Path(root) if root else Path.cwd(), languages.strings)
