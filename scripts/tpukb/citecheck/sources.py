"""All the rules on the Markdown sources (E1, E2, F1, R1-R9, R12, D1-D4, S1-S4, G1)
over one docs folder: reads every article and citation file once and runs the
rule modules. A file that is not UTF-8 gets its one E1 finding and is left
out of every other rule."""

from __future__ import annotations

from pathlib import Path

from .articles import check_article
from .cutoff import check_cut_off
from .encoding import unreadable
from .dated import check_dated
from .entries import read_citation_file
from .glossary import check_glossary
from .languages import (check_declarations, check_translations, declarations,
                        orphan_citation_files)
from .model import Finding, Project
from .related import check_related
from .safety import check_content_safety
from .text import one_run, read_articles



def check_sources(project: Project) -> list[Finding]:
    """Every rule that reads the Markdown sources: E1, E2, F1, R1-R9, R12, D1-D4, S1-S4, G1."""
    with one_run():  # the rules read (and mask) the same pages
        return _check_sources(project)


def _check_sources(project: Project) -> list[Finding]:
    entry_lines: dict[Path, set[int]] = {}
    broken, findings = unreadable(project)
    versions = read_articles(project, skip=broken)
    declared, more = declarations(project)
    findings += more
    for slug, by_lang in sorted(versions.items()):
        path = project.citation_file(slug)
        citations = read_citation_file(project, path) if path.is_file() and path not in broken else None
        if citations:
            findings += check_cut_off(project, citations, by_lang)
            findings += citations.findings
            entry_lines[path] = {entry.line for entry in citations.entries.values()}
        for article in by_lang.values():
            findings += check_article(project, article, citations)
        findings += check_translations(project, slug, by_lang, declared, present=broken)
        findings += check_dated(project, by_lang)
        findings += check_related(project, by_lang)
    findings += orphan_citation_files(project, set(versions))
    findings += check_declarations(project, declared)
    for lang in project.languages:
        findings += check_glossary(project, lang, skip=broken)
    for path in sorted(set(project.docs.rglob("*.md")) - broken):
        findings += check_content_safety(project, path, entry_lines.get(path, set()))
    return sorted(set(findings))
