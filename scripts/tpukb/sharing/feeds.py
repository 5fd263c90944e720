"""The Atom feed of each language: new and updated articles.

One feed per language, beside its home page: `feed.xml` at the site root
for the default language, `<lang>/feed.xml` for the others (`feed_path`).
Each article of the language gives one entry per event of its language
version (tpukb.sharing.records): published, English version updated,
translation brought up to date, facts re-checked. The entry's title says
which, in the feed's language (`feed.entry` with the event's `feed.<kind>`
label), its summary opens with the dated sentence `feed.<kind>.text` and
goes on with the article's description; it links to the article in the
feed's language and carries the kind as an Atom category. An entry's id is
a tag URI of the site's host, day, language, page and kind: the same event
keeps its id from build to build, a new one gets a new id.

The newest `MAX_ENTRIES` entries are kept. Pages link their language's feed
from their head, first of the alternate links and with `rel="alternate"`
exactly, which is what NetNewsWire, Tiny Tiny RSS, Feeder and Feedbin match
(Akregator takes the first alternate link), and from their footer
(overrides/main.html, overrides/partials/copyright.html). The head link is
root-relative (`feed_link`): Material's bundle fetches `sitemap.xml` from the
folder of every `rel="alternate"` link, which then stays on the site's own
host, whatever host serves it: `/sitemap.xml` for the default language, and
for the others a small sitemap index beside their feed (`SITEMAP_INDEX`,
`write_sitemap_index`) that points to the site's sitemap, so that the request
is answered by a real sitemap, not a not-found page.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit
from xml.etree import ElementTree as ET

from ..dates import written
from .page import PageFacts

FEED = "feed.xml"
MAX_ENTRIES = 100
ATOM = "http://www.w3.org/2005/Atom"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
MEDIA_TYPE = "application/atom+xml"
# The `updated` of a feed without entries (Atom requires one); a fixed day
# keeps the build reproducible.
NO_ENTRIES = datetime.date(2026, 1, 1)


def feed_path(prefix: str) -> str:
    """Path of a language's feed under the site root ('feed.xml', 'fi/feed.xml')."""
    return f"{prefix}{FEED}"


def feed_url(site_url: str, prefix: str) -> str:
    return urljoin(site_url, feed_path(prefix))


def feed_link(site_url: str, prefix: str) -> str:
    """The feed's root-relative URL ('/fi/feed.xml'; under site_url's path)."""
    return urlsplit(feed_url(site_url, prefix)).path


SITEMAP = "sitemap.xml"
SITEMAP_INDEX = """<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>{sitemap}</loc></sitemap>
</sitemapindex>
"""


def write_sitemap_index(site_dir: Path, prefix: str, site_url: str) -> None:
    """Beside a language's feed (not the default language's: the site's own
    sitemap is there), the sitemap index that names the site's sitemap."""
    if prefix:
        path = site_dir / prefix / SITEMAP
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SITEMAP_INDEX.format(sitemap=urljoin(site_url, SITEMAP)), encoding="utf-8")


def title(site_name: str, lang: str, strings: dict) -> str:
    return strings[lang]["feed.title"].format(site=site_name)


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    link: str
    day: datetime.date
    kind: str
    label: str
    summary: str


def _stamp(day: datetime.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def entries(articles: list[PageFacts], lang: str, strings: dict, site_url: str) -> list[Entry]:
    """The newest MAX_ENTRIES events of the language's articles as entries,
    newest first (only those are written out: dates cost a Babel call each)."""
    host = urlsplit(site_url).hostname or "localhost"
    s = strings[lang]
    events = sorted(((event.day, f"tag:{host},{event.day.isoformat()}:{lang}/"
                      f"{facts.page.removesuffix('.md')}/{event.kind}", event, facts)
                     for facts in articles for event in facts.events),
                    key=lambda item: (item[0], item[1]), reverse=True)[:MAX_ENTRIES]
    found = []
    for day, tag, event, facts in events:
        label = s[f"feed.{event.kind}"]
        sentence = s[f"feed.{event.kind}.text"].format(date=written(day, lang, strings))
        found.append(Entry(id=tag, title=s["feed.entry"].format(event=label, title=facts.title),
                           link=facts.page_url, day=day, kind=event.kind, label=label,
                           summary=f"{sentence} {facts.description}".strip()))
    return found


def atom(lang: str, items: list[Entry], *, feed: str, home: str, feed_title: str,
         subtitle: str, author: str, logo: str) -> bytes:
    ET.register_namespace("", ATOM)

    def sub(parent, tag, text=None, **attrs):
        element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            element.text = text
        return element

    root = ET.Element(f"{{{ATOM}}}feed", {XML_LANG: lang})
    sub(root, "id", feed)
    sub(root, "title", feed_title)
    if subtitle:
        sub(root, "subtitle", subtitle)
    sub(root, "updated", _stamp(max((e.day for e in items), default=NO_ENTRIES)))
    sub(root, "link", rel="self", type=MEDIA_TYPE, href=feed)
    sub(root, "link", rel="alternate", type="text/html", href=home, hreflang=lang)
    person = sub(root, "author")
    sub(person, "name", author)
    sub(person, "uri", home)
    sub(root, "logo", logo)
    for item in items:
        entry = sub(root, "entry")
        sub(entry, "id", item.id)
        sub(entry, "title", item.title)
        sub(entry, "updated", _stamp(item.day))
        sub(entry, "link", rel="alternate", type="text/html", href=item.link, hreflang=lang)
        sub(entry, "category", term=item.kind, label=item.label)
        sub(entry, "summary", item.summary)
    ET.indent(root)
    return b'<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="utf-8",
                                                                     xml_declaration=False) + b"\n"


def write(site: Path, prefix: str, content: bytes) -> Path:
    path = Path(site) / feed_path(prefix)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path
