"""The watch's HTTP client, polite to the sites it reads.

- at most `concurrency` requests in flight over all hosts;
- at most `rate` requests per second per host (an origin, scheme://host:port):
  requests to one host go one at a time, each starting at least 1/rate
  seconds after the previous one ended, redirects and retries included (redirects
  are followed here, hop by hop, so that each hop waits its turn);
- a timeout per request; connection errors, timeouts and the answers
  urlcheck's `retryable` names (403, 408, 429, 5xx) are tried again
  `retries` times with exponential back-off (urlcheck's `retry_delay`: a
  Retry-After up to its MAX_RETRY_AFTER is honoured); a host that fails to connect
  `retries + 1` times in a row (whichever requests tried) is not tried again
  in the same run;
- a User-Agent naming the project and its URL;
- `rewrites`: URL prefixes replaced before each request and restored in the
  URLs reported (mirrors, tests); the final URL is always the logical one.
Only textual bodies (HTML, XML, JSON, plain text) are read, up to MAX_BODY
bytes; of anything else only the headers.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import time
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

import httpx

from .. import languages
from ..citecheck import ROOT
from ..urlcheck import retry_after, retry_delay, retryable

USER_AGENT = f"tpu-knowledge-base-sources-watch/1.0 (+{languages.load(ROOT).site_url})"
MAX_REDIRECTS = 10
MAX_BODY = 8 * 1024 * 1024
TEXTUAL = ("text/", "application/xhtml", "application/xml", "application/json")


class Unreachable(Exception):
    """No answer worth comparing: the detail says why."""


@dataclass
class Response:
    status: int
    url: str  # the final URL, logical (rewrites undone)
    headers: httpx.Headers
    content: bytes
    read: bool  # False when the body was not textual and left unread
    encoding: str = "utf-8"  # httpx's: the Content-Type charset when Python knows it, else UTF-8

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";")[0].strip().lower()

    def json(self):
        return json.loads(self.content)


@dataclass
class Host:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    next_start: float = 0.0
    failures: int = 0  # connection failures in a row, whichever requests made them
    down: str | None = None  # why it could not be connected to


class Client:
    def __init__(self, *, concurrency: int = 8, rate: float = 1.0, timeout: float = 20.0,
                 retries: int = 2, backoff: float = 1.0, rewrites: list[tuple[str, str]] = ()):
        self.concurrency = concurrency
        self.interval = 1.0 / rate
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.rewrites = list(rewrites)
        self.hosts: dict[str, Host] = {}

    async def __aenter__(self) -> "Client":
        self.slots = asyncio.Semaphore(self.concurrency)
        self.http = httpx.AsyncClient(
            timeout=self.timeout, follow_redirects=False, trust_env=False,
            # the system's trust store (and SSL_CERT_FILE), as curl and pip use
            verify=ssl.create_default_context(),
            headers={"User-Agent": USER_AGENT, "Accept-Encoding": "gzip, deflate"},
            limits=httpx.Limits(max_connections=self.concurrency))
        return self

    async def __aexit__(self, *exc) -> None:
        await self.http.aclose()

    # --- URLs -------------------------------------------------------------
    def physical(self, url: str) -> str:
        for logical, actual in self.rewrites:
            if url.startswith(logical):
                return actual + url[len(logical):]
        return url

    def logical(self, url: str) -> str:
        for logical, actual in self.rewrites:
            if url.startswith(actual):
                return logical + url[len(actual):]
        return url

    # --- requests ---------------------------------------------------------
    async def get(self, url: str, headers: dict[str, str] | None = None) -> Response:
        """GET a logical URL, following redirects; Unreachable when no answer."""
        current = url
        for _ in range(MAX_REDIRECTS + 1):
            response = await self._with_retries(self.physical(current), headers or {})
            location = response.headers.get("location")
            if response.status in (301, 302, 303, 307, 308) and location:
                current = self.logical(urljoin(self.physical(current), location))
                continue
            response.url = current
            return response
        raise Unreachable(f"more than {MAX_REDIRECTS} redirects")

    async def _with_retries(self, url: str, headers: dict[str, str]) -> Response:
        origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        host = self.hosts.setdefault(origin, Host())
        tries = self.retries + 1
        for attempt in range(tries):
            made = attempt + 1
            wait = retry_delay(self.backoff, attempt)
            try:
                response = await self._once(host, url, headers)
            except (httpx.ConnectError, httpx.ConnectTimeout) as error:
                problem = f"connection failed: {describe(error)}"
                host.failures += 1
                if host.failures >= tries:  # as many failures as one request's tries
                    host.down = problem
                    break
            except httpx.TimeoutException:
                problem = f"timed out after {self.timeout:g} s"
            except httpx.HTTPError as error:
                problem = f"request failed: {describe(error)}"
            else:
                host.failures = 0
                if not retryable(response.status):
                    return response
                if response.headers.get("x-ratelimit-remaining") == "0":
                    return response  # a spent API quota: waiting seconds will not help
                if attempt == tries - 1:
                    return response
                problem = f"HTTP {response.status}"
                wait = retry_delay(self.backoff, attempt,
                                   retry_after(response.headers.get("retry-after", "")))
            if attempt < tries - 1:
                await asyncio.sleep(wait)
        raise Unreachable(f"{problem} ({made} {'try' if made == 1 else 'tries'}"
                          + (f"; {host.failures} failures in a row: host not tried again in this run)"
                             if host.down else ")"))

    async def _once(self, host: Host, url: str, headers: dict[str, str]) -> Response:
        async with host.lock:  # one request at a time per host ...
            if host.down:
                raise Unreachable(f"{host.down} (host not tried again in this run)")
            delay = host.next_start - time.monotonic()
            if delay > 0:  # ... each starting 1/rate seconds after the last
                await asyncio.sleep(delay)
            async with self.slots:
                try:
                    return await self._send(url, headers)
                finally:  # the next one starts 1/rate seconds after this one ended
                    host.next_start = time.monotonic() + self.interval

    async def _send(self, url: str, headers: dict[str, str]) -> Response:
        async with self.http.stream("GET", url, headers=headers) as answer:
            kind = answer.headers.get("content-type", "").lower()
            read = answer.status_code < 300 and kind.startswith(TEXTUAL)
            body = bytearray()
            if read:
                async for chunk in answer.aiter_bytes():
                    body += chunk
                    if len(body) > MAX_BODY:
                        raise Unreachable(f"body larger than {MAX_BODY // 2**20} MiB")
            return Response(answer.status_code, url, answer.headers, bytes(body), read,
                            answer.encoding)


def describe(error: Exception) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:200]
