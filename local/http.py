"""The bot's HTTP client at the local table: discord.py's own, answering from :class:`LocalDiscord`.

:meth:`LocalHTTPClient.install` turns the bot's existing ``HTTPClient``
instance into a :class:`LocalHTTPClient` in place (a class swap), so every
object that already holds a reference to it (the connection state, the
command tree, ...) talks to the fake too.  Only the network-touching
methods are replaced: the low-level ``request(route, *, files=None,
form=None, **kwargs)`` every API helper funnels into, plus ``static_login``,
``get_from_cdn``, ``ws_connect`` and ``close``.  The helpers themselves
(``send_message``, ``start_thread_without_message``, ...) run unchanged and
build real ``Route`` objects.
"""
from __future__ import annotations

import asyncio
import urllib.parse
import urllib.request
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence

import discord
from discord.http import HTTPClient, Route

from .faults import Faults, raise_fault, retried_by_discordpy
from .server import http_error

if TYPE_CHECKING:
    from .server import LocalDiscord

__all__ = ["LocalHTTPClient"]

RETRIES_429 = 5


class LocalHTTPClient(HTTPClient):
    """``discord.http.HTTPClient`` whose requests are answered by the local table."""

    server: "LocalDiscord"

    @classmethod
    def install(cls, http: HTTPClient, server: "LocalDiscord") -> "LocalHTTPClient":
        if not isinstance(http, HTTPClient):
            raise TypeError(f"expected a discord.http.HTTPClient, got {type(http).__name__}")
        http.__class__ = cls
        fake: LocalHTTPClient = http  # type: ignore[assignment]
        fake.server = server
        return fake

    async def request(self, route: Route, *, files: Optional[Sequence[discord.File]] = None,
                      form: Optional[Iterable[dict[str, Any]]] = None, **kwargs: Any) -> Any:
        kwargs.pop("reason", None)
        form = list(form) if form else None
        faults: Optional[Faults] = getattr(self.server, "faults", None)  # `local --faults` (local/faults.py)
        for tries in range(RETRIES_429):
            # Let other tasks run, as a real round trip would.
            await asyncio.sleep(0)
            fault = faults.next_fault(route.method, route.path) if faults else None
            try:
                if fault is None:
                    return await self.server.handle_http(route, files=files, form=form, **kwargs)
                if fault == "lost":  # Discord made the message; its answer never arrived
                    await self.server.handle_http(route, files=files, form=form, **kwargs)
                failure = raise_fault(fault)
                if not isinstance(failure, discord.HTTPException) and faults:
                    faults.surfaced += 1  # a dropped connection: discord.py does not try it again
                raise failure
            except discord.HTTPException as exc:
                # discord.py's own client waits out a 429 and tries again (up to 5 times): so does this one,
                # so the bot meets Discord's pace as it would for real (every 429 still counts in the ledger).
                # An injected fault is retried exactly where discord.py retries it (a 429 with Via; 500, 502,
                # 504), else raised at once (503, a 429 without Via).
                if fault is not None:
                    wait: Any = retried_by_discordpy(fault)
                else:
                    wait = exc.response.headers.get("Retry-After") if exc.status == 429 else None
                if wait is None or tries == RETRIES_429 - 1:
                    if fault is not None and faults:
                        faults.surfaced += 1
                    raise
                await asyncio.sleep(float(wait))

    async def static_login(self, token: str) -> Any:
        self._global_over = asyncio.Event()
        self._global_over.set()
        self.token = token
        return await self.request(Route("GET", "/users/@me"))

    async def get_from_cdn(self, url: str) -> bytes:
        """Attachments the table wrote are ``file://`` URLs; read them back."""
        parsed = urllib.parse.urlparse(url)
        if parsed.scheme == "file":
            path = urllib.request.url2pathname(parsed.path)
            try:
                with open(path, "rb") as fh:
                    return fh.read()
            except OSError:
                pass
        raise http_error(404, 0, "asset not found")

    async def ws_connect(self, url: str, *, compress: int = 0) -> Any:
        raise RuntimeError("the local table has no gateway to connect to")

    async def close(self) -> None:
        return None

    def clear(self) -> None:
        return None
