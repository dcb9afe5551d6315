"""The Wayfinders engine: the contract of rules/contract.py over the modules beside it."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from . import search_hooks, texts
from . import turns
from ..contract import Engine, Move, Option, Outcome, TestHints
from ..rng import Rng
from ..text import Msg, join, seat_ref
from ..unvalidated import construct, trusted
from .bot import greedy_chain, greedy_move, idle_return
from .explain import why_illegal
from .moves import label, options, seat_to_act
from .scoring import breakdown, final_ranks, score
from .setup import new_game, parse_options
from .state import WayfindersOptions, WayfindersState, WayfindersView
from .view import build_view, prompt


class WayfindersEngine(Engine[WayfindersState], key="wayfinders", title="Wayfinders", players=(2, 4),
                       options=WayfindersOptions, state=WayfindersState):
    rule_letters = "WET"  # rules, edge rulings, test scenarios
    proposed_data = True  # the island tiles
    test_hints = TestHints(players=3, board_players=4, privacy_stride=4)
    search_tuning = search_hooks.TUNING

    # ---- identity and options -------------------------------------------
    def parse_options(self, raw: BaseModel | dict[str, Any] | None) -> WayfindersOptions:
        return parse_options(raw)

    # ---- the contract -----------------------------------------------------
    def setup(self, seats: list[str], seed: int, options: BaseModel | dict[str, Any] | None = None) -> WayfindersState:
        state = new_game(list(seats), seed, options)
        state.events = [texts.m("ev.setup", first=seat_ref(state.order[0]),
                            order=join([seat_ref(s) for s in state.order], ", "))]
        return state

    def round_number(self, state: WayfindersState) -> int:
        return state.round

    def to_act(self, state: WayfindersState) -> list[str]:
        seat = seat_to_act(state)
        return [seat] if seat is not None else []

    def options(self, state: WayfindersState, seat: str, move_id: str | None = None) -> list[Option]:
        return options(state, seat, None if move_id is None else move_id.partition(":")[0])

    def label(self, state: WayfindersState, seat: str, option: Option) -> Msg:
        return label(state, seat, option)

    def explain(self, state: WayfindersState, seat: str, move_id: str) -> Msg | None:
        return why_illegal(state, seat, move_id)  # explain.py

    def is_over(self, state: WayfindersState) -> bool:
        return state.phase == "over"

    def play(self, state: WayfindersState, seat: str, option: Option) -> None:
        _, kind, arg, _ = option
        turns.own_player(state, seat)
        if kind == "place":
            turns.place(state, seat, arg)
        elif kind == "return":
            turns.collect(state, seat)
        elif kind == "fly":
            cell, paid, _toll = arg
            turns.fly(state, seat, cell, paid)
        elif kind == "build":
            turns.build(state, seat, str(arg))
        elif kind == "end":
            turns.end_flybuild(state, seat)
        else:  # "discard" (moves.options lists no other kind)
            turns.discard(state, seat, arg[0])

    def view(self, state: WayfindersState, seat: str | None = None) -> WayfindersView:
        return build_view(state, seat, self.to_act(state))

    def outcome(self, state: WayfindersState) -> Outcome | None:
        if state.phase != "over":
            return None
        parts = {s: breakdown(state, s) for s in state.order}
        scores = {s: sum(b.values()) for s, b in parts.items()}
        ranks = final_ranks(state, scores)
        winners = [s for s in state.order if ranks[s] == 1]
        summary = texts.m("outcome", winners=join([seat_ref(s) for s in winners], ", "),
                      points=scores[winners[0]])
        return Outcome(scores=scores, ranks=ranks, breakdown=parts, summary=summary)

    def running_scores(self, state: WayfindersState) -> dict[str, int]:
        """Optional hook (rules.contract): each seat's score if the game ended now (W23), for the history chart."""
        return {s: score(state, s) for s in state.order}

    def prompt(self, state: WayfindersState, seat: str) -> Msg:
        return prompt(state, seat, self.to_act(state))

    def playout_weight(self, state: WayfindersState, seat: str, move: Option) -> float:
        """Random-playout bias (rules.playout hook, E16): prefer building, then ending a return."""
        if move.id.startswith("build"):
            return 40.0
        if move.id == "end":
            return 3.0
        return 1.0

    def greedy_move(self, state: WayfindersState, seat: str, rng: Rng) -> Move:
        """The "greedy" bot level (rules.bots): see rules/wayfinders/bot.py."""
        return greedy_move(self, state, seat, rng)

    def greedy_chain(self, state: WayfindersState, seat: str, rng: Rng) -> list[str]:
        """Search hook (rules.contract): a return planned whole, for the rollouts: rules/wayfinders/bot.py."""
        return greedy_chain(self, state, seat, rng)

    def resample(self, state: WayfindersState, seat: str, rng: Rng) -> WayfindersState:
        """Search hook (rules.contract): new draws (W42), face-down tiles dealt again (W41): search_hooks.py."""
        return search_hooks.resample(state, seat, rng, fast_copy)

    def evaluate(self, state: WayfindersState) -> dict[str, float]:
        """Search hook (rules.contract): each seat's chances in [0, 1]: search_hooks.py."""
        over = state.phase == "over"
        return search_hooks.evaluate(state, over, self.outcome(state) if over else None)

    def macro_moves(self, state: WayfindersState, seat: str) -> list[tuple[str, float]] | None:
        """Search hook (rules.contract): a return's flights and builds are the greedy bot's, a return that
        changes nothing is left out: search_hooks.py."""
        return search_hooks.macro_moves(state, self.move_ids(state, seat),
                                        lambda: greedy_move(self, state, seat, Rng.from_seed(0)).id,
                                        lambda: idle_return(self, state, seat))

    # ---- speed --------------------------------------------------------------
    def copy_state(self, state: WayfindersState) -> WayfindersState:
        """A private copy for `apply`, much faster than a pydantic deep copy.

        Board cells and players are shared copy-on-write: `play` replaces one by
        a copy before changing it (turns.own_cell, turns.own_player).  States are
        values: never mutate one that `apply` returned; derive a new one instead.
        """
        return fast_copy(state)


def fast_copy(state: WayfindersState) -> WayfindersState:
    """Copy every mutable part except board cells and players, which are shared
    copy-on-write (turns.own_cell / turns.own_player copy one before changing it),
    and the options model (never changed after setup)."""
    d = dict(state.__dict__)
    d["seats"] = list(d["seats"])
    d["rng"] = construct(Rng, state=state.rng.state)
    d["events"] = list(d["events"])
    d["order"] = list(d["order"])
    d["board"] = dict(d["board"])
    d["hangars"] = [h[:] for h in d["hangars"]]
    d["workers"] = [w[:] for w in d["workers"]]
    d["bag"] = dict(d["bag"])
    d["players"] = dict(d["players"])
    d["flown"] = list(d["flown"])
    return trusted(WayfindersState, d, state.__pydantic_fields_set__)


ENGINE = WayfindersEngine()
__all__ = ["ENGINE", "WayfindersEngine", "fast_copy"]
