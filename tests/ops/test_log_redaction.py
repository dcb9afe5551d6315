"""No log level prints a token, a webhook URL's token or a private reply's text.

discord.py's own request code runs here (its HTTP client, its webhook adapter
for interaction callbacks and follow-ups, its gateway event log) against a fake
aiohttp session, with every discord logger at DEBUG, through the handler set
up by bot.py's logging setup.
"""
from __future__ import annotations

import asyncio
import io
import logging

from discord.http import HTTPClient, Route
from discord.webhook.async_ import MultipartParameters, async_context

import bot
from host.log_redaction import REDACTED, RedactingFilter, add_secret, redact

BOT_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4OTA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB"
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQtaW50ZXJhY3Rpb24tdG9rZW4"
PRIVATE_TEXT = "your hand: Captain, Speaker (only you can see this)"


class FakeResponse:
    def __init__(self, body: str = '{"id": "1", "channel_id": "2"}'):
        self.status = 200
        self.reason = "OK"
        self.headers = {"content-type": "application/json"}
        self._body = body

    async def text(self, encoding: str = "utf-8") -> str:
        return self._body

    async def __aenter__(self) -> "FakeResponse":
        return self

    async def __aexit__(self, *exc) -> bool:
        return False


class FakeSession:
    """Answers every request with 200 and records what was asked (the real URL, headers, body)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, dict]] = []

    def request(self, method: str, url: str, **kwargs) -> FakeResponse:
        self.seen.append((method, url, kwargs))
        return FakeResponse()


async def discord_py_traffic() -> FakeSession:
    """An ephemeral interaction reply, an ephemeral follow-up, a bot API post and a gateway event,
    each through discord.py's own code and its own log calls."""
    session = FakeSession()
    adapter = async_context.get()
    private = {"type": 4, "data": {"content": PRIVATE_TEXT, "flags": 64}}
    await adapter.create_interaction_response(123456789012345678, INTERACTION_TOKEN, session=session,
                                              params=MultipartParameters(payload=private, multipart=None,
                                                                         files=None))
    await adapter.execute_webhook(223456789012345678, INTERACTION_TOKEN, session=session,
                                  payload={"content": PRIVATE_TEXT, "flags": 64}, wait=True)

    http = HTTPClient(asyncio.get_running_loop())
    http._HTTPClient__session = session  # type: ignore[attr-defined]
    http.token = BOT_TOKEN
    http._global_over = asyncio.Event()
    http._global_over.set()
    await http.request(Route("POST", "/channels/{channel_id}/messages", channel_id=1),
                       json={"content": "Turn of alice"})
    await http.request(Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                             interaction_id=1, interaction_token=INTERACTION_TOKEN),
                       json={"type": 4, "data": {"content": PRIVATE_TEXT, "flags": 64}})

    # the gateway's DEBUG line for an INTERACTION_CREATE event, in discord/gateway.py's own format
    logging.getLogger("discord.gateway").debug("For Shard ID %s: WebSocket Event: %s", 0, {
        "t": "INTERACTION_CREATE", "op": 0,
        "d": {"id": "1", "application_id": "2", "token": INTERACTION_TOKEN, "type": 2}})
    logging.getLogger("discord.gateway").debug("identify %s", {"op": 2, "d": {"token": BOT_TOKEN}})
    return session


def test_debug_logs_of_discord_py_carry_no_token_nor_private_text(monkeypatch):
    root = logging.getLogger()
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    old_level = root.level
    monkeypatch.setenv("LOG_LEVEL", "DEBUG")
    monkeypatch.setenv("DISCORD_TOKEN", BOT_TOKEN)
    try:
        bot.setup_logging(bot.Config.load())  # bot.py's start-up: the filter goes on every handler
        assert any(isinstance(f, RedactingFilter) for f in handler.filters)
        root.setLevel(logging.DEBUG)
        session = asyncio.run(discord_py_traffic())
    finally:
        root.removeHandler(handler)
        root.setLevel(old_level)
        for h in root.handlers:
            h.filters = [f for f in h.filters if not isinstance(f, RedactingFilter)]
    text = stream.getvalue()
    # the traffic really carried the secrets, and discord.py really logged those requests
    assert any(INTERACTION_TOKEN in url for _, url, _ in session.seen)
    assert any(kw.get("headers", {}).get("Authorization") == f"Bot {BOT_TOKEN}" for _, _, kw in session.seen)
    assert "has returned status code 200" in text and "/interactions/123456789012345678/" in text
    assert "/channels/1/messages with" in text and "Turn of alice" in text  # public text stays readable
    assert "WebSocket Event" in text
    # …and no line shows them
    assert INTERACTION_TOKEN not in text and INTERACTION_TOKEN[:24] not in text
    assert BOT_TOKEN not in text and BOT_TOKEN.split(".")[0] not in text
    assert PRIVATE_TEXT not in text
    assert f"/interactions/123456789012345678/{REDACTED}/callback" in text
    assert f"/webhooks/223456789012345678/{REDACTED}" in text


