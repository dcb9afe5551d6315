"""`/eclipse …`: typed shortcuts for Eclipse moves, the player board and the tech supply.

Move shortcuts only compose a move id and go through the same `/play`
pipeline; the rules decide whether it is legal.  `board` and `tech` are
read-only and private to whoever asks, as is `odds` (the exact combat odds, E96-E98: of two
fleets in the E96 notation, or, with no fleet given, of the battles the asker is about to
fight or cause in their game).
"""
from __future__ import annotations

import asyncio
import io
from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

from host.autopass import set_autopass
from host.i18n import t, user_locale
from host.limits import quote
from host.names import shown, shown_names
from host.numbers import refuse_foreign_digits
from host.odds_worker import OddsWorker
from host.tables import Refusal, game_title
from render.eclipse_board import render_board as player_board
from render.eclipse_tech import render_supply
from rules.eclipse.battle.fight import side_ref
from rules.eclipse.battle.game_odds import pending_battles, seat_odds
from rules.eclipse.battle.notation import NotationError, check_pair, parse_fleet
from rules.eclipse.battle.odds import odds
from rules.eclipse.data import TECH_ORDER
from rules.text import msg, seat_ref, tr

from . import ops
from .completion import asker_moves, filter_moves, game_id_choices
from .shortcuts import GAME_ID, Shortcuts

ACTIONS = ("explore", "influence", "research", "upgrade", "build", "move")
RESOURCES = ("money", "science", "materials")


def _choices(names) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n, value=n) for n in names]


async def legal_choices(interaction: Optional[discord.Interaction], current: str,
                        prefix: str) -> list[app_commands.Choice[str]]:
    """The asker's legal moves whose id starts with `prefix` (the value is what follows it)."""
    try:
        table, legal = await asker_moves(interaction)  # type: ignore[arg-type]
        moves = [mv for mv in legal if mv.id.startswith(prefix)]
        found = filter_moves(moves, current, user_locale(interaction), table.names)
        return [app_commands.Choice(name=c.name, value=c.value[len(prefix):]) for c in found]
    except Exception:  # no game, not a player, not this player's decision: no suggestions
        return []


async def tech_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The techs the asker may research now with their prices; otherwise every tech name."""
    legal = await legal_choices(interaction, current, "res:")
    if legal:
        return legal
    cur = current.lower().strip()
    return [app_commands.Choice(name=t, value=t) for t in TECH_ORDER if cur in t][:25]


async def position_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return await legal_choices(interaction, current, "exp:")


def percent(p: float, locale: str) -> str:
    return f"{100 * p:.2f}".replace(".", "," if locale == "es" else ".")


def odds_text(found, seat: str, names, locale: str) -> str:
    """One line per battle of `rules.eclipse.battle.game_odds.seat_odds`, in the asker's language."""
    lines = [tr(msg("eclipse.odds.game.head", who=seat_ref(seat)), locale, names)]
    for o in found:
        defender = msg(f"eclipse.odds.npc.{o.npc}") if o.npc else side_ref(o.defender)
        args = dict(hex=o.hex, attacker=side_ref(o.attacker), defender=defender,
                    win=percent(o.win, locale), lose=percent(1 - o.win, locale))
        if o.when == "move":
            args["ship"] = msg(f"eclipse.ship.{o.ship}")
        lines.append(tr(msg(f"eclipse.odds.game.{o.when}", **args), locale, names))
    return "\n".join(lines)


async def battle_hex_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The hexes where the asker is about to fight or cause a battle (no odds computed here)."""
    try:
        table, legal = await asker_moves(interaction)
        me = table.seat_of(interaction.user.id)
        hexes = pending_battles(table.state, me.seat)
        moves = [mv.id[3:] for mv in legal if mv.id.startswith("go:")]
        return [app_commands.Choice(name=h, value=h) for h in hexes + moves if current.strip() in h][:25]
    except Exception:  # no game, not a player: no suggestions
        return []


async def hex_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return await legal_choices(interaction, current, "go:")


def notation_refusal(exc) -> Refusal:
    """A fleet the notation refuses (E97): the refusal quotes the user's text cut short."""
    return Refusal(exc.msg.key, **{k: quote(v) if isinstance(v, str) else v for k, v in exc.msg.args.items()})


