"""`/game hint`: in a co-operative game, privately, the move the hard bot level would play for you now.

The interaction is deferred at once (privately), then the search runs in the bot driver's search pool
(host/search_pool.py: worker processes, never the event loop) and the answer follows: the suggested move worded
as its button is (where the search weighed whole plans, as in Robinson's planning, the plan's further
steps in order after it), and that button itself (a normal move button carrying the game's version, cogs/views.py), so a
hint made stale by any later move is refused like any stale button.  Refused privately, changing nothing: in a
competitive game (a hint there would be a bot playing for one side), for a spectator, and when it is not the
asker's decision.
"""
from __future__ import annotations

from typing import Optional

import discord

from host.i18n import t, tm, user_locale
from host.names import shown, shown_names
from host.tables import Refusal, game_title

from . import ops
from .actions import Actions
from .bot_driver import BotDriver
from .views import move_components


class Hints:
    """The `/game hint` flow; `iterations` (HINT_ITERS, host/config.py) gives the search an iteration budget
    instead of the pool's CPU budget (the same hint for the same game and seed)."""

    def __init__(self, actions: Actions, driver: BotDriver, iterations: Optional[int] = None):
        self.actions = actions
        self.driver = driver
        self.iterations = iterations

    async def hint(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # at once: the search may take seconds
        locale = user_locale(interaction)
        table = await self.actions.locate(interaction, game_id, ("active",))
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            raise Refusal("hint.refuse.spectator")
        if not table.engine.coop:
            raise Refusal("hint.refuse.competitive", title=game_title(table.game))
        state = table.state
        if state is None:  # a lobby: nobody has a decision yet
            raise Refusal("host.refuse.not_started", title=game_title(table.game))
        if seat.seat not in table.to_act:
            who = ", ".join(shown(table.names.get(s, s)) for s in table.to_act)
            raise Refusal("host.refuse.not_your_turn", who=who or "-")
        move, *after = await self.driver.search.plan(table.engine, state, seat.seat, table.game.seed, self.iterations)
        names = shown_names(table.names)
        said = tm(move.text, locale, names)
        if after:  # a whole plan (Robinson's pawns for the round): its steps in order, the button plays the first
            steps = "; ".join(tm(m.text, locale, names) for m in after)
            text = t("hint.suggest_plan", locale, title=game_title(table.game), move=said, steps=steps,
                     count=len(after) + 1)
        else:
            text = t("hint.suggest", locale, title=game_title(table.game), move=said)
        view = move_components(table.game.id, table.game.version, [move], locale, names=table.names)
        await ops.reply(interaction, text, ephemeral=True, view=view)


__all__ = ["Hints"]
