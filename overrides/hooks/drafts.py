"""Drafts are not published: an article whose default-language front matter
says `draft: true` (tpukb.newarticle.is_draft) is left out of `mkdocs build`
in every language, and out of the navigation.

- on_files (before the i18n plugin sorts the files per language): every
  language version of a draft gets MkDocs' DRAFT inclusion level, which
  `mkdocs serve` still shows and `mkdocs build` leaves out; the fallback
  copies the i18n plugin makes keep that level;
- on_nav (after the i18n plugin's): draft pages leave the navigation (and
  with it the knowledge-base index and the previous/next links), so no page
  links to a page that is not built.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from mkdocs.plugins import event_priority
from mkdocs.structure.files import InclusionLevel

from tpukb import languages
from tpukb.newarticle import is_draft


def on_files(files, config):
    site = languages.load(Path(config.config_file_path).resolve().parent)
    docs = Path(config.docs_dir)
    for file in files.documentation_pages(inclusion=InclusionLevel.all):
        parts = PurePosixPath(file.src_uri).parts
        if len(parts) > 1 and parts[0] in site.codes and \
                is_draft(docs / site.default / PurePosixPath(*parts[1:])):
            file.inclusion = InclusionLevel.DRAFT
    return files


def _published(items):
    kept = []
    for item in items:
        if item.is_page and item.file.inclusion.is_excluded():
            continue
        if item.is_section:
            item.children = _published(item.children)
        kept.append(item)
    return kept


@event_priority(-110)
def on_nav(nav, config, files):
    nav.items = _published(nav.items)
    nav.pages = [page for page in nav.pages if not page.file.inclusion.is_excluded()]
    for before, after in zip([None] + nav.pages[:-1], nav.pages):
        after.previous_page = before
        if before is not None:
            before.next_page = after
    if nav.pages:
        nav.pages[-1].next_page = None
    return nav
