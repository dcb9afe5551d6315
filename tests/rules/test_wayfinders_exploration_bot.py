"""The greedy bot with exploration (W41: face-down tiles, turned up by flying next to them).  Its plan search
never looks past a flight that reveals tiles (what they are is unknown), but plans it as far as the builds where
it lands, each tile it turns up worth `plans.REVEAL`; without that no plan ever left home, and as the rules set no
turn limit (E16) a table of bots never ended."""
from __future__ import annotations

import pytest

from rules.bots import choose
from rules.rng import Rng
from rules.wayfinders import ENGINE as E
from rules.wayfinders.grid import ORTHOGONAL
from rules.wayfinders.state import HOME


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_table_of_greedy_bots_explores_and_ends(players, seed):
    """Every seat builds, more tiles turn up than the four face up at the start (W41), and the game ends by W21's
    trigger."""
    state = E.setup([f"p{i + 1}" for i in range(players)], seed, {"exploration": True})
    face_up = sum(c.face_up for c in state.board.values())
    for _ in range(600):
        if E.is_over(state):
            break
        seat = E.to_act(state)[0]
        state = E.apply(state, seat, choose(E, state, seat, "greedy", seed=seed).id)
    assert E.is_over(state)
    assert all(p.cubes < 9 for p in state.players.values())  # every seat built
    assert sum(c.face_up for c in state.board.values()) > face_up + 10


def test_the_first_return_flies_out_to_reveal_and_plans_no_further():
    """At the start only home's neighbours are face up (W41); entering one turns up its face-down neighbours, so the
    first return's plan is one flight out, and the bot plans again once it sees what turned up."""
    state = E.setup(["p1", "p2"], 1, {"exploration": True})
    for _ in range(40):  # the workers placed until the first seat returns
        seat = E.to_act(state)[0]
        chain = E.greedy_chain(state, seat, Rng.from_seed(1))
        if state.phase == "action" and chain[0] == "return":
            break
        state = E.apply(state, seat, choose(E, state, seat, "greedy", seed=1).id)
    assert chain[0] == "return" and len(chain) == 2 and chain[1].startswith("fly:")
    cell = chain[1].split(":")[1]
    assert cell in ORTHOGONAL[HOME]
    assert any(not state.board[x].face_up for x in ORTHOGONAL[cell])  # the flight reveals
    after = E.apply(E.apply(state, seat, "return"), seat, chain[1])
    assert all(after.board[x].face_up for x in ORTHOGONAL[cell])
