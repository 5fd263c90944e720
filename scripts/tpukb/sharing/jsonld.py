"""Structured data: an article's schema.org `TechArticle` as JSON-LD.

`headline`, `description`, `inLanguage`, `url`, `datePublished` (the
English publication; a translation's own first day is not recorded),
`dateModified` (the newest event of this language version,
tpukb.sharing.records), the knowledge base of the language as `isPartOf`
(a `WebSite` with its name and home URL), the other language versions
(`workTranslation` from the English, `translationOfWork` from a translation,
which lists the other translations in turn), the site image, and one
`citation` (a `CreativeWork`: name, URL, creator) per reference of the
article's citation file, in its order.

It goes into the head as `<script type="application/ld+json">`: data, which
no browser runs, so Content-Security-Policy's script-src does not apply and
the policy's hash list leaves it out (tpukb.hosting.csp). The text is
escaped so that it cannot close its element (`<`, `>` and `&` as \\u
escapes, which every JSON parser reads back).
"""

from __future__ import annotations

import json

from .page import PageFacts

CONTEXT = "https://schema.org"


def _work(lang: str, url: str, **more) -> dict:
    return {"@type": "TechArticle", "@id": f"{url}#article", "url": url, "inLanguage": lang, **more}


def data(facts: PageFacts, default: str) -> dict:
    """The TechArticle of an article page."""
    item = {
        "@context": CONTEXT,
        "@type": "TechArticle",
        "@id": f"{facts.url}#article",
        "headline": facts.title,
        "name": facts.title,
        "description": facts.description,
        "inLanguage": facts.content_lang,
        "url": facts.url,
        "mainEntityOfPage": facts.url,
        "image": facts.image,
    }
    if facts.published:
        if facts.content_lang == default:
            item["datePublished"] = facts.published.isoformat()
    if facts.modified:
        item["dateModified"] = facts.modified.isoformat()
    item["isPartOf"] = {"@type": "WebSite", "@id": facts.home, "name": facts.site_name,
                        "url": facts.home, "inLanguage": facts.lang}
    others = [(lang, url) for lang, url in facts.versions if lang != facts.content_lang]
    if facts.content_lang == default:
        if others:
            item["workTranslation"] = [_work(lang, url) for lang, url in others]
    else:
        original = [(lang, url) for lang, url in others if lang == default]
        siblings = [_work(lang, url) for lang, url in others if lang != default]
        if original:
            lang, url = original[0]
            item["translationOfWork"] = _work(lang, url, **(
                {"workTranslation": siblings} if siblings else {}))
    item["citation"] = [
        {"@type": "CreativeWork", "name": ref.title, "url": ref.url,
         "creator": {"@type": "Organization", "name": ref.publisher}}
        for ref in facts.references]
    return item


def script(facts: PageFacts, default: str) -> str:
    text = json.dumps(data(facts, default), ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/ld+json">{text}</script>'
