"""Hosting rules for the built site (tpukb.hosting): each page, as it is
written, is checked for what no policy without 'unsafe-inline' allows
(H1-H4); once the last language is built, hash every inline script into the Content-Security-Policy, put the
policy into every page as a <meta> tag, give the root 404 page its language
redirect (GitHub Pages) and write _headers and _redirects (Netlify,
Cloudflare Pages). A page the policy cannot cover fails the build, named.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tpukb import languages, parallel
from tpukb.hosting import HostingError, csp
from tpukb.hosting.publish import publish


_problems: list[str] = []  # H1-H4 of the pages this process wrote


def on_pre_build(config):
    i18n = config.plugins.get("i18n")
    if i18n is None or not i18n.building:  # a new build (mkdocs serve rebuilds)
        _problems.clear()


@event_priority(-210)  # the page as written: after compact_html (-200)
def on_post_page(output, page, config):
    """H1-H4 of each page as it is written, in the process that builds it
    (both processes of a split build share this work); the build fails once
    every page is written, naming them all, and publish checks the rest."""
    _problems.extend(csp.problems(Path(page.file.abs_dest_path), output))
    return output


def _not_a_page(path: Path) -> bool:
    """HTML no on_post_page saw: the 404 pages rendered from the theme."""
    return path.name == "404.html"


@event_priority(-200)  # after every hook and plugin that writes pages
def on_post_build(config):
    i18n = config.plugins.get("i18n")
    if i18n is not None and i18n.building:  # a nested per-language build
        return
    if _problems:
        raise PluginError("hosting: " + "\n".join(_problems))
    if parallel.is_part():  # the main process publishes the merged site
        return
    try:
        publish(Path(config.site_dir), languages.load(Path(config.config_file_path).parent),
                check=_not_a_page)
    except HostingError as error:
        raise PluginError(f"hosting: {error}") from None
