"""A finished `mkdocs build` ends without freeing its heap object by object.

MkDocs keeps every page, its HTML and the navigation alive until a build
ends; when the process then exits, Python frees them one object at a time
(about half a second in each process at 300 articles per language, and the
main process of a split build waits for the second one's). The plugin calls
`exit_now` from its `on_shutdown` (the last step of `mkdocs build`) once the
build has succeeded: the exit handlers run as at any exit (logging's
flush, temporary folders removed), the standard streams are flushed, and the
process ends with status 0 without that teardown. Anything else exits as
usual: a failed build, an exception on its way out (Ctrl+C), another thread
still running, output that cannot be flushed, `mkdocs serve` and the
writer's preview (their command is not `build`), a program that calls MkDocs'
build function itself (it never sends `on_shutdown`) or its command's code
(a test run through click's CliRunner: not `started_as` the command).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from pathlib import Path


def started_as(commands: tuple[str, ...]) -> bool:
    """Whether this process was started as one of `commands`: its console
    script, or `python -m` with its package (not a program, such as a test
    run, that calls the command's code itself)."""
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    if spec is not None:
        return spec.name in {f"{command}.__main__" for command in commands}
    return Path(sys.argv[0]).name in commands


def possible() -> bool:
    """Nothing is on its way out and no other thread would be cut short."""
    return sys.exc_info()[1] is None and threading.active_count() == 1 and \
        callable(getattr(atexit, "_run_exitfuncs", None))


def exit_now() -> None:
    """End the process with status 0 as a normal exit would, minus freeing
    the heap; returns (and the process exits as usual) when not `possible()`
    or when a normal exit would report an error."""
    if not possible():
        return
    atexit._run_exitfuncs()  # what a normal exit runs first: logging.shutdown, finalizers
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # started without it: a normal exit skips it too
            continue
        try:
            stream.flush()
        except ValueError:  # closed: a normal exit skips it too
            pass
        except OSError:  # the reader is gone: a normal exit reports it (status 120)
            return
    os._exit(0)
