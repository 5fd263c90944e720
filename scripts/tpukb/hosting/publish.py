"""What the build publishes for hosting, once every language is built.

Owns the order of the steps the build (tpukb.plugin)
runs on the final site: the root 404 page's language redirect (GitHub
Pages), the inline-script hashes and the H1-H4 checks, the policy as a
`<meta>` tag in every page (only where the build did not already put the
site's policy in: tpukb.hosting.written), `_headers` and `_redirects`, and a last check
(H5) that every inline script is allowed by what was published.
"""

from __future__ import annotations

from pathlib import Path

from tpukb.languages import Languages

from . import csp, github_pages, static_hosts
from .rules import HostingError, SiteRules
from .written import Written


def publish(site: Path, languages: Languages, written: Written | None = None) -> SiteRules:
    """`written`: the pages the build wrote with their policy already in
    (tpukb.hosting.written); only the others are read, and a written page is
    rewritten only if its policy is not the site's."""
    site = Path(site)
    github_pages.add_redirect(site, SiteRules(languages))
    if written is None:
        pages = csp.read_pages(site)
    else:
        pages = {page: page.read_text(encoding="utf-8") for page in csp.html_pages(site)
                 if page.relative_to(site).as_posix() not in written.pages}
    hashes, found = csp.site_scripts(pages)
    if found:
        raise HostingError("\n".join(found))
    if written is not None:
        hashes = tuple(sorted(set(hashes) | written.scripts))
        stale = [site / name for name, policy in written.pages.items()
                 if policy != hashes and (site / name).is_file()]
        pages.update({page: page.read_text(encoding="utf-8") for page in stale})
    rules = SiteRules(languages, hashes)
    written_now = csp.write_meta(pages, rules)
    static_hosts.write(site, rules)
    # H5 on what was written here; a page written by the build carries only
    # scripts its process hashed, all in `hashes`
    found = csp.check_covered(written_now, SiteRules(languages, static_hosts.published_hashes(site)))
    if found:
        raise HostingError("\n".join(found))
    return rules


def published_rules(site: Path, languages: Languages) -> SiteRules:
    """The rules a built site was published with; every page must be covered (H5)."""
    site = Path(site)
    if not site.is_dir():
        raise HostingError(f"{site}: no such site folder; build it first "
                           f"(`mkdocs build --strict` writes site/)")
    if not (site / "index.html").is_file():
        raise HostingError(f"{site}: not a built site (no index.html); build it first "
                           f"(`mkdocs build --strict`)")
    rules = SiteRules(languages, static_hosts.published_hashes(site))
    found = csp.check_covered(csp.read_pages(site), rules)
    if found:
        raise HostingError("\n".join(found))
    return rules
