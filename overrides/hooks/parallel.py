"""`mkdocs build` on two cores: half of the languages in a second process
(tpukb.parallel says how, and why the site is the same as one process's).

- on_startup: only the `build` command is split (`serve` rebuilds in one
  process);
- on_config (before the i18n plugin's): the main process starts the child
  once; a child starts with its first language instead of the default one;
  each process's i18n loop skips the languages the other one builds;
- on_post_build (after the i18n plugin has built this process's languages
  and the search hook has indexed them, before the 404 and hosting hooks): wait for the child, relay its
  messages, merge its output. A failed child fails the build.
"""

from __future__ import annotations

import atexit
import logging
import time

import mkdocs_static_i18n.plugin as i18n_module
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority

from tpukb import parallel, search

log = logging.getLogger("mkdocs.hooks.parallel")

_command: str | None = None
_dirty = False
_started = False
_child: parallel.Child | None = None


def on_startup(command, dirty):
    global _command, _dirty
    _command, _dirty = command, dirty


def _only_in_i18n_loop(i18n, languages: list[str]) -> None:
    """Let the i18n plugin's loop of nested builds build `languages` (once
    each) and skip the others. The loop skips only the language current when
    it starts, which in a child is not the default one."""
    build, todo = i18n_module.build, set(languages)

    def build_some(config, dirty=False):
        if i18n.current_language in todo:
            todo.discard(i18n.current_language)
            build(config, dirty=dirty)

    i18n_module.build = build_some


@event_priority(100)  # before the i18n plugin (-100) reads its current language
def on_config(config):
    global _started, _child
    if _started:
        return config
    _started = True
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return config
    part = parallel.part_languages()
    if part:  # the child: build these languages only, the first one first
        i18n.current_language = part[0]
        _only_in_i18n_loop(i18n, part[1:])
        return config
    try:
        jobs = parallel.jobs()
    except parallel.ParallelBuildError as error:
        raise PluginError(str(error)) from None
    if _command != "build" or jobs < 2 or _dirty:
        return config
    ours, theirs = parallel.split(i18n.build_languages, i18n.default_language)
    if not theirs:
        return config
    log.info(f"parallel: building {', '.join(theirs)} in a second process")
    _child = parallel.start(config.config_file_path, config.site_dir, theirs,
                            strict=bool(config.get("strict")))
    atexit.register(parallel.stop, _child)  # a failure here must not leave it running
    _only_in_i18n_loop(i18n, [lang for lang in ours if lang != i18n.current_language])
    return config


@event_priority(-105)  # after the i18n plugin's loop (-100), before not_found and search (-110)
def on_post_build(config):
    global _child
    i18n = config.plugins.get("i18n")
    if _child is None or (i18n is not None and i18n.building):
        return
    child, _child = _child, None
    waited = time.monotonic()
    try:
        parallel.wait(child, log)
        log.debug(f"parallel: waited {time.monotonic() - waited:.1f} s for the second process")
        parallel.merge(config.site_dir, child)
    except (parallel.ParallelBuildError, search.SearchError) as error:
        raise PluginError(str(error)) from None
    finally:
        parallel.stop(child)
