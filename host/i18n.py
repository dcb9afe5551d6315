"""Host strings: the cogs' own catalog plus the locale of an interaction."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Optional

from rules.text import CATALOG, Msg, locale_of, msg, tr

CATALOG.add_dir(Path(__file__).parent / "locale")


def t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(key, **args), locale)


def tm(text: Msg | str, locale: str, names: Optional[Mapping[str, str]] = None) -> str:
    return tr(text, locale, names)


def user_locale(interaction: Any) -> str:
    """The language to answer this user in (their Discord client's locale)."""
    return locale_of(str(getattr(interaction, "locale", "") or ""))


def guild_locale(interaction: Any) -> str:
    """The language of posts everyone in the thread reads (the server's locale)."""
    raw = getattr(interaction, "guild_locale", None) or getattr(interaction, "locale", None)
    return locale_of(str(raw or ""))
