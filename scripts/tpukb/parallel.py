"""Building the languages in two processes, with a site identical to one process's.

Owns the split of `mkdocs build` over the machine's second core (the plugin
tpukb.plugin calls it):

- the main process builds the first half of the languages (the default one
  first, as in mkdocs.yml), a child process (`mkdocs build` with
  `TPUKB_BUILD_PART` naming its languages) builds the other half into a
  folder beside the site;
- each process skips the other's languages in the i18n plugin's loop of
  per-language builds; both still know every language (switcher, hreflang);
- once the main process's languages are built, `merge` waits for the child,
  relays its log lines (a warning there fails a strict build here, with its
  message) and moves its output in: its languages' folders, the files every
  language build writes to the site root (the last language's copy wins, as
  in one process), the sitemap, whose per-language entries are
  concatenated in language order (as one process's cumulative template
  writes them), and the search bundle (each process indexed its own
  languages; their entry files are merged);
- what spans languages (the 404 pages, hosting) runs after the merge, in
  the main process only.

The second process is started with the tool that runs the first: `mkdocs`,
or `properdocs` (whose modules answer to the name `mkdocs`).

The plugin's `jobs` option (mkdocs.yml) sets the number of processes;
`TPUKB_BUILD_JOBS=1` overrides it and builds in one process (so does
`mkdocs serve`). The tests build the site both ways and compare every byte.
"""

from __future__ import annotations

import gzip
import logging
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import mkdocs
import mkdocs_static_i18n.plugin as i18n_module

from . import search

PART_ENV = "TPUKB_BUILD_PART"
JOBS_ENV = "TPUKB_BUILD_JOBS"
SITEMAP = "sitemap.xml"
LOG_LINE = re.compile(r"^(DEBUG|INFO|WARNING|ERROR)\s+-\s+(.*)$")


class ParallelBuildError(RuntimeError):
    """The other process's languages failed to build."""


def part_languages() -> list[str]:
    """In a child process: the languages it builds; otherwise []."""
    return [code for code in os.environ.get(PART_ENV, "").split(",") if code]


def is_part() -> bool:
    return bool(part_languages())


def jobs(configured: int | None = None) -> int:
    """The number of processes: TPUKB_BUILD_JOBS, else the plugin's `jobs`
    option (`configured`), else two on a machine with two cores or more."""
    value = os.environ.get(JOBS_ENV, "")
    if value:
        try:
            return max(1, int(value))
        except ValueError:
            raise ParallelBuildError(f"{JOBS_ENV}={value!r}: give a whole number (1 = one process)")
    if configured is not None:
        return configured
    return min(2, os.cpu_count() or 1)


def only_in_i18n_loop(i18n, languages: list[str]) -> None:
    """Let the i18n plugin's loop of nested builds build `languages` (once
    each) and skip the others. The loop skips only the language current when
    it starts, which in a child is not the default one."""
    build, todo = i18n_module.build, set(languages)

    def build_some(config, dirty=False):
        if i18n.current_language in todo:
            todo.discard(i18n.current_language)
            build(config, dirty=dirty)

    i18n_module.build = build_some


def split(build_languages: list[str], default: str) -> tuple[list[str], list[str]]:
    """(the main process's languages, the child's): contiguous halves in
    build order; none for the child when the default is not built first."""
    if len(build_languages) < 2 or build_languages[0] != default:
        return build_languages, []
    half = (len(build_languages) + 1) // 2
    return build_languages[:half], build_languages[half:]


@dataclass
class Child:
    languages: list[str]
    site: Path  # where the child writes
    target: Path  # the site its output joins
    process: subprocess.Popen
    log: list[str] = field(default_factory=list)


def start(config_file: str, site_dir: str, languages: list[str], strict: bool) -> Child:
    site = Path(site_dir)
    part = site.parent / f".{site.name}.part-{os.getpid()}"
    shutil.rmtree(part, ignore_errors=True)
    # the tool that runs this build: `mkdocs`, or `properdocs`, whose modules
    # answer to the name mkdocs (the child must be built by the same one)
    command = [sys.executable, "-m", mkdocs.__name__, "build", "-f", config_file, "-d", str(part)]
    if strict:
        command.append("--strict")
    env = dict(os.environ, **{PART_ENV: ",".join(languages)})
    env.setdefault("NO_MKDOCS_2_WARNING", "1")
    process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return Child(languages, part, site, process)


