"""The MkDocs plugin `tpukb`: the whole build of the knowledge base, in order.

Registered under the `mkdocs.plugins` entry point (pyproject.toml) and
listed last under `plugins:` in mkdocs.yml. Each event method below calls
the package's modules in one explicit list, so the life of a page reads top
to bottom in this file. The modules own the rules; this file owns the order
and the state that lives across one build.

Order against the other plugins. The i18n plugin (mkdocs-static-i18n)
builds the default language, then, in its own `on_post_build` (priority
-100), builds every other language again with the same config object (a
"nested" build that fires every event again, `i18n.building` true). Only
two events need a priority for that:

- `on_nav` runs at AFTER_I18N: the i18n plugin (-100) builds each
  language's navigation, from which the drafts are then removed;
- `on_post_build` is two steps: `_each_language` at the default priority
  runs before the i18n plugin's loop, inside every language's build (that
  language's feed); `_once` at AFTER_I18N runs after the loop has built
  every language of this process (the work that spans languages).

A third, `on_shutdown`, runs after every other plugin's (LAST): it may
end the process (tpukb.fastexit).

Every other event runs at the default priority (0), which already comes
after the i18n plugin's 50 (on_page_markdown, on_template_context,
on_page_context), before its -100 (on_config, on_files) and before the tags
plugin's -50 on_page_markdown (the search step must see the tags marker
before the tags plugin replaces it). Listed after tags and i18n, the plugin
runs after them at equal priority, as the hooks it replaces did.

Settings (mkdocs.yml, `plugins: - tpukb: ...`; validated by MkDocs' config
classes, a wrong value stops the build naming the option):

- `jobs`: processes `mkdocs build` uses (1 = one; default: 2 on a machine
  with two cores or more); the environment variable TPUKB_BUILD_JOBS
  overrides it (tpukb.parallel);
- `check_citations`: run the citation checker's source rules in the build
  (default true; their findings are warnings, which fail `--strict`);
- `search_exclude`: CSS selectors Pagefind leaves out of the indexed text
  (default: tpukb.search.EXCLUDE_SELECTORS).
"""

from __future__ import annotations

import atexit
import datetime
import functools
import html
import logging
import re
import subprocess
import time
from copy import deepcopy
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import InclusionLevel

from tpukb import (alternates, checkrun, dates, fallbacklinks, fastexit, gcpause, htmlcompact,
                   kbindex, languages, navfragments, parallel, related, search, searchinput,
                   templatecache, validhtml)
from tpukb.citecheck.articles import INCLUDE
from tpukb.hosting import HostingError, csp, github_pages
from tpukb.hosting.publish import publish
from tpukb.hosting.written import Written
from tpukb.newarticle import is_draft
from tpukb.sharing import cite, feeds, jsonld, previews
from tpukb.sharing.page import IMAGE, PageFacts, page_facts
from tpukb.sharing.records import Records
from tpukb.sourcefile import NotUtf8, per_file_version, read_text
from tpukb.translations import StoreError
from tpukb.translations import status as translation_status

log = logging.getLogger("mkdocs.plugins.tpukb")

AFTER_I18N = -110  # after the i18n plugin's -100 (its navigation, its loop of languages)
LAST = -1000  # after every plugin's event (on_shutdown, which may end the process)
# the command-line tools that run this plugin's builds (tpukb.parallel starts the same one)
COMMANDS = ("mkdocs", "properdocs")

TITLE = re.compile(r"^# .*$", re.M)
FOOTNOTES = '<div class="footnote">'


