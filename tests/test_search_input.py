"""Pagefind reads reduced copies of the marked pages (tpukb.searchinput): the
bundle must be, byte for byte, the one it writes from the whole pages."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tpukb import search, searchinput

MARK = search.ARTICLE_INDEXED
HEAD = ('<!doctype html>\n<html lang="{lang}" dir="ltr" class="no-js">\n<head>\n'
        '<meta charset="utf-8"><title>{title} - Site</title>\n'
        '<script src="/assets/app.js"></script></head>\n'
        '<body dir="ltr" data-md-color-scheme="default">\n'
        '<header><nav><a href="/">Site</a><input id="__drawer" type="checkbox"></nav></header>\n'
        '<div class="md-container"><main><div class="md-sidebar"><nav><ul>'
        '<li id="nav-1"><a href="/a/">Sidebar link words</a></li></ul></nav></div>\n'
        '<div class="md-content">')
TAIL = '</div></main><footer><p>Footer words <a href="/feed.xml">feed</a></p></footer></div></body></html>\n'
FOOTNOTES = ('<div class="footnote">\n<hr />\n<ol>\n<li id="fn:1">\n<p>Reference title words. '
             '<a class="footnote-backref" href="#fnref:1">&#8617;</a></p>\n'
             '<div class="admonition"><p>nested block</p></div>\n</li>\n</ol>\n</div>')
BODY = ('<h1 id="title">{title}<a class="headerlink" href="#title" title="Permanent link">&para;</a></h1>\n'
        '<p>Article words about <em>tensor</em> cores<sup id="fnref:1"><a class="footnote-ref" '
        'href="#fn:1">[1]</a></sup>.</p>\n<h2 id="part">Part<a class="headerlink" href="#part">&para;</a></h2>\n'
        '<div class="highlight"><pre><span></span><code><span class="n">x</span> = 1\n</code></pre></div>\n'
        '<p>More text.</p>\n<div class="kb-related"><h2 id="related">Related</h2><ul><li>'
        '<a href="../b/">Other article title</a></li></ul></div>\n<h2 id="refs">References</h2>\n'
        + FOOTNOTES + '<section class="kb-cite" data-pagefind-ignore aria-labelledby="c">'
        '<h2 id="c">Cite</h2><pre><code>Cite text</code></pre></section>\n')

# The body of the content article of each page, or (body, head, tail) for a
# page whose outside parts differ; each is a case where the reduced copy
# must index as the whole page does.
CASES = {
    "plain": BODY,
    "no title tag": (BODY, HEAD.replace("<title>{title} - Site</title>", ""), TAIL),
    "h1 outside the article": (BODY, HEAD.replace("<header>", "<header><h1>Site name</h1>"), TAIL),
    "no h1, title from <title>": (BODY.replace("<h1 ", "<h3 ").replace("</h1>", "</h3>"), HEAD, TAIL),
    "empty h1 first": '<h1 id="e"></h1>\n' + BODY,
    "image after the article": (BODY, HEAD, TAIL.replace("<footer>", '<footer><img src="/f.png" alt="F">')),
    "image in an ignored part": BODY.replace('<h2 id="related">', '<img src="/r.png" alt="R"><h2 id="related">'),
    "image in the article": BODY.replace("<p>More text.</p>", '<p>More <img src="/i.png" alt="I"> text.</p>'),
    "metadata outside": (BODY, HEAD.replace('<div class="md-content">',
                                            '<div class="md-content"><span data-pagefind-meta="kind:guide"></span>'), TAIL),
    "filter in an ignored part": BODY.replace('<ul><li>', '<ul><li data-pagefind-filter="tag:x">'),
    "metadata on an excluded element": BODY.replace('<div class="kb-related">',
                                                    '<div class="kb-related" data-pagefind-meta="rel:yes">'),
    "excluded element with an id": BODY.replace('<div class="kb-related">', '<div class="kb-related" id="rel">'),
    "ignored element with an id": BODY.replace('data-pagefind-ignore aria', 'data-pagefind-ignore id="cite" aria'),
    "ignore all, with an h1 inside": BODY.replace('data-pagefind-ignore aria', 'data-pagefind-ignore="all" aria')
                                         .replace('<h2 id="c">Cite</h2>', '<h1 id="c">Cite</h1>'),
    "ignore with an invalid value": BODY.replace('data-pagefind-ignore aria', 'data-pagefind-ignore="no" aria'),
    "h1 in an excluded element, none before": BODY.replace('<h1 id="title">', '<h3 id="title">')
                                                  .replace("</h1>", "</h3>")
                                                  .replace('<h2 id="related">Related</h2>', '<h1 id="related">Related</h1>'),
    "inline excluded element with children": BODY.replace(
        '&para;</a></h1>', '<span>&para; link</span></a></h1>'),
    "void excluded element": BODY.replace("<p>More text.</p>", '<p>More <br class="footnote"> text.</p>'),
    "paragraph excluded": BODY.replace("<p>More text.</p>", '<p class="kb-related">Paragraph words</p>'),
    "nested same-name elements": BODY.replace('<ul><li>', '<div><div>inner</div></div><ul><li>'),
    "two classes, repeated class attribute": BODY.replace(
        '<div class="kb-related">', '<div class="x" class="kb-related">'),
    "class with other tokens": BODY.replace('<div class="kb-related">', '<div class="box kb-related wide">'),
    "upper-case markup": BODY.replace('<div class="kb-related">', '<DIV CLASS="kb-related">'),
    "comment in the article": BODY.replace("<p>More text.</p>", '<!-- <div class="footnote"> --><p>More text.</p>'),
    "svg in the article": BODY.replace("<p>More text.</p>", '<p><svg><title>Icon</title></svg>More text.</p>'),
    "unclosed raw text element": BODY.replace("<p>More text.</p>", "<p>More <textarea>text.</p>"),
    "class text in a code block": BODY.replace(
        "x</span> = 1", 'x</span> = &lt;div class="footnote"&gt;'),
    "stray end tag": BODY.replace("<p>More text.</p>", "<p>More text.</p></div>"),
    "nested article": BODY.replace("<p>More text.</p>", "<article><p>Inner article</p></article>"),
}


def page(lang: str, title: str, case) -> str:
    body, head, tail = (case, HEAD, TAIL) if isinstance(case, str) else case
    title = html.escape(title)
    return (head.format(lang=lang, title=title) + MARK + "\n" + body.format(title=title)
            + "</article>" + tail)


def bundle(site: Path) -> dict[str, bytes]:
    root = site / search.BUNDLE
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def write_site(site: Path, pages: dict[str, str]) -> None:
    for path, text in pages.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text, encoding="utf-8")


def test_reduced_copies_index_as_the_whole_pages(tmp_path, monkeypatch):
    pages = {}
    for number, (name, case) in enumerate(CASES.items()):
        for lang in ("en", "fi"):
            pages[f"{lang}/case-{number}/index.html"] = page(lang, f"Case {name}", case)
    pages["en/listing/index.html"] = page("en", "Listing", BODY).replace(" data-pagefind-body", "")
    whole, copies = tmp_path / "whole", tmp_path / "copies"
    for site in (whole, copies):
        write_site(site, pages)
    expected = search.index_site(whole)
    marked = {path: searchinput.reduced(text, MARK, search.EXCLUDE_SELECTORS)
              for path, text in pages.items() if MARK in text}
    reduced = [path for path, text in marked.items() if text != pages[path]]
    assert len(reduced) > len(marked) // 2, "most planted pages can be reduced"
    monkeypatch.setattr(search, "count_marked", lambda site: pytest.fail("read the whole site"))
    assert search.index_site(copies, pages=marked) == expected == len(marked)
    assert bundle(copies) == bundle(whole)


def test_reduced_copy_is_the_article_without_ignored_blocks():
    text = page("en", "T", BODY)
    copy = searchinput.reduced(text, MARK, search.EXCLUDE_SELECTORS)
    assert copy.startswith('<!doctype html><html lang="en" dir="ltr" class="no-js"><head>'
                           '<meta charset="utf-8"><title>T - Site</title></head><body dir="ltr"')
    assert MARK in copy and copy.endswith("</article></body></html>")
    for gone in ("Sidebar link", "Footer words", "Reference title", "Other article", "Cite text"):
        assert gone in text and gone not in copy
    # inline ignored elements are left to Pagefind (see searchinput._removable)
    assert 'class="headerlink"' in copy and 'class="footnote-ref"' in copy
    unmarked = text.replace(MARK, "")
    assert searchinput.reduced(unmarked, MARK) is unmarked


def test_pages_missing_from_the_site_mean_the_whole_site_is_read(tmp_path):
    site = tmp_path / "site"
    (site / "a").mkdir(parents=True)
    (site / "a" / "index.html").write_text(page("en", "A", BODY), encoding="utf-8")
    pages = {"a/index.html": searchinput.reduced(page("en", "A", BODY), MARK),
             "gone/index.html": searchinput.reduced(page("en", "B", BODY), MARK)}
    assert search.index_site(site, pages=pages) == 1


@pytest.mark.parametrize("places", ["memory in the order made", "no memory folder"])
def test_copies_elsewhere_when_a_place_does_not_list_them_in_order(tmp_path, monkeypatch, places):
    """A folder that is missing, or that would list the copies in another
    order, is passed over for the next one (search.PLACES)."""
    pages = {f"{lang}/p{n}/index.html": page(lang, f"P{n}", BODY) for lang in ("en", "it") for n in range(6)}
    whole, copies = tmp_path / "whole", tmp_path / "site" / "copies"
    write_site(whole, pages)
    write_site(copies, pages)
    search.index_site(whole)
    first = (search.MEMORY, False) if places.startswith("memory") else (tmp_path / "none", True)
    monkeypatch.setattr(search, "PLACES", (first, (None, False)))
    monkeypatch.setattr(search, "count_marked", lambda site: pytest.fail("read the whole site"))
    search.index_site(copies, pages={path: searchinput.reduced(text, MARK, search.EXCLUDE_SELECTORS)
                                     for path, text in pages.items()})
    assert bundle(copies) == bundle(whole)
    assert [p.name for p in copies.parent.iterdir()] == ["copies"], "the copies are removed"


@pytest.mark.parametrize("whole", [
    pytest.param(dict(exclude=(".md-content .admonition",)), id="a selector that is not one class"),
    pytest.param(dict(tail="Tail words</div></main></body></html>"), id="text right after the article"),
    pytest.param(dict(body='<p>x</p></main><p>later words</p>'), id="a stray end tag of an ancestor"),
    pytest.param(dict(body='<span title="</section>">x</span>'), id="a '<' in an attribute value"),
    pytest.param(dict(exclude=(".sep",), tail='<hr class="sep"></div></main></body></html>'),
                 id="an excluded class outside the article"),
])
def test_pages_the_copy_could_index_differently_are_copied_whole(whole):
    """Where what surrounds the article could change what Pagefind indexes
    (found in a read-through, each confirmed by Pagefind), the copy is the page."""
    body = BODY.format(title="T") + whole.get("body", "")
    text = HEAD.format(lang="en", title="T") + MARK + "\n" + body + "</article>" + whole.get("tail", TAIL)
    exclude = whole.get("exclude", search.EXCLUDE_SELECTORS)
    assert searchinput.reduced(text, MARK, exclude) == text
