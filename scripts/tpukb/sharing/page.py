"""The facts about one built page that previews, structured data, the cite
block and the feeds are made from (`PageFacts`), gathered once per page.

A page is an article when it is `articles/<slug>.md` (not a category's
`index.md`); its references are those of `docs/citations/<slug>.md`
(tpukb.citecheck.entries parses them). A page served in a fallback language
(the English text under /fi/, the i18n plugin's fallback) describes its
original: its URL, language and title are the English page's, while the
interface strings stay the reader's.
"""

from __future__ import annotations

import unicodedata

import datetime
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin

from ..alternates import absolute
from ..alternates import versions as real_versions
from ..citecheck.entries import Reference
from ..languages import page_name, url_prefix
from .records import Event, Records, as_date

# The site image of every preview: a file of the theme (overrides/), copied
# to the site root by MkDocs. Its size is stated in the tags.
IMAGE = "assets/images/social.png"
IMAGE_SIZE = (1200, 630)
IMAGE_TYPE = "image/png"


@dataclass(frozen=True)
class PageFacts:
    lang: str                  # the reader's (interface) language
    content_lang: str          # the language of the text ('en' on a fallback page)
    direction: str             # of the reader's language: 'ltr' or 'rtl'
    title: str
    description: str
    url: str                   # absolute, the canonical URL of the text
    page_url: str              # absolute, this page's own URL (a fallback's differs from url)
    site_name: str
    home: str                  # absolute URL of the language's home page
    image: str                 # absolute URL of the site image
    versions: tuple[tuple[str, str], ...]  # (lang, absolute URL) of the real translations
    page: str = ""             # 'articles/<slug>.md' for an article, '' otherwise
    events: tuple[Event, ...] = ()
    published: datetime.date | None = None
    facts_checked: datetime.date | None = None
    references: tuple[Reference, ...] = field(default=(), compare=False)

    @property
    def is_article(self) -> bool:
        return bool(self.page)

    @property
    def slug(self) -> str:
        return Path(self.page).stem

    @property
    def content_direction(self) -> str:
        """Direction of the text: the reader's language's, or, on a fallback
        copy (text in the default language), what its first letter says."""
        return self.direction if self.content_lang == self.lang else "auto"

    @property
    def modified(self) -> datetime.date | None:
        """The newest event of this language version."""
        return max((event.day for event in self.events), default=None)


def is_article_page(name: str) -> bool:
    parts = name.split("/")
    return len(parts) == 2 and parts[0] == "articles" and parts[1].endswith(".md") \
        and parts[1] != "index.md"


def page_facts(page, config, records: Records) -> PageFacts:
    """The facts of a page being built (an MkDocs `Page` of the i18n build
    whose language is `config.theme.language`)."""
    i18n = config.plugins["i18n"]
    lang = config.theme["language"]
    file = page.file
    content_lang = getattr(file, "locale", lang) or lang
    name = page_name(file)
    site_url = config.site_url
    url = page_url = absolute(site_url, page.url)
    if content_lang != lang:  # a fallback copy describes its original
        original = (getattr(file, "alternates", {}) or {}).get(content_lang)
        if original is not None:
            url = absolute(site_url, original.url)
    meta = page.meta or {}
    prefix = url_prefix(lang, i18n.default_language)
    facts = dict(
        lang=lang, content_lang=content_lang,
        direction=config.theme.get("direction") or "ltr",
        # a home page's nav title is "Home": it is the site's own page
        title=str(meta.get("title") or (config.site_name if name == "index.md" else page.title)
                  or config.site_name),
        description=" ".join(str(meta.get("description") or config.site_description
                                 or "").split()),
        url=url, page_url=page_url, site_name=config.site_name, home=urljoin(site_url, prefix),
        image=urljoin(site_url, IMAGE),
        versions=tuple(real_versions(file, i18n.build_languages, site_url)),
    )
    if is_article_page(name):
        record = records.article(name)
        facts.update(
            page=name, published=record.published,
            facts_checked=as_date(meta.get("facts_checked")),
            events=tuple(record.events(lang, i18n.default_language, meta, content_lang != lang)),
            references=records.references(Path(name).stem))
    return PageFacts(**facts)


RLM = "\u200f"  # RIGHT-TO-LEFT MARK


def directed(text: str, direction: str) -> str:
    """A text for a context that takes its direction from its first strong
    letter (a link preview, a feed title): in a right-to-left language, a
    text opening with a Latin word ("PyTorch على ...") gets a leading
    right-to-left mark, so that it is laid out right to left."""
    if direction != "rtl":
        return text
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return text
        if kind == "L":
            return RLM + text
    return text