def relay(output: str, logger: logging.Logger, part: Path, target: Path) -> int:
    """Log the child's log lines here, at their level, naming the files it
    wrote where they end up; return how many were warnings or errors."""
    records: list[tuple[str, str]] = []
    for line in output.replace(str(part), str(target)).splitlines():
        match = LOG_LINE.match(line)
        if match:
            records.append((match.group(1), match.group(2)))
        elif records and line.strip():
            level, text = records[-1]
            records[-1] = (level, text + "\n" + line)
    problems = 0
    for level, text in records:
        if text.startswith(("Documentation built in", "Building documentation to directory",
                            "Cleaning site directory")):
            continue
        logger.log(getattr(logging, level), text)
        problems += level in ("WARNING", "ERROR")
    return problems


def wait(child: Child, logger: logging.Logger) -> None:
    output, _ = child.process.communicate()
    problems = relay(output, logger, child.site, child.target)
    if child.process.returncode != 0:
        shutil.rmtree(child.site, ignore_errors=True)
        detail = "" if problems else "\n" + "\n".join(output.splitlines()[-20:])
        raise ParallelBuildError(
            f"the build of {', '.join(child.languages)} (a second process) failed "
            f"(exit {child.process.returncode}); its messages are above{detail}")


def stop(child: Child) -> None:
    if child.process.poll() is None:
        child.process.kill()
        child.process.wait()
    shutil.rmtree(child.site, ignore_errors=True)


def _sitemap_entries(text: str, path: Path) -> tuple[str, str, str]:
    """(head up to the <urlset ...> tag, the entries, the tail from </urlset>)."""
    start = re.search(r"<urlset\b[^>]*>", text)
    end = text.rfind("\n</urlset>")
    if start is None or end < start.end():
        raise ParallelBuildError(f"{path}: not a sitemap (no <urlset> ... </urlset>)")
    return text[:start.end()], text[start.end():end], text[end:]


def merge_sitemap(site: Path, part: Path) -> None:
    ours, theirs = site / SITEMAP, part / SITEMAP
    if not theirs.is_file():
        return
    if not ours.is_file():
        shutil.copy2(theirs, ours)
    else:
        head, entries, tail = _sitemap_entries(ours.read_text(encoding="utf-8"), ours)
        _, more, _ = _sitemap_entries(theirs.read_text(encoding="utf-8"), theirs)
        ours.write_text(head + entries + more + tail, encoding="utf-8")
    packed = part / f"{SITEMAP}.gz"
    if packed.is_file():
        # as MkDocs writes it: the header's time is the last build's (the child's)
        mtime = int.from_bytes(packed.read_bytes()[4:8], "little")
        target = site / f"{SITEMAP}.gz"
        with open(target, "wb") as f, gzip.GzipFile(fileobj=f, filename=str(target), mode="wb",
                                                    mtime=mtime) as gz:
            gz.write(ours.read_bytes())
        packed.unlink()
    theirs.unlink()


def merge(site: Path, child: Child) -> None:
    """Move the child's output into the site (see the module's description)."""
    site, part = Path(site), child.site
    try:
        for lang in child.languages:
            source, target = part / lang, site / lang
            if source.exists():
                shutil.rmtree(target, ignore_errors=True)
                os.replace(source, target)
        merge_sitemap(site, part)
        entry = Path(search.BUNDLE) / search.ENTRY
        if (part / entry).is_file() and (site / entry).is_file():
            search.merge_entry(site / entry, part / entry)
            (part / entry).unlink()
        for source in sorted(part.rglob("*")):
            if source.is_dir():
                continue
            target = site / source.relative_to(part)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(source, target)
    finally:
        shutil.rmtree(part, ignore_errors=True)
