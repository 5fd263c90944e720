"""The navigation's closed branches rendered once per page folder, not once per page.

Material renders the whole navigation on every page (partials/nav-item.html):
on every article page of a language the same pruned categories, the same
links to the sibling articles, each asking every child whether it is an
index page. A branch that holds no active item (a closed one) comes out the
same on every page except for its links, which the `url` filter writes
relative to the page (and the current page, which is in no closed branch
unless the navigation lists it twice). This cache, called by
overrides/partials/nav-item.html around each branch below the top level,
keeps a closed branch's HTML for the pages on which it comes out the same,
and renders it again for any other page.

When it comes out the same: MkDocs' `url` filter (mkdocs.utils.
normalize_url, get_relative_url) writes a link to T from a page at folder
URL D/p/ from the folders D and T alone, unless T is D/p/ or lies below it.
So pages whose URL ends in a folder share a branch's HTML with the pages of
the same parent folder D when no entry of the navigation but the page's own
(none if the page is not in it) is the page's URL or below it, which also
rules out a page listed twice: every article page of a language shares one
copy; the home page and a section's index page with articles below it get
their own rendering, uncached. A page URL ending in a file name
(use_directory_urls: false) has its links read from its folder alone: such
pages (each listed once) share by folder.

The key holds every other input of the branch's macro that can differ
between pages: the branch (by identity), its checkbox id (path), its level
and whether its parent is active (navigation.tabs reads it). The rest it
reads (config, features, the theme's strings) is the same for the whole
build; the cache lives in one Jinja environment, which MkDocs makes anew for
every build and the i18n plugin for every language (tpukb.plugin, on_env).
It relies on MkDocs' own `url` filter (another one, such as Material's blog
plugin's, renders every branch as before) and on nothing changing the
navigation while the pages render (the site's plugins do not).
"""

from __future__ import annotations

import collections
import posixpath
from urllib.parse import urlsplit

from jinja2 import pass_context
from mkdocs.utils.templates import url_filter


def _parts(url: str) -> tuple[str, ...]:
    """A URL's folders as get_relative_url compares them (mkdocs.utils._norm_parts)."""
    path = posixpath.normpath("/" + url)[1:]
    return tuple(path.split("/")) if path else ()


def _page_independent(url: str) -> bool:
    """The `url` filter returns this URL as it is (mkdocs.utils._get_norm_url;
    not called: it logs a warning for a backslash in any link it reads, and
    navigation links a pruned page never shows would then fail a strict build)."""
    parsed = urlsplit(url)
    return bool(parsed.scheme or parsed.netloc or url.startswith(("/", "#")))


class _Entries:
    """A navigation's link targets: how many lie at or below each folder, and its pages."""

    def __init__(self, nav) -> None:
        self.nav = nav
        self.below: collections.Counter[tuple[str, ...]] = collections.Counter()
        self.pages: set[int] = set()
        stack = list(nav.items)
        while stack:
            item = stack.pop()
            if item.children:
                stack.extend(item.children)
            url = getattr(item, "url", None)
            if url is None or _page_independent(url):
                continue
            if item.is_page:
                self.pages.add(id(item))
            parts = _parts(url)
            for end in range(len(parts) + 1):
                self.below[parts[:end]] += 1

    def folder(self, page) -> tuple | None:
        """The key under which `page` shares closed branches, or None if it shares none."""
        url = page.url
        parts = _parts(url)
        # Only the page's own entry may be at its URL or below it: a second
        # entry of the page renders as the current page (with its table of
        # contents) in whatever branch holds it.
        if self.below[parts] != (1 if id(page) in self.pages else 0):
            return None
        head, _, tail = url.rpartition("/")
        if "." in tail:
            # get_relative_url reads such a page's links from its folder alone
            return ("in", _parts(head))
        if not parts:
            return None
        return ("beside", parts[:-1])


class NavFragments:
    """`tpukb_nav_fragment` in the templates: a {% call %} around one branch's render."""

    def __init__(self) -> None:
        self._entries: _Entries | None = None
        self._page: tuple = (None, None)  # the last page asked about and its folder
        self._html: dict[tuple, tuple[object, str]] = {}

    def _folder(self, nav, page) -> tuple | None:
        if self._entries is None or self._entries.nav is not nav:
            self._entries = _Entries(nav)
            self._page = (None, None)
        if self._page[0] is not page:
            self._page = (page, self._entries.folder(page))
        return self._page[1]

    @pass_context
    def __call__(self, context, nav_item, path, level, parent, caller):
        """The HTML of caller(nav_item, path, level, parent): Material's render of the branch."""
        def render():
            return caller(nav_item, path, level, parent)

        page = context.get("page")
        nav = context.get("nav")
        if nav_item.active or page is None or nav is None or getattr(page, "url", None) is None \
                or context.environment.filters.get("url") is not url_filter:
            return render()  # (another `url` filter, such as Material's blog's, may read the page)
        folder = self._folder(nav, page)
        if folder is None:
            return render()
        key = (id(nav_item), path, level, bool(parent.active), folder)
        hit = self._html.get(key)
        if hit is not None:  # the entry holds its item: no other object can have its id
            return hit[1]
        html = render()
        self._html[key] = (nav_item, html)
        return html
