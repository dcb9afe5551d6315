"""Discord's HTTP errors as the fake Discord raises them (discord.py's own exception classes)."""
from __future__ import annotations

import discord


class FakeResponse:
    """Stands in for the aiohttp response that discord.py's HTTP errors carry."""

    def __init__(self, status: int, reason: str):
        self.status = status
        self.reason = reason
        self.headers: dict[str, str] = {}


_REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed"}


def http_error(status: int, code: int, message: str) -> discord.HTTPException:
    response = FakeResponse(status, _REASONS.get(status, "Error"))
    body = {"code": code, "message": message}
    if status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


__all__ = ["FakeResponse", "http_error"]
