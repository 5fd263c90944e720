"""Link previews: the Open Graph and Twitter card tags of a page's head.

Every page: `og:title`, `og:description`, `og:url` (absolute, from
`site_url`), `og:site_name`, `og:locale` (the `og.locale` interface string
of the language, scripts/tpukb/i18n/strings.yml) with `og:locale:alternate`
for each other language the same page exists in, the site image
(`og:image` with its type, size and text alternative) and `twitter:card`.
An article is `og:type` `article` with `article:published_time` and
`article:modified_time`; any other page is a `website`. A right-to-left
title or description that opens with a Latin word starts with a
right-to-left mark (tpukb.sharing.page.directed): previews lay it out by its
first strong letter.
"""

from __future__ import annotations

from html import escape

from .page import IMAGE_SIZE, IMAGE_TYPE, PageFacts, directed


def tags(facts: PageFacts, strings: dict) -> list[tuple[str, str, str]]:
    """(attribute, name, content) of each tag, in head order."""
    own = strings[facts.content_lang]["og.locale"]
    out = [
        ("property", "og:type", "article" if facts.is_article else "website"),
        ("property", "og:title", directed(facts.title, facts.content_direction)),
        ("property", "og:description", directed(facts.description, facts.content_direction)),
        ("property", "og:url", facts.url),
        ("property", "og:site_name", facts.site_name),
        ("property", "og:locale", own),
    ]
    out += [("property", "og:locale:alternate", strings[lang]["og.locale"])
            for lang, _ in facts.versions if lang != facts.content_lang and lang in strings]
    out += [
        ("property", "og:image", facts.image),
        ("property", "og:image:type", IMAGE_TYPE),
        ("property", "og:image:width", str(IMAGE_SIZE[0])),
        ("property", "og:image:height", str(IMAGE_SIZE[1])),
        ("property", "og:image:alt", strings[facts.lang]["og.image.alt"]),
    ]
    if facts.is_article:
        if facts.published:
            out.append(("property", "article:published_time", facts.published.isoformat()))
        if facts.modified:
            out.append(("property", "article:modified_time", facts.modified.isoformat()))
    out.append(("name", "twitter:card", "summary_large_image"))
    return out


def head(facts: PageFacts, strings: dict) -> str:
    return "".join(f'<meta {attr}="{name}" content="{escape(content)}">'
                   for attr, name, content in tags(facts, strings))
