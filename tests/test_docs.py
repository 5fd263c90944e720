"""The README a newcomer reads to the end: short, with the writer's routine
in CONTRIBUTING.md and hosting in HOSTING.md; every section the long README
had lives on in one of them; the guides' links resolve and every command they
quote exists."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from tpukb.cli import COMMANDS

GUIDES = ("README.md", "CONTRIBUTING.md", "HOSTING.md", "scripts/README.md")
README_LINES = 120

# The long README's headings (before issue 31) and the guide each one is in now.
MOVED = {
    "The two commands": ("README.md", "The two commands"),
    "Layout": ("README.md", "Where things are"),
    "Hosting": ("HOSTING.md", "Hosting"),
    "Reading and searching": ("HOSTING.md", "Reading and searching"),
    "Adding an article": ("CONTRIBUTING.md", "Adding an article"),
    "Feeds, previews and citations": ("CONTRIBUTING.md", "Feeds, previews and citations"),
    "Keeping facts current": ("CONTRIBUTING.md", "Keeping facts current"),
    "Keeping translations in step": ("CONTRIBUTING.md", "Keeping translations in step"),
    "Adding a language": ("CONTRIBUTING.md", "Adding a language"),
    "Citations and links: what the checks enforce":
        ("CONTRIBUTING.md", "Citations and links: what the checks enforce"),
    "What editors do to files, and what the checks say":
        ("CONTRIBUTING.md", "What editors do to files, and what the checks say"),
}
# The commands the old README named, gone since the one command `tpukb`.
OLD_COMMANDS = re.compile(r"scripts/(translation_status|facts_due|new_article|renumber_citations|"
                          r"bench_hosting|bench\b|check_citations|check_urls_online|nginx_conf|"
                          r"serve_nginx|serve_site)")


def text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def headings(name: str) -> set[str]:
    return {m.group(1).strip() for m in re.finditer(r"^#{2,3} (.+)$", text(name), re.M)}


def test_the_readme_is_short_and_names_the_two_commands():
    readme = text("README.md")
    assert len(readme.splitlines()) <= README_LINES
    assert "scripts/serve" in readme and "scripts/test" in readme


@pytest.mark.parametrize("old", MOVED)
def test_every_section_of_the_long_readme_lives_on(old):
    guide, heading = MOVED[old]
    assert heading in headings(guide), f"'{old}' should be '{heading}' in {guide}"


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guides_links_resolve_and_name_no_old_command(guide):
    body = text(guide)
    folder = (ROOT / guide).parent
    for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", body):
        assert (folder / target).exists(), f"{guide}: link to {target}, which does not exist"
    assert not OLD_COMMANDS.search(body), OLD_COMMANDS.search(body).group(0)


@pytest.mark.parametrize("guide", GUIDES)
def test_every_tpukb_subcommand_the_guides_quote_exists(guide):
    names = {command.name for command in COMMANDS}
    quoted = set(re.findall(r"(?:^|[`\s/])(?<!from )tpukb ([a-z][a-z-]*)", text(guide), re.M))
    assert quoted <= names, sorted(quoted - names)
