"""The flows of the invitation and Rematch buttons (cogs/seat_views.py): joining a lobby one was invited to,
and opening a finished game's rematch in a thread of its own.  Built with the bot (cogs/game_bot.py
`GameBot.wire`); a button receives only the client, and reads them from it as `seat_clicks`."""
from __future__ import annotations

import discord

from host.i18n import guild_locale, t, user_locale
from host.invites import accept
from host.names import shown
from host.rematch import rematch
from host.tables import Table, game_title

from . import ops
from .actions import Actions, actor_of


def where(table: Table) -> str:
    return f"<#{table.game.post_channel_id}>"


class SeatClicks:
    def __init__(self, client: discord.Client, actions: Actions):
        self.client = client
        self.actions = actions
        self.service = actions.service

    async def click_invite(self, interaction: discord.Interaction, game_id: int, user_id: int) -> None:
        async def flow() -> None:
            await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
            located = await self.actions.db(interaction, self.service.table_in, game_id, interaction.guild_id)
            table = await self.actions.db(interaction, accept, self.service, actor_of(interaction), located, user_id)
            await ops.reply(interaction, t("host.lobby.joined_you", user_locale(interaction),
                                           title=game_title(table.game)), ephemeral=True)
            await self.actions.tell_thread(table, self.actions.lobby_text(table, guild_locale(interaction)))
            await self.actions.changed(table, "join")
        await self.actions.run(interaction, flow())

    # ---- the Rematch button ------------------------------------------------------------------
    async def click_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        async def flow() -> None:
            # before the storage calls (making the rematch's game and thread takes a while); every answer is private
            await ops.defer(interaction, ephemeral=True)
            old = await self.actions.db(interaction, self.service.table_in, game_id, interaction.guild_id)
            made = await self.actions.db(interaction, rematch, self.service, actor_of(interaction), old)
            locale = user_locale(interaction)
            if not made.made:
                return await ops.reply(interaction, t("seats.rematch.exists", locale, title=game_title(made.table.game),
                                                      where=where(made.table)), ephemeral=True)
            table = await self.open_rematch(made.table, made.invited, actor_of(interaction).name,
                                            guild_locale(interaction), old)
            await ops.reply(interaction, t("seats.rematch.opened_you", locale, title=game_title(table.game),
                                           where=where(table)), ephemeral=True)
        await self.actions.run(interaction, flow())

    async def open_rematch(self, table: Table, invited: list[int], who: str, locale: str, old: Table) -> Table:
        """Its own thread in the finished game's channel, and one post there pinging the invited players."""
        game = table.game
        channel = await ops.resolve_channel(self.client, game.channel_id)
        thread = await ops.open_thread(channel, f"{game.game_key}-{game.number}")
        if thread is not None:
            await self.actions.db(None, self.service.games.set_thread, game.id, thread.id)
            table = await self.actions.db(None, self.service.table, game.id)
        pings = " ".join(f"<@{uid}>" for uid in invited)
        head = t("seats.rematch.post", locale, who=shown(who), old=game_title(old.game), title=game_title(game),
                 id=game.number)
        text = "\n".join(x for x in (pings, head, self.actions.lobby_text(table, locale)) if x)
        await self.actions.tell_thread(table, text, ("lobby", locale), mention_ids=invited)
        return table


__all__ = ["SeatClicks", "where"]
