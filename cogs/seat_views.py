"""The buttons of invitations and rematches (persistent: their custom ids carry what they need).

`iv:<game>:<user>` joins the lobby `game` for the invited member `user` only; `rm:<game>` opens the
rematch of the finished game `game` (once: later clicks are pointed at it).  Their flows are cogs/seat_clicks.py;
registered as dynamic items by cogs/seats_cog.py, so they work after a restart.
"""
from __future__ import annotations

import re
from typing import Any

import discord

from host.i18n import t
from host.limits import label as fit_label
from host.numbers import id_number


def _seats(interaction: discord.Interaction) -> Any:
    """The buttons' flows (cogs/seat_clicks.py `SeatClicks`), built by `GameBot.wire`."""
    return interaction.client.seat_clicks  # type: ignore[attr-defined]


class InviteButton(discord.ui.DynamicItem[discord.ui.Button], template=r"iv:(?P<game>[0-9]+):(?P<user>[0-9]+)"):
    def __init__(self, game_id: int, user_id: int, label: str = "Join"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.primary,
                                           custom_id=f"iv:{game_id}:{user_id}"))
        self.game_id, self.user_id = game_id, user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(id_number(match["game"]), id_number(match["user"]), item.label or "Join")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _seats(interaction).click_invite(interaction, self.game_id, self.user_id)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rm:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int, label: str = "Rematch"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.success,
                                           custom_id=f"rm:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(id_number(match["game"]), item.label or "Rematch")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _seats(interaction).click_rematch(interaction, self.game_id)


SEAT_ITEMS = (InviteButton, RematchButton)


def invite_components(game_id: int, user_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(InviteButton(game_id, user_id, t("seats.button.accept", locale)))
    return view


def rematch_components(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id, t("seats.button.rematch", locale)))
    return view


__all__ = ["InviteButton", "RematchButton", "SEAT_ITEMS", "invite_components", "rematch_components"]
