"""Hosting: the built site behind real nginx with the generated configuration,
the `_headers`/`_redirects` of Netlify and Cloudflare Pages, the policy GitHub
Pages gets as a <meta> tag, the deployment workflow, and bad input.

Expectations come from the issue (headers, cache policy, 404 per language,
redirects); the `_headers`/`_redirects` files are parsed here, independently
of the code that writes them, and compared with what nginx answers.
"""

from __future__ import annotations

import gzip
import http.client
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from lxml import html as lxml_html

from conftest import LANGUAGES, ROOT, SITE_LANGUAGES, build_problems, mkdocs_build
from tpukb.hosting import csp as hosting_csp
from tpukb.hosting import nginx as hosting_nginx
from tpukb.hosting import precompress
from tpukb.cli import main as tpukb
from tpukb.hosting.publish import publish, published_rules
from tpukb.hosting.rules import HostingError, SiteRules
from tpukb.hosting.written import Written

ARTICLE = "articles/jax-tensorflow-tpu-memory/"
MISSING = "no-such-page/"
SECURITY = ("content-security-policy", "strict-transport-security", "x-content-type-options",
            "referrer-policy", "permissions-policy")
ONE_YEAR = 31536000


# ---------------------------------------------------------------------------
# helpers: HTTP against nginx, and the two host files parsed independently
# ---------------------------------------------------------------------------

class Response:
    def __init__(self, status: int, headers: list[tuple[str, str]], body: bytes):
        self.status, self.body = status, body
        self.lists: dict[str, list[str]] = {}
        for name, value in headers:
            self.lists.setdefault(name.lower(), []).append(value)

    def header(self, name: str) -> str | None:
        values = self.lists.get(name.lower())
        assert values is None or len(values) == 1, f"{name} sent {len(values)} times: {values}"
        return values[0] if values else None


def fetch(server, path: str, method: str = "GET", **headers) -> Response:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request(method, path, headers={k.replace("_", "-"): v for k, v in headers.items()})
        response = conn.getresponse()
        return Response(response.status, response.getheaders(), response.read())
    finally:
        conn.close()


def parse_headers_file(path: Path) -> list[tuple[re.Pattern, str, dict[str, str]]]:
    """Netlify/Cloudflare `_headers`: a path line, then indented `Name: value` lines."""
    rules = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            assert line.startswith("/"), f"{path}:{number}: a rule must start with /: {line!r}"
            pattern = re.compile("".join(".*" if c == "*" else re.escape(c) for c in line.strip()))
            rules.append((pattern, line.strip(), {}))
        else:
            name, sep, value = line.strip().partition(":")
            assert sep and rules and name and value.strip(), f"{path}:{number}: bad header {line!r}"
            rules[-1][2][name.strip()] = value.strip()
    return rules


def headers_for(rules, path: str) -> dict[str, str]:
    """Headers the static hosts send for a path; no header may come from two rules
    (Cloudflare would comma-join them, Netlify keep one)."""
    found, origin = {}, {}
    for pattern, source, headers in rules:
        if pattern.fullmatch(path):
            for name, value in headers.items():
                assert name not in found, (
                    f"{path}: {name} given by both {origin[name]} and {source}")
                found[name], origin[name] = value, source
    return found


def parse_redirects_file(path: Path) -> list[tuple[str, str, int]]:
    out = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        assert len(parts) == 3 and parts[2].isdigit(), f"{path}:{number}: bad rule {line!r}"
        out.append((parts[0], parts[1], int(parts[2])))
    return out


def nginx_locations(conf: str) -> dict[str, list[str]]:
    """Directives written directly in each `location` block of an nginx configuration."""
    blocks, stack = {}, []
    for raw in conf.splitlines():
        line = raw.split("#", 1)[0].strip()
        opening = re.match(r"location\s+(?:=\s+)?(\S+|\"[^\"]+\")\s*\{(.*)", line)
        if opening:
            stack.append(opening.group(1).strip('"'))
            blocks[stack[-1]] = []
            rest = opening.group(2).strip()
            if rest.endswith("}"):
                blocks[stack.pop()].append(rest[:-1].strip())
            continue
        if line == "}" and stack:
            stack.pop()
        elif line.endswith("{"):
            stack.append(None)
        elif stack and stack[-1] is not None and line:
            blocks[stack[-1]].append(line.rstrip(";"))
    return blocks


