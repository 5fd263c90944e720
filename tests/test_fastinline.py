"""tpukb.fastinline gives the HTML Python-Markdown gives without it.

Every page of every language (its citation file included, as the build
includes it) is converted with the extensions of mkdocs.yml, once with
tpukb.fastinline and once without, and compared byte for byte; so is a page
of the inline syntax no article uses yet (images, reference links, escapes,
entities, line breaks, e-mail autolinks, nested emphasis, a footnote cited
many times in one table row), which the faster loop must leave as it was.
"""

from __future__ import annotations

import os
from pathlib import Path

import markdown
import pytest
from mkdocs.config import load_config
from mkdocs.utils.meta import get_data

from tpukb import fastinline

from conftest import DOCS, ROOT

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
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    config = load_config(str(ROOT / "mkdocs.yml"))
    names = list(config["markdown_extensions"])
    assert "tpukb.fastinline" in names, "mkdocs.yml no longer lists tpukb.fastinline"
    without = [name for name in names if name != "tpukb.fastinline"]
    return names, without, dict(config["mdx_configs"])


def convert(text: str, names, configs) -> str:
    cwd = os.getcwd()
    os.chdir(ROOT)  # pymdownx.snippets' base_path is relative to the project
    try:
        return markdown.Markdown(extensions=names, extension_configs=configs).convert(text)
    finally:
        os.chdir(cwd)


def test_this_python_markdown_is_supported():
    assert fastinline.supported(), "Python-Markdown's InlineProcessor changed: review tpukb.fastinline"


def test_every_page_converts_the_same(extensions):
    names, without, configs = extensions
    pages = sorted(p for p in DOCS.rglob("*.md") if "citations" not in p.relative_to(DOCS).parts)
    assert len(pages) > 20
    for page in pages:
        text = get_data(page.read_text(encoding="utf-8-sig"))[0]
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
