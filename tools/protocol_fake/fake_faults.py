"""Failures the protocol test's fake Discord can answer with instead of serving a request, as Discord and
its edge (Cloudflare) send them:

* 500, 502, 504: discord.py retries these itself (after 1, 3, 5 ... seconds);
* 503 ("upstream connect error", plain text): discord.py does not retry it, the caller gets the error;
* 429 with `Via` and the bucket's `X-RateLimit-*` headers and a JSON `retry_after`, for each
  `X-RateLimit-Scope` (`user`: the bot's own bucket; `shared`: a resource's bucket, not counted against the
  bot; `global`, with `X-RateLimit-Global`): discord.py waits `retry_after` and retries;
* 429 without `Via` and with an HTML body: a Cloudflare block, which discord.py raises at once.

A `Fault` answers the next `times` requests whose method matches and whose path ends with `path`.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Optional

from aiohttp import web

RETRYABLE_5XX = frozenset({500, 502, 504, 524})  # what discord.py retries unconditionally
SCOPES = ("user", "shared", "global")


@dataclass
class Fault:
    status: int  # 429 or a 5xx
    method: str = "POST"
    path: str = "/messages"  # a suffix of the request's path (under /api/v10)
    times: int = 1
    via: bool = True  # a 429 from Discord carries `Via`; Cloudflare's block does not
    scope: str = "user"  # a 429's X-RateLimit-Scope
    retry_after: float = 0.75

    def matches(self, method: str, path: str) -> bool:
        return self.times > 0 and method == self.method and path.endswith(self.path)

    def response(self) -> web.Response:
        if self.status == 429:
            return self._rate_limited()
        if self.status == 500:
            return web.Response(body=json.dumps({"message": "500: Internal Server Error", "code": 0}).encode(),
                                status=500, headers={"Content-Type": "application/json"})
        text = "upstream connect error or disconnect/reset before headers. reset reason: overflow"
        return web.Response(text=text, status=self.status, content_type="text/plain")

    def _rate_limited(self) -> web.Response:
        if not self.via:  # Cloudflare: an HTML page, a Retry-After, none of Discord's headers
            return web.Response(text="<html><body>error code: 1015</body></html>", status=429,
                                content_type="text/html", headers={"Retry-After": str(int(self.retry_after) + 1)})
        assert self.scope in SCOPES, self.scope
        is_global = self.scope == "global"
        headers = {"Content-Type": "application/json", "Retry-After": str(int(self.retry_after) + 1),
                   "X-RateLimit-Scope": self.scope, "Via": "1.1 google"}
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers.update({"X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                            "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
                            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}", "X-RateLimit-Bucket": "fakebucket"})
        body = {"message": "You are being rate limited.", "retry_after": self.retry_after, "global": is_global}
        return web.Response(body=json.dumps(body).encode(), status=429, headers=headers)


def take(faults: list[Fault], method: str, path: str) -> Optional[Fault]:
    """The first fault that answers this request (one of its `times` used), or None."""
    for fault in faults:
        if fault.matches(method, path):
            fault.times -= 1
            return fault
    return None


__all__ = ["Fault", "RETRYABLE_5XX", "SCOPES", "take"]
