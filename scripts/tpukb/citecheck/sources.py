"""All the rules on the Markdown sources (F1, R1-R9, D1-D4, S1-S4, G1) over one docs
folder: reads every article and citation file once and runs the rule modules."""

from __future__ import annotations

from pathlib import Path

from .articles import check_article
from .dated import check_dated
from .entries import read_citation_file
from .glossary import check_glossary
from .languages import (check_declarations, check_translations, declarations,
                        orphan_citation_files)
from .model import Finding, Project
from .safety import check_content_safety
from .text import read_articles



def check_sources(project: Project) -> list[Finding]:
    """Every rule that reads the Markdown sources: F1, R1-R9, D1-D4, S1-S4, G1."""
    entry_lines: dict[Path, set[int]] = {}
    versions = read_articles(project)
    declared, findings = declarations(project)
    for slug, by_lang in sorted(versions.items()):
        path = project.citation_file(slug)
        citations = read_citation_file(project, path) if path.is_file() else None
        if citations:
            findings += citations.findings
            entry_lines[path] = {entry.line for entry in citations.entries.values()}
        for article in by_lang.values():
            findings += check_article(project, article, citations)
        findings += check_translations(project, slug, by_lang, declared)
        findings += check_dated(project, by_lang)
    findings += orphan_citation_files(project, set(versions))
    findings += check_declarations(project, declared)
    for lang in project.languages:
        findings += check_glossary(project, lang)
    for path in sorted(project.docs.rglob("*.md")):
        findings += check_content_safety(project, path, entry_lines.get(path, set()))
    return sorted(set(findings))
