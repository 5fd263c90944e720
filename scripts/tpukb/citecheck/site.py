"""The rules on a built site (the HTML, parsed with lxml): R6 (markers render
as links to existing entries that show their number), R10 (the reference
lists are identical across languages) and R11 (every internal link and
#anchor resolves)."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .model import Finding, Project
from .text import article_paths

FNREF_ID = re.compile(r"^fnref\d*:(.+)$")
LITERAL_MARKER = re.compile(r"\[\^[^\]\s]+\]")
SKIPPED_SCHEMES = ("mailto", "tel")
FOOTNOTE_ITEMS = '//div[contains(concat(" ", normalize-space(@class), " "), " footnote ")]/ol/li'


class BuiltSite:
    """A built site: parsed pages (cached) and where their sources are."""

    def __init__(self, project: Project, site: Path):
        self.project, self.site = project, Path(site)
        self.base_path = urlsplit(project.site_url).path or "/"
        if not self.base_path.endswith("/"):
            self.base_path += "/"
        self._trees: dict[Path, object] = {}
        self._ids: dict[Path, set[str]] = {}

    def tree(self, path: Path):
        from lxml import html  # only the site checks need lxml
        if path not in self._trees:
            self._trees[path] = html.parse(str(path)).getroot()
        return self._trees[path]

    def ids(self, path: Path) -> set[str]:
        if path not in self._ids:
            self._ids[path] = {str(value) for value in self.tree(path).xpath("//@id | //a/@name")}
        return self._ids[path]

    def pages(self) -> list[Path]:
        return sorted(self.site.rglob("*.html"))

    def rel(self, path: Path) -> str:
        return path.relative_to(self.site).as_posix()

    def article(self, lang: str, slug: str) -> Path:
        return self.site / self.project.url_prefix(lang) / "articles" / slug / "index.html"

    def source_of(self, path: Path) -> Path | None:
        """The Markdown page a built page comes from, when it exists."""
        rel = self.rel(path)
        lang = rel.split("/", 1)[0]
        if lang in self.project.languages and lang != self.project.default_language:
            rel = rel[len(lang) + 1:]
        else:
            lang = self.project.default_language
        stem = rel[: -len("index.html")].rstrip("/") if rel.endswith("index.html") else rel[:-5]
        candidates = [f"{stem}.md", f"{stem}/index.md"] if stem else ["index.md"]
        return next((self.project.docs / lang / c for c in candidates
                     if (self.project.docs / lang / c).is_file()), None)

    def finding(self, path: Path, line: int | None, rule: str, message: str, fix: str) -> Finding:
        source = self.source_of(path)
        if source is not None:
            message += f" (page {self.project.show(source)})"
        return self.project.finding(path, line or 1, rule, message, fix)

    def resolve(self, page: Path, url: str) -> tuple[Path | None, str, str]:
        """(target file, fragment, problem) of an internal URL; target None when
        the URL is external (no problem) or cannot be followed (problem)."""
        site_url = self.project.site_url
        if site_url and url.startswith(site_url):
            url = self.base_path + url[len(site_url):]
        parts = urlsplit(url)
        fragment = unquote(parts.fragment)
        if parts.scheme in ("http", "https") or parts.netloc or parts.scheme in SKIPPED_SCHEMES:
            return None, "", ""
        if parts.scheme:
            return None, "", f"uses the scheme {parts.scheme}:, which no browser should follow here"
        path = unquote(parts.path)
        if not path:
            return page, fragment, ""
        if path.startswith("/") and not (path + "/").startswith(self.base_path):
            return None, "", f"points outside the site's path {self.base_path}"
        rel = path[len(self.base_path):] if path.startswith("/") else posixpath.join(
            posixpath.dirname(self.rel(page)), path)
        norm = posixpath.normpath(rel) if rel else "."
        if norm == ".." or norm.startswith("../"):
            return None, "", "points above the site's root folder"
        target = self.site / norm
        if path.endswith("/") or target.is_dir():
            target = target / "index.html"
        return target, fragment, ""


def page_urls(tree) -> list[tuple[int, str]]:
    """(line, url) of every href and src of a page, and the theme's own
    search worker and base URLs from Material's __config."""
    urls = [(element.sourceline, element.get(attribute))
            for attribute in ("href", "src") for element in tree.xpath(f"//*[@{attribute}]")]
    for script in tree.xpath('//script[@id="__config"]'):
        config = json.loads(script.text or "{}")
        if isinstance(config.get("base"), str):
            urls.append((script.sourceline, config["base"].rstrip("/") + "/"))
        if isinstance(config.get("search"), str):
            urls.append((script.sourceline, config["search"]))
    return urls


def check_links(built: BuiltSite, page: Path) -> list[Finding]:
    """R11: every internal link and anchor of one built page resolves (each
    URL reported once per page, at its first line)."""
    findings, seen = [], set()
    for line, url in page_urls(built.tree(page)):
        if url in seen:
            continue
        seen.add(url)
        problem = link_problem(built, page, url)
        if problem:
            findings.append(built.finding(page, line, "R11", f"link {url!r} {problem}",
                                          "fix the link or the page it points to"))
    return findings


def link_problem(built: BuiltSite, page: Path, url: str) -> str:
    target, fragment, problem = built.resolve(page, url)
    if target is None:
        return problem
    if not target.is_file():
        return f"does not resolve: {built.rel(target)} does not exist"
    if fragment and target.suffix == ".html" and fragment not in built.ids(target):
        return f"does not resolve: no element with id {fragment!r} in {built.rel(target)}"
    return ""


