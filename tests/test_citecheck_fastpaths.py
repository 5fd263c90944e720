"""The checker's fast paths (tpukb.citecheck) find exactly what the plain
forms they replace find: each is compared with its reference on the real
pages and on random texts made of the characters that matter to it
(seeded, so a failure repeats)."""

from __future__ import annotations

import random
import re

import pytest

from conftest import DOCS, ROOT
from tpukb.citecheck import articles, dated, encoding, entries, glossary, safety, text
from tpukb.sourcefile import read_text

PAGES = [read_text(path) for path in sorted(DOCS.rglob("*.md"))]


def random_texts(pieces: list[str], count: int, seed: int, longest: int = 25) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, longest))) for _ in range(count)]


def spans(matches) -> list:
    return [(m.span(), m.groups()) for m in matches]


# the plain forms, as they were before the fast paths
def reference_mask(body: str) -> str:
    out, fence = [], None
    for line in body.splitlines(keepends=True):
        match = text.FENCE.match(line)
        if fence:
            out.append(re.sub(r"[^\n]", " ", line))
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = None
        elif match:
            fence = match.group(1)
            out.append(re.sub(r"[^\n]", " ", line))
        else:
            out.append(line)
    body = text.INLINE_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), "".join(out))
    return text.HTML_COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), body)


def reference_avoided_pattern(terms: list[str]) -> re.Pattern:
    groups: dict[str, list[str]] = {}
    for term in sorted(terms, key=len, reverse=True):
        groups.setdefault(term[:1].lower(), []).append(re.escape(term))
    alternatives = "|".join(f"(?={re.escape(first)})(?:{'|'.join(group)})"
                            for first, group in groups.items())
    return re.compile(r"(?<!\w)(?:" + alternatives + ")", re.I)


MASKING = ["```", "````", "~~~", "  ```py", "`", "``", "<!--", "-->", "\n", "\n\n", " \n", "x",
           "a b", "---\n", "title: t\n", "\u2028", "\x0c", "\r", "\t", "\x85", "[^2]"]
# characters that case-insensitive matching ties to others
ODD = ["ſ", "K", "İ", "ı", "Σ", "σ", "ς", "ß", "ẞ", "Å", "µ", "ǅ", "ﬁ", "Ä", "ä", "ي", "ة"]


def test_masking_fast_path_is_the_line_by_line_masking():
    for body in PAGES + random_texts(MASKING, 4000, 1):
        assert text.mask_fences(body) == text.line_by_line_fences(body), repr(body)
        assert text.mask_unrendered(body) == reference_mask(body), repr(body)


def test_shared_body_masking_is_masking_after_blanking_the_front_matter():
    for body in PAGES + ["---\n" + t + "\n---\n" + u for t, u in zip(random_texts(MASKING, 3000, 2),
                                                                   random_texts(MASKING, 3000, 3))]:
        with text.one_run():
            assert text.masked_body(body) == reference_mask(text.mask_front_matter(body)), repr(body)


def test_line_numbers_by_bisect_are_counted_newlines():
    for body in PAGES[:20] + random_texts(["\n", "x", "ab"], 200, 4):
        for offset in range(-2, len(body) + 2, max(1, len(body) // 50)):
            assert text.line_of(body, offset) == body.count("\n", 0, offset) + 1


@pytest.mark.parametrize("pattern, needle", [
    (text.HEADING, "#"), (text.FENCE_LINE, "```|~~~"), (articles.DEFINITION, "]:"),
    (encoding.INCLUDE_LIKE, "8<")])
def test_line_patterns_tried_on_their_lines_find_every_match(pattern, needle):
    pieces = ["#", "## ", "###### x", "####### ", " ", "\t", "\n", "a", "```", "~~~", "`", "[^3]",
              "[12]", "]:", "   ", "--8<-- \"c.md\"", "\u2013-8<", "8<", "\u00a0", "\u2028"]
    for body in PAGES + random_texts(pieces, 4000, 5):
        assert spans(text.line_matches(pattern, body, needle)) == spans(pattern.finditer(body)), repr(body)


def test_plain_marker_pattern_is_the_look_behind_first_one():
    reference = re.compile(r"(?<![\]\\])\[(\d+)\](?![(\[])")
    for body in PAGES + random_texts(["[", "]", "3", "12", "\\", "(", "x", "[^", " "], 4000, 6):
        assert spans(articles.PLAIN_MARKER.finditer(body)) == spans(reference.finditer(body))


def test_safety_rules_tried_at_their_colons_find_every_match():
    pieces = ["http://", "HTTP://", "hTtP://", "data:", "DaTa:", "javascript", "JavaScript", "vbscript",
              "ſcript", "scrıpt", ":", " ", "\t", "\n", "\u00a0", ",", ";", "a=b", "x", "-", "/",
              "text/html", "<", "onclick=", "<script"]
    for body in PAGES + random_texts(pieces, 6000, 7):
        for rule, pattern, *_ in safety.SAFETY_RULES:
            found = [(m.span(), m.lastindex, m.group(0)) for m in safety.matches(rule, pattern, body)]
            assert found == [(m.span(), m.lastindex, m.group(0)) for m in pattern.finditer(body)], (rule, body)


def test_screened_word_patterns_find_what_the_plain_ones_find():
    words = dated.VOLATILE_WORDS.replace("sign[- ]?up", "sign-up|sign up").replace(
        r"later in \d{4}", "later in 2026").split("|")
    rng = random.Random(8)

    def spell(word: str) -> str:
        return "".join(rng.choice([c, c.upper()] + ([rng.choice(ODD)] if rng.random() < 0.05 else []))
                       for c in word)

    volatile = re.compile(rf"\b({dated.VOLATILE_WORDS})\b", re.I)
    for _ in range(3000):
        body = "".join(rng.choice([spell(rng.choice(words)), " ", "x", "_", ".", "\n", rng.choice(ODD)])
                       for _ in range(rng.randint(0, 12)))
        assert spans(dated.VOLATILE.finditer(body)) == spans(volatile.finditer(body)), body
    terms = ["tpu-piiri", "Kaava", "sſtile", "İstanbul", "ıi", "σκ", "Ärsyttää", "ي ة", "-ko", "K", "k", "ſx"]
    for _ in range(500):
        chosen = list({t.casefold(): t for t in rng.sample(terms, rng.randint(1, len(terms)))})
        fast, plain = glossary.avoided_pattern(chosen), reference_avoided_pattern(chosen)
        for _ in range(10):
            body = "".join(rng.choice([spell(rng.choice(terms)), " ", "x", "\n", rng.choice(ODD), "-"])
                           for _ in range(rng.randint(0, 12)))
            assert spans(fast.finditer(body)) == spans(plain.finditer(body)), (chosen, body)


def test_url_fast_path_only_skips_urls_without_character_problems():
    printable = [chr(c) for c in range(0x21, 0x7f)]
    for url in random_texts(printable, 3000, 9, longest=40):
        assert entries.character_problems(url) == []
