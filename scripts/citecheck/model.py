"""Findings, the project and its configuration; owns no rule.

A `Finding` is one `path:line: RULE what; fix` line. A `Project` is a docs
folder with its languages, default language and site URL, read from the
i18n plugin in the mkdocs.yml beside it. `REFERENCES_HEADING` is each
language's references heading, from the site's interface strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]

# The references heading of each language (the last heading of every
# article) comes from the site's interface strings, overrides/strings.yml.
STRINGS_FILE = ROOT / "overrides" / "strings.yml"
REFERENCES_HEADING = {
    lang: strings["references.heading"]
    for lang, strings in yaml.safe_load(STRINGS_FILE.read_text(encoding="utf-8")).items()
}


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
