"""A tiny engine that exercises every corner of the contract, for the suite's self-test.

Toy Nim, 2-3 players.  A pile of stones; whoever takes the last stone gets a
bonus.  It has:

- a simultaneous opening: every seat secretly picks a stance (several seats
  in `to_act` at once); the last stance reveals them all, so it is a barrier;
- a hand: each seat holds cards 1-3 and may play one to take that many
  stones, then draws a replacement from the shuffled deck (a barrier while
  the deck is not empty);
- a decision chain: `roll` (a barrier: it rolls a die) is followed by a second
  decision of the same seat, `use` the die or take just `one`.

Its texts live in toy_locale/, registered with the shared catalog on import.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import Engine, GameState, Option, Outcome
from rules.ranking import competition_ranks
from rules.text import CATALOG, Msg, msg, seat_ref

CATALOG.add_dir(Path(__file__).parent / "toy_locale")

Phase = Literal["stance", "choose", "die", "over"]


def m(key: str, **args) -> Msg:
    return msg(f"toy.{key}", **args)


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pile: int = Field(default=12, ge=3, le=40)
    short: bool = False  # a pile half the size


class ToyState(GameState):
    game: Literal["toy"] = "toy"
    options: ToyOptions = Field(default_factory=ToyOptions)
    pile: int
    deck: list[int]
    hands: dict[str, list[int]]
    taken: dict[str, int]
    stance: dict[str, int] = Field(default_factory=dict)
    phase: Phase = "stance"
    turn: int = 0
    die: int = 0
    last: Optional[str] = None


class ToyView(BaseModel):
    viewer: Optional[str]
    pile: int
    phase: str
    turn: Optional[str]
    hand: Optional[list[int]]
    hand_sizes: dict[str, int]
    stances: Optional[dict[str, int]]
    deck: int


class ToyEngine(Engine[ToyState], key="toy", title="Toy Nim", players=(2, 3),
                options=ToyOptions, state=ToyState):

    def setup(self, seats, seed, options=None):
        from rules.rng import Rng

        opts = self.parse_options(options)
        rng = Rng.from_seed(seed)
        deck = [1, 2, 3] * 4
        rng.shuffle(deck)
        hands = {s: [deck.pop(), deck.pop()] for s in seats}
        pile = (opts.pile // 2 if opts.short else opts.pile) + rng.below(6)
        return ToyState(seats=list(seats), seed=seed, rng=rng, options=opts, pile=pile, deck=deck,
                        hands=hands, taken={s: 0 for s in seats}, events=[m("ev.setup", pile=pile)])

    def to_act(self, state):
        if state.abandoned or state.phase == "over":
            return []
        if state.phase == "stance":
            return [s for s in state.seats if s not in state.stance]
        return [state.seats[state.turn]]

    def options(self, state, seat, move_id=None):
        """Options keep their text as `arg` (the contract's default `label`)."""
        if seat not in self.to_act(state):
            return []
        if state.phase == "stance":
            last = len(state.stance) == len(state.seats) - 1
            return [Option(f"stance:{k}", "stance", m(f"move.stance{k}"), last) for k in (1, 2)]
        if state.phase == "die":
            return [Option("use", "use", m("move.use", n=min(state.die, state.pile)), False),
                    Option("one", "one", m("move.one"), False)]
        out = [Option(f"take:{k}", "take", m("move.take", n=k), False) for k in range(1, min(3, state.pile) + 1)]
        for v in sorted(set(state.hands[seat])):
            if v <= state.pile:
                out.append(Option(f"card:{v}", "card", m("move.card", v=v), bool(state.deck)))
        out.append(Option("roll", "roll", m("move.roll"), True))
        return out

    def play(self, state, seat, option):
        kind, _, arg = option.id.partition(":")
        if kind == "stance":
            state.stance[seat] = int(arg)
            state.events.append(m("ev.stance", seat=seat_ref(seat)))
            if len(state.stance) == len(state.seats):
                state.phase = "choose"
                state.events.append(m("ev.reveal", first=seat_ref(state.seats[0])))
        elif kind == "take":
            self._take(state, seat, int(arg))
        elif kind == "card":
            v = int(arg)
            state.hands[seat].remove(v)
            state.deck.insert(0, v)
            if len(state.deck) > 1:
                state.hands[seat].append(state.deck.pop(state.rng.below(len(state.deck) - 1) + 1))
            self._take(state, seat, v)
        elif kind == "roll":
            state.die = state.rng.die(6)
            state.phase = "die"
            state.events.append(m("ev.roll", seat=seat_ref(seat), die=state.die))
        elif kind == "use":
            self._take(state, seat, min(state.die, state.pile))
        elif kind == "one":
            self._take(state, seat, 1)

    def _take(self, state, seat, n):
        state.pile -= n
        state.taken[seat] += n
        state.die = 0
        state.events.append(m("ev.take", seat=seat_ref(seat), n=n, left=state.pile))
        if state.pile <= 0:
            state.phase = "over"
            state.last = seat
            state.events.append(m("ev.last", seat=seat_ref(seat)))
        else:
            state.phase = "choose"
            state.turn = (state.turn + 1) % len(state.seats)

    def view(self, state, seat=None):
        revealed = state.phase != "stance"
        return ToyView(viewer=seat, pile=state.pile, phase=state.phase,
                       turn=(self.to_act(state) or [None])[0] if revealed else None,
                       hand=list(state.hands[seat]) if seat in state.hands else None,
                       hand_sizes={s: len(h) for s, h in state.hands.items()},
                       stances=dict(state.stance) if revealed else None, deck=len(state.deck))

    def scores(self, state) -> dict[str, int]:
        return {s: state.taken[s] + (4 * state.stance.get(s, 1) if s == state.last else 0) for s in state.seats}

    def outcome(self, state):
        if state.phase != "over":
            return None
        scores = self.scores(state)
        ranks = competition_ranks(scores)
        best = [s for s in state.seats if ranks[s] == 1]
        return Outcome(scores=scores, ranks=ranks, summary=m("outcome", seat=seat_ref(best[0]),
                                                                points=scores[best[0]]))

    def prompt(self, state, seat):
        return m(f"prompt.{state.phase}")


TOY = ToyEngine()
