"""The Eclipse engine: the contract of rules/contract.py over the modules beside it."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..contract import Engine, Move, Option, Outcome, TestHints
from ..ranking import competition_ranks
from ..rng import Rng
from ..text import Msg, join, seat_ref
from .board import m, production, score_parts, storage_total
from .data import TABLES
from .frames import Turn
from .greedy import greedy_move
from .moves import options, words
from .pending import frame, seat_to_act
from .scores import tie_breaks, vp_notes
from . import search_hooks
from .settle import settle
from .species_notes import species_notes
from .choice_notes import choice_notes
from .setup import new_game, parse_options
from .state import EclipseOptions, EclipseState, EclipseView, copy_state
from .turns import apply_option
from ..unvalidated import put
from .view import build_view, prompt

# Decisions whose options show what only the deciding seat may know (E22, E45, E61, E47 make room).
PRIVATE_FRAMES = ("disco", "rep", "ambroom")


class EclipseEngine(Engine[EclipseState], key="eclipse", title="Eclipse", players=(2, 6),
                    options=EclipseOptions, state=EclipseState):
    conformance_seeds = 2
    rule_letters = "EU"  # rules, the research sheet's uncertain items (section 16)
    proposed_data = False  # the component data is sourced
    test_hints = TestHints(players=3, board_players=3, privacy_stride=32)
    search_tuning = search_hooks.TUNING

    def parse_options(self, raw: BaseModel | dict[str, Any] | None) -> EclipseOptions:
        return parse_options(raw)

    def setup(self, seats: list[str], seed: int, options: BaseModel | dict[str, Any] | None = None) -> EclipseState:
        state = new_game(list(seats), seed, options)
        settle(state)
        return state

    def round_number(self, state: EclipseState) -> int:
        return state.round

    def auto_pass(self, state: EclipseState, seat: str) -> str | None:
        """E28: a passed player's turn offers only a Reaction or passing again; a player who asked for it
        (`/eclipse autopass on`) passes again without being asked."""
        f = frame(state)
        if isinstance(f, Turn) and seat_to_act(state) == seat and state.players[seat].passed:
            return "pass"
        return None

    def to_act(self, state: EclipseState) -> list[str]:
        seat = seat_to_act(state)
        return [seat] if seat is not None else []

    def options(self, state: EclipseState, seat: str, move_id: str | None = None) -> list[Option]:
        """moves.options as the core's options; each keeps its text as `arg` (the default `label`)."""
        return [Option(i, i.partition(":")[0], t, b) for i, t, b in options(state, seat)]

    def label(self, state: EclipseState, seat: str, option: Option) -> Msg:
        return words(option.arg)

    def is_over(self, state: EclipseState) -> bool:
        return state.phase == "over"

    def play(self, state: EclipseState, seat: str, option: Option) -> None:
        private = self.is_private(state, seat)
        put(state, "battles", [])  # the battles fought by this move only (render/eclipse_battle.py)
        apply_option(state, seat, option.id, chosen=True)
        if not private and not state.events:  # a public move that said nothing says its label
            state.events.append(m("ev.chose", seat=seat_ref(seat), what=self.label(state, seat, option)))
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
        summary = m("outcome", winners=join([seat_ref(s) for s in winners], ", "), n=len(winners),
                    points=scores[winners[0]])
        ties = tie_breaks(state, scores, ranks)  # the final post names how each tie was broken (E76)
        if ties:
            summary = join([summary, *ties], " ")
        return Outcome(scores=scores, ranks=ranks, breakdown=parts, summary=summary)

    def notes(self, state: EclipseState, seat: str | None = None) -> list[tuple[Msg, list[Msg]]]:
        """While a seat chooses its species, what each side offered is (species_notes.py, E11), and while it
        chooses a technology or a ship part, what each offered does (choice_notes.py; a private choice's only to
        that seat); `/game me`: the seat's victory points by source (scores.py), which the public post does not
        show."""
        acting = seat_to_act(state)
        hidden = acting is not None and acting != seat and self.is_private(state, acting)
        return species_notes(state) + ([] if hidden else choice_notes(state)) + vp_notes(state, seat)

    def prompt(self, state: EclipseState, seat: str) -> Msg:
        return prompt(state, seat)

    def is_private(self, state: EclipseState, seat: str) -> bool:
        """E45, E22, E61: the Discovery decision names the tile (kept face down, its face stays private),
        reputation draws and the make-room choice of diplomacy (E47) name tile values: private."""
        f = frame(state)
        return f is not None and f.kind in PRIVATE_FRAMES and seat_to_act(state) == seat

    def playout_weight(self, state: EclipseState, seat: str, mv: Option) -> float:
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

    # ---- search (search_hooks.py) ---------------------------------------------
    def resample(self, state: EclipseState, seat: str, rng: Rng) -> EclipseState:
        """A copy with what `seat` has not seen dealt again: sector stacks, Discovery tiles, the tech
        bag's order, others' reputation tiles (E9, E45, E5, E22)."""
        return search_hooks.resample(state, seat, rng)

    def evaluate(self, state: EclipseState) -> dict[str, float]:
        """Each seat's chance of winning in [0, 1] from its projected score (E75); a waiting battle by
        its exact odds (E98)."""
        return search_hooks.evaluate(state)

    def macro_moves(self, state: EclipseState, seat: str) -> list[tuple[str, float]] | None:
        """Whole actions at an Action-phase turn as chains of move ids (search_hooks.py)."""
        return search_hooks.macro_moves(self, state, seat)

    # ---- speed --------------------------------------------------------------
    def copy_state(self, state: EclipseState) -> EclipseState:
        return copy_state(state)


ENGINE = EclipseEngine()
__all__ = ["ENGINE", "EclipseEngine"]
