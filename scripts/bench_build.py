"""Measure the strict build: wall time, pages, total size, search index sizes.

Usage: .venv/bin/python scripts/bench_build.py [--runs 3]

Prints figures only; it asserts nothing (speed is not a test).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build_once(site_dir: Path) -> float:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site_dir)],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit("bench_build: the strict build failed:\n" + result.stderr[-2000:])
    return elapsed


def size_of(paths) -> int:
    return sum(p.stat().st_size for p in paths if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        times = [build_once(site) for _ in range(args.runs)]
        pages = list(site.rglob("index.html"))
        print(f"build time (s): median {statistics.median(times):.2f}, "
              f"min {min(times):.2f}, max {max(times):.2f} over {args.runs} runs")
        print(f"HTML pages: {len(pages)}, total site size: {size_of(site.rglob('*')) / 1e6:.2f} MB")
        print(f"mean page size: {size_of(pages) / max(len(pages), 1) / 1e3:.1f} KB")
        for index in sorted(site.glob("**/search/search_index.json")):
            print(f"search index /{index.relative_to(site).as_posix()}: "
                  f"{index.stat().st_size / 1e3:.1f} KB")


if __name__ == "__main__":
    main()
