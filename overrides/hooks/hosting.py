"""Hosting rules for the built site (tpukb.hosting):

- on_config: Material's scope script gets the site root's path
  (`extra.scope`) instead of a path relative to each page, so that inline
  script is the same on every page and the policy is known from the first
  page on;
- on_post_page: each page, as it is written, is checked for what no policy
  without 'unsafe-inline' allows (H1-H4) and for anything it would load from
  another host (H7), and gets the policy as a <meta> tag
  (tpukb.hosting.written);
- on_post_build, once the last language is built: hash the inline scripts of
  the pages written outside on_post_page (404 pages), rewrite any page whose
  policy lacks a script found later, give the root 404 page its language
  redirect (GitHub Pages) and write _headers and _redirects (Netlify,
  Cloudflare Pages). A page the policy cannot cover fails the build, named.
  In a build split over two processes, the second one saves its record for
  the main one, which publishes.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tpukb import languages, parallel
from tpukb.hosting import HostingError, csp, github_pages
from tpukb.hosting.publish import publish
from tpukb.hosting.written import Written

_problems: list[str] = []  # H1-H4 and H7 of the pages this process wrote
_written: Written | None = None


def _building_nested(config) -> bool:
    i18n = config.plugins.get("i18n")
    return i18n is not None and i18n.building


def on_config(config):
    config.extra.setdefault("scope", github_pages.base_path(config.site_url))
    return config


def on_pre_build(config):
    global _written
    if not _building_nested(config):  # a new build (mkdocs serve rebuilds)
        _problems.clear()
        _written = Written(languages.load(Path(config.config_file_path).parent))


@event_priority(-210)  # the page as written: after compact_html (-200)
def on_post_page(output, page, config):
    """H1-H4 of each page as it is written, in the process that builds it
    (both processes of a split build share this work); the build fails once
    every page is written, naming them all, and publish checks the rest."""
    path = Path(page.file.abs_dest_path)
    _problems.extend(csp.problems(path, output))
    try:
        return _written.page(Path(page.file.dest_path).as_posix(), path, output)
    except HostingError as error:
        _problems.append(str(error))
        return output


@event_priority(-200)  # after every hook and plugin that writes pages
def on_post_build(config):
    if _building_nested(config):  # a nested per-language build
        return
    if _problems:
        raise PluginError("hosting: " + "\n".join(_problems))
    site = Path(config.site_dir)
    if parallel.is_part():  # the main process publishes the merged site
        _written.save(site)
        return
    try:
        _written.load(site)
        publish(site, _written.languages, written=_written)
    except HostingError as error:
        raise PluginError(f"hosting: {error}") from None
