"""The writer's preview site: one warm worker per language, assembled.

`Preview.start` runs one tpukb.preview.worker per language (each builds its
language, drafts shown), assembles their output into the served folder (the
default language's root files last, so its 404 page and feed are the
root's, as a whole build leaves them), and indexes it with Pagefind.

`Preview.update(paths)` decides what a set of changed files needs:

- a page (`docs/<lang>/**.md`) or a citation file (`docs/citations/*.md`)
  that existed before: the workers whose pages it feeds render those pages
  again (an English page feeds every language: fallback copies and the
  translations' notices; a citation file, every language), and the pages
  they wrote are copied into the served folder;
- anything else (mkdocs.yml, a template, the project's code, a page added,
  removed or renamed), or a page whose title or front matter changed: every
  worker is started again, as a new `mkdocs serve` would build.

Search (Pagefind) and the citation check (tpukb.checkrun: its findings, or
that it crashed) follow in the background after each change; the changed
page is served first.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.config import load_config

from .. import checkrun, search

PAGE_SUFFIX = ".md"
CITATIONS = "citations"


class PreviewError(RuntimeError):
    """A language could not be built (its worker's messages are above)."""


@dataclass
class Worker:
    lang: str
    scratch: Path
    process: subprocess.Popen

    def ask(self, request: dict) -> None:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()

    def answer(self) -> dict:
        line = self.process.stdout.readline()
        if not line:
            raise PreviewError(f"preview: the {self.lang} worker ended (exit "
                               f"{self.process.wait()}); its messages are above")
        return json.loads(line)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Preview:
    def __init__(self, config_file: Path, site: Path, scratch: Path, log=print, log_info=print):
        self.config_file = Path(config_file).resolve()
        self.site, self.scratch = Path(site), Path(scratch)
        self.log, self.log_info = log, log_info
        self.workers: dict[str, Worker] = {}
        self.sources: set[Path] = set()
        self.docs = Path()
        self.default = ""
        self.mount_path = "/"
        self.ready = False
        self.exclude: list[str] = []
        self._background: threading.Thread | None = None
        self._again = threading.Event()

    # -- the whole preview ------------------------------------------------

    def start(self) -> float:
        """Build every language in its worker, assemble and index; seconds taken."""
        began = time.monotonic()
        self.stop()
        self.ready = False
        config = load_config(str(self.config_file))
        i18n = config.plugins["i18n"]
        self.docs, self.default = Path(config.docs_dir), i18n.default_language
        self.mount_path = urlsplit(config.site_url or "/").path or "/"
        self.exclude = list(config.plugins["tpukb"].config.search_exclude)
        self.sources = set(self._source_files())
        languages = list(i18n.build_languages)
        for lang in languages:
            scratch = self.scratch / lang
            shutil.rmtree(scratch, ignore_errors=True)
            command = [sys.executable, "-m", "tpukb.preview.worker", lang, str(scratch),
                       str(self.config_file)]
            process = subprocess.Popen(command, cwd=self.config_file.parent, text=True,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            self.workers[lang] = Worker(lang, scratch, process)
        failed = [w.lang for w in self.workers.values() if "ready" not in w.answer()]
        if failed:
            raise PreviewError(f"preview: {', '.join(failed)} did not build; the messages are above")
        shutil.rmtree(self.site, ignore_errors=True)
        self.site.mkdir(parents=True)
        for lang in [lang for lang in languages if lang != self.default] + [self.default]:
            shutil.copytree(self.workers[lang].scratch, self.site, dirs_exist_ok=True)
        self.ready = True
        self._follow_up()
        return time.monotonic() - began

    def stop(self) -> None:
        for worker in self.workers.values():
            worker.stop()
        self.workers.clear()

    def _source_files(self):
        return (path for path in self.docs.rglob("*") if path.is_file())

    # -- a change ----------------------------------------------------------

    def plan(self, paths: set[Path]) -> list[str] | None:
        """The languages whose workers render again; None: start again."""
        languages: set[str] = set()
        for path in paths:
            try:
                relative = path.resolve().relative_to(self.docs.resolve())
            except ValueError:
                return None  # mkdocs.yml, templates, the project's code
            if path.suffix != PAGE_SUFFIX or not path.is_file() or path not in self.sources:
                return None  # not a page, or added or removed
            top = relative.parts[0]
            if top in (self.default, CITATIONS):
                languages.update(self.workers)
            elif top in self.workers:
                languages.add(top)
            else:
                return None
        return sorted(languages)

    def update(self, paths: set[Path]) -> str:
        """Bring the served site up to date with the changed files; say how."""
        # MkDocs leaves out dot files; an editor's file made and removed
        # between two looks was never a source
        paths = {Path(p).absolute() for p in paths}
        paths = {p for p in paths if not p.name.startswith(".") and (p.exists() or p in self.sources)}
        if not paths:
            return "nothing to do"
        languages = self.plan(paths) if self.ready else None  # the last start failed: again
        if languages is not None:
            for lang in languages:
                self.workers[lang].ask({"changed": [str(p) for p in paths]})
            answers = {lang: self.workers[lang].answer() for lang in languages}
            again = [a["rebuild"] for a in answers.values() if "rebuild" in a]
            if not again:
                count = 0
                for lang, answer in answers.items():
                    scratch = self.workers[lang].scratch
                    for written in answer["written"]:
                        target = self.site / Path(written).relative_to(scratch)
                        shutil.copyfile(written, target)
                        count += 1
                self._follow_up()
                return f"{count} page(s) rendered again"
            self.log(f"preview: {again[0]}: building every language again")
        self.start()
        return "every language built again"

    # -- after a change: search and the citation check, in the background ---

    def _follow_up(self) -> None:
        self._again.set()
        if self._background is None or not self._background.is_alive():
            self._background = threading.Thread(target=self._follow, daemon=True)
            self._background.start()

    def _follow(self) -> None:
        began = time.monotonic()
        while self._again.is_set():
            self._again.clear()
            shutil.rmtree(self.site / search.BUNDLE, ignore_errors=True)  # its old fragments
            try:
                search.index_site(self.site, self.exclude)
            except search.SearchError as error:
                self.log(f"preview: {error}")
            check = checkrun.result(checkrun.start(self.docs, self.config_file.parent))
            for line in check.findings:
                self.log(line)
            if check.error:
                self.log(f"preview: {check.error}")
        self.log_info(f"search and citation check up to date in {time.monotonic() - began:.1f} s")