def site_url_paths(site: Path) -> list[str]:
    """URL paths of a site's files (precompressed copies for nginx left out)."""
    paths = []
    for file in sorted(site.rglob("*")):
        if file.is_file() and file.name not in ("_headers", "_redirects") \
                and not precompress.is_copy(file):
            rel = file.relative_to(site).as_posix()
            paths.append("/" + rel)
            if file.name == "index.html":
                paths.append("/" + rel[: -len("index.html")])
    return paths


@pytest.fixture(scope="module")
def host_headers(site):
    return parse_headers_file(site / "_headers")


# ---------------------------------------------------------------------------
# nginx: every language's home, article, asset and missing page
# ---------------------------------------------------------------------------

def check_security_headers(response: Response, path: str) -> None:
    for name in SECURITY:
        assert response.header(name), f"{path}: no {name}"
    policy = response.header("content-security-policy")
    directives = {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}
    assert "'unsafe-inline'" not in directives["script-src"], policy
    assert "'unsafe-eval'" not in directives["script-src"], policy
    assert directives["frame-ancestors"] == ["'none'"], policy
    assert directives["object-src"] == ["'none'"], policy
    assert "base-uri" in directives and "form-action" in directives, policy
    assert response.header("x-content-type-options") == "nosniff"
    hsts = re.search(r"max-age=(\d+)", response.header("strict-transport-security"))
    assert hsts and int(hsts.group(1)) >= ONE_YEAR, response.header("strict-transport-security")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nginx_serves_home_and_article_with_every_header(nginx, site, lang):
    root = SITE_LANGUAGES.root_path(lang)
    for path in (root, root + ARTICLE):
        response = fetch(nginx, path, Accept_Encoding="gzip")
        assert response.status == 200, path
        check_security_headers(response, path)
        assert response.header("content-language") == lang, path
        assert response.header("content-type") == "text/html; charset=utf-8", path
        assert response.header("cache-control") == "no-cache", path
        assert response.header("etag") and response.header("last-modified"), path
        assert response.header("content-encoding") == "gzip", path
        assert "Accept-Encoding" in response.header("vary"), path
        assert gzip.decompress(response.body) == (site / path.lstrip("/") / "index.html").read_bytes()
        again = fetch(nginx, path, Accept_Encoding="gzip", If_None_Match=response.header("etag"))
        assert again.status == 304, f"{path}: the ETag does not revalidate"
        # the precompressed copies are what nginx sends (gzip_static, brotli_static)
        served = nginx.site / path.lstrip("/") / "index.html"
        assert response.body == served.with_name("index.html.gz").read_bytes(), path
        if hosting_nginx.brotli_available():
            brotli = fetch(nginx, path, Accept_Encoding="br, gzip")
            assert brotli.header("content-encoding") == "br", path
            assert brotli.body == served.with_name("index.html.br").read_bytes(), path
            assert len(brotli.body) < len(response.body), f"{path}: brotli larger than gzip"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_nginx_missing_page_gets_its_language_404(nginx, site, lang):
    root = SITE_LANGUAGES.root_path(lang)
    for path in (root + MISSING, root + "articles/" + MISSING + "deeper"):
        response = fetch(nginx, path)
        assert response.status == 404, path
        check_security_headers(response, path)
        assert response.header("content-language") == lang, path
        assert response.body == (site / root.lstrip("/") / "404.html").read_bytes(), path
        assert f'<html lang="{lang}"'.encode() in response.body


@pytest.mark.parametrize("lang", SITE_LANGUAGES.others)
def test_nginx_redirects_a_language_folder_to_its_slash(nginx, lang):
    response = fetch(nginx, f"/{lang}")
    assert response.status == 301
    assert response.header("location") == f"/{lang}/"
    check_security_headers(response, f"/{lang}")


