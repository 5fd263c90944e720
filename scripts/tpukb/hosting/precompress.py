"""Precompressed copies of a built site's text files, for nginx.

Owns writing `<file>.gz` (gzip level 9) and `<file>.br` (brotli: quality 11
for the shared assets, a fixed set every page loads; 9 for pages, whose
number grows: 6x faster for 1-2 % more bytes) beside every compressible file
of the site (types from the rules), so nginx
serves them with `gzip_static`/`brotli_static` instead of compressing each
response again: smaller transfers at no CPU cost per request. A copy is
rewritten only when its source is newer. Only the nginx deployment does
this (tests, `scripts/serve --nginx`, `tpukb nginx-conf`); the static
hosts compress by themselves, so the build leaves the site without them.
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import brotli

from .rules import ASSETS, COMPRESSIBLE, HOST_FILES, MIME_TYPES

SUFFIXES = (".gz", ".br")
MIN_SIZE = 256  # below this, compression saves nothing
BROTLI_ASSETS, BROTLI_PAGES = 11, 9


def compressible(path: Path) -> bool:
    kind = MIME_TYPES.get(path.suffix.lstrip(".").lower())
    return kind in ("text/html", *COMPRESSIBLE) and path.name not in HOST_FILES


def is_copy(path: Path) -> bool:
    """A precompressed copy (x.js.gz beside x.js), not a file of the site."""
    return path.suffix in SUFFIXES and path.with_suffix("").is_file() and \
        compressible(path.with_suffix(""))


def precompress(site: Path) -> int:
    """Write the missing or stale copies; returns how many files were compressed."""
    done = 0
    site = Path(site)
    for path in sorted(site.rglob("*")):
        if not path.is_file() or not compressible(path) or path.stat().st_size < MIN_SIZE:
            continue
        source = path.stat()
        quality = BROTLI_ASSETS if path.relative_to(site).as_posix().startswith(ASSETS) \
            else BROTLI_PAGES
        data = None
        for suffix, compress in ((".gz", lambda d: gzip.compress(d, 9, mtime=0)),
                                 (".br", lambda d: brotli.compress(d, quality=quality))):
            copy = path.with_name(path.name + suffix)
            if copy.is_file() and copy.stat().st_mtime_ns == source.st_mtime_ns:
                continue
            data = path.read_bytes() if data is None else data
            copy.write_bytes(compress(data))
            # same Last-Modified whichever representation nginx sends
            os.utime(copy, ns=(source.st_atime_ns, source.st_mtime_ns))
        done += data is not None
    return done
