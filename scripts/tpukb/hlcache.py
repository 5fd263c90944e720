"""Fenced code highlighted once per process, not once per page that shows it.

A Markdown extension (listed under `markdown_extensions` in mkdocs.yml as
`tpukb.hlcache`, after `pymdownx.superfences`). Every language version of an
article carries the same code blocks (code is English in every language) and
a build process builds two languages, so most fences the build highlights
were highlighted before, with the same arguments: Pygments' lexing and
formatting, and pymdownx.highlight's set-up around it (a new HTML formatter
per block), were a few per cent of the build's CPU.

This extension wraps the formatter pymdownx.superfences gives its default
fences (its own `highlight`) in a cache. (A custom fence named `*`, a
documented superfences option, could make the same call; but as a
`!!python/name` in superfences' settings it would also be copied into the
plain build of `tpukb bench`, which drops the `tpukb.*` extensions, and it
would still need the block counter below.) The key is everything the HTML
depends on: the fence's source, language, options (`hl_lines`, `linenums`,
`title`, ...), classes, id and attributes (every argument superfences
passes); the block's number in the page (the id of line spans and anchors);
the highlighter class; the settings superfences read from pymdownx.highlight,
and its own (`css_class`). A hit returns the stored HTML
and advances the block counter as the stock call does, so the blocks after it
are numbered as before. A result whose making stored something in the page's
HTML stash (a title in HTML mode) names that page's stash and is never
stored. So a page's HTML is byte for byte the HTML without the cache
(`tests/test_hlcache.py` converts every page and a page of edge cases both
ways and compares).

The cache lives in the process (one build, or every rebuild of `mkdocs serve`
and the preview: keys are content and settings, so an edited block or a
changed setting is a new key) and is bounded by the characters it holds, the
oldest entries dropped first.

It replaces one entry of superfences' private list of fences and reads and
advances pymdownx.highlight's block counter (`highlight_ext.pygments_code_block`);
on a pymdownx without them (or with the default fence already overridden) it
leaves superfences as it is, and a block whose counter it cannot read goes
through the stock call: as slow as before, never different.
"""

from __future__ import annotations

from markdown.extensions import Extension

# the cache's bound, in characters of source and HTML (a few tens of MB)
LIMIT = 16_000_000
_cache: dict[tuple, str] = {}
_size = 0


def clear() -> None:
    global _size
    _cache.clear()
    _size = 0


def _store(key: tuple, html: str) -> None:
    global _size
    size = len(key[0]) + len(html)
    if size > LIMIT:
        return
    while _cache and _size + size > LIMIT:  # dicts keep insertion order: oldest first
        old_key = next(iter(_cache))
        _size -= len(old_key[0]) + len(_cache.pop(old_key))
    _cache[key] = html
    _size += size


class CachedHighlight:
    """superfences' default formatter (`fenced.highlight`), its results cached."""

    def __init__(self, fenced):
        self.fenced = fenced
        self.settings = None  # read at the first block, after superfences read them

    def _settings(self):
        """What every block's HTML depends on beyond the fence: the highlighter
        and the settings superfences read (once per Markdown instance)."""
        if self.settings is None:
            fenced = self.fenced
            highlight = fenced.highlight_ext.get_pymdownx_highlight_settings()
            self.settings = (fenced.highlighter, repr(sorted(highlight.items())),
                             repr(sorted(fenced.config.items())))
        return self.settings

    def __call__(self, src="", language="", options=None, md=None, **kwargs):
        fenced = self.fenced
        counter = getattr(getattr(fenced, "highlight_ext", None), "pygments_code_block", None)
        if type(counter) is not int:
            return fenced.highlight(src=src, language=language, options=options, md=md, **kwargs)
        # the source first (_store counts its size); every argument superfences
        # passes (classes, id_value, attrs, ...); the number the block will get
        key = (src, self._settings(), language, _frozen(options),
               tuple((name, _frozen(value)) for name, value in kwargs.items()), counter + 1)
        try:
            html = _cache.get(key)
        except TypeError:  # an argument that cannot be a key: not cached
            return fenced.highlight(src=src, language=language, options=options, md=md, **kwargs)
        if html is not None:
            fenced.highlight_ext.pygments_code_block = counter + 1  # as the stock call does
            return html
        stash = fenced.md.htmlStash.html_counter
        html = fenced.highlight(src=src, language=language, options=options, md=md, **kwargs)
        if type(html) is str and fenced.md.htmlStash.html_counter == stash:
            _store(key, html)
        return html


def _frozen(value):
    """A fence's options, classes or attributes as part of a key (in their order)."""
    if isinstance(value, dict):
        return (dict, tuple(value.items()))
    if isinstance(value, list):
        return (list, tuple(value))
    return value


class HighlightCacheExtension(Extension):
    def extendMarkdown(self, md):
        if "fenced_code_block" not in md.preprocessors:
            return
        fenced = md.preprocessors["fenced_code_block"]
        # superfences' preprocessor knows its extension (Python-Markdown's own
        # fenced_code has none: nothing to cache)
        fences = getattr(getattr(fenced, "extension", None), "superfences", None)
        if not fences:
            return
        default = fences[0]
        # only superfences' own default fence (a custom `*` fence is left alone)
        if isinstance(default, dict) and default.get("name") == "superfences" and \
                default.get("formatter") == getattr(fenced, "highlight", None):
            default["formatter"] = CachedHighlight(fenced)


def makeExtension(**kwargs):  # Python-Markdown loads `tpukb.hlcache` by this name
    return HighlightCacheExtension(**kwargs)