def test_authorization_headers_tokens_and_tracebacks_are_redacted():
    add_secret(BOT_TOKEN)
    for line in (f"Authorization: Bot {BOT_TOKEN}", f"{{'Authorization': 'Bot {BOT_TOKEN}'}}",
                 'headers {"authorization": "Bearer abc.def-ghi"}'):
        cleaned = redact(line)
        assert REDACTED in cleaned and BOT_TOKEN not in cleaned and "abc.def-ghi" not in cleaned, cleaned
    record = logging.LogRecord("gamehost", logging.ERROR, __file__, 1, "post to %s failed", ("x",), None)
    try:
        raise RuntimeError(f"POST https://discord.com/api/v10/webhooks/1/{INTERACTION_TOKEN}?wait=1 failed")
    except RuntimeError:
        import sys
        record.exc_info = sys.exc_info()
    RedactingFilter().filter(record)
    formatted = logging.Formatter().format(record)
    assert "RuntimeError" in formatted and INTERACTION_TOKEN not in formatted
    assert record.getMessage() == "post to x failed"


def test_an_ordinary_log_line_is_unchanged():
    record = logging.LogRecord("gamehost", logging.INFO, __file__, 1, "history of game %s: %d moves", (7, 12), None)
    RedactingFilter().filter(record)
    assert record.getMessage() == "history of game 7: 12 moves"


def test_the_local_tables_console_handler_redacts(monkeypatch):
    from local import cli

    root = logging.getLogger()
    before = list(root.handlers)
    try:
        cli._setup_logging(verbose=False)
        added = [h for h in root.handlers if h.get_name() == "local-table"]
        assert added and all(any(isinstance(f, RedactingFilter) for f in h.filters) for h in added)
    finally:
        for h in list(root.handlers):
            if h not in before:
                root.removeHandler(h)
        for h in before:
            if h not in root.handlers:
                root.addHandler(h)


PRIVATE_EMBED = "Captain: draw two cards (only you)"
PRIVATE_BUTTON = "Play Speaker of the Guild"


async def private_body_traffic() -> None:
    """An ephemeral reply whose private part is in an embed and a button as well as its text, through discord.py."""
    http = HTTPClient(asyncio.get_running_loop())
    http._HTTPClient__session = FakeSession()  # type: ignore[attr-defined]
    http.token = BOT_TOKEN
    http._global_over = asyncio.Event()
    http._global_over.set()
    body = {"type": 4, "data": {
        "content": PRIVATE_TEXT, "flags": 64,
        "embeds": [{"title": "Your hand", "fields": [{"name": "content", "value": PRIVATE_EMBED}]}],
        "components": [{"type": 1, "components": [{"type": 2, "label": PRIVATE_BUTTON, "custom_id": "mv:1:2:x"}]}]}}
    await http.request(Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback",
                             interaction_id=1, interaction_token=INTERACTION_TOKEN), json=body)
    public = {"content": "Turn of alice", "embeds": [{"title": "Board notes"}],
              "components": [{"type": 1, "components": [{"type": 2, "label": "Fly to B3", "custom_id": "mv:1:2:y"}]}]}
    await http.request(Route("POST", "/channels/{channel_id}/messages", channel_id=1), json=public)


def test_an_ephemeral_body_is_redacted_whole_embeds_and_components_included():
    logger = logging.getLogger("discord.http")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactingFilter())
    logger.addHandler(handler)
    old_level = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        asyncio.run(private_body_traffic())
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    text = stream.getvalue()
    assert "/callback with" in text  # discord.py logged the private body…
    for secret in (PRIVATE_TEXT, PRIVATE_EMBED, PRIVATE_BUTTON, "Your hand", "mv:1:2:x"):
        assert secret not in text  # …and none of it shows
    assert '"embeds":' in text and '"components":' in text and '"flags":64' in text
    assert "Turn of alice" in text and "Board notes" in text and "Fly to B3" in text  # a public post stays readable


def test_redaction_of_a_body_keeps_the_rest_of_the_line():
    line = ("{'type': 4, 'data': {'content': None, 'embeds': [{'description': 'a }] \\' tricky'}], "
            "'flags': 64, 'components': []}} sent in 0.2 s")
    cleaned = redact(line)
    assert "tricky" not in cleaned and cleaned.endswith("'flags': 64, 'components': '[redacted]'}} sent in 0.2 s")
    assert redact('{"flags": ' + "6" * 5000 + ', "content": "x"}').startswith('{"flags": ')  # no int() of 5,000 digits
