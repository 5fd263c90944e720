"""The rules across the language versions of an article: R7 (every language
has it), R8 (no orphaned citation file) and R9 (all cite the same numbers)."""

from __future__ import annotations

from .model import Finding, Project
from .text import Article



def check_translations(project: Project, slug: str, versions: dict[str, Article]) -> list[Finding]:
    """R7: the article exists in every language; R9: all cite the same numbers."""
    reference = versions.get(project.default_language) or next(iter(versions.values()))
    have = ", ".join(sorted(versions))
    findings = [project.finding(reference.path, 1, "R7",
                                f"no {lang} version: {project.show(project.article_path(lang, slug))}"
                                f" does not exist (the article exists in {have})",
                                f"write the {lang} version under the same file name")
                for lang in project.languages if lang not in versions]
    cited = set(reference.first_citations)
    for article in versions.values():
        if article is reference:
            continue
        findings += cited_set_differences(project, article, reference, cited)
    return findings


def cited_set_differences(project: Project, article: Article, reference: Article,
                          cited: set[str]) -> list[Finding]:
    own = article.first_citations
    extra = [project.finding(article.path, own[label].line, "R9",
                             f"cites [^{label}], which the {reference.lang} version does not cite",
                             "cite the same sources in every language")
             for label in sorted(set(own) - cited, key=int)]
    missing = [project.finding(article.path, article.last_line, "R9",
                               f"does not cite [^{label}], which the {reference.lang} version cites "
                               f"(line {reference.first_citations[label].line})",
                               "cite the same sources in every language")
               for label in sorted(cited - set(own), key=int)]
    return extra + missing


def orphan_citation_files(project: Project, slugs: set[str]) -> list[Finding]:
    folder = project.docs / "citations"
    paths = sorted(folder.glob("*.md")) if folder.is_dir() else []
    return [project.finding(path, 1, "R8", "no article includes this citation file",
                            "name it like its article (docs/<lang>/articles/<slug>.md) or delete it")
            for path in paths if path.stem not in slugs]
