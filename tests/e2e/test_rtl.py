"""Arabic pages: a mirrored layout, and mixed Arabic/Latin text in reading order."""

from __future__ import annotations

from .conftest import ARTICLE

# For each inline code element: does its first character come before its last
# one from left to right (code always reads left to right)?
CODE_READS_LTR = """() => [...document.querySelectorAll('article :not(pre) > code')]
  .filter(code => code.textContent.length > 1 && code.firstChild.nodeType === 3)
  .map(code => {
    const text = code.firstChild, range = document.createRange()
    const box = i => { range.setStart(text, i); range.setEnd(text, i + 1);
                       return range.getBoundingClientRect() }
    const first = box(0), last = box(text.length - 1)
    return [code.textContent, first.top !== last.top || first.left < last.left]
  })"""

# For each citation marker right after a word: is it left of that word's last
# letter, as the next thing read in a right-to-left line?
MARKERS_FOLLOW_WORDS = """() => [...document.querySelectorAll('article p sup[id^="fnref"]')]
  .filter(sup => sup.previousSibling && sup.previousSibling.nodeType === 3
                 && /\\S$/.test(sup.previousSibling.textContent))
  .map(sup => {
    const text = sup.previousSibling, range = document.createRange()
    range.setStart(text, text.length - 1); range.setEnd(text, text.length)
    const word = range.getBoundingClientRect(), mark = sup.getBoundingClientRect()
    const sameLine = Math.abs(word.bottom - mark.bottom) < word.height
    return [text.textContent.slice(-12) + sup.textContent, !sameLine || mark.right <= word.left + 1]
  })"""

# For each table cell without an Arabic letter: does its text read left to
# right (first character left of the last one) with its citation marker last?
LATIN_CELLS_READ_LTR = """() => [...document.querySelectorAll('article td')]
  .filter(td => !/[\\u0600-\\u06FF]/.test(td.textContent) && td.textContent.trim().length > 1)
  .map(td => {
    const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT)
    const nodes = []; while (walker.nextNode()) if (walker.currentNode.textContent.trim()) nodes.push(walker.currentNode)
    const range = document.createRange()
    const box = (node, i) => { range.setStart(node, i); range.setEnd(node, i + 1);
                               return range.getBoundingClientRect() }
    const first = box(nodes[0], 0), lastNode = nodes[nodes.length - 1]
    const last = box(lastNode, lastNode.textContent.length - 1)
    const sup = td.querySelector('sup'), text = nodes[0]
    const end = box(text, text.textContent.trimEnd().length - 1)
    const markerLast = !sup || sup.getBoundingClientRect().left >= end.right - 1
    return [td.textContent.trim(), first.left < last.left && markerLast]
  })"""

LIMITATIONS = "articles/tpu-limitations-ml-workflows/"


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def test_arabic_article_mirrors_the_layout(visit, artifacts):
    visit.open("/ar/" + ARTICLE)
    page = visit.page
    assert page.locator("body").get_attribute("dir") == "rtl"
    direction = page.eval_on_selector("article", "a => getComputedStyle(a).direction")
    assert direction == "rtl"
    nav, content, toc = (box(page, s) for s in (
        ".md-sidebar--primary", ".md-content", ".md-sidebar--secondary"))
    assert nav["x"] > content["x"] > toc["x"], "navigation must be right, contents left"
    crumbs = page.locator("nav.md-path .md-path__item")
    first, second = crumbs.nth(0).bounding_box(), crumbs.nth(1).bounding_box()
    assert first["x"] > second["x"], "the breadcrumb trail must run right to left"
    references = page.eval_on_selector(".footnote ol", "ol => getComputedStyle(ol).direction")
    assert references == "rtl"
    ref, article = box(page, ".footnote ol > li"), box(page, "article")
    assert abs((ref["x"] + ref["width"]) - (article["x"] + article["width"])) < 60, \
        "the reference list must hang from the right edge"
    backlink = page.eval_on_selector(
        ".footnote-backref", "a => getComputedStyle(a, '::before').transform")
    assert backlink.startswith("matrix(-1"), f"back-link arrow not mirrored: {backlink}"
    page.screenshot(path=str(artifacts / "ar-article.png"), full_page=True)


def test_code_and_citation_markers_keep_their_order_in_arabic_text(visit):
    visit.open("/ar/" + ARTICLE)
    codes = visit.page.evaluate(CODE_READS_LTR)
    assert codes, "the Arabic article has no inline code to check"
    assert not [text for text, ok in codes if not ok], codes
    markers = visit.page.evaluate(MARKERS_FOLLOW_WORDS)
    assert markers, "the Arabic article has no citation marker to check"
    assert not [text for text, ok in markers if not ok], markers


def test_english_article_stays_left_to_right(visit):
    visit.open("/" + ARTICLE)
    nav, content = box(visit.page, ".md-sidebar--primary"), box(visit.page, ".md-content")
    assert visit.page.locator("body").get_attribute("dir") == "ltr"
    assert nav["x"] < content["x"]


def test_latin_table_cells_read_left_to_right_in_arabic(visit):
    visit.open("/ar/" + LIMITATIONS)
    cells = visit.page.evaluate(LATIN_CELLS_READ_LTR)
    assert len(cells) >= 6, f"the Arabic table has too few Latin cells to check: {cells}"
    assert not [text for text, ok in cells if not ok], cells
