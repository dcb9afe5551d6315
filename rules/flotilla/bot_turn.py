"""The hard level's policy: its card choice, one turn ahead (rules/flotilla/bot.py, `bot_profile.HARD`).

A card's heuristic worth (`bot._card_value`) says what its terms could do now; it cannot say whether the steps
that follow will find anything to do.  So each card the seat could play also counts `WEIGHT` times what its whole
turn adds to the seat's position: the card is played on a state the seat cannot tell from the real one
(`resample`: the other players' hands, the stacks below their tops, the artifact bag and every draw
dealt again, F10, F11, F17), the seat's own greedy steps follow until the turn leaves it (at most `STEPS`), and
`bot.evaluate` is read before and after.  `SAMPLES` such turns per card, averaged.  The seat never learns a draw
to come: the sample's generator is reseeded from the bot's own.

Measured (docs/strength/README.md, Flotilla pace): four seats of this policy end a game in round 33 (median, deals
1-40) where they ended in 34 without it and in 37 on the greedy level's constants, and one such seat among three
greedy ones wins 47 of 80; about three times the CPU of a policy without it (one turn per card in hand).
"""
from __future__ import annotations

from typing import Callable

from ..contract import Engine, Move
from ..rng import Rng
from .bot_profile import Profile
from .resample import resample
from .state import FlotillaState

SAMPLES = 1    # sampled turns per card (2 measured no faster than 1)
WEIGHT = 4.0   # the turn's gain in VP, against the card's heuristic worth (1 and 2 measured no faster)
STEPS = 80     # a turn longer than this is cut (a safeguard: a turn has a few dozen steps at most)

Step = Callable[[Engine[FlotillaState], FlotillaState, str, Rng, Profile], Move]
Value = Callable[[FlotillaState, str, Profile], float]


def turn_gain(engine: Engine[FlotillaState], state: FlotillaState, seat: str, move_id: str, rng: Rng,
              prof: Profile, step: Step, value: Value) -> float:
    """What `seat`'s turn begun by `move_id` (a card to play) adds to `value`, averaged over sampled states;
    the turn's steps and the values are `prof`'s."""
    before = value(state, seat, prof)
    total = 0.0
    for _ in range(SAMPLES):
        s = engine.apply(resample(state, seat, rng), seat, move_id)
        for _ in range(STEPS):
            if not s.todo or engine.to_act(s) != [seat]:
                break
            s = engine.apply(s, seat, step(engine, s, seat, rng, prof).id)
        total += value(s, seat, prof) - before
    return WEIGHT * total / SAMPLES


__all__ = ["SAMPLES", "STEPS", "WEIGHT", "turn_gain"]
