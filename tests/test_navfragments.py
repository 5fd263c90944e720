"""The navigation's closed branches rendered once per page folder (tpukb.navfragments).

The override of Material's partials/nav-item.html must stay Material's with
one change, and the pages must come out the same as with Material's own
partial, on navigations that try the rule for sharing a branch: pages below
a section's index page, a page not in the navigation, a page in it twice,
links (external, root-relative, relative), file-name URLs, tabs.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import material
import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

ROOT = Path(__file__).resolve().parents[1]
OVERRIDE = ROOT / "overrides" / "partials" / "nav-item.html"
MATERIAL = Path(material.__file__).parent / "templates" / "partials" / "nav-item.html"

# The one change: Material's recursion into a branch, and the override's.
MATERIAL_LINE = '                {{ render(item, path ~ "_" ~ loop.index, level + 1, nav_item) }}\n'
OVERRIDE_LINES = (
    '                {% call(item, path, level, parent) tpukb_nav_fragment(item, path ~ "_" ~ '
    'loop.index, level + 1, nav_item) -%}\n'
    '                  {{ render(item, path, level, parent) }}\n'
    '                {%- endcall %}\n'
)


def _without_header(text: str) -> str:
    """The partial less its leading {#- ... -#} comment."""
    return re.sub(r"\A\{#-.*?-#\}\n", "", text, count=1, flags=re.S)


def test_override_is_materials_partial_with_one_change():
    """Fails when Material's partial changes: copy the new one and make the change again."""
    ours = _without_header(OVERRIDE.read_text(encoding="utf-8"))
    assert ours.count(OVERRIDE_LINES) == 1
    assert ours.replace(OVERRIDE_LINES, MATERIAL_LINE) == _without_header(
        MATERIAL.read_text(encoding="utf-8"))


PAGES = ["index.md", "guide/index.md", "guide/a.md", "guide/b.md", "guide/deeper/index.md",
         "guide/deeper/x.md", "guide/deeper/y.md", "guide/e.md", "other/c.md", "other/d.md", "sub/index.md",
         "sub/inner/page.md", "sub/inner/more.md", "alone.md", "notnav.md", "tags.md"]

NAV = """
nav:
  - Home: index.md
  - Guide:
      - guide/index.md
      - guide/a.md
      - Deeper:
          - guide/deeper/index.md
          - guide/deeper/x.md
          - guide/deeper/y.md
          - Twice: guide/b.md
  - Other:
      - other/c.md
      - Nested:
          - guide/b.md
          - guide/e.md
      - External: https://example.org/
      - Root: /guide/
      - Relative: ../guide/a/
      - Below a page: alone/extra/
      - other/d.md
  - Sub:
      - sub/index.md
      - Inner:
          - sub/inner/page.md
          - sub/inner/more.md
  - alone.md
  - tags.md
"""

HOOK = """
from tpukb.navfragments import NavFragments

made = []

def on_env(env, config, files):
    env.globals["tpukb_nav_fragment"] = NavFragments()
    made.append(env.globals["tpukb_nav_fragment"])
    return env
"""

FEATURES = {
    "site": ["navigation.path", "navigation.indexes", "navigation.prune",
             "navigation.sections", "navigation.top", "navigation.footer", "toc.follow"],
    "tabs": ["navigation.tabs", "navigation.sections", "navigation.indexes"],
    "plain": [],
}


def _project(root: Path, features: list[str], directory_urls: bool, override: bool) -> Path:
    docs = root / "docs"
    for page in PAGES:
        path = docs / page
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# {page}\n\n## One\n\ntext\n\n## Two\n\ntext\n", encoding="utf-8")
    custom = root / "custom"
    (custom / "partials").mkdir(parents=True)
    if override:
        shutil.copy(OVERRIDE, custom / "partials" / "nav-item.html")
    (root / "hook.py").write_text(textwrap.dedent(HOOK), encoding="utf-8")
    config = root / "mkdocs.yml"
    config.write_text(
        "site_name: Test\nsite_url: https://example.org/kb/\n"
        f"use_directory_urls: {str(directory_urls).lower()}\n"
        "theme:\n  name: material\n  custom_dir: custom\n"
        f"  features: {features!r}\n"
        "hooks:\n  - hook.py\n" + NAV, encoding="utf-8")
    return config


def _site(root: Path, features, directory_urls, override) -> tuple[dict[str, bytes], list]:
    """The built pages, and the caches the hook made (one per build)."""
    config = load_config(str(_project(root, features, directory_urls, override)),
                         site_dir=str(root / "site"))
    build(config)
    site = root / "site"
    hook = next(plugin for plugin in config.plugins.values() if hasattr(plugin, "made"))
    return {str(p.relative_to(site)): p.read_bytes()
            for p in sorted(site.rglob("*.html"))}, hook.made


@pytest.mark.parametrize("directory_urls", [True, False])
@pytest.mark.parametrize("features", sorted(FEATURES))
def test_same_pages_as_materials_partial(tmp_path, features, directory_urls):
    material_site, _ = _site(tmp_path / "material", FEATURES[features], directory_urls, False)
    ours, made = _site(tmp_path / "ours", FEATURES[features], directory_urls, True)
    assert sorted(ours) == sorted(material_site)
    different = [name for name in ours if ours[name] != material_site[name]]
    assert not different
    # not a vacuous comparison: closed branches were kept for other pages
    assert made and made[-1]._html
