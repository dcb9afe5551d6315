"""Discord's HTTP errors as the fake Discord raises them (discord.py's own exception classes)."""
from __future__ import annotations

from typing import Any, Optional

import discord


class FakeResponse:
    """Stands in for the aiohttp response that discord.py's HTTP errors carry."""

    def __init__(self, status: int, reason: str):
        self.status = status
        self.reason = reason
        self.headers: dict[str, str] = {}


_REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
            429: "Too Many Requests"}


def http_error(status: int, code: int, message: str, retry_after: Optional[float] = None) -> discord.HTTPException:
    response = FakeResponse(status, _REASONS.get(status, "Error"))
    body: dict[str, Any] = {"code": code, "message": message}
    if retry_after is not None:  # a 429: how long to wait, in the body and the headers as Discord sends it
        body.update(retry_after=retry_after, **{"global": False})
        response.headers = {"Retry-After": str(retry_after), "X-RateLimit-Scope": "user"}
    if status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


__all__ = ["FakeResponse", "http_error"]