def test_nginx_assets_compressed_and_cached_by_class(nginx, site):
    fingerprinted = sorted(site.glob("assets/javascripts/bundle.*.min.js"))
    assert fingerprinted, "Material's bundle is missing from the build"
    for file, cache in ((fingerprinted[0], f"public, max-age={ONE_YEAR}, immutable"),
                        (site / "assets/stylesheets/reader.css", None)):
        path = "/" + file.relative_to(site).as_posix()
        response = fetch(nginx, path, Accept_Encoding="gzip")
        assert response.status == 200, path
        check_security_headers(response, path)
        assert response.header("content-language") is None, path
        if cache:
            assert response.header("cache-control") == cache, path
        else:  # the project's own, unfingerprinted: short-cached, then revalidated
            control = response.header("cache-control")
            age = re.fullmatch(r"public, max-age=(\d+)", control or "")
            assert age and int(age.group(1)) <= 86400, f"{path}: {control}"
            assert response.header("etag"), path
        assert response.header("content-encoding") == "gzip", path
        assert gzip.decompress(response.body) == file.read_bytes(), path


def test_nginx_lists_no_folder_and_serves_no_host_file(nginx):
    for path in ("/assets/", "/assets/javascripts/", "/fi/articles/../../assets/"):
        response = fetch(nginx, path)
        assert response.status == 404, f"{path}: {response.status}"
        assert b"Index of" not in response.body, f"{path}: a directory listing"
    for path in ("/_headers", "/_redirects"):
        assert fetch(nginx, path).status == 404, path


# ---------------------------------------------------------------------------
# _headers / _redirects: parse, and say what nginx does
# ---------------------------------------------------------------------------

def test_host_headers_agree_with_nginx_for_every_file(nginx, site, host_headers):
    named = {name.lower() for _, _, headers in host_headers for name in headers}
    checked = 0
    for path in site_url_paths(nginx.site):
        expected = {k.lower(): v for k, v in headers_for(host_headers, path).items()}
        response = fetch(nginx, path, "HEAD")
        assert response.status == 200, path
        served = {name: response.header(name) for name in named if response.header(name)}
        assert served == expected, f"{path}: nginx {served} != _headers {expected}"
        checked += 1
    assert checked > 50, checked


def test_host_redirects_agree_with_nginx(nginx, site):
    redirects = parse_redirects_file(site / "_redirects")
    expected = {SITE_LANGUAGES.root_path(lang): f"/{lang}/404.html" for lang in SITE_LANGUAGES.others}
    assert {source[:-1]: target for source, target, status in redirects if status == 404} == expected
    assert all(source.endswith("*") and status == 404 for source, _, status in redirects)
    locations = nginx_locations(nginx.conf_path.read_text(encoding="utf-8"))
    for prefix, target in expected.items():
        assert f"error_page 403 404 =404 {target}" in locations[prefix], locations[prefix]
        assert f"return 301 {prefix}" in locations[prefix.rstrip("/")]
        body = fetch(nginx, prefix + MISSING).body
        assert body == (site / target.lstrip("/")).read_bytes(), prefix


def test_every_page_carries_the_policy_for_github_pages(site, host_headers):
    header_policy = headers_for(host_headers, "/")["Content-Security-Policy"]
    meta_policy = header_policy.replace("; frame-ancestors 'none'", "")
    assert meta_policy != header_policy
    for page in sorted(site.rglob("*.html")):
        tree = lxml_html.parse(str(page))
        metas = tree.xpath('//head/meta[@http-equiv="Content-Security-Policy"]/@content')
        assert metas == [meta_policy], f"{page}: {metas}"
        text = page.read_text(encoding="utf-8")
        first_script = text.find("<script")
        assert 0 <= text.find('http-equiv="Content-Security-Policy"') < first_script, (
            f"{page}: the policy must come before the first script")


