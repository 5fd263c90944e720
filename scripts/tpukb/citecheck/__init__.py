"""The citation and link checks of the knowledge base, one module per job.

Each finding reads `path:line: RULE what is wrong; what to do`. Rules
(GUIDE.md, part 2):

On every Markdown file of the docs (tpukb.citecheck.encoding):
  E1  the file is UTF-8 (one finding, at the first bad byte; the file is then
      left out of every other rule)
  E2  no invisible or look-alike character in syntax: citation markers, the
      include line, front-matter keys
On the Markdown sources, per article (docs/<lang>/articles/*.md) and language:
  F1  front matter has title (also the H1), description, tags, facts_checked
  R1  the citation file docs/citations/<slug>.md holds only entries
      `[^N]: Publisher or author. *Title*. <https://url>`, numbered 1..N, no
      blank line; the article's last heading is its language's references heading
  R2  every in-text citation [^N] has an entry
  R3  every entry is cited at least once in every language version
  R4  first citations appear in ascending order (an error: the articles are
      written to satisfy it)
  R5  entry URLs: https, a valid host, no whitespace, no Arabic question mark
      or comma, no direction marks, no non-breaking or zero-width characters,
      no trailing `.` or `)`
  R6  markers are footnote references with ASCII digits: no [^٣], no ]3[, no
      plain-text [3] (invisible to link checkers)
  D1  every citation-file entry ends with its check date, `. Retrieved
      YYYY-MM-DD.`: a real day, not in the future
  D2  dated-statement markers are `[as of YYYY-MM]` or `[as of YYYY-MM-DD]`
      with a real date, not in the future; nothing that looks like a botched
      marker (a translated "as of", another date form)
  D4  in the default language, a sentence with a word of status or recency
      (beta, alpha, preview, experimental, early access, generally available,
      deprecated, archived, sign up, available soon, newest, latest, not yet,
      no longer, now, still, ...), and a table cell stating a status (beta,
      preview, experimental, deprecated, ...; the header row excepted),
      carries a date: a dated-statement marker (in a table, in the cell), a
      version it is tied to ("in 0.2.0", "since 2.8") or the day or month of
      a past event ("on 1 February 2026")
  S1  no raw <script> in any page
  S2  no on...= event-handler attribute
  S3  no javascript:, vbscript: or data: URL
  S4  no http:// URL (https is required)
  G1  no term that the language's glossary (scripts/tpukb/i18n/glossary/<lang>.yml)
      lists under `avoid`
Across languages:
  R7  every page exists in every language, or scripts/tpukb/i18n/translations/missing.yml
      declares it not translated yet (the missing file is named); every
      declaration names a page that exists in the default language and is
      really absent
  R8  every version ends with the include line of its shared citation file
      and keeps no definitions of its own; no citation file is orphaned
  R9  every language version cites the same set of numbers
  D3  every language version has the same dated statements (the same
      `[as of ...]` markers, as often) as the default language
  R12 the related-articles list (`related:` in the default language's front
      matter, tpukb.related) names published articles (R7 sees that they exist
      in every language), not the article itself, none twice; no translation
      keeps a list of its own
On the built site (--site):
  R6  markers render as <sup id="fnref:N"> links to an existing li#fn:N that
      shows [N]; every entry's backlinks reach an existing marker
  R10 the rendered reference lists are identical across languages
  R11 every internal link and #anchor resolves (navigation, language
      switcher, hreflang alternates, citation links, the theme's own assets)

Modules: `model` (Finding, Project, mkdocs.yml, interface strings), `text`
(reading the Markdown sources), `entries` (citation files: R1, R5, D1),
`encoding` (E1, E2), `cutoff` (an empty or cut-off citation file: one R1),
`articles` (F1, R1-R4, R6, R8 per language version), `languages` (R7, R8
orphans, R9), `dated` (D2-D4), `related` (R12), `safety` (S1-S4), `glossary` (G1), `sources` (all source rules over a docs
folder), `site` (R6, R10, R11 on the built HTML). The command line is
`cli` (`tpukb check` runs it).
"""

from .articles import check_article, check_marker_form
from .entries import CitationFile, Entry, cited_urls, read_citation_file, url_problems
from .model import (ROOT, Finding, Project, i18n_languages, load_project,
                    read_mkdocs_config)
from .safety import check_content_safety
from .site import BuiltSite, check_site
from .sources import check_sources
from .text import Article, read_articles

__all__ = [
    "ROOT", "Article", "BuiltSite", "CitationFile", "Entry", "Finding",
    "Project", "check_article", "check_content_safety", "check_marker_form", "check_site",
    "check_sources", "cited_urls", "i18n_languages", "load_project", "read_articles",
    "read_citation_file", "read_mkdocs_config", "url_problems",
]