def check_rendered_markers(built: BuiltSite, page: Path) -> list[Finding]:
    """R6 on the built page: markers link to entries that show their number;
    every entry's backlinks reach a marker; no marker is left as plain text."""
    tree, ids = built.tree(page), built.ids(page)
    position = {li.get("id"): index for index, li in enumerate(tree.xpath(FOOTNOTE_ITEMS), start=1)}
    findings = [built.finding(page, sup.sourceline, "R6", problem, fix)
                for sup in tree.xpath('//sup[starts-with(@id, "fnref")]')
                for problem, fix in marker_problems(sup, position)]
    for li in tree.xpath(FOOTNOTE_ITEMS):
        backrefs = li.xpath('.//a[contains(@class, "footnote-backref")]')
        if not backrefs:
            findings.append(built.finding(page, li.sourceline, "R6", f"entry {li.get('id')} has no backlink",
                                          "cite it in the text"))
        for link in backrefs:
            if (link.get("href") or "")[1:] not in ids:
                findings.append(built.finding(page, link.sourceline, "R6",
                                              f"entry {li.get('id')} links back to {link.get('href')}, which "
                                              "does not exist: the entry is never cited on this page",
                                              "cite it in the text or remove the entry"))
    for text in tree.xpath("//article//text()[not(ancestor::code) and not(ancestor::pre)]"):
        for match in LITERAL_MARKER.finditer(text):
            findings.append(built.finding(page, text.getparent().sourceline, "R6",
                                          f"{match.group(0)} is shown as plain text (no such footnote)",
                                          "add the entry to the citation file or fix the number"))
    return findings


def marker_problems(sup, position: dict[str, int]) -> list[tuple[str, str]]:
    match = FNREF_ID.match(sup.get("id"))
    links = sup.xpath('./a[contains(@class, "footnote-ref")]')
    if not match or not links:
        return [(f"marker {sup.get('id')!r} is not a footnote link", "cite with [^N]")]
    label, href = match.group(1), links[0].get("href") or ""
    target = href[1:] if href.startswith("#") else None
    if target not in position:
        return [(f"marker [^{label}] links to {href!r}, which is not an entry of the reference list",
                 "add the entry or fix the number")]
    shown, expected = links[0].text_content().strip(), f"[{position[target]}]"
    if shown != expected or target != f"fn:{label}" or label != str(position[target]):
        return [(f"marker [^{label}] shows {shown!r} but links to entry {position[target]} ({target})",
                 "number the citation file 1..N in order")]
    return []


def reference_list(tree) -> list[tuple[int, tuple[str, str, tuple[str, ...], tuple[str, ...]]]]:
    """(line, (id, text, hrefs, check dates)) of each rendered entry, backlinks
    and the check-date sentence (in the page's language) left out of the text;
    its machine-readable date is compared instead."""
    entries = []
    for li in tree.xpath(FOOTNOTE_ITEMS):
        not_backref = 'not(ancestor-or-self::a[contains(@class, "footnote-backref")])'
        not_date = 'not(ancestor::span[contains(@class, "kb-retrieved")])'
        text = " ".join("".join(li.xpath(f".//text()[{not_backref} and {not_date}]")).split())
        hrefs = tuple(li.xpath(f".//a[@href and {not_backref}]/@href"))
        checked = tuple(li.xpath('.//span[contains(@class, "kb-retrieved")]/time/@datetime'))
        entries.append((li.sourceline, (li.get("id"), text, tuple(str(h) for h in hrefs),
                                        tuple(str(d) for d in checked))))
    return entries


def compare_reference_lists(built: BuiltSite, slug: str, pages: dict[str, Path]) -> list[Finding]:
    """R10: every language renders the same entries with the same hrefs."""
    reference_lang = built.project.default_language if built.project.default_language in pages else min(pages)
    expected = [entry for _, entry in reference_list(built.tree(pages[reference_lang]))]
    findings = []
    for lang, page in sorted(pages.items()):
        if lang == reference_lang:
            continue
        actual = reference_list(built.tree(page))
        if len(actual) != len(expected):
            findings.append(built.finding(page, actual[0][0] if actual else 1, "R10",
                                          f"the reference list has {len(actual)} entries, the "
                                          f"{reference_lang} version {len(expected)}",
                                          "include the shared citation file unchanged"))
        for (line, entry), wanted in zip(actual, expected):
            if entry != wanted:
                findings.append(built.finding(page, line, "R10",
                                              f"entry {entry[0]} renders as {entry[1:]!r}, the "
                                              f"{reference_lang} version as {wanted[1:]!r}",
                                              "include the shared citation file unchanged"))
    return findings


def check_site(project: Project, site: Path) -> list[Finding]:
    """Every rule that reads the built HTML: R6, R10, R11."""
    built = BuiltSite(project, site)
    findings = [finding for page in built.pages() for finding in check_links(built, page)]
    slugs = sorted({path.stem for lang in project.languages for path in article_paths(project, lang)})
    for slug in slugs:
        pages = {lang: built.article(lang, slug) for lang in project.languages}
        pages = {lang: page for lang, page in pages.items() if page.is_file()}
        for page in pages.values():
            findings += check_rendered_markers(built, page)
        if pages:
            findings += compare_reference_lists(built, slug, pages)
    return sorted(set(findings))
