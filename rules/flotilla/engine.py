"""The Flotilla engine: the contract of rules/contract.py over the modules beside it."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from . import search_hooks, texts
from ..contract import Engine, Move, Option, Outcome, TestHints
from ..rng import Rng
from ..text import Msg, join
from .bot import greedy_move
from .bot_profile import GREEDY, HARD
from .copying import fast_copy
from .chain import current_options, play, seat_to_act
from .explain import why_illegal
from .labels import label
from .scoring import breakdown, final_ranks
from .setup import MAX_PLAYERS, MIN_PLAYERS, new_game, parse_options
from .state import FlotillaOptions, FlotillaState, FlotillaView
from .view import build_view, prompt


class FlotillaEngine(Engine[FlotillaState], key="flotilla", title="Flotilla", players=(MIN_PLAYERS, MAX_PLAYERS),
                     options=FlotillaOptions, state=FlotillaState):
    conformance_seeds = 10  # random games run to the round limit (F67): keep tests/conformance quick
    rule_letters = "FDEX"  # rules, PROPOSED data, rulings, worked examples
    proposed_data = True
    test_hints = TestHints(players=3, board_players=4, privacy_stride=8, privacy_cap=200)
    search_tuning = search_hooks.TUNING  # the hard level: the tree search, stopping once one move clearly leads

    def parse_options(self, raw: BaseModel | dict[str, Any] | None) -> FlotillaOptions:
        return parse_options(raw)

    def setup(self, seats: list[str], seed: int, options: BaseModel | dict[str, Any] | None = None) -> FlotillaState:
        state = new_game(list(seats), seed, options)
        state.events = [texts.m("ev.setup", first=texts.seat(state.order[0]),
                            order=join([texts.seat(s) for s in state.order], ", "))]
        return state

    def round_number(self, state: FlotillaState) -> int:
        return state.round

    def to_act(self, state: FlotillaState) -> list[str]:
        seat = seat_to_act(state)
        return [seat] if seat is not None else []

    def is_over(self, state: FlotillaState) -> bool:
        return state.over

    def options(self, state: FlotillaState, seat: str, move_id: str | None = None) -> list[Option]:
        return current_options(state) if seat == seat_to_act(state) else []

    def label(self, state: FlotillaState, seat: str, option: Option) -> Msg:
        return label(state, seat, option)

    def play(self, state: FlotillaState, seat: str, option: Option) -> None:
        play(state, option)

    def explain(self, state: FlotillaState, seat: str, move_id: str) -> Msg | None:
        return why_illegal(state, seat, move_id)  # explain.py

    def view(self, state: FlotillaState, seat: str | None = None) -> FlotillaView:
        return build_view(state, seat, self.to_act(state))

    def outcome(self, state: FlotillaState) -> Outcome | None:
        if not state.over:
            return None
        parts = breakdown(state)
        scores = {s: sum(b.values()) for s, b in parts.items()}
        ranks = final_ranks(state, scores)
        winners = [s for s in state.order if ranks[s] == 1]
        summary = texts.m("outcome_limit" if state.by_limit else "outcome",
                      winners=join([texts.seat(s) for s in winners], ", "), points=scores[winners[0]])
        return Outcome(scores=scores, ranks=ranks, breakdown=parts, summary=summary)

    def prompt(self, state: FlotillaState, seat: str) -> Msg:
        return prompt(state, seat, self.to_act(state))

    def is_private(self, state: FlotillaState, seat: str) -> bool:
        """F17/E29: the choice of a card lists the hand, which is private; every later step of the
        turn names only the played card (public: it goes to the discard pile) and public things."""
        return not state.todo and seat_to_act(state) == seat

    def playout_weight(self, state: FlotillaState, seat: str, move: Option) -> float:
        """Random-playout bias (rules.playout hook): VP moves first, fewer idle Rallies and stops,
        so random games also reach the VP-supply end (F62), not only the round limit (F67)."""
        mid = move.id
        if mid.startswith(("tx:obj:", "bt:", "sonar:yes")) and not mid.endswith(":stop"):
            return 40.0
        if mid.startswith(("pl:", "keep:", "tx:sell:")) and not mid.endswith(":stop"):
            return 8.0
        if mid.startswith("tx:buy:") and state.players[seat].side == "sky":
            return 4.0
        if mid == "play:captain":
            return 3.0 if len(state.players[seat].hand) <= 3 else 0.3
        if mid.endswith(":stop") or mid.endswith(":skip"):
            return 0.5
        return 1.0

    # ---- bots ---------------------------------------------------------------------
    def greedy_move(self, state: FlotillaState, seat: str, rng: Rng) -> Move:
        """rules.bots level "greedy" (rules/flotilla/bot.py on `bot_profile.GREEDY`: one ply)."""
        return greedy_move(self, state, seat, rng, GREEDY)

    def search_policy(self, state: FlotillaState, seat: str, rng: Rng) -> Move:
        """The hard level's policy (rules/flotilla/bot.py on `bot_profile.HARD`: each card's turn played ahead)."""
        return greedy_move(self, state, seat, rng, HARD)

    # ---- search (rules/search, the "hard" level): search_hooks.py ------------------
    def resample(self, state: FlotillaState, seat: str, rng: Rng) -> FlotillaState:
        """Opponents' hands, the crew stacks below their tops, the artifact bag and every draw redrawn (F10, F11, F17)."""
        return search_hooks.resample(state, seat, rng)

    def evaluate(self, state: FlotillaState) -> dict[str, float]:
        """Each seat's chances in [0, 1] from the hard policy's worth of its position; the outcome at the end."""
        return search_hooks.evaluate(state, self.outcome(state) if state.over else None)

    # ---- speed -------------------------------------------------------------------
    def copy_state(self, state: FlotillaState) -> FlotillaState:
        """A private copy for `apply`.  Only the seat to act ever changes (every effect
        is the active player's), so the other players are shared; board entries and
        chain frames are immutable lists, replaced rather than changed."""
        return fast_copy(state)


ENGINE = FlotillaEngine()
__all__ = ["ENGINE", "FlotillaEngine", "fast_copy"]
