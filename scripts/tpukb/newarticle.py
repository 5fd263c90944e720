"""New articles: the one command that starts one (`tpukb new`), and drafts.

`create` writes what an article needs, in a state that passes the strict
build and the citation checker at once:

- `docs/<default>/articles/<slug>.md`: front matter (title, a placeholder
  description, a placeholder tag, facts_checked = today, `draft: true`),
  the H1, a placeholder paragraph, the references heading of the default
  language and the include line;
- `docs/citations/<slug>.md`, empty until the first reference;
- the nav line, appended to the "Knowledge base" section of mkdocs.yml by a
  text edit (the file is not re-serialised: comments, anchors and layout
  stay); `add_to_nav` takes the path of section titles, so a subsection
  (a category) can be targeted;
- the other languages' translations declared not written yet
  (scripts/tpukb/i18n/translations/missing.yml, see tpukb.translations.store).

A draft is an article whose default-language front matter says
`draft: true`: the plugin (tpukb.plugin) gives every language version of it
MkDocs' draft inclusion level (`mkdocs serve` shows it, `mkdocs build`
leaves it out) and takes it out of the navigation, so nothing half-written
is published. Replacing the `draft: true` line by `published: YYYY-MM-DD`
(that day) publishes it; the feeds and the article's data date the
publication by it (tpukb.sharing.records).
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from pathlib import Path

import yaml

from . import languages
from .translations import normalise, store
from .sourcefile import per_file_version, read_text

SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
SECTION = ("Knowledge base",)
DRAFT_KEY = "draft"


class NewArticleError(ValueError):
    """A new article that cannot be created."""


def check_slug(slug: str) -> None:
    if not SLUG.fullmatch(slug):
        raise NewArticleError(
            f"{slug!r} is not a valid slug: use lowercase ASCII letters and digits in words "
            "joined by single hyphens, e.g. tpu-v6e-memory (it becomes the file name and the URL)")


# ---------------------------------------------------------------------------
# The nav line
# ---------------------------------------------------------------------------

def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _block_end(lines: list[str], start: int, indent: int) -> int:
    """First line after `start` that is not blank and not indented deeper than `indent`."""
    end = start
    for i in range(start, len(lines)):
        if lines[i].strip() and not lines[i].lstrip().startswith("#") and _indent(lines[i]) <= indent:
            break
        end = i + 1
    while end > start and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1  # keep trailing blank and comment lines after the block
    return end


def add_to_nav(text: str, entry: str, section: tuple[str, ...] = SECTION, where: str = "mkdocs.yml") -> str:
    """mkdocs.yml's text with `- <entry>` appended to the nav section named by
    the titles in `section` (outermost first)."""
    lines = text.splitlines(keepends=True)
    nav = next((i for i, line in enumerate(lines) if re.match(r"nav:\s*$", line)), None)
    if nav is None:
        raise NewArticleError(f"{where}: no top-level `nav:`; add one with a "
                              f"'{section[0]}' section")
    lo, hi, parent = nav + 1, _block_end(lines, nav + 1, 0), 0
    for title in section:
        pattern = re.compile(rf"^( *)- *['\"]?{re.escape(title)}['\"]? *: *$")
        found = next((i for i in range(lo, hi) if (m := pattern.match(lines[i].rstrip("\n")))
                      and _indent(lines[i]) >= parent), None)
        if found is None:
            raise NewArticleError(f"{where}: no nav section '{' > '.join(section)}'")
        parent = _indent(lines[found])
        lo, hi = found + 1, _block_end(lines, found + 1, parent)
    children = [line for line in lines[lo:hi] if line.lstrip().startswith("- ")]
    if any(re.match(rf"^ *- *{re.escape(entry)} *$", line.rstrip("\n")) for line in children):
        raise NewArticleError(f"{where}: the nav already lists {entry}")
    indent = " " * (min(map(_indent, children)) if children else parent + 4)
    if hi > 0 and not lines[hi - 1].endswith("\n"):
        lines[hi - 1] += "\n"
    lines.insert(hi, f"{indent}- {entry}\n")
    return "".join(lines)


# ---------------------------------------------------------------------------
# Drafts
# ---------------------------------------------------------------------------

def is_draft(path: Path) -> bool:
    """Whether the page's front matter says `draft: true`; read once per
    version of the file (a build asks for every language of every page)."""
    path = Path(path)
    return path.is_file() and _is_draft(path)


@per_file_version
def _is_draft(path: Path) -> bool:
    text = read_text(path)
    # Most pages have no draft key: skip the YAML parse for them (builds ask
    # this for every page of every language).
    if f"\n{DRAFT_KEY}:" not in text[:text.find("\n---", 3) + 1]:
        return False
    meta, _ = normalise.split_front_matter(text)
    return meta.get(DRAFT_KEY) is True


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------

def skeleton(title: str, slug: str, heading: str, today: datetime.date) -> str:
    front = yaml.safe_dump({"title": title}, allow_unicode=True, width=10_000).strip()
    return f"""---
{front}
description: >-
  One sentence that says what the article answers (the index shows it).
