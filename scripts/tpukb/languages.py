"""The site's languages and interface strings: the one place that knows them.

Owns what the plugin, the citation checker, the hosting rules and the tests need
to know about languages: which languages `mkdocs.yml` declares (in its order)
and which is the default, the site URL, where a language lives in the built
site (`url_prefix`: the default language at the root, every other one under
`<lang>/`), and the interface strings of each language
(`scripts/tpukb/i18n/strings.yml`, every key required for every language)
and where each language's glossary is (`i18n/glossary/<lang>.yml`).

A project folder is the folder of its `mkdocs.yml`. A copy of the project
(the tests build several) reads its own `mkdocs.yml` and, when it has one,
its own strings file; otherwise the strings of this package.
"""

from __future__ import annotations

import re

import functools
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from .sourcefile import read_text

# The project this package belongs to (an editable install of scripts/).
ROOT = Path(__file__).resolve().parents[2]
# Where the interface strings live, relative to a project folder.
STRINGS_PATH = Path("scripts") / "tpukb" / "i18n" / "strings.yml"


class LanguageError(ValueError):
    """A language configuration or strings file that cannot be used."""


def url_prefix(lang: str, default_language: str) -> str:
    """Folder of a language in the built site: '' for the default language,
    '<lang>/' for every other one."""
    return "" if lang == default_language else f"{lang}/"


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    direction: str = "ltr"


@dataclass(frozen=True)
class Languages:
    """The languages of one project, in the order of mkdocs.yml."""

    languages: tuple[Language, ...]
    default: str
    site_url: str = ""
    strings: dict = field(default_factory=dict, compare=False, hash=False)
    strings_file: Path | None = None

    @property
    def codes(self) -> tuple[str, ...]:
        """Language codes in mkdocs.yml order."""
        return tuple(lang.code for lang in self.languages)

    @property
    def default_first(self) -> tuple[str, ...]:
        """Language codes with the default language first."""
        return (self.default,) + tuple(c for c in self.codes if c != self.default)

    @property
    def others(self) -> tuple[str, ...]:
        return tuple(c for c in self.codes if c != self.default)

    def url_prefix(self, lang: str) -> str:
        return url_prefix(lang, self.default)

    def root_path(self, lang: str) -> str:
        """URL path of a language's home page, relative to the site root: '/' or '/fi/'."""
        return "/" + self.url_prefix(lang)

    def direction(self, lang: str) -> str:
        return next(l.direction for l in self.languages if l.code == lang)

    def string(self, lang: str, key: str) -> str:
        return self.strings[lang][key]


class _ConfigLoader(yaml.SafeLoader):
    """Reads mkdocs.yml; Python tags such as !!python/object/apply become None."""


_ConfigLoader.add_multi_constructor("", lambda loader, suffix, node: None)


_HTML_TAG = re.compile(r"<html (?![^>]*\bdir=)")


def page_name(file) -> str:
    """An MkDocs file's page name without its language folder (`articles/x.md`
    for `fi/articles/x.md`): the same in every language. The i18n plugin sets
    it as `norm_src_uri`; a file it did not sort keeps its own `src_uri`."""
    return getattr(file, "norm_src_uri", file.src_uri)


def with_direction(page: str, direction: str) -> str:
    """A rendered page whose `<html>` element states its direction: the
    browser's tab and window title take theirs from it (Material puts `dir`
    on `<body>` only, so an Arabic title opening with a Latin word was laid
    out left to right in the tab)."""
    return _HTML_TAG.sub(f'<html dir="{direction}" ', page, count=1)


def read_mkdocs_config(path: Path) -> dict:
    """A project's mkdocs.yml as plain data ({} when there is none)."""
    path = Path(path)
    if not path.is_file():
        return {}
    return yaml.load(read_text(path), Loader=_ConfigLoader) or {}


def i18n_languages(config: dict) -> list[dict]:
    """The `languages` list of the i18n plugin in a loaded mkdocs.yml."""
    for plugin in config.get("plugins") or []:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return list((plugin["i18n"] or {}).get("languages") or [])
    return []


def strings_file(project: Path) -> Path:
    """The interface strings of a project folder (this package's when it has none)."""
    own = Path(project) / STRINGS_PATH
    return own if own.is_file() else ROOT / STRINGS_PATH


def glossary_file(project: Path, lang: str) -> Path:
    """A language's glossary (terms to use and to avoid), beside the strings file."""
    return strings_file(project).parent / "glossary" / f"{lang}.yml"


def load_strings(path: Path, codes: tuple[str, ...] = ()) -> dict:
    """Interface strings by language; every language of `codes` must have
    every key the first block (the default language's) has."""
    strings = yaml.safe_load(read_text(Path(path))) or {}
    if codes:
        keys = set(strings.get(codes[0], {}))
        for code in codes:
            missing = keys - set(strings.get(code) or {})
            if missing:
                raise LanguageError(f"{path}: language '{code}' lacks the interface "
                                    f"strings {sorted(missing)}; add them to its block")
    return strings


def load(project: Path = ROOT) -> Languages:
    """The languages of the project folder holding mkdocs.yml (cached until
    mkdocs.yml or the strings file changes)."""
    project = Path(project).resolve()
    stamps = tuple(_stamp(path) for path in (project / "mkdocs.yml", strings_file(project)))
    return _load(project, stamps)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


@functools.lru_cache(maxsize=32)
def _load(project: Path, stamps: tuple) -> Languages:
    """The languages of the project folder holding mkdocs.yml.

    Without an i18n plugin (a bare docs folder, as in the test fixtures) every
    folder of docs/ holding `articles/` is a language, and `en` the default.
    """
    project = Path(project)
    config = read_mkdocs_config(project / "mkdocs.yml")
    entries = i18n_languages(config)
    if entries:
        languages = tuple(Language(e["locale"], e.get("name") or e["locale"],
                                   ((e.get("theme") or {}).get("direction") or "ltr"))
                          for e in entries)
        default = next((e["locale"] for e in entries if e.get("default")), languages[0].code)
    else:
        docs = project / (config.get("docs_dir") or "docs")
        found = sorted(p.name for p in docs.iterdir() if (p / "articles").is_dir()) \
            if docs.is_dir() else []
        languages = tuple(Language(code, code) for code in found)
        default = "en" if "en" in found or not found else found[0]
    path = strings_file(project)
    order = (default,) + tuple(l.code for l in languages if l.code != default)
    strings = load_strings(path, order if entries else ())
    return Languages(languages, default, config.get("site_url") or "", strings, path)
