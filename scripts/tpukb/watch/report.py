"""The watch's results: the text report (per article, then per reference),
the JSON for machines, and the report file the watch leaves for
`tpukb due` (default `.cache/sources-watch.json`)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from ..citecheck import ROOT
from .outcome import CHANGE_STATES, STATES, Outcome
from .references import Reference

DEFAULT_REPORT = ROOT / ".cache" / "sources-watch.json"


@dataclass
class Result:
    ref: Reference
    outcome: Outcome


def counts(results: list[Result]) -> Counter:
    return Counter(r.outcome.state for r in results)


def totals(results: list[Result], seconds: float) -> str:
    count = counts(results)
    return (f"{len(results)} reference(s), {len({r.ref.url for r in results})} URL(s): "
            + ", ".join(f"{count[s]} {s}" for s in STATES) + f"; {seconds:.1f} s")


def as_text(results: list[Result], seconds: float) -> str:
    lines, slug = [], None
    for result in results:
        ref, outcome = result.ref, result.outcome
        if ref.slug != slug:
            slug = ref.slug
            lines.append(f"articles/{slug}.md")
        lines.append(f"  [^{ref.label}] {outcome.state}: {ref.url}"
                     + (f"  {outcome.summary}" if outcome.summary else "") + f"  ({ref.place})")
        lines.extend(f"      + {text}" for text in outcome.added)
    lines.append(totals(results, seconds))
    return "\n".join(lines)


def as_json(results: list[Result], watched: str, seconds: float) -> dict:
    count = counts(results)
    return {"watched": watched, "seconds": round(seconds, 1),
            "counts": {s: count[s] for s in STATES},
            "results": [{"article": r.ref.slug, **asdict(r.ref), **asdict(r.outcome)}
                        for r in results]}


def changed_sources(path: Path) -> tuple[str | None, dict[tuple[str, str], str]]:
    """The last report's day and (slug, url) -> what changed, for the
    references whose source changed (CHANGE_STATES); nothing when there is
    no readable report."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        flagged = {(r["slug"], r["url"]): f"{r['state']}" + (f": {r['summary']}" if r["summary"] else "")
                   for r in data["results"] if r["state"] in CHANGE_STATES}
        return str(data["watched"]), flagged
    except (OSError, ValueError, KeyError, TypeError):
        return None, {}
