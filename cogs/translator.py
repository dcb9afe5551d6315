"""Slash-command names, descriptions, option names and choices in Spanish (discord.py's Translator).

discord.py turns every command text into a `locale_str` (auto_locale_strings)
and asks the tree's translator for each Discord locale when it builds the
payload it syncs.  This translator answers for `es-ES` and `es-419` from the
`cmd.*` keys of the host catalog (host/locale/commands.en.json / .es.json, plus
any other `host/locale/*.json` holding `cmd.*` keys, e.g. a game's own):

    cmd.<path>.name                 a command or group name    (path: "game.new")
    cmd.<path>.desc                 its description
    cmd.<path>.opt.<param>.name     an option name; fallback cmd.opt.<param>.name
    cmd.<path>.opt.<param>.desc     an option description; fallback cmd.opt.<param>.desc
    cmd.choice.<English name>       a fixed choice's name

The English value of a key must equal the text in the code (it may hold
`{placeholders}` for parts built at import time, such as the list of games):
when the code's English changes and the catalog was not updated, the command
falls back to English instead of showing a stale translation, and
tests/cogs/test_command_translations.py names the key to update.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Optional

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from rules.text import CATALOG

from host import i18n  # noqa: F401  (registers the host catalog folder)

SPANISH = frozenset({discord.Locale.spain_spanish, discord.Locale.latin_american_spanish})
LOCALES = {locale: "es" for locale in SPANISH}


def _path(command: Any) -> str:
    return ".".join(command.qualified_name.split())


def keys_for(context: app_commands.TranslationContext) -> list[str]:
    """Catalog keys to try, most specific first, for a string at `context`."""
    where, data = context.location, context.data
    if where in (Where.command_name, Where.group_name):
        return [f"cmd.{_path(data)}.name"]
    if where in (Where.command_description, Where.group_description):
        return [f"cmd.{_path(data)}.desc"]
    if where in (Where.parameter_name, Where.parameter_description):
        kind = "name" if where is Where.parameter_name else "desc"
        return [f"cmd.{_path(data.command)}.opt.{data.name}.{kind}", f"cmd.opt.{data.name}.{kind}"]
    if where is Where.choice_name:
        return [f"cmd.choice.{data.name}"]
    return []


@lru_cache(maxsize=512)
def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
    return re.compile(regex + r"\Z", re.S)


def match(template: str, text: str) -> Optional[dict[str, str]]:
    """The placeholder values if `text` is `template` filled in, else None."""
    if "{" not in template:
        return {} if template == text else None
    found = _pattern(template).match(text)
    return found.groupdict() if found else None


def lookup(text: str, keys: list[str], locale: str) -> Optional[str]:
    """The `locale` text of the first key whose English is `text` (placeholders filled), else None."""
    en_table, table = CATALOG.table["en"], CATALOG.table.get(locale, {})
    for key in keys:
        english = en_table.get(key)
        if english is None or key not in table:
            continue
        values = match(english, text)
        if values is None:
            continue
        try:
            return table[key].format(**values)
        except (KeyError, IndexError, ValueError):
            return None
    return None


class CommandTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> Optional[str]:
        target = LOCALES.get(locale)
        if target is None:
            return None
        return lookup(string.message, keys_for(context), target)


__all__ = ["CommandTranslator", "SPANISH", "keys_for", "lookup", "match"]
