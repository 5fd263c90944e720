"""The way off MkDocs 1.6.1: ProperDocs (PyPI `properdocs`, a continuation
of MkDocs 1.x that reads mkdocs.yml and the `mkdocs.plugins` entry points)
builds this site, with the tpukb plugin and its two processes, and writes the
same bytes as MkDocs but for one known difference, named here with its reason.
Switching is one line: `properdocs build` instead of `mkdocs build`."""

from __future__ import annotations

import datetime
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, build_problems

PROPERDOCS = Path(sys.executable).parent / "properdocs"
# Material writes the tool's name and version into every page's generator
# tag; ProperDocs gives it as "ProperDocs 1.6.7" (properdocs.commands.build
# sets mkdocs_version so). Nothing else may differ.
GENERATOR = re.compile(rb'<meta name="generator" content="mkdocs-[^"]*">')


def files(site: Path) -> dict[str, Path]:
    return {p.relative_to(site).as_posix(): p for p in site.rglob("*") if p.is_file()}


def build_day(site: Path) -> dict[str, str]:
    """SOURCE_DATE_EPOCH of the day `site` was built (its sitemap's lastmod):
    a second build then writes that day's dates even when midnight passed
    between the two (the sitemap's <lastmod> and its .gz header)."""
    day = re.search(r"<lastmod>(\d{4}-\d{2}-\d{2})</lastmod>", (site / "sitemap.xml").read_text())
    if day is None:
        return {}
    midnight = datetime.datetime.fromisoformat(day.group(1)).replace(tzinfo=datetime.timezone.utc)
    return {"SOURCE_DATE_EPOCH": str(int(midnight.timestamp()))}


@pytest.fixture(scope="module")
def properdocs_site(site, tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess]:
    if not PROPERDOCS.is_file():
        pytest.fail(f"{PROPERDOCS} is missing: scripts/setup-env --test installs ProperDocs")
    out = tmp_path_factory.mktemp("properdocs") / "site"
    result = subprocess.run([str(PROPERDOCS), "build", "--strict", "-f", str(ROOT / "mkdocs.yml"),
                             "-d", str(out)], cwd=ROOT, env=dict(os.environ, **build_day(site)),
                            capture_output=True, text=True)
    problems = build_problems(result)
    assert result.returncode == 0 and not problems, "\n".join(problems or [result.stderr[-3000:]])
    return out, result


def test_properdocs_builds_the_site_with_the_plugin_in_two_processes(properdocs_site):
    _, result = properdocs_site
    assert "in a second process" in result.stderr


def test_properdocs_writes_what_mkdocs_writes_but_the_generator_tag(site, properdocs_site):
    ours, theirs = files(site), files(properdocs_site[0])
    assert sorted(ours) == sorted(theirs), sorted(set(ours) ^ set(theirs))[:20]
    differ, generator_only = [], 0
    for name, path in ours.items():
        a, b = path.read_bytes(), theirs[name].read_bytes()
        if a == b:
            continue
        if GENERATOR.sub(b"", a) == GENERATOR.sub(b"", b) and b"ProperDocs" in b:
            generator_only += 1
        else:
            differ.append(name)
    assert not differ, f"{len(differ)} files differ beyond the generator tag, e.g. {differ[:10]}"
    tagged = sum(bool(GENERATOR.search(path.read_bytes())) for path in ours.values())
    assert generator_only == tagged > 0, (generator_only, tagged)
