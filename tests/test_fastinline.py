"""tpukb.fastinline gives the HTML Python-Markdown gives without it.

Every page of every language (its citation file included, as the build
includes it) is converted with the extensions of mkdocs.yml, once with
tpukb.fastinline and once without, and compared byte for byte; so is a page
of the inline syntax no article uses yet (images, reference links, escapes,
entities, line breaks, e-mail autolinks, nested emphasis, a footnote cited
many times in one table row), which the faster loop must leave as it was;
so are generated texts mixing that syntax at random.

The characters a pattern's match can start with (`tpukb.startchars`, the
processor skips a pattern when the text holds none of them) are checked
against the regex engine itself: for every inline pattern of the site's
Markdown and for one regex per construct the analysis handles, every match
found at any position of many generated strings must start with a character
of the set.
"""

from __future__ import annotations

import random
import re

import markdown
import pytest
from markdown.inlinepatterns import InlineProcessor as NewStylePattern

from tpukb import fastinline
from tpukb.startchars import start_chars

from conftest import convert_markdown, markdown_extensions, markdown_sources

SYNTAX = """\
# Inline syntax[^1]

A *single*, **double**, ***both***, _under_ and __under__ emphasis, `code [^1] *not*`,
``a `tick` inside``, a [link](https://example.org/ "title")[^2] and a [reference][ref],
a [short] reference, an ![image](a.png) and ![a reference image][ref], <https://example.org/x>,
<someone@example.org>, \\*escaped\\*, \\[^1\\], &amp; &copy; &#169;, <span class="x">*html*</span>
and a line break  
here, **[bold link](https://example.org/)[^1]** and *[^2] in emphasis*.

| a | b |
|---|---|
| 16 GB[^1] | 197 TFLOPS[^1][^2] `x|y` |
| <b>1</b>[^1] | **2**[^2] [x](https://example.org/)[^1] |

[ref]: https://example.org/ref
[short]: https://example.org/short

[^1]: Publisher. *Title*. <https://example.org/1>. Retrieved 2026-11-27.
[^2]: Publisher. *Other [title]*. <https://example.org/2>. Retrieved 2026-11-27.
"""


@pytest.fixture(scope="module")
def extensions():
    return markdown_extensions("tpukb.fastinline")


convert = convert_markdown


def test_this_python_markdown_is_supported():
    assert fastinline.supported(), "Python-Markdown's InlineProcessor changed: review tpukb.fastinline"


def test_every_page_converts_the_same(extensions):
    names, without, configs = extensions
    for page, text in markdown_sources():
        assert convert(text, names, configs) == convert(text, without, configs), page


def test_unused_inline_syntax_converts_the_same(extensions):
    names, without, configs = extensions
    html = convert(SYNTAX, names, configs)
    assert html == convert(SYNTAX, without, configs)
    assert '<img alt="image" src="a.png"' in html and "<br" in html and "<em>html</em>" in html


def test_undefined_references_are_left_as_written(extensions):
    # no `[id]: url` line: the reference patterns are skipped, the brackets stay text
    names, without, configs = extensions
    text = "\n".join(line for line in SYNTAX.splitlines() if not line.startswith(("[ref]", "[short]")))
    html = convert(text, names, configs)
    assert html == convert(text, without, configs)
    assert "[reference][ref]" in html and "[short] reference" in html


# Texts a match can follow a start character with: every inline syntax of
# the site's patterns (so that each pattern matches somewhere), and the odd
# characters the unit cases below need.
TAILS = ["", "`", "``x`", "\\`x`", "x`", "\\x", "[^1]", "^1]", "[x](y)", "x](y)", "[x][ref]",
         "![x](y)", "[x]", "<https://x.org/>", "https://x.org/>", "<a@b.c>", "a@b.c>", "  \n", " \n",
         "\n", "<span class=\"x\">", "span>", "</b>", "<!-- x -->", "!-- x -->", "<?x?>",
         "<![CDATA[x]]>", "&amp;", "amp;", "&#169;", "#x1F;", "*x*", "x*", "_x_", "__x__", "a", "b",
         "c", "x", "ab", "bc", "1", "K", "k", "s"]
PREFIXES = ["", "a", "!", "\\", " ", "`"]
# ASCII, Latin-1 and Latin Extended-A, and characters case folding, digits
# and white space make special (Kelvin sign, dotted I, Arabic-Indic digit...)
SAMPLE = [chr(code) for code in range(0x180)] + \
    list("\u0130\u0131\u212a\u2028\u3000\u0663\u0627\u4e2d\U0001d7ce")


def matched_starts(expression, rounds: int = 400) -> set[str]:
    """The first characters of the non-empty matches of `expression` in the generated strings."""
    found = set()
    for char in SAMPLE:
        for prefix in PREFIXES:
            for tail in TAILS:
                match = expression.match(prefix + char + tail, len(prefix))
                if match and match.end() > match.start():
                    found.add(char)
    generator = random.Random(20261127)
    alphabet = "".join(SAMPLE[:0x80]) + "`\\[]()<>!*_&#;@:/ \n" * 4
    for _ in range(rounds):
        text = "".join(generator.choice(alphabet + generator.choice(TAILS)) for _ in range(40))
        for position in range(len(text)):
            match = expression.match(text, position)
            if match and match.end() > match.start():
                found.add(text[position])
    return found


