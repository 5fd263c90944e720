"""The rules across the language versions of an article: R7 (every language
has it, or its absence is declared in scripts/tpukb/i18n/translations/missing.yml), R8 (no
orphaned citation file) and R9 (all cite the same numbers)."""

from __future__ import annotations

from pathlib import Path

from ..translations import store
from .model import Finding, Project
from .text import Article


def declarations(project: Project) -> tuple[store.Declarations, list[Finding]]:
    """The translations declared not written yet (scripts/tpukb/i18n/translations/missing.yml
    beside the docs folder; none for a bare docs folder), and R7 when that
    file cannot be read."""
    try:
        return store.read_declarations(project.docs.parent), []
    except store.StoreError as error:
        path = project.docs.parent / store.DECLARATIONS
        return store.Declarations(path, {}), [project.finding(
            path, 1, "R7", f"unreadable: {str(error).split(': ', 1)[-1]}",
            "write it as `<lang>:` blocks of `  - <page>` lines")]


def missing_fix(project: Project, lang: str, page: str) -> str:
    return (f"write the {lang} version under the same file name, or declare it not translated "
            f"yet (served as the {project.default_language} page with a notice): "
            f"tpukb status --declare-missing {lang} {page}")


def check_translations(project: Project, slug: str, versions: dict[str, Article],
                       declared: store.Declarations | None = None,
                       present: set[Path] = frozenset()) -> list[Finding]:
    """R7: the article exists in every language (or is declared missing);
    R9: all cite the same numbers. `present` are files that exist but cannot
    be read (E1): they are not missing."""
    reference = versions.get(project.default_language) or next(iter(versions.values()))
    have = ", ".join(sorted(versions))
    page = f"articles/{slug}.md"
    declared = declared or store.Declarations(Path(), {})
    findings = [project.finding(reference.path, 1, "R7",
                                f"no {lang} version: {project.show(project.article_path(lang, slug))}"
                                f" does not exist (the article exists in {have})"
                                + (f" and {project.show(declared.path)} does not declare it"
                                   if lang != project.default_language else ""),
                                missing_fix(project, lang, page) if lang != project.default_language
                                else f"write the {lang} version under the same file name")
                for lang in project.languages
                if lang not in versions and project.article_path(lang, slug) not in present
                and not (project.default_language in versions
                                                 and declared.declared(lang, page))]
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


def check_declarations(project: Project, declared: store.Declarations) -> list[Finding]:
    """R7 beyond articles: every other page of the default language exists in
    every language or is declared missing; every declaration names a page of
    the default language that is really absent in a language of mkdocs.yml."""
    base = project.docs / project.default_language
    pages = sorted(p.relative_to(base).as_posix() for p in base.rglob("*.md")) if base.is_dir() else []
    findings = []
    for lang in project.languages:
        if lang == project.default_language:
            continue
        for page in pages:
            path = project.docs / lang / page
            if page.startswith("articles/") and page != "articles/index.md":
                continue  # articles: check_translations
            if not path.is_file() and not declared.declared(lang, page):
                findings.append(project.finding(
                    base / page, 1, "R7",
                    f"no {lang} version: {project.show(path)} does not exist and "
                    f"{project.show(declared.path)} does not declare it",
                    missing_fix(project, lang, page)))
    for lang, listed in declared.pages.items():
        for page, line in listed.items():
            path = project.docs / lang / page
            if lang not in project.languages or lang == project.default_language:
                problem, fix = (f"declares a {lang} translation, but {lang} is not a translated "
                                "language of mkdocs.yml", "delete the block")
            elif page not in pages:
                problem, fix = (f"declares {page} not translated into {lang}, but "
                                f"{project.show(base / page)} does not exist", "delete the line")
            elif path.is_file():
                problem, fix = (f"declares {project.show(path)} not translated yet, but it exists",
                                f"mark it once it is up to date: tpukb status "
                                f"--mark {lang} {page} (removes the line)")
            else:
                continue
            findings.append(project.finding(declared.path, line, "R7", problem, fix))
    return findings
