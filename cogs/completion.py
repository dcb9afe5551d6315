"""Autocomplete: suggestions never raise and never exceed Discord's 25 choices."""
from __future__ import annotations

import logging
from typing import Mapping

import discord
from discord import app_commands

from render.names import board_names, plain_name
from rules import GAMES

from . import offloop
from host.i18n import tm, user_locale
from host.limits import OPTION_TEXT, label as fit_label
from host.tables import Refusal, game_title, title_of

log = logging.getLogger("gamehost.completion")
MAX_CHOICES = 25


def _service(interaction: discord.Interaction):
    return interaction.client.service  # type: ignore[attr-defined]


def filter_moves(moves, typed: str, locale: str, names: Mapping[str, str]) -> list[app_commands.Choice[str]]:
    """Moves whose id or label contains what was typed, best matches (id prefix) first.

    `names` (the table's seat -> player name) makes a seat in a label read as its player (cleaned, clipped)."""
    names = board_names(names)
    typed = (typed or "").strip().lower()
    scored = []
    for i, move in enumerate(moves):
        label = tm(move.text, locale, names)
        hay_id, hay_label = move.id.lower(), label.lower()
        if typed and typed not in hay_id and typed not in hay_label:
            continue
        rank = 0 if hay_id.startswith(typed) else 1 if hay_label.startswith(typed) else 2
        scored.append((rank, i, move, label))
    scored.sort(key=lambda x: (x[0], x[1]))
    choices = []
    for _, _, move, label in scored[:MAX_CHOICES]:
        name = f"{move.id} — {label}"
        choices.append(app_commands.Choice(name=fit_label(name, OPTION_TEXT), value=move.id[:100]))
    return choices


async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    try:
        service = _service(interaction)
        game_id = getattr(interaction.namespace, "game", None)
        table = await offloop.call(service.locate, interaction.channel_id or 0, interaction.user.id, game_id,
                                   ("active",), guild_id=interaction.guild_id)
        moves = await offloop.call(service.legal_moves, table, interaction.user.id)
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
        service = _service(interaction)
        tables = await offloop.call(service.list_games, interaction.guild_id, None)
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
