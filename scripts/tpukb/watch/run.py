"""One watch or record run: each URL is observed once (a PyPI project or
GitHub repository once, whatever the number of its references), then each
reference gets its outcome, or its record.

Records are per article: a URL cited by several articles is compared with,
and recorded into, each citing article's own entry. Its one request is
conditional (the validators of a recorded page) only when every citing
article recorded the same observation, so that a 304 means the same for
each of them.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from . import github, pages, pypi
from .net import Client, Unreachable
from .outcome import Outcome
from .references import Reference, target
from .report import Result


@dataclass
class Apis:
    pypi_url: str = pypi.DEFAULT_BASE
    github_url: str = github.DEFAULT_BASE
    budget: github.Budget = field(default_factory=lambda: github.Budget())


@dataclass
class Seen:
    """One URL's observation, or why there is none."""
    observation: dict | None = None
    texts: dict[str, str] = field(default_factory=dict)
    unreachable: str | None = None


class Memo:
    """Each key computed once per run, however many ask for it."""

    def __init__(self):
        self.tasks: dict[tuple, asyncio.Task] = {}

    async def get(self, key: tuple, make):
        if key not in self.tasks:
            self.tasks[key] = asyncio.ensure_future(make())
        return await self.tasks[key]


async def observe(client: Client, apis: Apis, memo: Memo, url: str, old: dict | None) -> Seen:
    aim = target(url)
    try:
        if aim.kind == "pypi":
            data = await memo.get(("pypi", aim.name.lower()),
                                  lambda: pypi.project_json(client, apis.pypi_url, aim.name))
            return Seen(pypi.observe(data, aim.name, aim.version))
        if aim.kind == "github":
            key = ("github", aim.owner.lower(), aim.repo.lower())
            data = await memo.get(key, lambda: github.repository(client, apis.github_url, aim.owner,
                                                                 aim.repo, apis.budget))
            return Seen(github.observe(data, aim.owner, aim.repo, aim.tag))
        observation, texts = await pages.observe(client, url, old)
        return Seen(observation, texts)
    except Unreachable as error:
        return Seen(unreachable=str(error))


Records = dict[str, dict[str, dict] | None]  # slug -> url -> entry (None: no record)

DATES = ("recorded", "retrieved")  # an entry's own, not the observation's


def entry(records: Records, ref: Reference) -> dict | None:
    """What the reference's own article recorded for its URL."""
    return (records.get(ref.slug) or {}).get(ref.url)


def shared_entry(records: Records, citing: list[Reference]) -> dict | None:
    """The entry every reference in `citing` (one URL's) recorded alike
    (dates aside), for a conditional request; None when one has none or two
    differ."""
    entries = [entry(records, ref) for ref in citing]
    observed = [{k: v for k, v in e.items() if k not in DATES} if e else None for e in entries]
    return entries[0] if observed[0] and all(o == observed[0] for o in observed) else None


async def observe_all(client: Client, apis: Apis, refs: list[Reference],
                      records: Records) -> dict[str, Seen]:
    memo = Memo()
    citing: dict[str, list[Reference]] = {}
    for ref in refs:
        citing.setdefault(ref.url, []).append(ref)
    seen = await asyncio.gather(*(observe(client, apis, memo, url, shared_entry(records, those))
                                  for url, those in citing.items()))
    return dict(zip(citing, seen))


def outcome(old: dict | None, seen: Seen) -> Outcome:
    if seen.unreachable:
        return Outcome("unreachable", seen.unreachable)
    if old is None:
        return Outcome("unrecorded", "not in the record: run tpukb watch --record")
    if "unreachable" in old:
        return Outcome("unrecorded", f"could not be read when recorded on {old.get('recorded')} "
                                     f"({old['unreachable']}): run tpukb watch --record")
    new = seen.observation
    kind = new.get("kind")
    if kind == "pypi":
        return pypi.compare(old, new)
    if kind == "github":
        return github.compare(old, new)
    return pages.compare(old, new, seen.texts)


def results(refs: list[Reference], records: Records, seen: dict[str, Seen]) -> list[Result]:
    """Each reference's outcome against its own article's record."""
    return [Result(ref, outcome(entry(records, ref), seen[ref.url])) for ref in refs]


def recorded(ref: Reference, previous: dict | None, seen: Seen, today: str) -> dict:
    """The record entry of a reference after --record: what was seen, or the
    previous good entry when the source could not be read now."""
    if seen.unreachable:
        if previous and ("unreachable" not in previous or previous.get("retrieved") == ref.checked):
            return previous  # a good record, or the same failure: no churn in the file
        return {"recorded": today, "retrieved": ref.checked, "unreachable": seen.unreachable}
    # (a 304's observation is the recorded entry: its dates are not this record's)
    observation = {k: v for k, v in seen.observation.items() if k not in ("not_modified", *DATES)}
    return {"recorded": today, "retrieved": ref.checked, **observation}


def run_async(make):
    """asyncio.run(make()), in a thread of its own when this thread already
    runs an event loop (a caller's, or a test's: Playwright's sync API)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(make())
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()
