"""A release (or project) on PyPI, observed through PyPI's JSON API
(`<base>/pypi/NAME/json`): the newest release, whether the cited release is
yanked, and the project's "Development Status" classifier. Compared:
a new release since the record, the cited release yanked, the status
changed."""

from __future__ import annotations

from .net import Client, Unreachable
from .outcome import Outcome

DEFAULT_BASE = "https://pypi.org"
STATUS_PREFIX = "Development Status :: "


async def project_json(client: Client, base: str, name: str) -> dict:
    response = await client.get(f"{base.rstrip('/')}/pypi/{name}/json",
                                {"Accept": "application/json"})
    if response.status == 404:
        return {}
    if response.status != 200:
        raise Unreachable(f"PyPI JSON API: HTTP {response.status}")
    try:
        data = response.json()
        data["info"]["version"]
    except (ValueError, KeyError, TypeError):
        raise Unreachable("PyPI JSON API: not the JSON it documents") from None
    return data


def observe(data: dict, name: str, version: str | None) -> dict:
    """The observation of one reference from the project's JSON."""
    if not data:
        return {"kind": "pypi", "project": name, "cited": version, "missing": True}
    info, releases = data["info"], data.get("releases") or {}
    status = next((c[len(STATUS_PREFIX):] for c in info.get("classifiers") or []
                   if c.startswith(STATUS_PREFIX)), None)
    seen = {"kind": "pypi", "project": info.get("name") or name, "cited": version,
            "latest": info["version"], "development_status": status}
    if version is not None:
        files = releases.get(version)
        if files is None:
            seen["cited_missing"] = True
        else:
            yanked = bool(files) and all(f.get("yanked") for f in files)
            seen["yanked"] = yanked
            if yanked:
                seen["yanked_reason"] = next((f.get("yanked_reason") for f in files
                                              if f.get("yanked_reason")), None)
    return seen


def compare(old: dict, new: dict) -> Outcome:
    cited = new.get("cited")
    if new.get("missing"):
        return Outcome("gone", f"project {new['project']} is no longer on PyPI")
    changes = []
    if new.get("cited_missing") and not old.get("cited_missing"):
        changes.append(f"release {cited} is no longer on PyPI")
    if new.get("yanked") and not old.get("yanked"):
        reason = new.get("yanked_reason")
        changes.append(f"release {cited} was yanked" + (f": {reason}" if reason else ""))
    if new.get("latest") != old.get("latest"):
        changes.append(f"new release {new.get('latest')} (recorded newest {old.get('latest')}"
                       + (f"; cites {cited})" if cited else ")"))
    if new.get("development_status") != old.get("development_status"):
        changes.append(f"Development Status {old.get('development_status')!r} -> "
                       f"{new.get('development_status')!r}")
    if changes:
        return Outcome("changed", "; ".join(changes))
    return Outcome("unchanged", facts(new))


def facts(seen: dict) -> str:
    """What PyPI says, in one line (shown for unchanged references too)."""
    parts = [f"cites {seen['cited']}"] if seen.get("cited") else []
    if seen.get("cited_missing"):
        parts[-1] += " (not on PyPI)"
    parts.append(f"newest {seen.get('latest')}")
    if seen.get("yanked"):
        parts.append("cited release yanked")
    parts.append(seen.get("development_status") or "no Development Status")
    return f"PyPI {seen.get('project')}: " + ", ".join(parts)
