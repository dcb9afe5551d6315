"""Autocomplete: suggestions never raise and never exceed Discord's 25 choices."""
from __future__ import annotations

import logging
from typing import Mapping

import discord
from discord import app_commands

from host.i18n import tm, user_locale
from host.limits import OPTION_TEXT, label as fit_label
from host.move_match import matching
from host.tables import Refusal, Table, game_title, title_of
from render.names import board_names, plain_name
from rules import GAMES
from rules.contract import Move

log = logging.getLogger("gamehost.completion")
MAX_CHOICES = 25


async def _read(interaction: discord.Interaction, method: str, *args, **kwargs):
    """A TableService read on the bot's read-only connection: autocomplete has Discord's 3 seconds and cannot be
    deferred, so it never waits behind a write (cogs/game_bot.py `GameBot.read`)."""
    return await interaction.client.read(method, *args, **kwargs)  # type: ignore[attr-defined]


def filter_moves(moves, typed: str, locale: str, names: Mapping[str, str]) -> list[app_commands.Choice[str]]:
    """The moves `/play` would take for what was typed (host/move_match.py), best matches first.

    `names` (the table's seat -> player name) makes a seat in a label read as its player (cleaned, clipped)."""
    shown = board_names(names)
    choices = []
    for move in matching(moves, typed or "", locale, names)[:MAX_CHOICES]:
        name = f"{move.id} — {tm(move.text, locale, shown)}"
        choices.append(app_commands.Choice(name=fit_label(name, OPTION_TEXT), value=move.id[:100]))
    return choices


async def asker_moves(interaction: discord.Interaction) -> tuple[Table, list[Move]]:
    """The running game the asker means (its `game` option, the thread's, or their only one here) and their
    legal moves in it, read on the read-only connection; a Refusal when there is none."""
    game_id = getattr(interaction.namespace, "game", None)
    table = await _read(interaction, "locate", interaction.channel_id or 0, interaction.user.id, game_id,
                        ("active",), guild_id=interaction.guild_id)
    return table, await _read(interaction, "legal_moves", table, interaction.user.id)


async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        table, moves = await asker_moves(interaction)
        return filter_moves(moves, current, user_locale(interaction), table.names)
    except Refusal:
        return []
    except Exception:
        log.exception("move autocomplete failed")
        return []


async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = (current or "").lower()
    locale = user_locale(interaction)
    titles = {key: tm(title_of(key), locale) for key in GAMES}
    return [app_commands.Choice(name=f"{titles[key]} ({e.min_players}–{e.max_players})", value=key)
            for key, e in sorted(GAMES.items()) if typed in key or typed in titles[key].lower()][:MAX_CHOICES]


async def game_id_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    try:
        tables = await _read(interaction, "list_games", interaction.guild_id, None)
        typed = str(current or "").strip().lstrip("#")
        locale = user_locale(interaction)
        out = []
        for tb in tables:
            label = f"{tm(game_title(tb.game), locale)} — {', '.join(plain_name(s.name) for s in tb.seats)}"
            if typed and typed not in str(tb.game.number) and typed.lower() not in label.lower():
                continue
            out.append(app_commands.Choice(name=fit_label(label, OPTION_TEXT), value=tb.game.number))
        return out[:MAX_CHOICES]
    except Refusal:  # a DM: no server, so no games to suggest
        return []
    except Exception:
        log.exception("game autocomplete failed")
        return []
