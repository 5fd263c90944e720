"""The Content-Security-Policy put into each page as the build writes it.

Material's inline scripts are the same on every page (its scope script too,
once `extra.scope` is set: tpukb.plugin), so the site's policy
is known from the first page on. Each page gets, as it is written, the
`<meta>` policy of the inline scripts this process has seen so far plus the
root 404 page's language redirect (`seed`). Once every page is written,
`publish` rewrites only the pages whose policy differs from the site's
(normally none) instead of reading and rewriting the whole site.

A build split over two processes (tpukb.parallel) passes the second
process's record to the main one in a file at its site root (`RECORD`),
which the merge moves into the site and `load` consumes.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import csp, github_pages
from .rules import HostingError, SiteRules

RECORD = ".tpukb-csp.json"


class Written:
    """The pages this process wrote: the hashes in each one's policy, and
    the inline scripts found in them."""

    def __init__(self, languages):
        self.languages = languages
        rules = SiteRules(languages)
        redirect = csp.inline_scripts(Path("404.html"), github_pages.redirect_script(rules))
        self.seed = frozenset(script.digest for script in redirect)
        self.scripts: set[str] = set()
        self.pages: dict[str, tuple[str, ...]] = {}
        self._tags: dict[tuple[str, ...], str] = {}

    def page(self, name: str, path: Path, text: str) -> str:
        """`text` (the page at `path`, `name` under the site) with its policy tag."""
        self.scripts.update(script.digest for script in csp.inline_scripts(path, text))
        hashes = tuple(sorted(self.scripts | self.seed))
        tag = self._tags.get(hashes)
        if tag is None:
            tag = self._tags[hashes] = csp.meta_tag(SiteRules(self.languages, hashes))
        self.pages[name] = hashes
        return csp.insert_meta(path, text, tag)

    def save(self, site: Path) -> None:
        record = {"scripts": sorted(self.scripts), "pages": self.pages}
        Path(site, RECORD).write_text(json.dumps(record), encoding="utf-8")

    def load(self, site: Path) -> None:
        """Add (and remove) the record another process saved into `site`."""
        path = Path(site, RECORD)
        if not path.is_file():
            return
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            self.scripts.update(record["scripts"])
            self.pages.update({page: tuple(hashes) for page, hashes in record["pages"].items()})
        except (ValueError, KeyError, TypeError) as error:
            raise HostingError(f"{path}: not a record of written pages ({error})") from None
        finally:
            path.unlink()
