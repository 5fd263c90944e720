"""The sources watch: record what every cited source says, or watch the
sources for what changed, moved or is gone since.

  tpukb watch [SLUG ...]            watch (all articles by default)
  tpukb watch --record [SLUG ...]   record them (after a re-check)

Exit status (watch): 0 nothing changed, 1 some source changed, moved or is
gone, 2 bad arguments or a missing or unreadable record (one line, never a
traceback). --record exits 0 when it has recorded what it could reach.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from pathlib import Path

from ..citecheck import ROOT
from ..sourcefile import NotUtf8, write_json
from . import github, pypi, record, report
from .outcome import CHANGE_STATES
from . import run as watching
from .net import Client
from .references import UsageError, collect

PROG = "tpukb watch"


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, not usage + message
        raise UsageError(f"{message} (see {PROG} --help)")


def rewrite(value: str) -> tuple[str, str]:
    source, sep, dest = value.partition("=")
    if not sep or not source.startswith(("http://", "https://")) or not dest.startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError(f"--rewrite wants FROM=TO, two URL prefixes: {value!r}")
    return source, dest


def api_base(value: str) -> str:
    if not value.startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError(f"not an http(s) URL: {value!r}")
    return value.rstrip("/")


def positive(kind):
    def parse(value: str):
        number = kind(value)
        if number <= 0:
            raise argparse.ArgumentTypeError(f"must be more than 0: {value!r}")
        return number
    return parse


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments, for `tpukb watch` (tpukb.cli) and main() alike."""
    p.add_argument("slugs", nargs="*", metavar="SLUG", help="articles (default: all)")
    p.add_argument("--record", action="store_true",
                   help="record what the sources say now (after re-checking them)")
    p.add_argument("--json", action="store_true", help="print JSON for machines")
    p.add_argument("--report", type=Path, default=report.DEFAULT_REPORT,
                   help="where the watch writes its report for tpukb due")
    p.add_argument("--rewrite", type=rewrite, action="append", default=[], metavar="FROM=TO",
                   help="fetch URLs starting with FROM from TO instead (mirrors, tests)")
    p.add_argument("--pypi-url", type=api_base, default=pypi.DEFAULT_BASE, help="PyPI's base URL")
    p.add_argument("--github-url", type=api_base, default=github.DEFAULT_BASE,
                   help="GitHub's API base URL")
    p.add_argument("--concurrency", type=positive(int), default=8, help="requests in flight")
    p.add_argument("--rate", type=positive(float), default=1.0, help="requests per second per host")
    p.add_argument("--timeout", type=positive(float), default=20.0, help="seconds per request")
    p.add_argument("--retries", type=int, default=2, help="retries after a network error")
    p.add_argument("--backoff", type=float, default=1.0, help="first retry delay, doubled each time")
    p.add_argument("--today", type=datetime.date.fromisoformat, default=datetime.date.today(),
                   help="the day of the record or report (YYYY-MM-DD; default: today)")
    p.add_argument("--docs", type=Path, default=ROOT / "docs", help="docs folder")


def main(argv: list[str] | None = None) -> int:
    """The command on its own: parse, then run (a usage error is one line)."""
    p = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    add_arguments(p)
    try:
        args = p.parse_args(argv)
    except UsageError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    return run(args)


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except UsageError as error:
        print(f"{PROG}: {error}", file=sys.stderr)
        return 2
    except NotUtf8 as error:
        print(error.finding_line(), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.retries < 0 or args.backoff < 0:
        raise UsageError("--retries and --backoff cannot be negative")
    if not (args.docs / "citations").is_dir():
        raise UsageError(f"{args.docs} is not a docs folder (no citations/ in it)")
    refs = collect(args.docs, args.slugs or None)
    slugs = list(dict.fromkeys(r.slug for r in refs)) if not args.slugs else args.slugs
    records = {slug: record.load(args.docs, slug) for slug in slugs}
    if not args.record:
        missing = [slug for slug, rec in records.items() if rec is None]
        if missing:
            raise UsageError(f"no record for {len(missing)} article(s): "
                             + ", ".join(record.show(record.path(args.docs, s)) for s in missing)
                             + f"; record them first: {PROG} --record " + " ".join(missing))
    apis = watching.Apis(args.pypi_url, args.github_url)
    client = Client(concurrency=args.concurrency, rate=args.rate, timeout=args.timeout,
                    retries=args.retries, backoff=args.backoff, rewrites=args.rewrite)
    started = time.monotonic()

    async def observe():
        async with client:
            return await watching.observe_all(client, apis, refs, records)

    seen = watching.run_async(observe)
    seconds = time.monotonic() - started
    if args.record:
        return record_all(args, refs, records, seen, seconds)
    results = watching.results(refs, records, seen)
    data = report.as_json(results, args.today.isoformat(), seconds)
    write_json(args.report, data)
    print(json.dumps(data, indent=1, ensure_ascii=False) if args.json
          else report.as_text(results, seconds))
    if apis.budget.stopped:
        print(f"{PROG}: {apis.budget.stopped}", file=sys.stderr)
    return 1 if any(r.outcome.state in CHANGE_STATES for r in results) else 0


def record_all(args, refs, records, seen, seconds) -> int:
    today = args.today.isoformat()
    by_slug: dict[str, dict[str, dict]] = {slug: {} for slug in records}  # even with no reference
    failed = []
    for ref in refs:
        previous = watching.entry(records, ref)
        entry = watching.recorded(ref, previous, seen[ref.url], today)
        by_slug.setdefault(ref.slug, {})[ref.url] = entry
        if seen[ref.url].unreachable:
            failed.append((ref, seen[ref.url].unreachable, entry is previous))
    files = [record.save(args.docs, slug, sources) for slug, sources in by_slug.items()]
    if args.json:
        print(json.dumps({"recorded": today, "files": [record.show(f) for f in files],
                          "references": len(refs), "unreachable": [
                              {"article": r.slug, "label": r.label, "url": r.url, "place": r.place,
                               "detail": d, "kept_previous": k} for r, d, k in failed]},
                         indent=1, ensure_ascii=False))
    else:
        for ref, detail, kept in failed:
            print(f"{ref.place}: [^{ref.label}] not recorded: {ref.url}: {detail}"
                  + ("; the previous record is kept" if kept else ""))
        print(f"recorded {len(refs) - len(failed)} of {len(refs)} reference(s) on {today} in "
              f"{len(files)} file(s) under {record.show(record.path(args.docs, 'x').parent)}/; "
              f"{len(failed)} could not be read; {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
