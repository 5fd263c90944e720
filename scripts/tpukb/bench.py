"""The growth benchmark: this project against plain Material + i18n, at N articles.

Owns `tpukb bench`. For each N it makes a synthetic knowledge base in a
temporary copy of a project (this tree, or another one given with
`--project`, such as a worktree of an older commit): every real article of
every language is cloned, with its shared citation file, until each language
has N articles; the clones are listed in the nav under Knowledge base in
extra categories of 25 articles (a section with its index page). The copy is
built twice in one run, with the project's own virtual environment:

- project: the project's `mkdocs.yml`, its plugin and theme overrides;
- plain: Material + mkdocs-static-i18n alone on the same docs, nav, languages
  and Markdown extensions (no tpukb plugin, no custom_dir, Material's own search
  plugin, the default language listed first).

It prints, for each build: seconds (median over `--runs`), pages, pages per
second, the mean HTML size of an article page, the site's size, and the
search bytes of one query (a Finnish reader opens the home page and searches
once, in headless Chromium; every search-related file fetched, summed as
served uncompressed and as a gzip-serving host sends it). Figures only: it
asserts nothing.

With `--runs` above 1 the two builds alternate, swapping order each run, and
the speed ratio is also given run by run (each run's pair of builds): on a
shared machine whose speed drifts, the pairs show how far it moved.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from tpukb import languages as languages_mod
from tpukb.translations import store

ROOT = languages_mod.ROOT
CATEGORY_SIZE = 25
QUERY = ("fi", "muistin")
# Files a search fetches: Material's index, worker and lunr languages; the old
# shim; Pagefind's bundle.
SEARCH_PATH = re.compile(r"(^|/)(search/|workers/search|lunr/|pagefind/)")
COPIED = ("mkdocs.yml", "docs", "overrides", "scripts", "pyproject.toml")


@dataclass
class Result:
    label: str
    n: int
    seconds: float
    pages: int
    article_bytes: float
    site_bytes: int
    search_raw: int | None = None
    search_gzip: int | None = None
    times: list[float] = field(default_factory=list)  # seconds of each run

    @property
    def pages_per_second(self) -> float:
        return self.pages / self.seconds


# --------------------------------------------------------------------------
# The synthetic corpus
# --------------------------------------------------------------------------

def _slugs(docs: Path, lang: str) -> list[str]:
    return sorted(p.stem for p in (docs / lang / "articles").glob("*.md") if p.name != "index.md")


def _clone_text(text: str, slug: str, clone: str, number: int) -> str:
    """An article's text as clone number `number`: its own title and H1 (they
    must stay equal) and its own copy of the shared citation file."""
    text = text.replace(f'citations/{slug}.md"', f'citations/{clone}.md"')
    # the title may be quoted (a colon in it): read it as YAML, write it back quoted
    text = re.sub(r"^title: (.*)$",
                  lambda m: f"title: {json.dumps(str(yaml.safe_load(m.group(1))) + f' ({number})', ensure_ascii=False)}",
                  text, count=1, flags=re.M)
    # the H1 after the front matter (a draft's front matter holds a `# ` comment)
    end = text.find("\n---", 3) + 4 if text.startswith("---") else 0
    return text[:end] + re.sub(r"^# (.*)$", lambda m: f"# {m.group(1)} ({number})", text[end:],
                               count=1, flags=re.M)


def make_corpus(project: Path, dest: Path, n: int) -> list[list[str]]:
    """Copy `project` to `dest` with N articles per language; return the nav
    categories of the clones (lists of `articles/<slug>.md`)."""
    for name in COPIED:
        source = project / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns(
                "__pycache__", "node_modules", "*.egg-info"))
        elif source.is_file():
            shutil.copy2(source, dest / name)
    docs = dest / "docs"
    site = languages_mod.load(dest)
    real = _slugs(docs, site.default)
    if not real:
        raise SystemExit(f"bench: {docs / site.default / 'articles'} has no article to clone")
    clones: list[str] = []
    # a clone of an article not translated yet is declared so as its original
    declared = store.read_declarations(dest)
    missing: dict[str, set[str]] = {}
    number = 0
    while len(real) + len(clones) < n:
        slug = real[number % len(real)]
        number += 1
        clone = f"{slug}-c{number:04d}"
        shutil.copyfile(docs / "citations" / f"{slug}.md", docs / "citations" / f"{clone}.md")
        for lang in site.codes:
            source = docs / lang / "articles" / f"{slug}.md"
            if not source.is_file():
                if declared.declared(lang, f"articles/{slug}.md"):
                    missing.setdefault(lang, set()).add(f"articles/{clone}.md")
                continue
            (docs / lang / "articles" / f"{clone}.md").write_text(
                _clone_text(source.read_text(encoding="utf-8"), slug, clone, number),
                encoding="utf-8")
        clones.append(f"articles/{clone}.md")
    if missing:
        store.change_declarations(dest, add=missing)
    categories = [clones[i:i + CATEGORY_SIZE] for i in range(0, len(clones), CATEGORY_SIZE)]
    for index, _ in enumerate(categories, 1):
        for lang in site.codes:
            page = docs / lang / "articles" / f"bench-{index:02d}" / "index.md"
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(f"---\ntitle: Bench {index:02d}\ndescription: Cloned articles "
                            f"for the benchmark.\n---\n\n# Bench {index:02d}\n\nCloned articles "
                            "for the benchmark.\n\n<!-- kb:article-list -->\n", encoding="utf-8")
    _add_to_nav(dest / "mkdocs.yml", categories)
    return categories


def _nav_lines(categories: list[list[str]], indent: str) -> str:
    lines = []
    for index, articles in enumerate(categories, 1):
        lines.append(f"{indent}- Bench {index:02d}:\n")
        lines.append(f"{indent}    - articles/bench-{index:02d}/index.md\n")
        lines += [f"{indent}    - {article}\n" for article in articles]
    return "".join(lines)


def _add_to_nav(config: Path, categories: list[list[str]]) -> None:
    """List the clone categories in the nav right after the knowledge-base
    index (mkdocs.yml is edited as text: it holds Python tags)."""
    text = config.read_text(encoding="utf-8")
    match = re.search(r"^(\s*)- articles/index\.md\n", text, re.M)
    if match is None:
        raise SystemExit(f"bench: {config}: no '- articles/index.md' line in the nav")
    text = text[:match.end()] + _nav_lines(categories, match.group(1)) + text[match.end():]
    config.write_text(text, encoding="utf-8")


def _top_level_block(text: str, key: str) -> str:
    """The text of one top-level key of a YAML file, up to the next top-level key."""
    match = re.search(rf"^{key}:.*?(?=^\S|\Z)", text, re.M | re.S)
    if match is None:
        raise SystemExit(f"bench: mkdocs.yml has no top-level '{key}'")
    return re.sub(r"(?m)^#.*\n", "", match.group(0))


def write_plain_config(dest: Path) -> Path:
    """mkdocs.plain.yml beside the project's: Material + i18n alone."""
    source = (dest / "mkdocs.yml").read_text(encoding="utf-8")
    config = languages_mod.read_mkdocs_config(dest / "mkdocs.yml")
    entries = languages_mod.i18n_languages(config)
    default = next((e for e in entries if e.get("default")), entries[0])
    plain_languages = []
    for entry in [default] + [e for e in entries if e is not default]:
        keep = {k: entry[k] for k in ("locale", "name", "default", "build", "site_name",
                                       "nav_translations") if k in entry}
        direction = (entry.get("theme") or {}).get("direction")
        if direction:
            keep["theme"] = {"direction": direction}
        plain_languages.append(keep)
    plain = {
        "site_name": config["site_name"], "site_url": config.get("site_url"),
        "docs_dir": config.get("docs_dir", "docs"), "strict": True,
        "exclude_docs": config.get("exclude_docs", ""), "nav": config["nav"],
        "theme": {"name": "material", "language": default["locale"], "direction": "ltr",
                  "font": False, "features": ["navigation.indexes", "navigation.sections"]},
        "plugins": ["search", "tags", {"i18n": {"docs_structure": "folder",
                                                "reconfigure_material": True,
                                                "reconfigure_search": True,
                                                "languages": plain_languages}}],
    }
    path = dest / "mkdocs.plain.yml"
    # the same Markdown extensions but the project's own (the tpukb.* ones):
    # plain Material runs Python-Markdown as it comes
    extensions = re.sub(r"(?m)^\s*- tpukb\..*\n", "", _top_level_block(source, "markdown_extensions"))
    path.write_text(yaml.safe_dump(plain, allow_unicode=True, sort_keys=False) + extensions,
                    encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# Building and measuring
# --------------------------------------------------------------------------

def _python(project: Path) -> str:
    venv = project / ".venv" / "bin" / "python"
    if not venv.is_file():
        raise SystemExit(f"bench: {venv} is missing: run `scripts/setup-env --test` in {project}")
    return str(venv)


def build(python: str, workdir: Path, config: Path, site: Path) -> float:
    if site.exists():
        shutil.rmtree(site)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    start = time.perf_counter()
    result = subprocess.run([python, "-m", "mkdocs", "build", "--strict", "-f", str(config),
                             "-d", str(site)], cwd=workdir, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    problems = [line for line in result.stderr.splitlines()
                if line.startswith(("WARNING", "ERROR")) or "Aborted" in line]
    if result.returncode != 0 or problems:
        raise SystemExit(f"bench: the strict build of {config} failed:\n"
                         + "\n".join(problems or result.stderr.splitlines()[-30:]))
    return elapsed


def site_figures(site: Path, slugs: set[str]) -> tuple[int, float, int]:
    """pages, mean article-page HTML bytes, site bytes."""
    pages = list(site.rglob("index.html"))
    articles = [p for p in pages if p.parent.name in slugs and p.parent.parent.name == "articles"]
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    mean = statistics.mean(p.stat().st_size for p in articles) if articles else 0.0
    return len(pages), mean, size


def _gzip_size(data: bytes) -> int:
    return min(len(data), len(gzip.compress(data, 6)))


def search_bytes(site: Path, lang_root: str, query: str) -> tuple[int, int]:
    """Bytes of every search-related file a reader's Chromium fetches for one
    query typed on a language's home page: (as served, gzip-compressed)."""
    from playwright.sync_api import sync_playwright

    from tpukb.serve import make_server

    server = make_server(site, port=0, verbose=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    paths: set[str] = set()
    try:
        with sync_playwright() as playwright:
            chromium = Path("/usr/bin/chromium")
            browser = playwright.chromium.launch(
                executable_path=str(chromium) if chromium.exists() else None,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            context = browser.new_context()
            context.on("request", lambda request: paths.add(urlsplit(request.url).path))
            page = context.new_page()
            page.goto(base + lang_root, wait_until="load")
            page.wait_for_load_state("networkidle")
            if page.locator("pagefind-searchbox input").count():
                box, result = page.locator("pagefind-searchbox input"), ".pf-searchbox-result"
            else:
                box, result = page.locator("input.md-search__input"), ".md-search-result__item"
            box.click()
            box.fill(query)
            box.press("End")
            page.wait_for_selector(result, timeout=60_000)
            page.wait_for_load_state("networkidle")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    raw = packed = 0
    for path in sorted(paths):
        file = site / path.lstrip("/")
        if SEARCH_PATH.search(path) and file.is_file():
            data = file.read_bytes()
            raw += len(data)
            packed += _gzip_size(data)
    return raw, packed


def bench(project: Path, n: int, runs: int, measure_search: bool = True) -> list[Result]:
    python = _python(project)
    with tempfile.TemporaryDirectory(prefix=f"bench-{n}-") as tmp:
        dest = Path(tmp) / "project"
        dest.mkdir()
        make_corpus(project, dest, n)
        plain = write_plain_config(dest)
        site = languages_mod.load(dest)
        slugs = {p.stem for p in (dest / "docs" / site.default / "articles").glob("*.md")}
        lang, query = QUERY
        configs = {"project": dest / "mkdocs.yml", "plain": plain}
        outs = {label: Path(tmp) / f"site-{label}" for label in configs}
        # the two builds alternate (and swap order each run), so a machine
        # whose speed drifts during the run weighs on both alike; each run's
        # pair gives one ratio
        times: dict[str, list[float]] = {label: [] for label in configs}
        for run in range(runs):
            order = list(configs) if run % 2 == 0 else list(reversed(configs))
            for label in order:
                times[label].append(build(python, dest, configs[label], outs[label]))
        results = []
        for label in configs:
            pages, article, size = site_figures(outs[label], slugs)
            result = Result(label, n, statistics.median(times[label]), pages, article, size,
                            times=times[label])
            if measure_search:
                result.search_raw, result.search_gzip = search_bytes(
                    outs[label], site.root_path(lang), query)
            results.append(result)
        return results


def _kb(value: float | None) -> str:
    return "-" if value is None else f"{value / 1e3:,.1f}"


def report(results: list[Result]) -> str:
    head = (f"{'N':>4} {'build':<8} {'seconds':>8} {'pages':>6} {'pages/s':>8} "
            f"{'article KB':>10} {'site MB':>8} {'search KB':>10} {'gzip KB':>8}")
    lines = [head, "-" * len(head)]
    for r in results:
        lines.append(f"{r.n:>4} {r.label:<8} {r.seconds:>8.1f} {r.pages:>6} "
                     f"{r.pages_per_second:>8.2f} {r.article_bytes / 1e3:>10.1f} "
                     f"{r.site_bytes / 1e6:>8.1f} {_kb(r.search_raw):>10} {_kb(r.search_gzip):>8}")
    by = {(r.n, r.label): r for r in results}
    ns = sorted({r.n for r in results})
    lines.append("")
    for n in ns:
        project, plain = by[n, "project"], by[n, "plain"]
        ratio = project.pages_per_second / plain.pages_per_second
        line = f"N={n}: project builds {ratio:.2f}x plain's pages per second"
        if len(project.times) > 1:
            pairs = [(project.pages / a) / (plain.pages / b)
                     for a, b in zip(project.times, plain.times)]
            line += (f" (medians); run by run {', '.join(f'{r:.2f}x' for r in pairs)}, "
                     f"median {statistics.median(pairs):.2f}x")
        lines.append(line)
    if len(ns) > 1:
        first, last = by[ns[0], "project"], by[ns[-1], "project"]
        growth = (last.article_bytes / first.article_bytes - 1) * 100
        lines.append(f"project article page HTML N={ns[0]} -> N={ns[-1]}: {growth:+.1f}%")
    lines.append(f"search: a '{QUERY[0]}' reader's home page, query '{QUERY[1]}'; KB = 1000 bytes; "
                 "'search KB' as served uncompressed, 'gzip KB' as a gzip-serving host sends it")
    return "\n".join(lines)


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(n) for n in text.split(",") if n.strip()]
    except ValueError:
        sizes = []
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError(f"expected positive numbers like 30,300, got {text!r}")
    return sizes


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {text!r}")
    return int(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--articles", type=_sizes, default=[30, 300],
                        help="comma-separated N articles per language (default 30,300)")
    parser.add_argument("--runs", type=_positive, default=1, help="builds per figure (median)")
    parser.add_argument("--project", type=Path, default=ROOT,
                        help="project tree to measure (default: this one); it needs its own .venv")
    parser.add_argument("--no-search", action="store_true", help="skip the browser measurement")
    parser.add_argument("--preview", action="store_true",
                        help="measure save-to-served instead: tpukb preview beside mkdocs serve "
                             "(tpukb.preview.bench)")
    parser.add_argument("--edits", type=_positive, default=5,
                        help="with --preview: edits per language for tpukb preview (5); "
                             "mkdocs serve gets one")


def bench_preview(project: Path, n: int, edits: int):
    """Save-to-served in a corpus of N articles per language (tpukb.preview.bench)."""
    from tpukb.preview import bench as preview_bench

    with tempfile.TemporaryDirectory(prefix=f"bench-preview-{n}-") as tmp:
        dest = Path(tmp) / "project"
        dest.mkdir()
        make_corpus(project, dest, n)
        site = languages_mod.load(dest)
        # an article of the project's own, translated into Finnish
        slug = sorted(set(_slugs(dest / "docs", "fi")) & set(_slugs(dest / "docs", site.default)))[0]
        return preview_bench.measure(_python(project), dest, n, slug, site.default, edits, 1)


def run(args: argparse.Namespace) -> int:
    project = args.project.resolve()
    if args.preview:
        from tpukb.preview import bench as preview_bench

        figures = []
        for n in args.articles:
            figures += bench_preview(project, n, args.edits)
        print(f"project: {project}")
        print(preview_bench.report(figures))
        return 0
    results = []
    for n in args.articles:
        results += bench(project, n, args.runs, not args.no_search)
    print(f"project: {project}  (runs per figure: {args.runs})")
    print(report(results))
    return 0
