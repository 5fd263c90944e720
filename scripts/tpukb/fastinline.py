"""Python-Markdown's inline step, the same output in less time.

A Markdown extension (listed under `markdown_extensions` in mkdocs.yml as
`tpukb.fastinline`). Python-Markdown's InlineProcessor tries every inline
pattern of every extension on every text node of a page, each attempt a call
through the pattern registry and a method that searches the text; on the
knowledge base's articles this was most of the build's Markdown time, and
nearly every attempt finds nothing. This processor does the same loop over
the same patterns in the same order, but looks the pattern list up once per
page and, before each attempt, searches the text with the pattern's own
regular expression from the same position: when it finds nothing, the
attempt could not have matched (Python-Markdown's attempt starts with that
very search) and is skipped, as the stock loop would skip it (the next
pattern starting from position 0 again). Before even that search it asks
whether the text holds any of the characters a match can start with
(`tpukb.startchars` reads them from the parsed expression: a backtick or a
backslash for code spans, `[` for links...); `char in text` tells far faster
than a search that tries the expression at each position (a lookbehind
first, as in the code span and link patterns, keeps the regex engine from
jumping to a likely start), and with none of them there the search would
fail too. Every other case goes through Python-Markdown's own code, so the
HTML is byte for byte the same
(`tests/test_fastinline.py` converts every page both ways and compares).

A page that defines no link reference (`[id]: url`) has its reference
patterns (`[text][id]`, `[id]`, and their image forms) skipped outright: with
no reference to find they match every bracket, read the text to its closing
bracket and change nothing (Python-Markdown ignores an undefined reference),
so skipping them leaves the text as their attempts would (no character can
start their match, no search is made).

It overrides one private method of Python-Markdown's InlineProcessor
(`__handleInline`, through its mangled name) and calls another
(`__applyPattern`); on a Python-Markdown without them it leaves the stock
processor in place (the build is then as slow as before, never different).
"""

from __future__ import annotations

from markdown import util
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor as NewStylePattern
from markdown.inlinepatterns import ReferenceInlineProcessor
from markdown.treeprocessors import InlineProcessor

from tpukb.startchars import start_chars

# Python-Markdown registers its inline step under this name and priority
NAME, PRIORITY = "inline", 20
_APPLY = "_InlineProcessor__applyPattern"
_HANDLE = "_InlineProcessor__handleInline"
# Start characters worth testing one by one (`char in text` each) before the
# search: the site's patterns have one or two; a pattern starting with a
# digit or a letter in any case is left to its search
FEW = 8


def supported() -> bool:
    """Whether this Python-Markdown has the two private methods overridden and called."""
    return callable(getattr(InlineProcessor, _APPLY, None)) and \
        callable(getattr(InlineProcessor, _HANDLE, None))


class FastInlineProcessor(InlineProcessor):
    """Python-Markdown's InlineProcessor, skipping the attempts that cannot match."""

    def run(self, tree, ancestors=None):
        # (pattern, the characters its match can start with, its expression
        #  when a failed search proves no match); None when not known
        self._tpukb_patterns = [(pattern, *self._filters(pattern)) for pattern in self.inlinePatterns]
        return super().run(tree, ancestors)

    def _filters(self, pattern):
        if not isinstance(pattern, NewStylePattern):
            return None, None
        if not self.md.references and \
                type(pattern).handleMatch is ReferenceInlineProcessor.handleMatch:
            return (), None  # no reference defined: an attempt changes nothing
        expression = pattern.getCompiledRegExp()
        starts = start_chars(expression)
        if starts is None or len(starts) > FEW:
            return None, expression  # the search alone: faster than many `in` scans
        return tuple(sorted(starts)), expression

    def _InlineProcessor__handleInline(self, data: str, patternIndex: int = 0) -> str:
        # the stock __handleInline, but for the checks before each attempt
        if not isinstance(data, util.AtomicString):
            startIndex = 0
            patterns = self._tpukb_patterns
            count = len(patterns)
            apply = getattr(self, _APPLY)
            while patternIndex < count:
                pattern, starts, expression = patterns[patternIndex]
                if starts is not None:
                    # a `char in data` finds a character far faster than the
                    # search (which tries the whole expression at each position)
                    for char in starts:
                        if char in data:
                            break
                    else:  # no character a match starts with: the search would fail
                        patternIndex, startIndex = patternIndex + 1, 0
                        continue
                if expression is not None and expression.search(data, startIndex) is None:
                    # what the stock attempt returns when nothing matches
                    patternIndex, startIndex = patternIndex + 1, 0
                    continue
                data, matched, startIndex = apply(pattern, data, patternIndex, startIndex)
                if not matched:
                    patternIndex += 1
        return data


class FastInlineExtension(Extension):
    def extendMarkdown(self, md):
        if supported():
            md.treeprocessors.register(FastInlineProcessor(md), NAME, PRIORITY)


def makeExtension(**kwargs):  # Python-Markdown loads `tpukb.fastinline` by this name
    return FastInlineExtension(**kwargs)
