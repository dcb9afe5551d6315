"""The Eclipse engine: the contract of rules/contract.py over the modules beside it."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..contract import Engine, IllegalMove, Move, Outcome
from ..ranking import competition_ranks
from ..rng import Rng
from ..text import Msg, join, msg, seat_ref
from .board import m, production, score_parts, storage_total
from .data import TABLES
from .greedy import greedy_move
from .moves import options
from .pending import frame, seat_to_act
from .settle import settle
from .setup import new_game, parse_options
from .state import EclipseOptions, EclipseState, EclipseView, copy_state
from .turns import apply_option
from .unvalidated import move, put
from .view import build_view, prompt

# Decisions whose options show what only the deciding seat may know (E22, E45, E61, E47 make room).
PRIVATE_FRAMES = ("disco", "rep", "ambroom")


class EclipseEngine(Engine[EclipseState]):
    key = "eclipse"
    title = "Eclipse"
    min_players = 2
    max_players = 6
    Options = EclipseOptions
    State = EclipseState
    conformance_seeds = 2

    def parse_options(self, raw: BaseModel | dict[str, Any] | None) -> EclipseOptions:
        return parse_options(raw)

    def setup(self, seats: list[str], seed: int, options: BaseModel | dict | None = None) -> EclipseState:
        state = new_game(list(seats), seed, options)
        settle(state)
        return state

    def to_act(self, state: EclipseState) -> list[str]:
        seat = seat_to_act(state)
        return [seat] if seat is not None else []

    def legal_moves(self, state: EclipseState, seat: str) -> list[Move]:
        return [move(i, t, b) for i, t, b in options(state, seat)]

    def _find(self, state: EclipseState, seat: str, move_id: str) -> tuple[str, Msg, bool]:
        if state.abandoned or state.phase == "over":
            raise IllegalMove(msg("core.illegal.over"))
        if seat not in state.seats:
            raise IllegalMove(msg("core.illegal.not_player"))
        if seat != seat_to_act(state):
            raise IllegalMove(msg("core.illegal.not_your_turn"))
        for o in options(state, seat):
            if o[0] == move_id:
                return o
        raise IllegalMove(msg("core.illegal.unknown_move", move=move_id))

    def find_move(self, state: EclipseState, seat: str, move_id: str) -> Move:
        return move(*self._find(state, seat, move_id))

    def apply(self, state: EclipseState, seat: str, move_id: str) -> EclipseState:
        return self._applied(state, seat, move_id, self._find(state, seat, move_id)[1])

    def step(self, state: EclipseState, seat: str, move_id: str) -> tuple[Move, EclipseState]:
        """find_move and apply with one legality check (rules/replay.py)."""
        found = self._find(state, seat, move_id)
        return move(*found), self._applied(state, seat, move_id, found[1])

    def _applied(self, state: EclipseState, seat: str, move_id: str, label: Msg) -> EclipseState:
        new = self.copy_state(state)
        put(new, "events", [])
        put(new, "battles", [])
        self._apply_id(new, seat, move_id, None if self.is_private(state, seat) else label)
        put(new, "moves_made", new.moves_made + 1)
        return new

    def _apply(self, state: EclipseState, seat: str, move: Move) -> None:
        self._apply_id(state, seat, move.id, None if self.is_private(state, seat) else move.text)

    def _apply_id(self, state: EclipseState, seat: str, move_id: str, label: Msg | None = None) -> None:
        apply_option(state, seat, move_id)
        if label is not None and not state.events:  # issue 15: a public move that said nothing says its label
            state.events.append(m("ev.chose", seat=seat_ref(seat), what=label))
        settle(state)

    def view(self, state: EclipseState, seat: str | None = None) -> EclipseView:
        return build_view(state, seat)

    def outcome(self, state: EclipseState) -> Outcome | None:
        if state.phase != "over":
            return None
        parts = {s: score_parts(state, s) for s in state.order}
        scores = {s: sum(b.values()) for s, b in parts.items()}
        # E76; still tied: a shared rank (standard competition ranks: 1, 1, 1, 4)
        ranks = competition_ranks({s: (scores[s], storage_total(state.players[s])) for s in state.order})
        winners = [s for s in state.order if ranks[s] == 1]
        summary = m("outcome", winners=join([seat_ref(s) for s in winners], ", "), points=scores[winners[0]])
        return Outcome(scores=scores, ranks=ranks, breakdown=parts, summary=summary)

    def prompt(self, state: EclipseState, seat: str) -> Msg:
        return prompt(state, seat)

    def is_private(self, state: EclipseState, seat: str) -> bool:
        """E45, E22, E61: the Discovery decision names the tile (kept face down, its face stays private),
        reputation draws and the make-room choice of diplomacy (E47) name tile values: private."""
        f = frame(state)
        return f is not None and f["k"] in PRIVATE_FRAMES and seat_to_act(state) == seat

    def playout_weight(self, state: EclipseState, seat: str, mv: Move) -> float:
        """Random-playout bias (rules.playout hook): few trades, pass as discs run low."""
        head = mv.id.partition(":")[0]
        p = state.players[seat]
        if head in ("tr", "ret", "undo"):
            return 0.05
        if head in ("act", "react"):  # an action the seat can still pay upkeep for
            after = p.storage[0] + production(p, 0) - TABLES.upkeep[min(p.track - 1, 13)]
            if after < 0:
                return 0.02
            return (1.5 if head == "act" else 0.2) / (1 + p.discs_acted)
        if head == "pass":
            return 1.0
        if head == "stop":
            return 0.3
        if head in ("col", "res", "bld", "disc", "pl"):
            return 3.0
        return 1.0

    def greedy_move(self, state: EclipseState, seat: str, rng: Rng) -> Move:
        """The rules.bots "greedy" level (greedy.py)."""
        return greedy_move(state, seat, self.legal_moves(state, seat), rng)

    # ---- speed --------------------------------------------------------------
    def copy_state(self, state: EclipseState) -> EclipseState:
        return copy_state(state)


ENGINE = EclipseEngine()
__all__ = ["ENGINE", "EclipseEngine"]
