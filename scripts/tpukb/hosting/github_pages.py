"""GitHub Pages: one root 404.html for the whole site.

Owns the small inline script put into the root not-found page: GitHub Pages
answers every missing path with `/404.html`, so a reader of `/fi/...` is
sent to `/fi/404.html`, the Finnish not-found page (relative to the site's
base path, taken from site_url, so a project site under `/<repo>/` works).
The script is hashed into the policy like every other inline script.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

from .rules import HostingError, SiteRules

MARKER = "kb-language-404"


def base_path(site_url: str) -> str:
    path = urlsplit(site_url or "/").path or "/"
    return path if path.endswith("/") else path + "/"


def redirect_script(rules: SiteRules) -> str:
    base = base_path(rules.languages.site_url)
    folders = [rule.prefix for rule in rules.language_rules[1:]]
    return (f'<script id="{MARKER}">(()=>{{const b={json.dumps(base)},p=location.pathname;'
            f'for(const f of {json.dumps(folders)})if(p.startsWith(b+f)&&p!==b+f+"404.html")'
            f'{{location.replace(b+f+"404.html"+location.hash);break}}}})()</script>')


def add_redirect(site: Path, rules: SiteRules) -> None:
    """Put the script into the root 404.html (once; a rebuild replaces it)."""
    page = Path(site) / "404.html"
    if not page.is_file():
        raise HostingError(f"{page}: missing; the theme writes the root not-found page")
    text = page.read_text(encoding="utf-8")
    start = text.find(f'<script id="{MARKER}">')
    if start >= 0:
        text = text[:start] + text[text.index("</script>", start) + len("</script>"):]
    head_end = text.find("</head>")
    if head_end < 0:
        raise HostingError(f"{page}: no </head> to put the language redirect before")
    page.write_text(text[:head_end] + redirect_script(rules) + text[head_end:], encoding="utf-8")
