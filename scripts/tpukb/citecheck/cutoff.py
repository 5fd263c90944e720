"""A citation file that is empty or cut off: one R1 finding on the file,
with the number of markers it leaves without an entry, instead of one R2
finding per marker per language (one root cause, one finding).

A file is taken as cut off when the default language cites, without a gap,
the numbers after the file's last entry: [^20] to [^35] after a file that
stops at [^19]. A lone number beyond the end ([^99]) is a typing error and
stays R2's to report."""

from __future__ import annotations

from .entries import CitationFile
from .model import Finding, Project
from .text import Article, read_source


def check_cut_off(project: Project, citations: CitationFile,
                  versions: dict[str, Article]) -> list[Finding]:
    reference = versions.get(project.default_language) or next(iter(versions.values()))
    last = max((int(label) for label in citations.entries), default=0)
    beyond = sorted(int(label) for label in reference.first_citations if int(label) > last)
    if not beyond or beyond != list(range(last + 1, beyond[-1] + 1)):
        return []
    missing = {str(n) for n in beyond}
    citations.reported_missing |= missing
    markers = [(article.lang, m) for article in versions.values() for m in article.markers
               if m.label in missing]
    lines = len(read_source(citations.path).splitlines()) if citations.path.is_file() else 0
    cut_entry = [f for f in citations.findings if f.rule == "R1" and "cut off" in f.message
                 and f.line >= lines]
    for finding in cut_entry:  # the entry cut in half is the same root cause
        citations.findings.remove(finding)
    state = "is empty" if not citations.entries else (
        f"stops at [^{last}]" + (" in the middle of that entry" if cut_entry else ""))
    span = f"[^{beyond[0]}]" if len(beyond) == 1 else f"[^{beyond[0]}] to [^{beyond[-1]}]"
    return [project.finding(
        citations.path, max(lines, 1), "R1",
        f"the citation file {state}, but the {reference.lang} version cites {span}: "
        f"{len(markers)} marker(s) in {len({lang for lang, _ in markers})} language version(s) "
        "have no entry",
        f"restore the file (for example `git checkout -- {project.show(citations.path)}`) or "
        f"add the entries {span}")]