def test_every_inline_script_is_hashed_and_nothing_unsafe(site, host_headers):
    policy = headers_for(host_headers, "/")["Content-Security-Policy"]
    script_src = next(d.split()[1:] for d in policy.split(";") if d.split()[0] == "script-src")
    assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
    needed = set()
    for page in sorted(site.rglob("*.html")):
        for script in lxml_html.parse(str(page)).xpath("//script[not(@src)]"):
            if script.get("type", "") in ("", "module", "text/javascript"):
                needed.add(hosting_csp.sha256(script.text or ""))
            else:  # data a browser never runs: Material's config, Pagefind's result template
                assert script.get("type") in ("application/json", "text/pagefind-template",
                                              "application/ld+json"), \
                    f"{page}: {script.get('type')}"
    assert needed and {f"'{h}'" for h in needed} == set(script_src) - {"'self'", "'wasm-unsafe-eval'"}


def test_root_404_script_sends_each_language_to_its_404(site):
    script = lxml_html.parse(str(site / "404.html")).xpath('//script[@id="kb-language-404"]')
    assert script, "the root 404 page has no language redirect (GitHub Pages)"
    for lang in SITE_LANGUAGES.others:
        assert f'"{lang}/"' in script[0].text
    assert not lxml_html.parse(str(site / SITE_LANGUAGES.others[0] / "404.html")).xpath(
        '//script[@id="kb-language-404"]')


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------

@pytest.fixture
def site_copy(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    return copy


def test_unhashed_inline_script_fails_the_nginx_configuration(site_copy, capsys):
    page = site_copy / "fi" / ARTICLE / "index.html"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("</body>", "<script>alert(1)</script></body>"), encoding="utf-8")
    assert tpukb(["nginx-conf", str(site_copy)]) == 1
    error = capsys.readouterr().err
    assert f"{page}:" in error and "H5" in error, error
    # republished, the script is hashed: every output allows it
    rules = publish(site_copy, SITE_LANGUAGES)
    assert hosting_csp.sha256("alert(1)") in rules.script_hashes
    assert f"'{hosting_csp.sha256('alert(1)')}'" in (site_copy / "_headers").read_text()
    assert tpukb(["nginx-conf", str(site_copy), "-o", str(site_copy.parent / "n.conf")]) == 0


def test_pages_written_before_a_new_script_get_the_final_policy(site_copy):
    """tpukb.hosting.written: each page gets the policy of the scripts seen
    so far; publish rewrites exactly the pages whose policy then lacks one,
    including those another process recorded (a split build)."""
    first, later = site_copy / "index.html", site_copy / "fi" / ARTICLE / "index.html"
    pages = {path: csp_free(path.read_text(encoding="utf-8")) for path in (first, later)}
    pages[later] = pages[later].replace("</body>", "<script>late()</script></body>")
    main, other = Written(SITE_LANGUAGES), Written(SITE_LANGUAGES)
    first.write_text(main.page("index.html", first, pages[first]), encoding="utf-8")
    name = later.relative_to(site_copy).as_posix()
    later.write_text(other.page(name, later, pages[later]), encoding="utf-8")
    other.save(site_copy)
    main.load(site_copy)
    assert not (site_copy / ".tpukb-csp.json").exists() and name in main.pages
    rules = publish(site_copy, SITE_LANGUAGES, written=main)
    late = hosting_csp.sha256("late()")
    assert late in rules.script_hashes
    for path in (first, later):  # the first page was written before `late()` was seen
        assert f"'{late}'" in hosting_csp.read_meta(path), path
    assert published_rules(site_copy, SITE_LANGUAGES).script_hashes == rules.script_hashes


def csp_free(text: str) -> str:
    return hosting_csp.META_CSP.sub("", text)


def test_missing_or_unbuilt_site_folder_fails_clearly(tmp_path, capsys):
    assert tpukb(["nginx-conf", str(tmp_path / "nowhere")]) == 1
    assert f"{tmp_path / 'nowhere'}: no such site folder" in capsys.readouterr().err
    (tmp_path / "index.html").write_text("<!doctype html>")
    assert tpukb(["nginx-conf", str(tmp_path)]) == 1
    assert f"{tmp_path / '_headers'}: missing; build the site" in capsys.readouterr().err


def test_unknown_file_type_fails_the_nginx_configuration(site_copy):
    (site_copy / "assets" / "data.xyz").write_text("?")
    with pytest.raises(HostingError, match=r"data\.xyz: no MIME type for '\.xyz'"):
        hosting_nginx.config(site_copy, published_rules(site_copy, SITE_LANGUAGES))


