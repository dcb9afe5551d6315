"""Saved Eclipse states written by the engine before its state became pydantic models.

`python -m tests.rules.eclipse_baseline.samples` rewrites `states/*.json`, each exactly as
`ENGINE.dump` wrote it then (what the database holds for a running game): one per shape the
state can take (a player before the species pick, damage in a hex, relations and the Traitor,
a collapsed seat, a battle under way, the end).  Run it only on purpose: the files hold what the
engine wrote before the models (the shape checks below have since been written against the models).
"""
from __future__ import annotations

from pathlib import Path

from rules.eclipse import ENGINE
from rules.playout import iter_playout, playout_rng

STATES = Path(__file__).parent / "states"


def _shapes(state) -> set[str]:
    out = set()
    if state.phase == "species":
        out.add("species")
    if any(h.damage for h in state.hexes.values()):
        out.add("damage")
    if any(p.ambassadors_given for p in state.players.values()):
        out.add("relations")
    if any(p.traitor for p in state.players.values()):
        out.add("traitor")
    if any(p.collapsed for p in state.players.values()):
        out.add("collapsed")
    if state.stack and state.stack[-1].kind == "fight" and state.stack[-1].b is not None:
        out.add("battle")
    if state.phase == "over":
        out.add("over")
    return out


def collect() -> dict[str, str]:
    found: dict[str, str] = {}
    for n, seed in ((4, 4000), (5, 5000), (6, 6000), (5, 5001), (6, 6001), (4, 4001), (6, 6009)):
        state = ENGINE.setup([f"p{i}" for i in range(1, n + 1)], seed)
        for shape in _shapes(state) - set(found):
            found[shape] = ENGINE.dump(state)
        for step in iter_playout(ENGINE, state, playout_rng(seed)):
            for shape in _shapes(step.after) - set(found):
                found[shape] = ENGINE.dump(step.after)
    return found


if __name__ == "__main__":
    STATES.mkdir(exist_ok=True)
    for shape, text in sorted(collect().items()):
        (STATES / f"{shape}.json").write_text(text)
        print(shape, len(text))
