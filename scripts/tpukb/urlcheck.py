"""Visit every external URL of the citation files once (opt-in: needs the network).

Usage: `tpukb urls [--docs DOCS_DIR] [--cache FILE] [--max-age DAYS]
[--timeout SECONDS] [--retries N] [--backoff SECONDS]` (tpukb.cli).

Each unique URL of docs/citations/*.md is fetched once (GET, redirects
followed). Results, one line per place the URL is cited:
  ok       2xx; when it was reached through redirects, a "moved" line names
           the final URL so the citation can be updated
  broken   404, 410 and other definite 4xx answers
  unknown  429, 403, 408, 5xx, timeouts and connection errors, after
           --retries retries with exponential back-off: not verified, never
           counted as passed
Definite results (ok, broken) are cached in a JSON file for --max-age days
(default 7); unknown ones are tried again on every run.
Exit status: 1 if any URL is broken, 2 if none is broken but some are
unknown, 0 if all answered.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path

from . import languages
from .citecheck import ROOT, cited_urls, load_project
from .sourcefile import write_json

USER_AGENT = f"tpu-knowledge-base-link-check/1.0 (+{languages.load(ROOT).site_url})"
DEFAULT_CACHE = ROOT / ".cache" / "url-check.json"
DEFINITE = ("ok", "broken")
RETRYABLE_CODES = {403, 408, 429}  # besides every 5xx
MAX_RETRY_AFTER = 60.0  # seconds; a longer Retry-After is not waited for


@dataclass
class Result:
    status: str  # ok, broken or unknown
    code: int | None
    final_url: str
    detail: str
    checked: float  # seconds since the epoch


def collect_urls(docs: Path) -> dict[str, list[tuple[str, int]]]:
    """url -> the (file, line) places that cite it, over all citation files."""
    project = load_project(docs)
    places: dict[str, list[tuple[str, int]]] = {}
    for path, entry in cited_urls(project, sorted((Path(docs) / "citations").glob("*.md"))):
        places.setdefault(entry.url, []).append((project.show(path), entry.line))
    return places


def retryable(code: int) -> bool:
    """An answer that may differ if asked again (also the watch's rule, tpukb.watch.net)."""
    return code in RETRYABLE_CODES or code >= 500


def retry_after(header: str) -> float:
    """A Retry-After header's seconds (0 when absent or a date: not honoured)."""
    return float(header) if header.isascii() and header.isdigit() else 0.0


def retry_delay(backoff: float, attempt: int, asked: float = 0.0) -> float:
    """Seconds before trying again after try number `attempt` (0 for the
    first): `backoff` doubled each time, or what the server asked for
    (Retry-After, up to MAX_RETRY_AFTER) when longer (also the watch's,
    tpukb.watch.net)."""
    return max(backoff * 2 ** attempt, min(asked, MAX_RETRY_AFTER))


def classify(code: int) -> str:
    if 200 <= code < 300:
        return "ok"
    return "unknown" if retryable(code) else "broken"


def fetch_once(url: str, timeout: float) -> tuple[Result, float]:
    """One GET; the result and the Retry-After the server asked for (0 if none)."""
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    now = time.time()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            response.read(1)
            return Result("ok", response.status, response.geturl(), "", now), 0.0
    except urllib.error.HTTPError as error:
        detail = f"HTTP {error.code} {error.reason}"
        wait = retry_after(error.headers.get("Retry-After", "") if error.headers else "")
        return Result(classify(error.code), error.code, error.geturl() or url, detail, now), wait
    except (TimeoutError, socket.timeout):
        return Result("unknown", None, url, f"timed out after {timeout:g} s", now), 0.0
    except urllib.error.URLError as error:
        if isinstance(error.reason, (TimeoutError, socket.timeout)):
            return Result("unknown", None, url, f"timed out after {timeout:g} s", now), 0.0
        return Result("unknown", None, url, f"connection failed: {error.reason}", now), 0.0
    except ValueError as error:  # not a URL urllib can open at all
        return Result("broken", None, url, f"invalid URL: {error}", now), 0.0


def check_url(url: str, timeout: float, retries: int, backoff: float, sleep=time.sleep) -> Result:
    """Fetch a URL, retrying unknown answers with exponential back-off."""
    for attempt in range(retries + 1):
        result, asked = fetch_once(url, timeout)
        if result.status in DEFINITE or attempt == retries:
            break
        sleep(retry_delay(backoff, attempt, asked))
    if result.status == "unknown" and retries:
        result.detail += f" (after {retries + 1} tries)"
    return result


def load_cache(path: Path, max_age_days: float, now: float) -> dict[str, Result]:
    """The definite results of the cache file younger than the age limit."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    fresh = {}
    for url, data in raw.items():
        try:
            result = Result(**data)
        except TypeError:
            continue
        if result.status in DEFINITE and now - result.checked < max_age_days * 86400:
            fresh[url] = result
    return fresh


def report_lines(url: str, result: Result, places: list[tuple[str, int]]) -> list[str]:
    if result.status == "broken":
        what, fix = f"broken: {result.detail}: {url}", "find the page's new address or another source"
    elif result.status == "unknown":
        what, fix = f"unknown: {result.detail}: {url}", "not verified: rerun later or check it by hand"
    elif result.final_url.rstrip("/") != url.rstrip("/"):
        what, fix = f"moved: {url} -> {result.final_url}", "cite the final address"
    else:
        return []
    return [f"{file}:{line}: R5 {what}; {fix}" for file, line in places]


MAX_AGE_DAYS, TIMEOUT_S, RETRIES, BACKOFF_S = 7.0, 10.0, 2, 2.0  # the defaults


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--docs", type=Path, default=ROOT / "docs", help="docs folder")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="cache file")
    parser.add_argument("--max-age", type=float, default=MAX_AGE_DAYS,
                        help="days a definite result stays valid")
    parser.add_argument("--timeout", type=float, default=TIMEOUT_S, help="seconds per request")
    parser.add_argument("--retries", type=int, default=RETRIES, help="retries of an unknown answer")
    parser.add_argument("--backoff", type=float, default=BACKOFF_S,
                        help="first retry delay in seconds, doubled each time")


def run(args: argparse.Namespace) -> int:
    return check_all(args.docs, args.cache, args.max_age, args.timeout, args.retries, args.backoff)


def check_all(docs: Path, cache: Path = DEFAULT_CACHE, max_age: float = MAX_AGE_DAYS,
              timeout: float = TIMEOUT_S, retries: int = RETRIES, backoff: float = BACKOFF_S) -> int:
    """Check every cited URL once; print the findings; return the exit status."""
    places = collect_urls(docs)
    now = time.time()
    cached = load_cache(cache, max_age, now)
    results = {url: cached.get(url) or check_url(url, timeout, retries, backoff)
               for url in places}
    keep = {**cached, **{u: r for u, r in results.items() if r.status in DEFINITE}}
    write_json(cache, {url: asdict(r) for url, r in sorted(keep.items())})

    for url, result in sorted(results.items(), key=lambda item: places[item[0]][0]):
        for line in report_lines(url, result, places[url]):
            print(line)
    counts = {status: sum(r.status == status for r in results.values()) for status in ("ok", "broken", "unknown")}
    print(f"{len(results)} URL(s): {counts['ok']} ok, {counts['broken']} broken, "
          f"{counts['unknown']} unknown (not verified); {sum(u in cached for u in results)} from the cache",
          file=sys.stderr)
    return 1 if counts["broken"] else 2 if counts["unknown"] else 0