@pytest.mark.parametrize("markup, rule", [
    ('<button onclick="go()">x</button>', "H1"),
    ('<a href=" javascript:go()">x</a>', "H2"),
    ('<p style="color:red">x</p>', "H3"),
    ("<style>p{color:red}</style>", "H3"),
    ('<script src="https://cdn.example.org/x.js"></script>', "H4"),
])
def test_what_no_hash_can_allow_is_reported_with_page_and_line(markup, rule):
    page = Path("site/fi/x/index.html")
    text = f"<!doctype html>\n<html>\n<body>\n{markup}\n</body>\n</html>\n"
    found = hosting_csp.problems(page, text)
    assert len(found) == 1 and found[0].startswith(f"{page}:4: {rule} "), found


def test_text_that_looks_like_a_handler_is_not_reported():
    text = "<p>onclick=go() in prose</p><script>const a='<b onclick=x>'</script>"
    assert hosting_csp.problems(Path("p.html"), text) == []


# The fast scans of tpukb.hosting.loads against the plain ones they replace
# (a sequential TAG.finditer tested tag by tag, blanking by re.sub, patterns
# without the quick tests), on generated pages full of what trips a scanner:
# quotes holding '<' and '>', unclosed quotes, every kind of white space,
# handlers and URLs inside quoted values, script bodies holding markup.
PLAIN_TAG = re.compile(r"<([a-zA-Z][\w:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
PLAIN_FOREIGN_START = r"""(?:[a-zA-Z][\w+.\t\n\r-]*:|[/\\]{2}|&)"""
PLAIN_VALUE = re.compile(r"""=[ \t\n\r\f]*["']?[ \t\n\r\f]*""" + PLAIN_FOREIGN_START)
PLAIN_LATER_ITEM = re.compile(r"""[,;][ \t\n\r\f]*(?:[uU][rR][lL][ \t\n\r\f]*=[ \t\n\r\f]*["']?)?"""
                              + PLAIN_FOREIGN_START)
SCANNER_TRAPS = [
    "<a", "<A", "<p", "<x:y", "<script", "<SCRIPT", "<style", "</script>", "</style >", "<b>", "</a>",
    ">", "<", '"', "'", "=", " ", "\t", "\n", "\x0b", "\x1c", "\xa0", "\u2003", "\u3000", "/",
    " on", " ON", "on", " onclick=x", " style", " \u017ftyle=", " sTyLe=", " href", " src", " action",
    " formaction", " xlink:href", "=https:", "=//", "=&amp;", "= ' jav&#x09;ascript:", "=\\\\x",
    "=javascript:", ' title="', " title='", ' x="a<b>c"', " x='a>b'", "http://x", ",", ";",
    ", //x 2x", "; url=http://x", "url=", " id=", " content=", " srcset=", " ping=", "\u212a",
    "<!--", "-->", "text, more: words; ", "<meta http-equiv=refresh", " rel=stylesheet",
]


def _plain_blank(match: re.Match) -> str:
    element = match.group(0)
    start = element.index(">") + 1
    return element[:start] + re.sub(r"[^\n]", " ", element[start:])


def _generated_pages(count: int, seed: int = 30):
    import random
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(SCANNER_TRAPS) for _ in range(rng.randint(1, 60)))


def test_fast_scans_agree_with_the_plain_ones():
    from tpukb.hosting import loads
    for text in _generated_pages(4000):
        plain_scripts = list(loads.SCRIPT.finditer(text))
        blanked = loads.SCRIPT.sub(_plain_blank, text)
        plain_styles = list(loads.STYLE.finditer(blanked))
        plain_markup = loads.STYLE.sub(_plain_blank, blanked)
        markup, scripts, styles = loads.split_code(text)
        assert markup == plain_markup, text
        assert [m.span() for m in scripts] == [m.span() for m in plain_scripts]
        assert [m.span() for m in styles] == [m.span() for m in plain_styles]
        suspect = [(tag.span(1), tag.group(2), tag.group(3))
                   for tag in loads.SUSPECT_TAG.finditer(markup) if tag.group(1) is not None]
        assert suspect == [(tag.span(), tag.group(1), tag.group(2)) for tag in PLAIN_TAG.finditer(markup)
                           if loads.SUSPECT.search(tag.group(2))], text
        values = [m.start() for m in loads.VALUE.finditer(markup)
                  if loads._name_before(markup, m.start()) in loads.MAY_LOAD]
        assert values == [m.start() for m in PLAIN_VALUE.finditer(markup)
                          if loads._name_before(markup, m.start()) in loads.MAY_LOAD], text
        later = sorted(m.start() for pattern in loads.LATER_ITEMS for m in pattern.finditer(markup))
        assert later == [m.start() for m in PLAIN_LATER_ITEM.finditer(markup)], text


