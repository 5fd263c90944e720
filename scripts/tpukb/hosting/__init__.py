"""Hosting: how the built site is served, written once, produced for each host.

One source of hosting rules (`rules`: headers, Content-Security-Policy
directives, cache policy by path class, MIME types, the per-language
not-found pages and redirects, all derived from `tpukb.languages`), and one
module per output:

- `csp`: the inline scripts of the built HTML, their sha256 hashes, the
  policy as a header and as a `<meta>` tag, and the checks that fail a build
  on what a policy cannot allow;
- `loads`: the check that fails a build on any element that would load
  anything from another host (H7);
- `static_hosts`: `_headers` and `_redirects` for Netlify and Cloudflare Pages;
- `github_pages`: the root 404 page's script that sends a reader to their
  language's not-found page (GitHub Pages serves one 404.html);
- `nginx`: the complete nginx configuration (the production server) and a
  runner that starts it in the foreground;
- `publish`: what the plugin calls once every language is built;
- `cli`: the commands (`tpukb nginx-conf`, `scripts/serve --nginx`).
"""

from .rules import HostingError  # noqa: F401
