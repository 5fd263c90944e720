"""Python's full garbage collections, paused for the length of one build.

A build keeps every page it has read and rendered alive until it ends
(MkDocs' pages, their HTML, the navigation), so the objects Python's cyclic
garbage collector must walk in a full (oldest-generation) collection grow
with every page, and Python starts a full collection each time they have
grown by a quarter. On the knowledge base cloned to 300 articles per
language this was a fifth of the build's CPU time (one process: 41 s with
Python's thresholds, 33 s without full collections; `tpukb bench` measures
the build). The two younger generations are still collected as usual, which
frees the short-lived cycles a page's conversion leaves (a Markdown instance
per page), so memory grows little (the same build: 280 MB at its peak with
full collections, 390 MB without).

The plugin pauses them when a build starts and resumes Python's own
thresholds when it ends or fails, so a long-lived process (`mkdocs serve`,
the writer's preview) collects the last build's garbage as before.
"""

from __future__ import annotations

import gc

# the oldest generation's threshold while paused: never reached in a build
NEVER = 1_000_000_000


class FullCollections:
    def __init__(self) -> None:
        self._saved: tuple[int, ...] | None = None  # Python's thresholds while paused

    def pause(self) -> None:
        if self._saved is None:
            self._saved = gc.get_threshold()
            gc.set_threshold(*self._saved[:2], NEVER)

    def resume(self) -> None:
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            self._saved = None