def test_character_sets_of_the_fast_tag_scan():
    from tpukb.hosting import loads
    every = "".join(map(chr, range(0x110000)))
    assert re.findall(f"[{loads.SPACE_CLASS}]", every) == re.findall(r"\s", every)
    # a character SUSPECT can go on with after the space, ignoring case
    assert set(re.findall("(?i)[oshafx]", every)) <= set(loads.SUSPECT_FIRST)


def test_script_src_never_takes_unsafe_keywords(monkeypatch):
    from tpukb.hosting import rules
    monkeypatch.setitem(rules.CSP_DIRECTIVES, "script-src", ("'self'", "'unsafe-inline'"))
    with pytest.raises(HostingError, match="script-src must not hold 'unsafe-inline'"):
        SiteRules(SITE_LANGUAGES).csp()


@pytest.mark.parametrize("template, old, new, expected", [
    # the theme's 404 page: checked by the hosting step after the build
    ("404.html", "<h1>", '<h1 onclick="history.back()">', r"site/fi/404\.html:\d+: H1 <h1 onclick=\.\.\.>"),
    # every page: checked as it is written, in whichever process builds it
    ("main.html", '<meta name="viewport"', '<meta onload="x()" name="viewport"',
     r"site/([\w/-]+/)?index\.html:\d+: H1 <meta onload=\.\.\.>"),
], ids=["404-page", "every-page"])
def test_build_fails_naming_a_page_with_an_inline_handler(tmp_path, template, old, new, expected):
    project = tmp_path / "project"
    project.mkdir()
    for name in ("docs", "overrides"):
        shutil.copytree(ROOT / name, project / name)
    shutil.copy2(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    path = project / "overrides" / template
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    result = mkdocs_build(project, tmp_path / "site")
    assert result.returncode != 0
    assert "hosting:" in result.stderr, result.stderr[-2000:]
    assert re.search(expected, result.stderr), result.stderr[-2000:]
    assert not (tmp_path / "site" / "_headers").exists()
    assert not list(tmp_path.glob(".site.part-*"))


# ---------------------------------------------------------------------------
# Deployment workflow
# ---------------------------------------------------------------------------

WORKFLOWS = ROOT / ".github" / "workflows"


def test_workflows_pass_actionlint():
    actionlint = Path(sys.executable).with_name("actionlint")
    assert actionlint.is_file(), "actionlint missing: scripts/setup-env --test installs it"
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert files
    result = subprocess.run([str(actionlint), "-no-color", *map(str, files)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_workflow_tests_every_push_and_deploys_main_to_pages():
    workflow = yaml.safe_load((WORKFLOWS / "ci.yml").read_text(encoding="utf-8"))
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
    assert "push" in triggers and "pull_request" in triggers
    jobs = workflow["jobs"]
    assert any(step.get("run") == "scripts/test" for step in jobs["test"]["steps"])
    deploy = jobs["deploy"]
    assert "refs/heads/main" in deploy["if"] and deploy["needs"] == "test"
    assert deploy["permissions"]["pages"] == "write"
    assert deploy["permissions"]["id-token"] == "write"
    uses = [step.get("uses", "") for step in deploy["steps"]]
    assert any(u.startswith("actions/upload-pages-artifact@") for u in uses)
    assert any(u.startswith("actions/deploy-pages@") for u in uses)
    assert any("mkdocs build --strict" in step.get("run", "") for step in deploy["steps"])
