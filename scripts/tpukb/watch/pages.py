"""A web page: observed as its status, final URL, validators and the hashes
of its main text's paragraphs (tpukb.watch.text); compared paragraph by
paragraph. A page that is not HTML is compared as a whole (its digest when
its body is text, else its length, ETag and Last-Modified)."""

from __future__ import annotations

import asyncio
import hashlib
from collections import Counter

from . import text
from .net import Client, Unreachable
from .outcome import Outcome, worst

GONE = (404, 410)
HTML = ("text/html", "application/xhtml+xml")


def conditional_headers(old: dict | None) -> dict[str, str]:
    """If-None-Match / If-Modified-Since from a recorded page (HTML only: a
    304 must mean "the text you hashed is still there")."""
    if not old or "paragraphs" not in old:
        return {}
    headers = {}
    if old.get("etag"):
        headers["If-None-Match"] = old["etag"]
    if old.get("last_modified"):
        headers["If-Modified-Since"] = old["last_modified"]
    return headers


async def observe(client: Client, url: str, old: dict | None = None) -> tuple[dict, dict[str, str]]:
    """(observation, hash -> paragraph text); Unreachable when no answer."""
    response = await client.get(url, conditional_headers(old))
    if response.status == 304 and old:
        return {**old, "final_url": response.url, "not_modified": True}, {}
    if response.status in GONE:
        return {"kind": "page", "status": response.status, "final_url": response.url}, {}
    if response.status >= 400:
        raise Unreachable(f"HTTP {response.status}")
    seen = {"kind": "page", "status": response.status, "final_url": response.url,
            "content_type": response.content_type}
    for name, key in (("etag", "etag"), ("last-modified", "last_modified")):
        if response.headers.get(name):
            seen[key] = response.headers[name]
    if response.content_type in HTML:
        try:
            html = response.content.decode(response.encoding, errors="replace")
        except LookupError:  # a codec that is not a text encoding (charset=hex)
            html = response.content.decode("utf-8", errors="replace")
        paragraphs = await asyncio.to_thread(text.hashed, html, url)
        seen["paragraphs"] = list(paragraphs)
        return seen, paragraphs
    if response.read:
        seen["sha256"] = hashlib.sha256(response.content).hexdigest()
    elif response.headers.get("content-length"):
        seen["length"] = int(response.headers["content-length"])
    return seen, {}


def compare(old: dict, new: dict, texts: dict[str, str]) -> Outcome:
    if new.get("status") in GONE:
        return Outcome("gone", f"HTTP {new['status']}")
    outcomes = []
    if new.get("final_url") != old.get("final_url"):
        outcomes.append(Outcome("moved", f"now at {new.get('final_url')} "
                                         f"(recorded at {old.get('final_url')})"))
    if "paragraphs" in new or "paragraphs" in old:
        outcomes.append(compare_text(old, new, texts))
    else:
        outcomes.append(compare_whole(old, new))
    return worst(outcomes)


def compare_text(old: dict, new: dict, texts: dict[str, str]) -> Outcome:
    if "paragraphs" not in new:
        return Outcome("changed", f"no longer HTML: {new.get('content_type') or 'no content type'}")
    if "paragraphs" not in old:
        return Outcome("changed", f"now HTML (recorded as {old.get('content_type')})")
    before, after = Counter(old["paragraphs"]), Counter(new["paragraphs"])
    added = list((after - before).elements())
    removed = sum((before - after).values())
    if not added and not removed:
        how = "not modified (conditional request)" if new.get("not_modified") else ""
        return Outcome("unchanged", how)
    return Outcome("changed", f"{len(added)} paragraph(s) added, {removed} removed",
                   [text.shorten(texts[h]) for h in added if h in texts], len(added), removed)


def compare_whole(old: dict, new: dict) -> Outcome:
    kind = new.get("content_type") or "no content type"
    for key in ("sha256", "length", "etag", "last_modified"):
        if key in old or key in new:
            if old.get(key) != new.get(key):
                return Outcome("changed", f"not HTML ({kind}), compared as a whole: its {key} changed")
            return Outcome("unchanged", f"not HTML ({kind}), compared as a whole by its {key}")
    return Outcome("unchanged", f"not HTML ({kind}): nothing to compare but its status")


