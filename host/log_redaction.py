"""No log line carries a secret: the bot token, an interaction or webhook token, an Authorization header.

At `LOG_LEVEL=DEBUG` discord.py logs every request's URL (an interaction's
callback and follow-ups carry its token: `/interactions/<id>/<token>/callback`,
`/webhooks/<application id>/<token>`), request bodies and every gateway event
(INTERACTION_CREATE holds `'token': '…'`).  `install(token)` puts a
`RedactingFilter` on every handler of the root logger (bot.py's logging setup
and the local table's call it at start-up): each record's message is
formatted, secrets in it are replaced by `[redacted]`, and the record keeps only
the cleaned text (its args are dropped, so no handler formats them again);
tracebacks are cleaned the same way.

Private (ephemeral) replies are never logged by our code (cogs/ops.py logs
only the failure); discord.py sends them through its webhook adapter, which
logs the URL (cleaned here) and never the body.  A body that is logged and is
flagged ephemeral (flags 64) is redacted whole: its content, embeds, components,
attachments and poll (a private hand shows in an embed or a button as well as in
the text).
"""
from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"

_SECRETS: set[str] = set()

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # interaction and webhook tokens in URLs
    (re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/\s?#'\"]+"), r"\1" + REDACTED),
    # Authorization headers, as text or as a dict's repr / JSON
    (re.compile(r"""(?i)(authorization['"]?\s*[:=]\s*['"]?)(?:(?:bot|bearer)\s+)?[^\s'",}]+"""), r"\1" + REDACTED),
    # a "token" field (gateway IDENTIFY/RESUME, INTERACTION_CREATE events)
    (re.compile(r"""(['"]token['"]\s*:\s*['"])[^'"]*"""), r"\1" + REDACTED),
    # anything shaped like a bot token (three dot-separated base64 parts) or an interaction token
    (re.compile(r"[\w-]{23,}\.[\w-]{6}\.[\w-]{27,}"), REDACTED),
    (re.compile(r"aW50ZXJhY3Rpb246[\w-]+"), REDACTED),  # base64 of "interaction:"
)
_EPHEMERAL = re.compile(r"""['"]flags['"]\s*:\s*(\d+)""")
_BODY_KEY = re.compile(r"""['"](?:content|embeds|components|attachments|poll)['"]\s*:\s*""")
_CLOSE = {"[": "]", "{": "}", "(": ")"}


def add_secret(secret: str | None) -> None:
    """A literal to redact wherever it appears (the configured bot token)."""
    if secret and len(secret) >= 8:
        _SECRETS.add(secret)


def redact(text: str) -> str:
    """`text` with every secret replaced by `[redacted]`."""
    for secret in _SECRETS:
        if secret in text:
            text = text.replace(secret, REDACTED)
    for pattern, repl in _PATTERNS:
        text = pattern.sub(repl, text)
    flags = _EPHEMERAL.search(text)
    if flags and len(flags.group(1)) <= 20 and int(flags.group(1)) & 64:  # an ephemeral body is private
        text = _redact_body(text)
    return text


def _value_end(text: str, i: int) -> int:
    """The end of the JSON or Python-repr value starting at `i` (a string, a list or mapping with strings
    inside, or a bare word such as null): brackets are balanced outside strings."""
    stack: list[str] = []
    quote: str | None = None
    j = i
    while j < len(text):
        ch = text[j]
        if quote:
            if ch == "\\":
                j += 1
            elif ch == quote:
                quote = None
                if not stack:
                    return j + 1
        elif ch in "'\"":
            quote = ch
        elif ch in _CLOSE:
            stack.append(_CLOSE[ch])
        elif stack and ch == stack[-1]:
            stack.pop()
            if not stack:
                return j + 1
        elif not stack and (ch in ",}]\n" or ch.isspace()):
            return j
        j += 1
    return j


def _redact_body(text: str) -> str:
    """Every content, embeds, components, attachments and poll value replaced by '[redacted]'."""
    out, at = [], 0
    for found in _BODY_KEY.finditer(text):
        if found.start() < at:  # inside a value already redacted
            continue
        end = _value_end(text, found.end())
        out += [text[at:found.end()], repr(REDACTED)]
        at = end
    return "".join(out) + text[at:]


class RedactingFilter(logging.Filter):
    """Cleans each record (message, args, traceback) of secrets; never drops one."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: leave the record to logging's own error report
            return True
        record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


_FILTER = RedactingFilter()


def protect(handler: logging.Handler) -> logging.Handler:
    """`handler` with the redacting filter (once)."""
    if _FILTER not in handler.filters:
        handler.addFilter(_FILTER)
    return handler


def install(token: str | None = None) -> None:
    """Redact `token` and every other secret on every handler of the root logger."""
    add_secret(token)
    for handler in logging.getLogger().handlers:
        protect(handler)


__all__ = ["REDACTED", "RedactingFilter", "add_secret", "install", "protect", "redact"]
