"""The writer's preview: `tpukb preview` (scripts/serve --preview).

MkDocs' own live-reload server (mkdocs.livereload), with three changes:

- it tells tpukb.preview.session *which* files changed, so a saved page is
  rendered again alone instead of the whole site in every language;
- it watches with the operating system's notifications (inotify), not by
  walking the folders every half second, when the system has them;
- its reload script is a file (`/.livereload.js`), not an inline script:
  every page carries a Content-Security-Policy that allows the site's own
  scripts and no other inline one.
"""

from __future__ import annotations

import argparse
import logging
import re
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import watchdog.events
import watchdog.observers
from mkdocs import livereload
from mkdocs.exceptions import MkDocsException

from .session import Preview, PreviewError

log = logging.getLogger("tpukb.preview")
SCRIPT = "/.livereload.js"
# What a build is made of, under the project's root: a change there updates the preview
WATCHED = ("docs", "overrides", "scripts/tpukb", "mkdocs.yml")
# inotify also reports files opened and closed after reading (a build reads them all)
WRITES = (watchdog.events.EVENT_TYPE_CREATED, watchdog.events.EVENT_TYPE_MODIFIED,
          watchdog.events.EVENT_TYPE_DELETED, watchdog.events.EVENT_TYPE_MOVED)
IGNORED = re.compile(r"(^|/)(__pycache__|\.[^/]*)(/|$)")  # bytecode, dot files (editors')


class PreviewServer(livereload.LiveReloadServer):
    def __init__(self, preview: Preview, root: Path, host: str, port: int, mount_path: str = "/"):
        super().__init__(builder=self._rebuild, host=host, port=port, root=str(preview.site),
                         mount_path=mount_path)
        self.preview, self.project, self.host = preview, root, host
        self.build_delay = 0.05  # an editor's save is one or two events, close together
        self.observer = watchdog.observers.Observer()  # inotify on Linux; polling elsewhere
        self._changed: set[Path] = set()
        self.error_handler = self._error_page

    def server_bind(self):
        super().server_bind()
        self.url = livereload._serve_url(self.host, self.server_address[1], self.mount_path)

    def relevant(self, path: str) -> bool:
        try:
            relative = Path(path).relative_to(self.project).as_posix()
        except ValueError:
            return False
        return not IGNORED.search(relative) and \
            any(relative == name or relative.startswith(name + "/") for name in WATCHED)

    def watch_project(self) -> None:
        """As LiveReloadServer.watch over the project's root, remembering
        which of the files a build reads changed."""
        def callback(event):
            paths = [p for p in (event.src_path, getattr(event, "dest_path", "")) if p]
            paths = [Path(p) for p in paths if self.relevant(p)]
            if event.is_directory or event.event_type not in WRITES or not paths:
                return
            with self._rebuild_cond:
                self._changed.update(paths)
                self._want_rebuild = True
                self._rebuild_cond.notify_all()

        handler = watchdog.events.FileSystemEventHandler()
        handler.on_any_event = callback
        for name in WATCHED:
            path = self.project / name
            if path.is_dir():
                self._watched_paths[str(path)] = 1
                self._watch_refs[str(path)] = self.observer.schedule(handler, str(path), recursive=True)
        self._watched_paths[str(self.project)] = 1  # mkdocs.yml
        self._watch_refs[str(self.project)] = self.observer.schedule(handler, str(self.project),
                                                                      recursive=False)

    def _rebuild(self) -> None:
        with self._rebuild_cond:
            changed, self._changed = self._changed, set()
        began = time.monotonic()
        log.debug("changed: " + ", ".join(sorted(map(str, changed))))
        try:
            outcome = self.preview.update(changed)
        except (PreviewError, MkDocsException) as error:  # mkdocs.yml mid-edit, say
            log.error(f"{error}\nthe preview keeps the last site it built; save again to retry")
            return
        seconds = time.monotonic() - began
        log.info(f"{outcome} in {seconds:.2f} s")

    def _serve_request(self, environ, start_response):
        if environ["PATH_INFO"] == self.mount_path.rstrip("/") + SCRIPT:
            query = parse_qs(environ.get("QUERY_STRING", ""))
            epoch, request = query.get("epoch", ["0"])[0], query.get("id", ["0"])[0]
            if not (epoch.isdigit() and request.isdigit()):
                return None
            body = livereload._SCRIPT_TEMPLATE.substitute(epoch=epoch, request_id=request).encode()
            start_response("200 OK", [("Content-Type", "text/javascript"),
                                      ("Content-Length", str(len(body)))])
            return [body]
        return super()._serve_request(environ, start_response)

    def _inject_js_into_html(self, content: bytes, epoch: int) -> bytes:
        tag = (f'<script src="{self.mount_path.rstrip("/")}{SCRIPT}?epoch={epoch}'
               f'&amp;id={livereload._timestamp()}"></script>').encode()
        end = content.rfind(b"</body>")
        end = len(content) if end < 0 else end
        return content[:end] + tag + content[end:]

    def _error_page(self, code: int) -> bytes | None:
        page = Path(self.root) / "404.html"
        return page.read_bytes() if code == 404 and page.is_file() else None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-f", "--config-file", type=Path, default=Path("mkdocs.yml"),
                        help="the MkDocs configuration (mkdocs.yml)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (8000; 0 = a free one)")
    parser.add_argument("-v", "--verbose", action="store_true", help="say which files changed")


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(levelname)-7s -  %(message)s")
    root = args.config_file.resolve().parent
    with tempfile.TemporaryDirectory(prefix="tpukb-preview-") as scratch:
        preview = Preview(args.config_file, Path(scratch) / "site", Path(scratch) / "languages",
                          log=log.warning, log_info=log.info)
        try:
            seconds = preview.start()
        except (PreviewError, MkDocsException) as error:
            log.error(str(error))
            return 1
        server = PreviewServer(preview, root, args.host, args.port, mount_path=preview.mount_path)
        server.watch_project()
        log.info(f"Built every language in {seconds:.1f} s; a saved page is served again alone")
        try:
            server.serve()
        except KeyboardInterrupt:
            pass
        finally:
            server.shutdown()
            preview.stop()
    return 0
