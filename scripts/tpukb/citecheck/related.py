"""R12: the related-articles list (tpukb.related) of an article.

The list lives in the default language's front matter only. Each entry names
an article of the site (`articles/<slug>.md`) that exists in the default
language and is published (not a draft); that it exists in every other
language, or is declared not translated yet, is R7's to say (one finding per
cause). No entry names the article itself or repeats another. A translation carrying its own list is
reported: the one list serves every language.
"""

from __future__ import annotations

from mkdocs.utils.meta import get_data

from .. import related
from ..newarticle import is_draft
from .articles import key_line
from .model import Finding, Project
from .text import FRONT_MATTER, Article

FIX_PATH = "name an article as in the nav, e.g. 'articles/pytorch-on-tpu-2026.md'"


def check_related(project: Project, versions: dict[str, Article]) -> list[Finding]:
    findings = []
    for article in versions.values():
        if article.lang != project.default_language and f"\n{related.KEY}:" in _front(article):
            findings.append(project.finding(
                article.path, key_line(article.text, related.KEY), "R12",
                f"a translation lists its own '{related.KEY}'",
                f"delete it: the {project.default_language} version's list serves every language"))
    reference = versions.get(project.default_language)
    if reference is None or f"\n{related.KEY}:" not in _front(reference):
        return findings
    line = key_line(reference.text, related.KEY)
    value = get_data(reference.text)[1].get(related.KEY)  # the text already read
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        return findings + [project.finding(reference.path, line, "R12",
                                           f"'{related.KEY}' is not a list of pages",
                                           FIX_PATH)]
    seen: set[str] = set()
    own = f"articles/{reference.slug}.md"
    for target in value:
        problem = _problem(project, target, own, seen)
        if problem:
            findings.append(project.finding(reference.path, line, "R12",
                                            f"related page {target!r} {problem[0]}", problem[1]))
        seen.add(target)
    return findings


def _front(article: Article) -> str:
    match = FRONT_MATTER.match(article.text)
    return "\n" + (match.group(1) or "") if match else ""


def _problem(project: Project, target: str, own: str, seen: set[str]) -> tuple[str, str] | None:
    if target == own:
        return "is the article itself", "link other articles only"
    if target in seen:
        return "is listed twice", "list each page once"
    if not target.startswith("articles/") or not target.endswith(".md"):
        return "is not an article path", FIX_PATH
    english = project.docs / project.default_language / target
    if not english.is_file():
        return f"does not exist ({project.show(english)})", FIX_PATH
    if is_draft(english):
        return "is a draft (left out of the built site)", "publish it first, or leave it out"
    return None
