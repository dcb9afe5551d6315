"""A finished game's history on Discord: owed to the game's thread when it finishes (a listener on `Actions`,
kind "finish") and posted after its final board, built in a task of its own (cogs/notices.py `owe_made`: the
command that finished the game does not wait for it), in the server's language; sent privately by `/game replay`.  The chart and
the animated replay are built by host/history.py."""
from __future__ import annotations

import io
import logging
from typing import Any, Optional

import discord
from discord.ext import commands

from host.history import History
from host.i18n import t, user_locale
from host.tables import Refusal, Table, game_title
from rules.text import locale_of

from . import deferred, notices, ops
from .actions import Actions

log = logging.getLogger("gamehost.history")
MAKER = "history"  # the name its owed row is made by (cogs/notices.py `owe_made`)


def guild_locale_of(client: Any, guild_id: Optional[int]) -> str:
    """The server's language for a post made with no interaction at hand (a listener): its preferred locale."""
    guild = client.get_guild(guild_id) if guild_id else None
    return locale_of(str(getattr(guild, "preferred_locale", "") or ""))


class HistoryPosts:
    """Built with the bot (cogs/game_bot.py `GameBot.history`); `HistoryCog` hooks it into the flows."""

    def __init__(self, actions: Actions):
        self.client = actions.client
        self.service = actions.service
        self.builder = History(actions.service)
        self.boards = actions.boards

    # ---- at the finish ---------------------------------------------------------
    async def on_change(self, table: Table, kind: str) -> None:
        """A finished game owes its thread the chart and replay: owed at once, built and posted after the final
        board in a task of their own (cogs/notices.py `owe_made`): the command that finished it never waits."""
        if kind != "finish" or table.game.status != "finished":
            return
        await notices.owe_made(self.boards, table, MAKER, guild_locale_of(self.client, table.game.guild_id))

    async def made(self, table: Table, locale: str) -> list[dict[str, Any]]:
        """The chart and replay posts of a finished game, in `locale` (`BoardPoster.makers[MAKER]`); a line saying
        they could not be made instead when the build failed or went over its CPU budget."""
        try:
            built = await self.builder.history(table, locale)
        except Refusal as refused:  # over the CPU budget: said in the thread instead of the replay
            log.warning("the history of game %s was not built: %s", table.game.id, refused.text.key)
            return [{"content": t("history.post.failed", locale, title=game_title(table.game))}]
        except Exception:
            log.exception("could not build the history of game %s", table.game.id)
            return [{"content": t("history.post.failed", locale, title=game_title(table.game))}]
        first, second = self.builder.texts(table, built, locale)
        if built.chart is not None:
            return [_post(first, built.chart, table, "scores.png"), _post(second, built.replay, table, "replay.gif")]
        return [_post(first + "\n" + second, built.replay, table, "replay.gif")]

    # ---- /game replay ------------------------------------------------------------
    async def replay(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        locale = user_locale(interaction)
        table = await deferred.for_interaction(interaction, self.service.locate, interaction.channel_id or 0,
                                              interaction.user.id, game_id, ("active", "finished", "abandoned"),
                                              guild_id=interaction.guild_id)
        title = game_title(table.game)
        if table.game.status in ("lobby", "active"):
            raise Refusal("history.refuse.running", title=title)
        if table.game.status != "finished":
            raise Refusal("history.refuse.not_finished", title=title, status=t(f"host.status.{table.game.status}", locale))
        await ops.defer(interaction, ephemeral=True)
        try:  # in the replay worker: one at a time per user, a bounded queue ("busy, try again in a moment")
            built = await self.builder.history(table, locale, interaction.user.id)
        except Refusal:
            raise
        except Exception:
            log.exception("could not build the history of game %s", table.game.id)
            await ops.reply(interaction, t("history.post.failed", locale, title=title), ephemeral=True)
            return
        first, second = self.builder.texts(table, built, locale)
        if built.chart is not None:
            await ops.reply(interaction, first, ephemeral=True, file=_file(built.chart, table, "scores.png"))
            await ops.reply(interaction, second, ephemeral=True, file=_file(built.replay, table, "replay.gif"))
        else:
            await ops.reply(interaction, first + "\n" + second, ephemeral=True,
                            file=_file(built.replay, table, "replay.gif"))


def _name(table: Table, name: str) -> str:
    return f"{table.game.game_key}-{table.game.number}-{name}"


def _file(data: bytes, table: Table, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=_name(table, name))


def _post(content: str, data: bytes, table: Table, name: str) -> dict[str, Any]:
    """A notice of cogs/notices.py carrying one file (saved as bytes while it is owed)."""
    return {"content": content, "file_name": _name(table, name), "file_data": data}


class HistoryCog(commands.Cog):
    """Hooks the bot's history posts into the flows (finish listener); `/game replay` lives in cogs/game_cog.py."""

    def __init__(self, bot: commands.Bot):  # the GameBot (cogs/game_bot.py), which built its HistoryPosts
        self.bot = bot
        self.history: HistoryPosts = bot.history

    async def cog_load(self) -> None:
        self.bot.actions.listeners.append(self.history.on_change)

    async def cog_unload(self) -> None:
        if self.history.on_change in self.bot.actions.listeners:
            self.bot.actions.listeners.remove(self.history.on_change)
        self.history.builder.close()  # the replay worker process stops with the cog


__all__ = ["HistoryCog", "HistoryPosts", "guild_locale_of"]
