"""H7: no element of any page loads anything from another host
(tpukb.hosting.loads). One fixture per kind of embedding element proves the
check names it; a real strict build fails naming the page and each element;
links, metadata URLs and text that only looks like markup pass.
(tests/e2e/test_privacy_and_accessibility.py proves in Chromium that no page
makes a request outside the site.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import copy_project, mkdocs_build
from tpukb.hosting import csp, loads

PAGE = Path("site/fi/x/index.html")

# kind of embedding -> (markup, the element as the finding names it, host)
FOREIGN = {
    "img src": ('<img src="https://cdn.example.org/a.png" alt="">', '<img src="https://cdn.example.org/a.png">', "cdn.example.org"),
    "img srcset": ('<img src="a.png" srcset="a.png 1x, https://cdn.example.org/b.png 2x" alt="">', "<img srcset=", "cdn.example.org"),
    "picture source srcset": ('<picture><source srcset="//cdn.example.org/b.webp"><img src="a.png" alt=""></picture>', "<source srcset=", "cdn.example.org"),
    "iframe": ('<iframe src="https://video.example.org/embed/x" title="v"></iframe>', "<iframe src=", "video.example.org"),
    "iframe srcdoc": ('<iframe srcdoc="&lt;img src=&quot;https://t.example.org/p.gif&quot;&gt;"></iframe>', "in <iframe srcdoc>: <img src=", "t.example.org"),
    "frame": ('<frame src="https://cdn.example.org/f.html">', "<frame src=", "cdn.example.org"),
    "video src": ('<video src="https://cdn.example.org/v.mp4"></video>', "<video src=", "cdn.example.org"),
    "video poster": ('<video poster="https://cdn.example.org/p.jpg"></video>', "<video poster=", "cdn.example.org"),
    "audio": ('<audio src="https://cdn.example.org/a.mp3"></audio>', "<audio src=", "cdn.example.org"),
    "source src": ('<audio><source src="https://cdn.example.org/a.ogg"></audio>', "<source src=", "cdn.example.org"),
    "track": ('<video><track src="https://cdn.example.org/t.vtt"></video>', "<track src=", "cdn.example.org"),
    "embed": ('<embed src="https://cdn.example.org/x.swf">', "<embed src=", "cdn.example.org"),
    "object data": ('<object data="https://cdn.example.org/x.pdf"></object>', "<object data=", "cdn.example.org"),
    "input type=image": ('<input type="image" src="https://cdn.example.org/b.png" alt="go">', '<input type="image" src=', "cdn.example.org"),
    "link stylesheet": ('<link rel="stylesheet" href="https://fonts.example.org/css">', '<link rel="stylesheet" href=', "fonts.example.org"),
    "link preload": ('<link rel="preload" as="font" href="https://fonts.example.org/x.woff2">', '<link rel="preload" href=', "fonts.example.org"),
    "link icon": ('<link rel="icon" href="https://cdn.example.org/favicon.ico">', '<link rel="icon" href=', "cdn.example.org"),
    "link manifest": ('<link rel="manifest" href="https://cdn.example.org/m.webmanifest">', '<link rel="manifest" href=', "cdn.example.org"),
    "link modulepreload": ('<link rel="modulepreload" href="https://cdn.example.org/m.js">', '<link rel="modulepreload" href=', "cdn.example.org"),
    "link preconnect": ('<link rel="preconnect" href="https://cdn.example.org">', '<link rel="preconnect" href=', "cdn.example.org"),
    "link alternate stylesheet": ('<link rel="alternate stylesheet" href="https://cdn.example.org/x.css">', '<link rel="alternate stylesheet" href=', "cdn.example.org"),
    "svg image": ('<svg><image href="https://cdn.example.org/i.png"/></svg>', "<image href=", "cdn.example.org"),
    "svg use": ('<svg><use xlink:href="https://cdn.example.org/s.svg#i"/></svg>', "<use xlink:href=", "cdn.example.org"),
    "svg feImage": ('<svg><filter><feImage href="https://cdn.example.org/f.png"/></filter></svg>', "<feimage href=", "cdn.example.org"),
    "style attribute url()": ('<div style="background:url(https://cdn.example.org/bg.png)"></div>', "<div style=", "cdn.example.org"),
    "style element @import": ('<style>@import "https://cdn.example.org/x.css";</style>', "<style> url(", "cdn.example.org"),
    "meta refresh": ('<meta http-equiv="refresh" content="0; url=https://elsewhere.example.org/">', '<meta http-equiv="refresh" content=', "elsewhere.example.org"),
    "base href": ('<base href="https://cdn.example.org/">', "<base href=", "cdn.example.org"),
    "background attribute": ('<table background="https://cdn.example.org/bg.gif"></table>', "<table background=", "cdn.example.org"),
    "a ping": ('<a href="x/" ping="https://t.example.org/p">x</a>', "<a ping=", "t.example.org"),
    "html manifest": ('<html manifest="https://cdn.example.org/app.appcache">', "<html manifest=", "cdn.example.org"),
    "script src written /\\host": ('<script src="/\\cdn.example.org/x.js"></script>', "<script src=", "cdn.example.org"),
    "importmap": ('<script type="importmap">{"imports":{"x":"https://cdn.example.org/x.js"}}</script>', '<script type="importmap">', "cdn.example.org"),
    "character reference": ('<img src="&#104;ttps://cdn.example.org/a.png" alt="">', "<img src=", "cdn.example.org"),
    "tab inside the scheme": ('<img src="ht\ttps://cdn.example.org/a.png" alt="">', "<img src=", "cdn.example.org"),
    "the site's own host": ('<img src="https://kb.example.org/assets/a.png" alt="">', "<img src=", "kb.example.org"),
}

NOT_LOADS = {
    "a link": '<a href="https://example.org/">x</a>',
    "hreflang alternate": '<link rel="alternate " hreflang="fi" href="https://kb.example.org/fi/">',
    "canonical": '<link rel="canonical" href="https://kb.example.org/">',
    "feed link": '<link rel="alternate " type="application/atom+xml" href="https://kb.example.org/feed.xml">',
    "og:image": '<meta property="og:image" content="https://kb.example.org/assets/images/social.png">',
    "relative loads": '<img src="../assets/a.png" srcset="a.png 1x, b.png 2x" alt=""><link rel="stylesheet" href="/assets/x.css">',
    "data: image": '<img src="data:image/png;base64,AAAA" alt="">',
    "JSON-LD": '<script type="application/ld+json">{"url":"https://x.example.org/"}</script>',
    "prose": '<p>src="https://x.example.org/" and <code>&lt;img src="https://x.example.org/a.png"&gt;</code></p>',
    "form": '<form action="https://search.example.org/"><button formaction="https://x.example.org/">go</button></form>',
}


def page_with(markup: str) -> str:
    return f"<!doctype html>\n<html>\n<head>\n</head>\n<body>\n{markup}\n</body>\n</html>\n"


@pytest.mark.parametrize("kind", FOREIGN)
def test_each_kind_of_embedding_is_named_with_page_line_and_host(kind):
    markup, element, host = FOREIGN[kind]
    found = [f for f in csp.problems(PAGE, page_with(markup)) if " H3 " not in f]
    if markup.startswith("<html "):  # the page's own root element
        found = [f for f in csp.problems(PAGE, markup + "\n<body></body></html>") if " H3 " not in f]
    assert len(found) == 1, found
    assert re.match(rf"{re.escape(str(PAGE))}:\d+: H7 ", found[0]), found
    assert element in found[0] and f"another host ({host})" in found[0], found[0]


@pytest.mark.parametrize("kind", NOT_LOADS)
def test_navigation_and_metadata_are_not_loads(kind):
    assert csp.problems(PAGE, page_with(NOT_LOADS[kind])) == []


def test_the_line_is_the_element_s():
    text = page_with("<p>x</p>\n\n<img src='https://cdn.example.org/a.png' alt=''>")
    assert loads.problems(PAGE, text)[0].startswith(f"{PAGE}:8: H7 ")


@pytest.mark.parametrize("src", ["https://cdn.example.org/x.js", "//cdn.example.org/x.js",
                                 "&#104;ttps://cdn.example.org/x.js"])
def test_a_script_from_another_host_is_reported_once(src):
    """H4 names <script src> from another host; H7 does not repeat it."""
    found = csp.problems(PAGE, page_with(f'<script src="{src}"></script>'))
    assert [f.split()[1] for f in found] == ["H4"], found


def test_the_built_site_loads_nothing_from_elsewhere(site):
    found = [problem for page in sorted(site.rglob("*.html"))
             for problem in loads.problems(page, page.read_text(encoding="utf-8"))]
    assert found == []


def test_build_fails_naming_the_page_and_each_element(tmp_path):
    """A strict build of a copy with embeds in an article and a stylesheet
    from another host in every page's head."""
    project = tmp_path / "project"
    copy_project(project)
    article = project / "docs" / "it" / "articles" / "tpu-generations.md"
    text = article.read_text(encoding="utf-8")
    embeds = ('\n<iframe src="https://video.example.org/embed/x" title="v"></iframe>\n\n'
              '<video poster="https://cdn.example.org/p.jpg"></video>\n\n'
              '<object data="https://cdn.example.org/x.pdf"></object>\n\n')
    heading = "\n## "
    article.write_text(text.replace(heading, embeds + heading, 1), encoding="utf-8")
    main = project / "overrides" / "main.html"
    main.write_text(main.read_text(encoding="utf-8").replace(
        '<link rel="icon"', '<link rel="stylesheet" href="https://fonts.example.org/css">\n  <link rel="icon"', 1),
        encoding="utf-8")
    # one process: every language is built and reported (a split build stops
    # at the first process that fails)
    result = mkdocs_build(project, tmp_path / "site", TPUKB_BUILD_JOBS="1")
    assert result.returncode != 0
    page = re.escape(str(tmp_path / "site" / "it" / "articles" / "tpu-generations" / "index.html"))
    for element in ('<iframe src="https://video.example.org/embed/x">',
                    '<video poster="https://cdn.example.org/p.jpg">',
                    '<object data="https://cdn.example.org/x.pdf">',
                    '<link rel="stylesheet" href="https://fonts.example.org/css">'):
        assert re.search(rf"{page}:\d+: H7 {re.escape(element)} loads from another host",
                         result.stderr), (element, result.stderr[-3000:])
    # every page of every language is named for the head's stylesheet
    for lang in ("", "fi/", "ar/"):
        assert re.search(rf"site/{lang}index\.html:\d+: H7 <link rel=\"stylesheet\"", result.stderr), lang
    assert not (tmp_path / "site" / "_headers").exists()
