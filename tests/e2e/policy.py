"""A simple, deterministic player for end-to-end tests: builds whenever it can.

It is the test's stand-in for a human choosing moves; it only picks among the
engine's legal moves, so it can never make an illegal one.
"""
from __future__ import annotations



def choose(engine, state, seat: str) -> str:
    ids = [m.id for m in engine.legal_moves(state, seat)]
    builds = [i for i in ids if i.startswith("build")]
    if builds:
        return builds[0]
    if state.phase == "action":
        player = state.players[seat]
        out = 5 - player.workers
        if "return" in ids and (out >= 3 or not any(i.startswith("place") for i in ids)):
            return "return"
        places = [i for i in ids if i.startswith("place")]
        return max(places, key=lambda i: (len(state.hangars[int(i.split(":")[1]) - 1]), -int(i.split(":")[1])))
    if state.phase == "flybuild":
        flies = [i for i in ids if i.startswith("fly")]
        mine = {c for c, cell in state.board.items() if seat in cell.slots}
        fresh = [i for i in flies if i.split(":")[1] not in mine and i.split(":")[1] not in state.flown]
        travel = [i for i in flies if i.count(":") == 1 and i.split(":")[1] not in state.flown]
        if len(state.flown) < 4 and (fresh or travel):
            free = [i for i in fresh if i.count(":") == 1]
            return (free or fresh or travel)[0]
        return "end" if "end" in ids else ids[0]
    return ids[0]