def test_start_characters_of_the_site_patterns_hold_every_match(extensions):
    names, _without, configs = extensions
    md = markdown.Markdown(extensions=names, extension_configs=configs)
    checked = 0
    for pattern in md.inlinePatterns:
        if not isinstance(pattern, NewStylePattern):
            continue
        expression = pattern.getCompiledRegExp()
        starts = start_chars(expression)
        assert starts is not None, f"{expression.pattern}: no start set, no faster skip"
        found = matched_starts(expression)
        assert found, f"{expression.pattern}: the generated strings never match it"
        assert found <= starts, (expression.pattern, found - starts)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("regex, flags, expected", [
    (r"a", 0, "a"),
    (r"ab|c", 0, "ac"),  # BRANCH
    (r"(?:a|(b))c", 0, "ab"),  # SUBPATTERN, with a group and without
    (r"[a-c1]x", 0, "abc1"),  # IN: a range and a literal
    (r"\d", re.ASCII, "0123456789"),  # a category, ASCII only
    (r"\d", 0, "0123456789\u0663\U0001d7ce"),  # a category, Unicode (sample subset)
    (r"a*b", 0, "ab"),  # a repeat that can be empty lets the next item start
    (r"a?b", 0, "ab"),
    (r"a{0,2}b", 0, "ab"),
    (r"a*?b", 0, "ab"),  # lazy
    (r"a*+b", 0, "ab"),  # possessive
    (r"(?:a*|b)c", 0, "abc"),  # a branch that can be empty
    (r"a{2,3}b", 0, "a"),  # a repeat that cannot be empty
    (r"(?>a|b)c", 0, "ab"),  # atomic group
    (r"(?=a)[ab]", 0, "ab"),  # lookahead: zero width, not used to narrow
    (r"(?<!x)b", 0, "b"),  # lookbehind: zero width
    (r"(?!c)b", 0, "b"),
    (r"^a|\bb", 0, "ab"),  # anchors: zero width
    (r"(a)\1", 0, "a"),  # a back reference after the first character
    (r"k", re.IGNORECASE, "kK\u212a"),  # case folding: the Kelvin sign too
    (r"(?i)s", 0, "sS\u017f"),  # global inline flag: the long s too
    (r"(?i:i)x", 0, "iI\u0130\u0131"),  # scoped flag
    (r"(?i)(?-i:a)|b", 0, "aBb"),  # a flag removed in a group
    (r"(?i)[a-b]", 0, "aAbB"),
])
def test_start_characters_of_each_construct(regex, flags, expected):
    expression = re.compile(regex, flags)
    starts = start_chars(expression)
    assert starts is not None
    assert set(expected) <= starts
    assert matched_starts(expression, rounds=50) <= starts
    if not flags & re.IGNORECASE and "(?i" not in regex and "\\d" not in regex:
        assert starts == set(expected)  # exact where nothing is folded


def test_a_flag_removed_in_a_group_no_longer_folds():
    assert start_chars(re.compile(r"(?i)(?-i:a)|b")) == set("aBb")


@pytest.mark.parametrize("regex", [
    r"a*", r"(?=a)", r"a|", r"(?:)", r"\b",  # can match the empty string
    r".a", r"[^a]b", r"\Sa",  # almost any character
    r"(a)?\1", r"(a)?(?(1)b|c)",  # a back reference or a condition first
    r"[\u0000-\uffff]",  # too many characters to be a filter
])
def test_unknown_start_characters(regex):
    assert start_chars(re.compile(regex)) is None


def test_bytes_pattern_has_no_start_characters():
    assert start_chars(re.compile(rb"a")) is None


def test_generated_texts_convert_the_same(extensions):
    # random mixes of the inline syntax, references defined or not
    names, without, configs = extensions
    generator = random.Random(30)
    words = ["word", "*", "**", "_", "__", "`", "``", "\\", "[", "]", "(", ")", "!", "<", ">", "&",
             "&amp;", "&#169;", "[^1]", "[^2]", "[x](https://example.org/)", "[ref]", "[x][ref]",
             "![i](a.png)", "<https://example.org/>", "<a@b.org>", "<b>", "</b>", "  \n", " ", "\n",
             "\u00e9t\u00e9", "\u0627\u0644", "|", "# ", "- ", "1. "]
    for number in range(120):
        text = "".join(generator.choice(words) for _ in range(generator.randint(5, 60)))
        text += "\n\n[^1]: A *note* [x](https://example.org/n).\n[^2]: `code`\n"
        if number % 2:
            text += "\n[ref]: https://example.org/ref\n"
        assert convert(text, names, configs) == convert(text, without, configs), text
