"""Pages that travel well (tpukb.sharing): link previews, structured data,
"Cite this article" and the feeds, from the data the project keeps.

- on_pre_build: a new build reads the project's records afresh (once per
  article and build: tpukb.sharing.records); each language's build starts
  its list of articles;
- on_env: the templates get the language's feed (`kb_feed`: root-relative
  URL and title) for the `<link rel="alternate" type="application/atom+xml">`
  of every page's head (overrides/main.html) and the subscribe link of its
  footer (overrides/partials/copyright.html);
- on_page_content: an article gets its cite block at the end of its content;
- on_page_context: every page's head gets its Open Graph and Twitter card
  tags (`kb_share`), an article also its JSON-LD;
- on_post_build, after each language's build (before the i18n plugin goes on
  to the next language): that language's Atom feed. In a build split over two
  processes each process writes the feeds of the languages it builds.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urljoin

from mkdocs.exceptions import PluginError

from tpukb.languages import url_prefix
from tpukb.sharing import cite, feeds, jsonld, previews
from tpukb.sharing.page import IMAGE, PageFacts, page_facts
from tpukb.sharing.records import Records

_records: Records | None = None
_facts: dict[str, PageFacts] = {}   # this language build's pages
_articles: list[PageFacts] = []     # this language build's articles, in build order


def _strings(config) -> dict:
    strings = config.extra.get("reader_strings")
    if strings is None:
        raise PluginError("sharing: needs hooks/reader_strings.py in mkdocs.yml hooks")
    return strings


def _prefix(config) -> str:
    return url_prefix(config.theme["language"], config.plugins["i18n"].default_language)


def on_pre_build(config):
    global _records
    i18n = config.plugins.get("i18n")
    if i18n is None:
        raise PluginError(f"{config.config_file_path}: sharing: needs the i18n plugin")
    if _records is None or not i18n.building:  # a new build (mkdocs serve rebuilds)
        _records = Records(Path(config.config_file_path).resolve().parent,
                           Path(config.docs_dir), i18n.default_language)
    _facts.clear()
    _articles.clear()


def on_env(env, config, files):
    lang = config.theme["language"]
    env.globals["kb_feed"] = {"url": feeds.feed_link(config.site_url, _prefix(config)),
                              "title": feeds.title(config.site_name, lang, _strings(config)),
                              "type": feeds.MEDIA_TYPE}
    return env


def on_page_content(html, page, config, files):
    facts = page_facts(page, config, _records)
    _facts[page.file.src_uri] = facts
    if not facts.is_article:
        return None
    _articles.append(facts)
    return html + cite.block(facts, _strings(config))


def on_page_context(context, page, config, nav):
    facts = _facts.get(page.file.src_uri)
    if facts is None:
        return context
    strings = _strings(config)
    head = previews.head(facts, strings)
    if facts.is_article:
        head += jsonld.script(facts, config.plugins["i18n"].default_language)
    context["kb_share"] = head
    return context


def on_post_build(config):
    lang = config.theme["language"]
    strings = _strings(config)
    prefix = _prefix(config)
    home = urljoin(config.site_url, prefix)
    items = feeds.entries(_articles, lang, strings, config.site_url)
    content = feeds.atom(
        lang, items, feed=feeds.feed_url(config.site_url, prefix), home=home,
        feed_title=feeds.title(config.site_name, lang, strings),
        subtitle=" ".join(str(config.site_description or "").split()),
        author=config.site_name, logo=urljoin(config.site_url, IMAGE))
    feeds.write(Path(config.site_dir), prefix, content)
    feeds.write_sitemap_index(Path(config.site_dir), prefix, config.site_url)
