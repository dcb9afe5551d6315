"""Read-only flows: status, list, moves, me, log, rules.  Nothing here changes a game."""
from __future__ import annotations

import io
from typing import Optional

import discord

from host.boards import draw_board, headline
from host.deadlines import deadline_lines
from host.i18n import t, tm, user_locale
from host.names import shown, shown_names
from host.tables import Refusal, Table, TableService, game_title, title_of
from rules import GAMES
from rules.text import Msg
from storage import MoveRow

from . import deferred, ops
from .private_view import me_notes, private_view  # noqa: F401  (me_notes: its old home)

LOG_PAGE = 15
MSG_LIMIT = 1900


def _chunks(lines: list[str], limit: int = MSG_LIMIT) -> list[str]:
    out, cur = [], ""
    for line in lines:
        if len(cur) + len(line) + 1 > limit and cur:
            out.append(cur)
            cur = ""
        cur += line[:limit] + "\n"
    if cur:
        out.append(cur)
    return out


def status_lines(table: Table, locale: str) -> list[str]:
    game = table.game
    seats = ", ".join(shown(s.name) + (" 🤖" if s.is_bot else "") for s in table.seats)
    lines = [t("host.status.line", locale, title=game_title(game), status=t(f"host.status.{game.status}", locale),
               players=seats)]
    if table.state is not None:
        lines += headline(table, locale)
    return lines


def log_line(entry: MoveRow, locale: str, names: dict[str, str]) -> str:
    """One `/game log` line: what the move did (its events or its words; a row saved before moves kept their
    words says only who moved, never the move's id)."""
    said = [tm(Msg.model_validate(e), locale, names) for e in entry.summary] or [
        t("host.log.unworded", locale, who=names.get(entry.seat, entry.seat))]
    line = " · ".join(said)
    return f"**{entry.seq}.** " + (f"~~{line}~~ ({t('undo.log_mark', locale)})" if entry.undone else line)


def log_page(service: TableService, table: Table, locale: str, page: Optional[int]) -> list[str]:
    """The header and one page of `/game log` (default: the last; out of range: the nearest): only that page's
    rows are read and translated, whatever the game's length."""
    pages = max(1, (service.games.last_seq(table.game.id) + LOG_PAGE - 1) // LOG_PAGE)
    page = pages if page is None else max(1, min(page, pages))
    entries = service.games.moves(table.game.id, after_seq=(page - 1) * LOG_PAGE, limit=LOG_PAGE)
    names = shown_names(table.names)
    body = [log_line(entry, locale, names) for entry in entries] or [t("host.log.empty", locale)]
    header = t("host.log.header", locale, title=game_title(table.game), page=page, pages=pages)
    return [header] + body


class Info:
    def __init__(self, service: TableService):
        self.service = service

    async def status(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)
        locale = user_locale(interaction)
        table = await deferred.read_for_interaction(interaction, "locate", interaction.channel_id or 0,
                                                    interaction.user.id, game_id,
                                                    ("lobby", "active", "finished", "abandoned"),
                                                    guild_id=interaction.guild_id)
        clocks = await deferred.read_for_interaction(interaction, deadline_lines, table, locale, self.service.clock())
        text = "\n".join(status_lines(table, locale) + clocks)
        if table.state is None:
            await ops.reply(interaction, text, ephemeral=True)
            return
        png = await draw_board(table, locale, [])
        await ops.reply(interaction, text, ephemeral=True, file=discord.File(io.BytesIO(png), "board.png"))

    async def list(self, interaction: discord.Interaction, everywhere: bool) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        locale = user_locale(interaction)
        channel = None if everywhere else interaction.channel_id
        tables = await deferred.read_for_interaction(interaction, "list_games", interaction.guild_id, channel)
        if not tables:
            await ops.reply(interaction, t("host.list.none", locale), ephemeral=True)
            return
        lines = [line for tb in tables for line in status_lines(tb, locale)[:2]]
        await ops.reply(interaction, "\n".join(lines)[:MSG_LIMIT], ephemeral=True)

    async def moves(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        locale = user_locale(interaction)
        table = await deferred.read_for_interaction(interaction, "locate", interaction.channel_id or 0,
                                                    interaction.user.id, game_id, guild_id=interaction.guild_id)
        moves = await deferred.read_for_interaction(interaction, "legal_moves", table, interaction.user.id)
        if not moves:
            who = ", ".join(shown(table.names.get(s, s)) for s in table.to_act)
            raise Refusal("host.refuse.not_your_turn", who=who or "-")
        lines = [t("host.moves.header", locale, title=game_title(table.game), n=len(moves))]
        lines += [f"`{m.id}` — {tm(m.text, locale, shown_names(table.names))}" for m in moves]
        for chunk in _chunks(lines):
            await ops.reply(interaction, chunk, ephemeral=True)

    async def me(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)
        locale = user_locale(interaction)
        table = await deferred.read_for_interaction(interaction, "locate", interaction.channel_id or 0,
                                                    interaction.user.id, game_id, ("active", "finished"),
                                                    guild_id=interaction.guild_id)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("host.refuse.spectator_me")
        if table.state is None:
            raise Refusal("host.refuse.not_started", title=game_title(table.game))
        shown_view = await private_view(table, seat.seat, locale, moves=[])
        await ops.reply(interaction, shown_view.content, ephemeral=True, embed=shown_view.embed,
                        file=shown_view.file())

    async def log(self, interaction: discord.Interaction, game_id: Optional[int], page: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        locale = user_locale(interaction)
        table = await deferred.read_for_interaction(interaction, "locate", interaction.channel_id or 0,
                                                    interaction.user.id, game_id, ("active", "finished", "abandoned"),
                                                    guild_id=interaction.guild_id)
        for chunk in _chunks(await deferred.read_for_interaction(interaction, log_page, table, locale, page)):
            await ops.reply(interaction, chunk, ephemeral=True)

    async def rules(self, interaction: discord.Interaction, game_key: Optional[str], game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        locale = user_locale(interaction)
        options = None  # about one game: its own options (a game with scenarios tells its scenario)
        title = None
        if game_key:
            engine = self.service.engine(game_key)
        else:
            try:
                table = await deferred.read_for_interaction(interaction, "locate", interaction.channel_id or 0,
                                                            interaction.user.id, game_id, guild_id=interaction.guild_id)
            except Refusal:
                names = ", ".join(f"`{k}`" for k in sorted(GAMES))
                raise Refusal("host.rules.which", games=names) from None
            engine, options = table.engine, table.engine.parse_options(table.game.options)
            title = game_title(table.game)
        text = tm(engine.rules_help(options), locale)
        embed = discord.Embed(title=tm(title or title_of(engine.key), locale), description=text[:4000])
        await ops.reply(interaction, "", ephemeral=True, embed=embed)
