"""A GitHub repository or release, observed through GitHub's REST API
(`<base>/repos/OWNER/REPO` and `.../releases/latest`): whether the
repository is archived and its newest release. Compared: archived since the
record, a new release.

Calls carry `GITHUB_TOKEN` when it is set. Anonymous calls are limited (60 an
hour): when GitHub says the limit is reached, the watch stops asking and
reports the remaining references as unreachable, saying when it stopped."""

from __future__ import annotations

import asyncio
import os
import time

from .net import Client, Response, Unreachable
from .outcome import Outcome

DEFAULT_BASE = "https://api.github.com"


class Budget:
    """The API calls made, and whether GitHub said stop."""

    def __init__(self, token: str | None = None):
        self.token = token if token is not None else os.environ.get("GITHUB_TOKEN") or None
        self.calls = 0
        self.stopped: str | None = None
        self.lock = asyncio.Lock()

    def headers(self) -> dict[str, str]:
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def note(self, response: Response) -> None:
        # the quota is in the headers (tpukb.watch.net reads no error body)
        if response.headers.get("x-ratelimit-remaining") != "0":
            return
        reset = response.headers.get("x-ratelimit-reset", "")
        when = (time.strftime(" (resets %H:%M UTC)", time.gmtime(int(reset)))
                if reset.isdigit() else "")
        self.stopped = (f"GitHub API rate limit reached after {self.calls} call(s){when}; "
                        + ("" if self.token else "set GITHUB_TOKEN for more; ")
                        + "stopped asking")
        if response.status in (403, 429):
            raise Unreachable(self.stopped)


async def call(client: Client, base: str, path: str, budget: Budget) -> Response:
    async with budget.lock:  # one call at a time: none after GitHub said stop
        if budget.stopped:
            raise Unreachable(budget.stopped)
        budget.calls += 1
        response = await client.get(f"{base.rstrip('/')}{path}", budget.headers())
        budget.note(response)
        return response


async def repository(client: Client, base: str, owner: str, repo: str, budget: Budget) -> dict:
    """What GitHub says of a repository; {} when it does not exist."""
    response = await call(client, base, f"/repos/{owner}/{repo}", budget)
    if response.status in (404, 410, 451):
        return {}
    if response.status != 200:
        raise Unreachable(f"GitHub API: HTTP {response.status}")
    data = response.json()
    seen = {"kind": "github", "repo": data.get("full_name") or f"{owner}/{repo}",
            "archived": bool(data.get("archived"))}
    response = await call(client, base, f"/repos/{owner}/{repo}/releases/latest", budget)
    if response.status == 200:
        seen["latest_release"] = response.json().get("tag_name")
    elif response.status == 404:
        seen["latest_release"] = None
    else:
        raise Unreachable(f"GitHub API: HTTP {response.status}")
    return seen


def observe(data: dict, owner: str, repo: str, tag: str | None) -> dict:
    if not data:
        return {"kind": "github", "repo": f"{owner}/{repo}", "missing": True}
    return {**data, **({"cited_tag": tag} if tag else {})}


def compare(old: dict, new: dict) -> Outcome:
    if new.get("missing"):
        return Outcome("gone", f"repository {new['repo']} no longer exists")
    changes = []
    if new.get("archived") and not old.get("archived"):
        changes.append(f"repository {new['repo']} was archived")
    if new.get("latest_release") != old.get("latest_release"):
        changes.append(f"new release {new.get('latest_release')} "
                       f"(recorded newest {old.get('latest_release')})")
    if changes:
        return Outcome("changed", "; ".join(changes))
    return Outcome("unchanged", f"GitHub {new['repo']}: "
                   + ("archived, " if new.get("archived") else "")
                   + f"newest release {new.get('latest_release') or 'none'}")
