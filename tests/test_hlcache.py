"""tpukb.hlcache gives the HTML pymdownx.superfences gives without it.

Every page of every language is converted with the extensions of mkdocs.yml,
with the cache (a fresh one, each page twice, so the second conversion and
every later language version is served from it) and without it, and compared
byte for byte. So is a page of fences no article uses yet (titles, an HTML
title, hl_lines, linenums, an unknown language, attribute lists, fences
nested in a list and a quote, an indented block after cached fences, the same
block repeated), under the project's settings and under settings whose HTML
depends on a block's position in the page (line anchors and spans), a title
from the lexer, and other styles, converted in turns in one process as
`mkdocs serve` would after a settings change.
"""

from __future__ import annotations


import markdown
import pytest

from tpukb import hlcache

from conftest import convert_markdown, markdown_extensions, markdown_sources

FENCES = '''\
# Fences

```python
def f(x):
    return x + 1
```

```python title="f.py"
def f(x):
    return x + 1
```

```python title="<b>f</b>.py" title_mode="html"
def f(x):
    return x + 1
```

```python hl_lines="1 3-4" linenums="10 2 3"
a = 1
b = 2
c = 3
d = 4
```

```python linenums="1"
def f(x):
    return x + 1
```

```no-such-language
<not> & "highlighted"
```

```
no language at all
```

``` {.python #fid .extra data-x="1" hl_lines="2"}
def f(x):
    return x + 1
```

1. A list item:

    ```bash
    echo "nested in a list"
    ```

    > A quote in it:
    >
    > ```python
    > def f(x):
    >     return x + 1
    > ```

> ```text
> quoted <text>
> ```

    an indented code block, numbered after the fences

~~~~python
```
a fence inside a fence
```
~~~~

```python
def f(x):
    return x + 1
```
'''

# settings whose HTML depends on more than a fence (its position, its lexer)
OTHER_SETTINGS = [
    {"line_anchors": "__a", "linenums": True},
    {"line_spans": "__s", "anchor_linenums": True, "linenums_style": "pymdownx-inline"},
    {"auto_title": True, "auto_title_map": {"Python": {"title": "<i>py</i>", "mode": "html"}}},
    {"pygments_style": "monokai", "noclasses": True},
    {"use_pygments": False},
    {"guess_lang": True, "default_lang": "python", "pygments_lang_class": True},
]


@pytest.fixture(scope="module")
def extensions():
    return markdown_extensions("tpukb.hlcache")


convert = convert_markdown


def test_the_cache_is_used(extensions):
    # a pymdownx whose superfences changed would leave the cache out, silently
    names, _, configs = extensions
    hlcache.clear()
    md = markdown.Markdown(extensions=names, extension_configs=configs)
    assert any(isinstance(fence["formatter"], hlcache.CachedHighlight)
               for ext in md.registeredExtensions for fence in getattr(ext, "superfences", ())), \
        "pymdownx.superfences changed: review tpukb.hlcache"
    convert(FENCES, names, configs)
    assert hlcache._cache


def test_every_page_converts_the_same(extensions):
    names, without, configs = extensions
    hlcache.clear()
    for page, text in markdown_sources():
        expected = convert(text, without, configs)
        assert convert(text, names, configs) == expected, page
        assert convert(text, names, configs) == expected, page  # from the cache


def test_unused_fences_convert_the_same(extensions):
    names, without, configs = extensions
    hlcache.clear()
    expected = convert(FENCES, without, configs)
    assert convert(FENCES, names, configs) == expected
    assert convert(FENCES, names, configs) == expected
    assert "<b>f</b>.py" in expected and 'class="hll"' in expected
    assert "nested in a list" in expected and ">inside<" in expected


@pytest.mark.parametrize("with_attr_list", [False, True])
def test_other_settings_convert_the_same_in_turns(extensions, with_attr_list):
    names, without, configs = extensions
    if with_attr_list:
        names, without = names + ["attr_list"], without + ["attr_list"]
    hlcache.clear()
    # twice over, one setting after another in one process, as serve rebuilds
    for _ in range(2):
        for settings in [{}] + OTHER_SETTINGS:
            highlight = dict(configs.get("pymdownx.highlight") or {}, **settings)
            changed = dict(configs, **{"pymdownx.highlight": highlight})
            expected = convert(FENCES, without, changed)
            assert convert(FENCES, names, changed) == expected, settings
            if not settings:  # attr_list gives a fence its attributes
                assert ('data-x="1"' in expected) == with_attr_list


def test_the_cache_is_bounded(extensions, monkeypatch):
    names, without, configs = extensions
    hlcache.clear()
    monkeypatch.setattr(hlcache, "LIMIT", 3000)
    expected = convert(FENCES, without, configs)
    for _ in range(2):
        assert convert(FENCES, names, configs) == expected
    assert 0 < hlcache._size <= 3000
    assert hlcache._size == sum(len(key[0]) + len(html) for key, html in hlcache._cache.items())