tags:
  - Draft
facts_checked: {today.isoformat()}
# Not published while this line is here (mkdocs serve shows it); delete it
# once the article is written and cited.
{DRAFT_KEY}: true
---

# {title}

Write the article here; cite each claim with a footnote marker such as
`[^1]` directly after it, numbered in the order of first citation, with the
entries in docs/citations/{slug}.md.

## {heading}

--8<-- "citations/{slug}.md"
"""


def create(project: Path, slug: str, title: str, today: datetime.date | None = None,
           section: tuple[str, ...] = SECTION) -> list[Path]:
    """Create a new draft article; returns the files written."""
    project = Path(project).resolve()
    check_slug(slug)
    title = " ".join(title.split())
    if not title:
        raise NewArticleError("the title is empty: give the English title with --title")
    site = languages.load(project)
    config = languages.read_mkdocs_config(project / "mkdocs.yml")
    docs = project / (config.get("docs_dir") or "docs")
    article = docs / site.default / "articles" / f"{slug}.md"
    citations = docs / "citations" / f"{slug}.md"
    taken = [path for path in [article, citations] + [docs / lang / "articles" / f"{slug}.md"
                                                      for lang in site.others] if path.exists()]
    if taken:
        raise NewArticleError(f"the slug {slug!r} is taken: "
                              + ", ".join(p.relative_to(project).as_posix() for p in taken)
                              + f" already exist{'s' if len(taken) == 1 else ''}; choose another slug")
    mkdocs_yml = project / "mkdocs.yml"
    nav_text = add_to_nav(read_text(mkdocs_yml), f"articles/{slug}.md", section)
    heading = site.string(site.default, "references.heading")
    article.parent.mkdir(parents=True, exist_ok=True)
    article.write_text(skeleton(title, slug, heading, today or datetime.date.today()), encoding="utf-8")
    citations.parent.mkdir(parents=True, exist_ok=True)
    citations.write_text("", encoding="utf-8")
    mkdocs_yml.write_text(nav_text, encoding="utf-8")
    store.change_declarations(project, add={lang: {f"articles/{slug}.md"} for lang in site.others})
    return [article, citations, mkdocs_yml, project / store.DECLARATIONS]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("slug", help="lowercase ASCII words joined by hyphens (the file name and URL)")
    parser.add_argument("--title", required=True, help="the English title")
    parser.add_argument("--category", required=True,
                        help="the English name of its category: a section of 'Knowledge base' "
                             "in mkdocs.yml's nav (e.g. 'Memory and performance')")
    parser.add_argument("--project", type=Path, default=languages.ROOT,
                        help="project folder holding mkdocs.yml (default: this project)")


def run(args: argparse.Namespace) -> int:
    try:
        written = create(args.project, args.slug, args.title,
                         section=SECTION + (" ".join(args.category.split()),))
    except (NewArticleError, languages.LanguageError, store.StoreError) as error:
        print(f"tpukb new: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path.relative_to(Path(args.project).resolve()).as_posix()}")
    print("It is a draft (draft: true): write it, cite it, replace the draft line by "
          "`published: YYYY-MM-DD` (that day), then scripts/test. Translations: "
          "tpukb status.")
    return 0
