"""Shared fixtures: one strict build of the real site per test session."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

from tpukb import languages
from tpukb.newarticle import is_draft

# The site's languages, as mkdocs.yml declares them (default language first).
SITE_LANGUAGES = languages.load(ROOT)
DEFAULT_LANGUAGE = SITE_LANGUAGES.default
LANGUAGES = SITE_LANGUAGES.default_first
url_prefix = SITE_LANGUAGES.url_prefix


def markdown_extensions(own: str) -> tuple[list, list, dict]:
    """mkdocs.yml's Markdown extensions with and without the project's
    extension `own` (e.g. tpukb.fastinline), and their settings."""
    from mkdocs.config import load_config

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    config = load_config(str(ROOT / "mkdocs.yml"))
    names = list(config["markdown_extensions"])
    assert own in names, f"mkdocs.yml no longer lists {own}"
    return names, [name for name in names if name != own], dict(config["mdx_configs"])


def convert_markdown(text: str, names, configs) -> str:
    import markdown

    cwd = os.getcwd()
    os.chdir(ROOT)  # pymdownx.snippets' base_path is relative to the project
    try:
        return markdown.Markdown(extensions=names, extension_configs=configs).convert(text)
    finally:
        os.chdir(cwd)


def markdown_sources() -> list[tuple[Path, str]]:
    """Every page of every language (not the citation files) and its Markdown
    without front matter, as MkDocs converts it."""
    from mkdocs.utils.meta import get_data

    pages = sorted(p for p in DOCS.rglob("*.md") if "citations" not in p.relative_to(DOCS).parts)
    assert len(pages) > 20
    return [(page, get_data(page.read_text(encoding="utf-8-sig"))[0]) for page in pages]


# The project's command (pyproject.toml [project.scripts]), installed beside
# the interpreter that runs the tests.
TPUKB = str(Path(sys.executable).parent / "tpukb")


def mkdocs_build(project: Path, site_dir: Path, **env_vars: str) -> subprocess.CompletedProcess:
    """Run `mkdocs build --strict` on a project folder, never with --quiet."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **env_vars)
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f",
         str(project / "mkdocs.yml"), "-d", str(site_dir)],
        cwd=project, env=env, capture_output=True, text=True,
    )


def build_problems(result: subprocess.CompletedProcess) -> list[str]:
    """Lines of a build's output that a strict build must not print."""
    return [line for line in result.stderr.splitlines()
            if line.startswith(("WARNING", "ERROR")) or "Aborted" in line]


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The real site, built strictly once; the build must print no warning."""
    out = tmp_path_factory.mktemp("site")
    result = mkdocs_build(ROOT, out)
    problems = build_problems(result)
    assert result.returncode == 0 and not problems, (
        "strict build failed:\n" + "\n".join(problems or result.stderr.splitlines()[-20:])
    )
    return out


def front_matter(lang: str, page: str) -> dict:
    """The front matter of docs/<lang>/<page>, parsed."""
    text = (DOCS / lang / page).read_text(encoding="utf-8")
    return yaml.safe_load(text.split("---", 2)[1])


def source_pages(lang: str = DEFAULT_LANGUAGE) -> list[str]:
    """Page paths (relative to the language folder) of one language's sources,
    drafts left out, and translations of a draft (they are not built: tpukb.newarticle)."""
    base = DOCS / lang
    return sorted(page for page in (p.relative_to(base).as_posix() for p in base.rglob("*.md"))
                  if not is_draft(DOCS / DEFAULT_LANGUAGE / page)
                  and not is_draft(base / page))


def built_path(site_dir: Path, lang: str, page: str) -> Path:
    """Where a source page of a language lands in the built site."""
    stem = page[:-3]
    if stem == "index" or stem.endswith("/index"):
        rel = stem[: -len("index")]
    else:
        rel = stem + "/"
    return site_dir / url_prefix(lang) / rel / "index.html"


@pytest.fixture(scope="session")
def nginx(site, tmp_path_factory):
    """The built site behind nginx with the production configuration
    (tpukb.hosting), on a free port of 127.0.0.1, for the session. It serves a
    copy of the site: nginx's deployment writes precompressed .gz/.br copies."""
    import shutil

    from tpukb.hosting import nginx as hosting_nginx
    from tpukb.hosting.publish import published_rules

    served = tmp_path_factory.mktemp("served") / "site"
    shutil.copytree(site, served)
    server = hosting_nginx.NginxServer(served, published_rules(served, SITE_LANGUAGES),
                                       tmp_path_factory.mktemp("nginx"), workers="1")
    with server:
        yield server


# ---------------------------------------------------------------------------
# Planted copies of a real article (tests/test_citations.py, test_bad_input.py)
# ---------------------------------------------------------------------------

# A real article, complete in every language, that the planting tests copy.
SOURCE_ARTICLE = "jax-tensorflow-tpu-memory"


@dataclass
class ArticleCopy:
    """One copy of the source article, `<slug>`, in a copy of the project."""
    root: Path
    slug: str

    def article(self, lang: str) -> Path:
        return self.root / "docs" / lang / "articles" / f"{self.slug}.md"

    @property
    def citations(self) -> Path:
        return self.root / "docs" / "citations" / f"{self.slug}.md"

    def files(self) -> list[Path]:
        return [self.citations] + [self.article(lang) for lang in LANGUAGES]

    def rel(self, path: Path) -> str:
        return path.relative_to(self.root).as_posix()


def copy_project(root: Path) -> None:
    """The docs, overrides, mkdocs.yml and translation records of the project,
    copied into `root`."""
    shutil.copytree(DOCS, root / "docs")
    shutil.copytree(ROOT / "overrides", root / "overrides")
    shutil.copy2(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    # the translation records: declared-missing translations (of drafts) are no R7
    records = Path("scripts") / "tpukb" / "i18n" / "translations"
    shutil.copytree(ROOT / records, root / records)


def add_copy(root: Path, slug: str) -> ArticleCopy:
    """A copy of the source article under `slug`, in every language and in nav."""
    copy = ArticleCopy(root, slug)
    shutil.copy2(DOCS / "citations" / f"{SOURCE_ARTICLE}.md", copy.citations)
    for lang in LANGUAGES:
        text = (DOCS / lang / "articles" / f"{SOURCE_ARTICLE}.md").read_text(encoding="utf-8")
        copy.article(lang).write_text(
            text.replace(f'"citations/{SOURCE_ARTICLE}.md"', f'"citations/{slug}.md"'), encoding="utf-8")
    config = root / "mkdocs.yml"
    # right after the source article's nav line, at its indentation
    nav_line = re.compile(rf"^( *)- articles/{re.escape(SOURCE_ARTICLE)}\.md\n", re.M)
    config.write_text(nav_line.sub(lambda m: f"{m.group(0)}{m.group(1)}- articles/{slug}.md\n",
                                   config.read_text(encoding="utf-8"), count=1), encoding="utf-8")
    return copy
