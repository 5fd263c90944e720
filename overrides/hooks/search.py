"""Search in the reader's language with Pagefind (tpukb.search).

- marks each page's content article for indexing (a page rendered from a
  template only, such as a 404 page, and the pages that only list others,
  the Tags page, the knowledge-base index and the category pages, are left
  out);
- gives the templates the bundle's path and the highlight parameter
  (overrides/partials/search.html, overrides/main.html);
- once this process's languages are built, runs the Pagefind indexer over
  them: one index per `<html lang>`, with that language's stemmer (in a build
  split over two processes, each indexes its own languages at the same time
  and tpukb.parallel merges the two bundles).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tpukb import search


def on_env(env, config, files):
    env.globals["search_bundle"] = search.bundle_path(config.site_url)
    env.globals["search_base"] = search.base_path(config.site_url)
    env.globals["search_highlight_param"] = search.HIGHLIGHT_PARAM


_listings: set[str] = set()  # source paths of the pages that only list others


def on_pre_build(config):
    i18n = config.plugins.get("i18n")
    if i18n is None or not i18n.building:  # a new build (mkdocs serve rebuilds), not a language's
        _listings.clear()


@event_priority(100)  # first: before kb_index and the tags plugin replace their markers
def on_page_markdown(markdown, page, config, files):
    if search.is_listing(markdown):
        _listings.add(page.file.abs_src_path)


def on_post_page(output, page, config):
    try:
        return search.mark_body(output, page.file.abs_src_path,
                                page.file.abs_src_path in _listings)
    except search.SearchError as error:
        raise PluginError(str(error)) from error


@event_priority(-102)  # after the i18n plugin (-100), before the merge of a split build (-105)
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:  # a nested per-language build
        return
    try:
        search.index_site(Path(config.site_dir))
    except search.SearchError as error:
        raise PluginError(str(error)) from error