class _ProcessCount(c.BaseConfigOption[int]):
    def run_validation(self, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise c.ValidationError(
                f"expected a whole number of processes, 1 or more (1 = one process), "
                f"got {value!r}")
        return value


class _Selector(c.BaseConfigOption[str]):
    def run_validation(self, value: object) -> str:
        if not isinstance(value, str) or not value.strip() or "," in value:
            raise c.ValidationError(f"expected one CSS selector (no comma), got {value!r}")
        return value.strip()


class TpukbConfig(base.Config):
    jobs = c.Optional(_ProcessCount())
    check_citations = c.Type(bool, default=True)
    search_exclude = c.ListOfItems(_Selector(), default=list(search.EXCLUDE_SELECTORS))


def _i18n(config):
    return config.plugins["i18n"]


def _building_nested(config) -> bool:
    """Inside the i18n plugin's loop: the build of a language other than the first."""
    return _i18n(config).building


class TpukbPlugin(BasePlugin[TpukbConfig]):
    supports_multiple_instances = False

    def __init__(self):
        # across `mkdocs serve` rebuilds (a plugin with on_startup is kept)
        self.command: str | None = None
        self.dirty = False
        self.started = False              # the split into two processes is decided once
        self.child: parallel.Child | None = None
        self.site: languages.Languages | None = None
        self.project: translation_status.Project | None = None
        self.checked_config = None        # the config of the build whose sources were checked
        self.citation_check: subprocess.Popen | None = None
        self.noticed_config = None        # the config whose stale translations were read
        self.stale: dict[tuple[str, str], translation_status.Translation] = {}
        self.listings: set[str] = set()   # source paths of the pages that only list others
        self.records: Records | None = None
        self.facts: dict[str, PageFacts] = {}  # this language build's pages
        self.articles: list[PageFacts] = []    # this language build's articles, in build order
        self.problems: list[str] = []     # H1-H4 and H7 of the pages this process wrote
        self.written: Written | None = None
        # what Pagefind reads of each page marked for indexing, by its path in
        # the site (tpukb.searchinput); None when this build does not index
        # its pages or writes only some of them (--dirty)
        self.search_pages: dict[str, str] | None = None
        self.default_404: str | None = None  # the default language's rendered 404 page
        self.templates = templatecache.CompiledTemplates()  # shared by every build's Jinja
        self.full_collections = gcpause.FullCollections()  # paused while a build runs
        self.finished = False             # the last build got through its last step (_once)
        # tpukb.preview's language workers: Pagefind runs once over the
        # assembled preview, not in each worker (a worker is a split build's
        # part, tpukb.parallel, so it leaves the citation check out already)
        self.preview = False

    # ------------------------------------------------------------------
    # Start and configuration
    # ------------------------------------------------------------------

    def on_startup(self, *, command, dirty):
        self.command, self.dirty = command, dirty  # only `build` is split over two processes

    def on_config(self, config):
        if config.plugins.get("i18n") is None:
            raise PluginError(f"{config.config_file_path}: tpukb: needs the i18n plugin "
                              "(mkdocs-static-i18n) under plugins")
        self._split_languages(config)
        self._load_reader_strings(config)
        self.project = translation_status.load_project(_root(config))
        # Material's scope script gets the site root's path instead of a path
        # relative to each page: the same inline script on every page
        config.extra.setdefault("scope", github_pages.base_path(config.site_url))
        return config

    def _split_languages(self, config) -> None:
        """Two processes (tpukb.parallel): the main process starts the child
        once; a child starts with its first language instead of the default
        one; each process's i18n loop skips the other's languages. Runs before
        the i18n plugin's on_config (-100) reads its current language."""
        if self.started:
            return
        self.started = True
        i18n = _i18n(config)
        part = parallel.part_languages()
        if part:  # the child: build these languages only, the first one first
            i18n.current_language = part[0]
            parallel.only_in_i18n_loop(i18n, part[1:])
            return
        try:
            jobs = parallel.jobs(self.config.jobs)
        except parallel.ParallelBuildError as error:
            raise PluginError(str(error)) from None
        if self.command != "build" or jobs < 2 or self.dirty:
            return
        ours, theirs = parallel.split(i18n.build_languages, i18n.default_language)
        if not theirs:
            return
        log.info(f"parallel: building {', '.join(theirs)} in a second process")
        self.child = parallel.start(config.config_file_path, config.site_dir, theirs,
                                    strict=bool(config.get("strict")))
        atexit.register(parallel.stop, self.child)  # a failure here must not leave it running
        parallel.only_in_i18n_loop(i18n, [lang for lang in ours if lang != i18n.current_language])

    def _load_reader_strings(self, config) -> None:
        """The interface strings (tpukb/i18n/strings.yml), one checked copy for
        this plugin and the templates; a language lacking a key stops the build."""
        try:
            self.site = languages.load(_root(config))
        except NotUtf8 as error:
            raise PluginError(f"tpukb: {error.finding_line()}") from None
        except languages.LanguageError as error:
            raise PluginError(f"tpukb: {error}") from error

    # ------------------------------------------------------------------
    # Each build (each language's, in the i18n plugin's loop)
    # ------------------------------------------------------------------

    def on_pre_build(self, config):
        new_build = not _building_nested(config)  # not a language's: mkdocs serve rebuilds
        if new_build:
            self.full_collections.pause()  # resumed when the build ends (tpukb.gcpause)
            self.finished = False
        self._start_citation_check(config)
        if new_build:
            self.listings.clear()
        self._read_stale_translations(config)
        if self.records is None or new_build:
            self.records = Records(_root(config), Path(config.docs_dir), _i18n(config).default_language)
        self.facts.clear()
        self.articles.clear()
        if new_build:
            self.problems.clear()
            self.written = Written(self.site)
            self.search_pages = None if self.preview or self.dirty else {}

    def _start_citation_check(self, config) -> None:
        """The citation checker's source rules (tpukb.citecheck), in their own
        process, started with the build, a split one too (it shares the two
        cores and ends before the pages); once per build, not in the second
        process of a split build; reported in on_post_build."""
        if not self.config.check_citations or config is self.checked_config or parallel.is_part():
            return
        self.checked_config = config
        self.citation_check = checkrun.start(Path(config.docs_dir), _root(config))

    def _read_stale_translations(self, config, pages: set[str] | None = None) -> None:
        """Which translations are stale (tpukb.translations.status), once per
        build; of `pages` again when tpukb.preview renders them again."""
        if config is self.noticed_config and pages is None:
            return
        self.noticed_config = config
        try:
            _, rows = translation_status.status(self.project, pages)
        except NotUtf8:
            return  # the citation checker reports the file (rule E1)
        except StoreError as error:
            raise PluginError(f"tpukb: {error}") from error
        fresh = {(row.page, row.lang): row for row in rows if row.state == "stale"}
        if pages is not None:  # the other pages' state stays
            fresh = {key: row for key, row in self.stale.items() if key[0] not in pages} | fresh
        self.stale = fresh

    def reread_sources(self, config, pages: set[str]) -> None:
        """What on_pre_build read from sources other than the pages (the
        articles' records and references, whether `pages` are stale
        translations), read again: tpukb.preview calls it before it renders
        those pages (names such as articles/x.md) again."""
        self.records = Records(_root(config), Path(config.docs_dir), _i18n(config).default_language)
        self._read_stale_translations(config, pages)

    def on_files(self, files, config):
        """Drafts (tpukb.newarticle.is_draft): every language version of an
        article whose default-language front matter says `draft: true` gets
        MkDocs' DRAFT level (`mkdocs serve` shows it, `mkdocs build` leaves
        it out), before the i18n plugin (-100) sorts the files per language
        (its fallback copies keep the level)."""
        docs = Path(config.docs_dir)
        for file in files.documentation_pages(inclusion=InclusionLevel.all):
            parts = PurePosixPath(file.src_uri).parts
            if len(parts) > 1 and parts[0] in self.site.codes and \
                    is_draft(docs / self.site.default / PurePosixPath(*parts[1:])):
                file.inclusion = InclusionLevel.DRAFT
        # a static HTML file may be marked for indexing too, and it is not a
        # page this plugin sees written: Pagefind then reads the site itself
        if any(file.src_uri.endswith(".html") for file in files.static_pages()):
            self.search_pages = None
        return files

    @event_priority(AFTER_I18N)
    def on_nav(self, nav, config, files):
        """Draft pages leave the navigation the i18n plugin built (and with it
        the knowledge-base index and the previous/next links)."""
        nav.items = _published(nav.items)
        nav.pages = [page for page in nav.pages if not page.file.inclusion.is_excluded()]
        for before, after in zip([None] + nav.pages[:-1], nav.pages):
            after.previous_page = before
            if before is not None:
                before.next_page = after
        if nav.pages:
            nav.pages[-1].next_page = None
        return nav

    def on_env(self, env, config, files):
        # the templates compiled once, not once per language (tpukb.templatecache)
        env.bytecode_cache = self.templates
        # search: the bundle's path and the highlight parameter (overrides/partials/search.html)
        env.globals["search_bundle"] = search.bundle_path(config.site_url)
        env.globals["search_first_paint"] = search.FIRST_PAINT
        env.globals["search_base"] = search.base_path(config.site_url)
        env.globals["search_highlight_param"] = search.HIGHLIGHT_PARAM
        # the navigation's closed branches rendered once per page folder, not
        # per page (overrides/partials/nav-item.html, tpukb.navfragments)
        env.globals["tpukb_nav_fragment"] = navfragments.NavFragments()
        # hreflang: the language versions of a page as absolute URLs (head, sitemap.xml)
        if not config.site_url:
            raise PluginError(f"{config.config_file_path}: tpukb: hreflang needs site_url")
        env.filters["hreflang"] = functools.partial(alternates.hreflang_links, config=config)
        # the interface strings (the fallback notice, the 404 page)
        env.globals["reader_strings"] = self.site.strings
        # the language's Atom feed (root-relative), for every page's <link
        # rel="alternate"> and its footer's subscribe link
        lang = config.theme["language"]
        env.globals["kb_feed"] = {"url": feeds.feed_link(config.site_url, _prefix(config)),
                                  "title": feeds.title(config.site_name, lang, self.site.strings),
                                  "type": feeds.MEDIA_TYPE}
        return env

    # ------------------------------------------------------------------
    # The life of a page
    # ------------------------------------------------------------------

    def on_page_read_source(self, page, config):
        """Read every page as the citation checker does (tpukb.sourcefile):
        UTF-8, byte-order mark dropped, CRLF and CR read as LF. A page that is
        not UTF-8 is built empty; the checker reports it (rule E1)."""
        try:
            return read_text(Path(page.file.abs_src_path))
        except NotUtf8:
            return f"# {Path(page.file.src_uri).stem}\n"

    def on_page_markdown(self, markdown, page, config, files):
        lang = config.theme["language"]
        strings = self.site.strings
        # 1. search: a page that only lists others is not a result (before the
        #    tags plugin, -50, and step 3 replace their markers)
        if search.is_listing(markdown):
            self.listings.add(page.file.abs_src_path)
        # 2. a citation file that is not UTF-8 is not included (rule E1 names it)
        markdown = _drop_unreadable_includes(markdown, Path(config.docs_dir))
        # 3. the knowledge-base index and the category pages get their lists;
        #    any other page the articles its English front matter lists as
        #    `related`, above its references (tpukb.related)
        if kbindex.MARKER in markdown:
            try:
                markdown = kbindex.fill(markdown, page, strings[lang]["kb.category.empty"])
            except kbindex.KbIndexError as error:
                raise PluginError(str(error)) from error
        else:
            name = languages.page_name(page.file)
            block = related.block(Path(config.docs_dir), lang, _i18n(config).default_language,
                                  name, strings[lang]["related.heading"])
            markdown = related.insert(markdown, block, strings[lang]["references.heading"])
        # 4. dates in the page's language: `[as of ...]` markers, facts checked
        markdown = _render_dates(markdown, page, lang, strings)
        # 5. a stale translation tells its reader (overrides/main.html shows it)
        self._notice_stale(page, lang, strings)
        # 6. links to another article's section lose their #anchor where
        #    either page is served in English (tpukb.fallbacklinks)
        return self._drop_fallback_anchors(markdown, page, config)

    def _notice_stale(self, page, lang: str, strings: dict) -> None:
        if lang == self.project.default or getattr(page.file, "locale", lang) != lang:
            return
        row = self.stale.get((languages.page_name(page.file), lang))
        if row is None:
            return
        if row.english_updated:
            notice = dates.time_element(row.english_updated, lang, strings,
                                        strings[lang]["stale.notice"])
        else:
            notice = html.escape(strings[lang]["stale.undated"], quote=False)
        page.meta["kb_stale"] = {"notice": notice, "source": self.project.default}

    def _drop_fallback_anchors(self, markdown: str, page, config) -> str:
        i18n = _i18n(config)
        if i18n.current_language == i18n.default_language:
            return markdown
        lang = i18n.current_language
        folder = Path(config.docs_dir) / lang
        name = languages.page_name(page.file)
        is_fallback = getattr(page.file, "locale", lang) != lang
        return fallbacklinks.drop_unresolvable_anchors(
            markdown, name, is_fallback, lambda target: (folder / target).is_file())

    def on_page_content(self, html, page, config, files):
        lang = config.theme["language"]
        strings = self.site.strings
        # 1. each reference's check date in the page's language
        start = html.find(FOOTNOTES)
        if start >= 0:
            html = html[:start] + dates.render_retrieved(html[start:], lang, strings)
        # 2. the footnotes' and permalinks' English titles in the page's language
        html = _translate_titles(html, lang, self.site)
        # 3. an article gets "Cite this article" at the end of its content
        facts = page_facts(page, config, self.records)
        self.facts[page.file.src_uri] = facts
        if facts.is_article:
            self.articles.append(facts)
            html += cite.block(facts, strings)
        return html

    def on_page_context(self, context, page, config, nav):
        """Every page's head gets its link-preview tags, an article also its JSON-LD."""
        facts = self.facts.get(page.file.src_uri)
        if facts is None:
            return context
        head = previews.head(facts, self.site.strings)
        if facts.is_article:
            head += jsonld.script(facts, _i18n(config).default_language)
        context["kb_share"] = head
        return context

    def on_template_context(self, context, template_name, config):
        if template_name == "404.html":
            # a 404 page's language switcher goes to each language's home (the
            # i18n plugin sets this attribute per page; the template reads it)
            config.extra.alternate = deepcopy(_i18n(config).extra_alternate)
        return context

    def on_post_page(self, output, page, config):
        # 1. search: the content article is marked for indexing (not a listing's)
        listing = page.file.abs_src_path in self.listings
        try:
            output = search.mark_body(output, page.file.abs_src_path, listing)
        except search.SearchError as error:
            raise PluginError(str(error)) from error
        # 2. the <html> element states the page's direction, as <body> does
        #    (the tab title takes its direction from it)
        output = languages.with_direction(output, self.site.direction(config.theme["language"]))
        # 3. what Material's templates write against the HTML standard, repaired
        output = validhtml.repair(output)
        # 4. without the templates' indentation
        output = htmlcompact.compact(output)
        # 5. the page as written: checked for what the policy cannot allow
        #    (H1-H4) or loads from another host (H7), and given the policy as
        #    a <meta> tag (tpukb.hosting.written); the build fails once every
        #    page is written, naming them all
        path = Path(page.file.abs_dest_path)
        self.problems.extend(csp.problems(path, output))
        try:
            output = self.written.page(Path(page.file.dest_path).as_posix(), path, output)
        except HostingError as error:
            self.problems.append(str(error))
        # 6. search: what Pagefind is to read of the page as written, kept for
        #    the index at the end of the build (tpukb.search.index_site)
        if self.search_pages is not None and not listing:
            self.search_pages[page.file.dest_uri] = searchinput.reduced(
                output, search.ARTICLE_INDEXED, self.config.search_exclude)
        return output

    def on_post_template(self, output_content, template_name, config):
        """Pages rendered from a template alone (404.html, sitemap.xml)."""
        if not template_name.endswith(".html"):
            return None
        output = htmlcompact.compact(validhtml.repair(output_content))
        if template_name != "404.html":
            return output
        # MkDocs renders 404.html into the site root once per language, each
        # build overwriting the last (i18n issues #284, #326): each other
        # language's page goes to <lang>/404.html, the default language's
        # back to the root once every language is built (_once)
        i18n = _i18n(config)
        if i18n.current_language == i18n.default_language:
            self.default_404 = output
        else:
            target = Path(config.site_dir) / i18n.current_language / "404.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(output, encoding="utf-8")
        return output

    # ------------------------------------------------------------------
    # The end of a build
    # ------------------------------------------------------------------

    def _each_language(self, config):
        """After each language's build, before the i18n plugin goes on to the
        next language: that language's Atom feed and the sitemap index beside
        it (tpukb.sharing.feeds)."""
        lang, strings = config.theme["language"], self.site.strings
        prefix = _prefix(config)
        home = urljoin(config.site_url, prefix)
        content = feeds.atom(
            lang, feeds.entries(self.articles, lang, strings, config.site_url),
            feed=feeds.feed_url(config.site_url, prefix), home=home,
            feed_title=feeds.title(config.site_name, lang, strings),
            subtitle=" ".join(str(config.site_description or "").split()),
            author=config.site_name, logo=urljoin(config.site_url, IMAGE))
        feeds.write(Path(config.site_dir), prefix, content)
        feeds.write_sitemap_index(Path(config.site_dir), prefix, config.site_url)

    @event_priority(AFTER_I18N)
    def _once(self, config):
        """Once the i18n plugin has built every language of this process."""
        if _building_nested(config):
            return
        try:
            self._finish(config)
        finally:
            self.full_collections.resume()
        self.finished = True

    def _finish(self, config):
        site = Path(config.site_dir)
        try:
            # 1. Pagefind indexes this process's languages (tpukb.search)
            if not self.preview:
                pages, self.search_pages = self.search_pages, None
                search.index_site(site, self.config.search_exclude, pages)
            # 2. a split build: wait for the second process, relay its
            #    messages, merge its output (tpukb.parallel)
            self._merge_child(config)
        except (parallel.ParallelBuildError, search.SearchError) as error:
            raise PluginError(str(error)) from None
        # 3. the citation check's findings, as warnings (--strict fails on them)
        self._report_citation_check()
        if parallel.is_part():  # the second process: the main one does the rest
            self._fail_on_hosting_problems()
            self.written.save(site)
            return
        # 4. the default language's 404 page back at the site root
        if self.default_404 is None:
            raise PluginError(f"{config.config_file_path}: tpukb: the default language's "
                              "404 page was never rendered")
        (site / "404.html").write_text(self.default_404, encoding="utf-8")
        # 5. hosting (tpukb.hosting.publish): the policy of the pages written
        #    outside on_post_page, the root 404's language redirect, _headers
        #    and _redirects; a page the policy cannot cover fails the build
        self._fail_on_hosting_problems()
        try:
            self.written.load(site)
            publish(site, self.written.languages, written=self.written)
        except HostingError as error:
            raise PluginError(f"hosting: {error}") from None

    on_post_build = CombinedEvent(_each_language, _once)

    def on_build_error(self, error):
        self.finished = False  # MkDocs' strict check fails the build after on_post_build
        self.full_collections.resume()
        self._report_citation_check()  # its findings may explain the failure

    @event_priority(LAST)
    def on_shutdown(self):
        """A successful `mkdocs build` (either process of a split one) exits
        without freeing its heap (tpukb.fastexit)."""
        if self.command == "build" and self.finished and fastexit.started_as(COMMANDS):
            fastexit.exit_now()

    def _report_citation_check(self) -> None:
        if self.citation_check is None:
            return
        check, self.citation_check = self.citation_check, None
        result = checkrun.result(check)
        for line in result.findings:
            log.warning(line)
        if result.error:
            log.error(result.error)

    def _merge_child(self, config) -> None:
        if self.child is None:
            return
        child, self.child = self.child, None
        waited = time.monotonic()
        try:
            parallel.wait(child, log)
            log.debug(f"parallel: waited {time.monotonic() - waited:.1f} s for the second process")
            parallel.merge(config.site_dir, child)
        finally:
            parallel.stop(child)

    def _fail_on_hosting_problems(self) -> None:
        if self.problems:
            raise PluginError("hosting: " + "\n".join(self.problems))


# ----------------------------------------------------------------------
# Helpers of the steps above
# ----------------------------------------------------------------------

def _root(config) -> Path:
    return Path(config.config_file_path).resolve().parent


def _prefix(config) -> str:
    return languages.url_prefix(config.theme["language"], _i18n(config).default_language)


def _published(items):
    kept = []
    for item in items:
        if item.is_page and item.file.inclusion.is_excluded():
            continue
        if item.is_section:
            item.children = _published(item.children)
        kept.append(item)
    return kept


@per_file_version
def _readable(path: Path) -> bool:
    """Whether a file decodes (once per file version: every language includes it)."""
    try:
        read_text(path)
    except NotUtf8:
        return False
    return True


def _drop_unreadable_includes(markdown: str, docs: Path) -> str:
    if "--8<--" not in markdown:
        return markdown

    def keep(match: re.Match) -> str:
        path = docs / match.group(1)
        if not path.is_file():
            return match.group(0)  # snippets' check_paths reports it
        return match.group(0) if _readable(path) else ""
    return INCLUDE.sub(keep, markdown)


def _render_dates(markdown: str, page, lang: str, strings: dict) -> str:
    """`[as of 2026-11]` as "(as of November 2026)" and an article's
    `facts_checked` under its title, each in a <time> element (tpukb.dates).
    A malformed date is left as written: the checker reports it (F1, D1, D2)."""
    markdown = dates.render_as_of(markdown, lang, strings)
    checked = page.meta.get("facts_checked")
    title = TITLE.search(markdown)
    if not isinstance(checked, datetime.date) or title is None:
        return markdown
    line = ('<p class="kb-facts-checked">'
            + dates.time_element(checked, lang, strings, strings[lang]["facts.checked"]) + "</p>")
    return f"{markdown[:title.end()]}\n\n{line}\n{markdown[title.end():]}"


def _backlink(english: str) -> re.Pattern:
    return re.compile('title="' + re.escape(english).replace(r"\{n\}", r"(\d+)") + '"')


def _translate_titles(html: str, lang: str, site: languages.Languages) -> str:
    """Python-Markdown's footnotes and toc extensions write English `title`
    texts ("Jump back to footnote 3 in the text", "Permanent link") whatever
    the language: rewritten in the page's language."""
    if lang == site.default:
        return html
    strings, english = site.strings[lang], site.strings[site.default]
    html = _backlink(english["footnote.backlink"]).sub(
        lambda m: f'title="{strings["footnote.backlink"].format(n=m.group(1))}"', html)
    return html.replace(f'title="{english["heading.permalink"]}"',
                        f'title="{strings["heading.permalink"]}"')