class EclipseCog(Shortcuts, commands.GroupCog, group_name="eclipse", group_description="Eclipse shortcuts"):
    def __init__(self, bot) -> None:
        super().__init__(bot)
        self.odds_worker = OddsWorker()  # `/eclipse odds` computes in its own process (host/odds_worker.py)

    async def cog_unload(self) -> None:
        self.odds_worker.close()

    @app_commands.command(name="new", description="Open an Eclipse game (2-6 players)")
    @app_commands.describe(terrans_only="Only the six Terran factions (the rulebook's first game)",
                           draco_planta_2p="Offer Draco and Planta in a 2-player game")
    async def new(self, interaction: discord.Interaction, terrans_only: bool = False,
                  draco_planta_2p: bool = False) -> None:
        options = {k: True for k, v in (("terrans_only", terrans_only), ("draco_planta_2p", draco_planta_2p)) if v}
        await self.actions.run(interaction, self.actions.new_game(interaction, "eclipse", options))

    @app_commands.command(name="action", description="Take an action (or pass)")
    @app_commands.describe(action="Which action", game=GAME_ID)
    @app_commands.choices(action=_choices(ACTIONS + ("pass",)))
    @app_commands.autocomplete(game=game_id_choices)
    async def action(self, interaction: discord.Interaction, action: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "pass" if action == "pass" else f"act:{action}")

    @app_commands.command(name="react", description="After passing: a Reaction (one activation)")
    @app_commands.describe(action="Which Reaction", game=GAME_ID)
    @app_commands.choices(action=_choices(("upgrade", "build", "move")))
    @app_commands.autocomplete(game=game_id_choices)
    async def react(self, interaction: discord.Interaction, action: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"react:{action}")

    @app_commands.command(name="research", description="Research: pick a tech from the supply board")
    @app_commands.describe(tech="The tech, e.g. plasma cannon", game=GAME_ID)
    @app_commands.autocomplete(tech=tech_choices, game=game_id_choices)
    async def research(self, interaction: discord.Interaction, tech: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "res:" + tech.strip().lower().replace(" ", "-"))

    @app_commands.command(name="trade", description="Trade resources at your species' rate")
    @app_commands.describe(pay="The resource you pay", get="The resource you get (one unit)", game=GAME_ID)
    @app_commands.choices(pay=_choices(RESOURCES), get=_choices(RESOURCES))
    @app_commands.autocomplete(game=game_id_choices)
    async def trade(self, interaction: discord.Interaction, pay: str, get: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"tr:{pay}:{get}")

    @app_commands.command(name="explore", description="Explore: the position to explore, e.g. 1,-2")
    @app_commands.describe(position="Position q,r as listed by /game moves", game=GAME_ID)
    @app_commands.autocomplete(position=position_choices, game=game_id_choices)
    async def explore(self, interaction: discord.Interaction, position: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "exp:" + position.replace(" ", ""))

    @app_commands.command(name="go", description="Move: the next hex for the moving ship")
    @app_commands.describe(hex="Hex number, e.g. 105", game=GAME_ID)
    @app_commands.autocomplete(hex=hex_choices, game=game_id_choices)
    async def go(self, interaction: discord.Interaction, hex: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "go:" + hex.strip())

    @app_commands.command(name="stop", description="Stop the current action (its unused activations are lost)")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def stop(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "stop")

    @app_commands.command(name="autopass", description="Pass again for you each time your turn comes round "
                          "after you passed (on or off)")
    @app_commands.describe(setting="on: pass again for me without asking; off: ask me each time", game=GAME_ID)
    @app_commands.choices(setting=_choices(("on", "off")))
    @app_commands.autocomplete(game=game_id_choices)
    async def autopass(self, interaction: discord.Interaction, setting: str, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self._autopass(interaction, setting == "on", game))

    async def _autopass(self, interaction: discord.Interaction, on: bool, game: Optional[int]) -> None:
        """E28 after passing: the player's wish, privately confirmed; when their turn is such a turn now, the
        pass is played at once (cogs/bot_driver.py plays it like a bot's move)."""
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        table = await self.actions.locate(interaction, game, ("lobby", "active"))
        if table.game.game_key != "eclipse":
            raise Refusal("host.refuse.not_eclipse", id=table.game.number)
        table = await self.actions.db(interaction, set_autopass, self.actions.service, table, interaction.user.id, on)
        locale = user_locale(interaction)
        await ops.reply(interaction, t("autopass.on" if on else "autopass.off", locale, title=game_title(table.game)),
                        ephemeral=True)
        await self.bot.bot_driver.on_change(table, "autopass")

    @app_commands.command(name="board", description="A player board (your own shows your private tiles)")
    @app_commands.describe(player="Whose board (default: you, or the player to act)", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def board(self, interaction: discord.Interaction, player: Optional[discord.Member] = None,
                    game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self._board(interaction, player, game))

    async def _board(self, interaction: discord.Interaction, player: Optional[discord.Member],
                     game: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)
        table = await self._table(interaction, game)
        who = table.seat_of((player or interaction.user).id)
        target = who.seat if who is not None else (table.to_act[0] if table.to_act else table.state.order[0])
        if getattr(table.state.players.get(target), "species", None) is None:  # E11: no board before the pick
            raise Refusal("host.refuse.eclipse_no_board", who=shown(table.names.get(target, target)))
        me = table.seat_of(interaction.user.id)
        view = table.engine.view(table.state, me.seat if me is not None else None)
        png = await asyncio.to_thread(player_board, view, target, table.names, user_locale(interaction))
        await ops.reply(interaction, "", ephemeral=True, file=discord.File(io.BytesIO(png), "eclipse-board.png"))

    @app_commands.command(name="tech", description="The tech supply board, with your prices")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def tech(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self._tech(interaction, game))

    async def _tech(self, interaction: discord.Interaction, game: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)
        table = await self._table(interaction, game)
        me = table.seat_of(interaction.user.id)
        seat = me.seat if me is not None else None
        view = table.engine.view(table.state, seat)
        png = await asyncio.to_thread(render_supply, view, seat, table.names, user_locale(interaction))
        await ops.reply(interaction, "", ephemeral=True, file=discord.File(io.BytesIO(png), "eclipse-tech.png"))

    @app_commands.command(name="odds", description="Exact odds of a battle: two fleets, or in a game the battles "
                                                   "you are about to fight")
    @app_commands.describe(attacker="Attacking fleet, e.g. 3 interceptor or orion: 2 cruiser",
                           defender="Defending fleet, e.g. 1 dreadnought, 2 ancients or gcds",
                           hex="Without fleets, in a game: only your battle in this hex", game=GAME_ID)
    @app_commands.autocomplete(hex=battle_hex_choices, game=game_id_choices)
    async def odds(self, interaction: discord.Interaction, attacker: Optional[str] = None,
                   defender: Optional[str] = None, hex: Optional[str] = None, game: Optional[int] = None) -> None:
        if attacker is None and defender is None:
            await self.actions.run(interaction, self._game_odds(interaction, hex, game))
        else:
            await self.actions.run(interaction, self._odds(interaction, attacker, defender))

    async def _odds(self, interaction: discord.Interaction, attacker: Optional[str],
                    defender: Optional[str]) -> None:
        if attacker is None or defender is None:
            raise Refusal("eclipse.odds.err.both")
        for side, text in (("attacker", attacker), ("defender", defender)):  # '٣ interceptor': counts are ASCII
            refuse_foreign_digits(text, msg(f"cmd.eclipse.odds.opt.{side}.name"))
        try:  # the notation is read here (quick); only the computation goes to the worker
            check_pair(parse_fleet(attacker), parse_fleet(defender))
        except NotationError as exc:
            raise notation_refusal(exc) from None
        await ops.defer(interaction, ephemeral=True)
        p = await self.odds_worker.run(interaction.user.id, odds, attacker, defender)
        locale = user_locale(interaction)
        win, lose = percent(p, locale), percent(1 - p, locale)
        text = msg("eclipse.odds.result", attacker=quote(attacker.strip()), defender=quote(defender.strip()),
                   win=win, lose=lose)
        await ops.reply(interaction, tr(text, locale), ephemeral=True)

    async def _game_odds(self, interaction: discord.Interaction, hex: Optional[str], game: Optional[int]) -> None:
        """The asker's battles in their game: those waiting where their ships
        are, the one under way, and those the next step of their move would cause (E98)."""
        await ops.defer(interaction, ephemeral=True)
        table = await self._table(interaction, game)
        if table.game.status != "active":
            raise Refusal("host.refuse.already_over", title="Eclipse")
        me = table.seat_of(interaction.user.id)
        if me is None:
            raise Refusal("host.refuse.not_player")
        where = hex.strip() if hex else None
        # fleets too large to compute exactly come back from the worker as their refusal
        found = await self.odds_worker.run(interaction.user.id, seat_odds, table.state, me.seat, where)
        if not found:
            if where:
                raise Refusal("eclipse.odds.err.no_battle_hex", hex=quote(where))
            raise Refusal("eclipse.odds.err.no_battle")
        locale = user_locale(interaction)
        await ops.reply(interaction, odds_text(found, me.seat, shown_names(table.names), locale), ephemeral=True)

    async def _table(self, interaction: discord.Interaction, game: Optional[int]):
        table = await self.actions.locate(interaction, game, ("active", "finished"))
        if table.game.game_key != "eclipse":
            raise Refusal("host.refuse.not_eclipse", id=table.game.number)
        if table.state is None:
            raise Refusal("host.refuse.not_started", title="Eclipse")
        return table


COG = EclipseCog
