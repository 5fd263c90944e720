"""The references the watch looks at, and what each one points at.

A reference is one entry of a citation file (`docs/citations/<slug>.md`):
its article, label, URL, place and check date. Its URL is a release or
project on PyPI (`pypi.org/project/NAME[/VERSION]/`: PyPI's JSON API is
asked), a GitHub repository or its releases (`github.com/OWNER/REPO`,
`.../releases`, `.../releases/tag/TAG`: GitHub's API is asked) or any other
page (its main text is compared).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..newarticle import SLUG
from ..citecheck import cited_urls, load_project

PYPI = re.compile(r"^https://pypi\.org/project/(?P<name>[A-Za-z0-9._-]+)/(?:(?P<version>[^/#?]+)/?)?(?:[#?].*)?$")
GITHUB = re.compile(r"^https://github\.com/(?P<owner>[A-Za-z0-9_.-]+)/(?P<repo>[A-Za-z0-9_.-]+)"
                    r"(?:/releases(?:/tag/(?P<tag>[^/#?]+)|/latest)?)?/?(?:[#?].*)?$")


class UsageError(Exception):
    """Bad input: one line for the user, never a traceback."""


@dataclass(frozen=True)
class Reference:
    slug: str
    label: str
    url: str
    file: str  # the citation file, as findings name it
    line: int
    checked: str | None  # the entry's check date, YYYY-MM-DD

    @property
    def place(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Target:
    """What a URL points at: kind "pypi" (name, version), "github" (owner,
    repo, tag) or "page"."""
    kind: str
    name: str = ""
    version: str | None = None
    owner: str = ""
    repo: str = ""
    tag: str | None = None


def target(url: str) -> Target:
    match = PYPI.match(url)
    if match:
        return Target("pypi", name=match["name"], version=match["version"])
    match = GITHUB.match(url)
    if match and match["repo"] not in ("", ".", ".."):
        return Target("github", owner=match["owner"], repo=match["repo"].removesuffix(".git"),
                      tag=match["tag"])
    return Target("page")


def article_slugs(docs: Path) -> list[str]:
    return sorted(p.stem for p in (Path(docs) / "citations").glob("*.md"))


def collect(docs: Path, slugs: list[str] | None = None, root: Path | None = None) -> list[Reference]:
    """The references of the named articles (all when none is named), in
    article and file order; an unknown or malformed slug is a UsageError."""
    known = article_slugs(docs)
    for slug in slugs or []:
        if not SLUG.fullmatch(slug):
            raise UsageError(f"{slug!r} is not an article slug (lowercase words joined by hyphens)")
        if slug not in known:
            raise UsageError(f"no article {slug!r}: {Path(docs) / 'citations' / (slug + '.md')} "
                             "does not exist")
    project = load_project(docs, root=root)
    paths = [project.citation_file(slug) for slug in slugs or known]
    return [Reference(path.stem, entry.label, entry.url, project.show(path), entry.line,
                      entry.checked.iso if entry.checked else None)
            for path, entry in cited_urls(project, paths)]
