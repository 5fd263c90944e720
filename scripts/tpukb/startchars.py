"""The characters a regular expression's match can start with.

`start_chars(compiled)` reads the pattern with the standard library's own
parser and returns a frozenset holding every character a non-empty match
can begin with, or None when it cannot tell (a construct not handled here,
a pattern that can match the empty string, a start that is almost any
character). The set may hold more than the regex can really start with
(a lookahead is not used to narrow it), never less: a text without any of
its characters after a position cannot hold a match from that position, so
a caller can skip the search (`tpukb.fastinline` does).
"""

from __future__ import annotations

import functools
import itertools
import sys
from re import _compiler, _constants as C, _parser  # the standard library's own (Python 3.11+)

# A start set this large is no use as a filter (almost every text holds one)
LIMIT = 1024


class _Unknown(Exception):
    """A construct whose first characters are not worked out here."""


@functools.lru_cache(maxsize=None)  # Markdown compiles the same patterns for every page
def start_chars(compiled) -> frozenset[str] | None:
    """The characters a match of `compiled` can start with; None when unknown."""
    pattern, flags = compiled.pattern, compiled.flags
    if not isinstance(pattern, str) or flags & C.SRE_FLAG_LOCALE:
        return None  # bytes: not the text Markdown searches
    try:
        parsed = _parser.parse(pattern, flags)
        chars, nullable = _sequence(parsed, flags | parsed.state.flags)
    except (_Unknown, RecursionError):
        return None
    if nullable or len(chars) > LIMIT:
        return None  # an empty match starts anywhere
    return frozenset(chars)


def _sequence(items, flags) -> tuple[set[str], bool]:
    """First characters of a sequence, and whether all of it can match empty."""
    chars: set[str] = set()
    for op, av in items:
        first, nullable = _item(op, av, flags)
        chars |= first
        if not nullable:
            return chars, False  # later items start after this one's character
    return chars, True


def _item(op, av, flags) -> tuple[set[str], bool]:
    if op is C.LITERAL:
        if flags & C.SRE_FLAG_IGNORECASE:
            return _matched([(op, av)], flags), False
        return {chr(av)}, False
    if op is C.IN:
        return _charset(av, flags), False
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return set(), True  # zero width: the next item consumes the first character
    if op is C.BRANCH:
        chars, nullable = set(), False
        for alternative in av[1]:
            first, empty = _sequence(alternative, flags)
            chars |= first
            nullable = nullable or empty
        return chars, nullable
    if op is C.SUBPATTERN:
        _group, add, remove, items = av
        return _sequence(items, (flags | add) & ~remove)
    if op is C.ATOMIC_GROUP:
        return _sequence(av, flags)
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        low, _high, items = av
        chars, nullable = _sequence(items, flags)
        return chars, nullable or low == 0
    # ANY, NOT_LITERAL (almost any character), back references, conditionals
    raise _Unknown(op)


def _charset(items, flags) -> set[str]:
    if any(op is C.NEGATE for op, _ in items):
        raise _Unknown(C.NEGATE)  # almost any character
    if flags & C.SRE_FLAG_IGNORECASE or any(op is C.CATEGORY for op, _ in items):
        return _matched([(C.IN, items)], flags)  # case folding, \d \s \w: ask the engine
    chars: set[str] = set()
    for op, av in items:
        if op is C.LITERAL:
            chars.add(chr(av))
        elif op is C.RANGE:
            low, high = av
            if high - low >= LIMIT:
                raise _Unknown(C.RANGE)
            chars.update(map(chr, range(low, high + 1)))
        else:
            raise _Unknown(op)
    return chars


def _matched(items, flags) -> set[str]:
    """Every character one single-character item matches, by the regex engine itself.

    Case folding and Unicode categories follow tables only the engine holds
    (a `k` ignoring case also matches the Kelvin sign): the item is compiled
    alone, with the flags in force where it stands, and run over every
    character there is.
    """
    parsed = _parser.SubPattern(_parser.State(), list(items))
    parsed.state.flags = flags
    matches = _compiler.compile(parsed, flags).finditer(_every_character())
    found = {match[0] for match in itertools.islice(matches, LIMIT + 1)}  # \S: stop early
    if len(found) > LIMIT:
        raise _Unknown("too many characters")
    return found


@functools.lru_cache(maxsize=1)
def _every_character() -> str:
    return "".join(map(chr, range(sys.maxunicode + 1)))
