"""Hand-built Wayfinders views for the renderer's tests (no engine needed)."""
from __future__ import annotations

import csv
import importlib
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _state_module():
    """rules.wayfinders.state; if the `rules` package cannot be imported yet
    (the engine is being written in parallel), load the models without
    running the package __init__ files."""
    try:
        return importlib.import_module("rules.wayfinders.state")
    except ImportError:
        for name in [m for m in sys.modules if m == "rules" or m.startswith("rules.")]:
            del sys.modules[name]
        for name, folder in (("rules", ROOT / "rules"), ("rules.wayfinders", ROOT / "rules" / "wayfinders")):
            pkg = types.ModuleType(name)
            pkg.__path__ = [str(folder)]  # type: ignore[attr-defined]
            sys.modules[name] = pkg
        return importlib.import_module("rules.wayfinders.state")


state = _state_module()
CellView = state.CellView
PlayerView = state.PlayerView
WayfindersView = state.WayfindersView
CELLS = state.CELLS
HOME = state.HOME

ISLANDS: dict[str, dict] = {
    row["id"]: row
    for row in csv.DictReader((ROOT / "rules" / "wayfinders" / "data" / "islands.csv").open(encoding="utf-8"))
}


def island_cell(cell: str, island: str, slots=(), planes=()) -> "CellView":
    row = ISLANDS[island]
    return CellView(
        cell=cell,
        island=island,
        back=row["back"],
        colour=row["colour"],
        cost=row["cost"],
        vp=int(row["vp"]),
        effect=row["effect"],
        n=int(row["n"]) if row["n"] else None,
        unit=int(row["unit"]) if row["unit"] else None,
        slots=list(slots),
        planes=list(planes),
    )


def face_down(cell: str) -> "CellView":
    return CellView(cell=cell, face_up=False)


LAYOUT = [
    "res03", "sco15", "per02", "res09", "sco10",
    "per11", "res05", "sco06", "per13", "res12",
    "sco04", "per06", None, "res14", "sco13",
    "res01", "sco08", "per14", "res07", "per10",
    "sco12", "res11", "per05", "sco02", "res08",
]


def mid_game(n_players: int = 4, exploration: bool = False) -> "WayfindersView":
    """A mid-game view: airstrips on several islands, planes spread out, one
    hangar short of tokens; with exploration, some cells face down."""
    seats = ["p1", "p2", "p3", "p4"][:n_players]
    order = seats[1:] + seats[:1]  # p2 starts
    slots = {
        "B2": ["p1", "p3", "p2", "p4"],
        "C2": ["p2"],
        "D2": ["p1", "p2"],
        "B3": ["p3", "p1"],
        "D3": ["p4"],
        "C4": ["p2", "p3", "p1"],
        "A1": ["p1"],
    }
    planes = {"B2": ["p1"], "D3": ["p4", "p2"], "C3": ["p3"]}
    hidden = {"A1", "E1", "A5", "E5", "E4", "B5"} if exploration else set()
    cells = []
    for cell, island in zip(CELLS, LAYOUT):
        if island is None:
            cells.append(CellView(cell=cell, home=True, slots=order, planes=[p for p in planes.get(cell, []) if p in seats]))
        elif cell in hidden:
            cells.append(face_down(cell))
        else:
            cells.append(island_cell(cell, island,
                                     [s for s in slots.get(cell, []) if s in seats],
                                     [p for p in planes.get(cell, []) if p in seats]))
    n_hangars = {2: 4, 3: 6, 4: 8}[n_players]
    base = [["R", "G", "B"], ["Y", "V", "V"], ["B", "G"], ["G", "Y", "R"], ["V", "B", "Y"], ["R", "R", "G"], ["Y"], ["B", "V", "G"]]
    hangars = base[:n_hangars]
    work = [["p2", "p1"], [], ["p3", "p3", "p1"], ["p4"], [], ["p2"], ["p4", "p4", "p2", "p1"], []][:n_hangars]
    workers = [[s for s in h if s in seats] for h in work]
    effects = {"p1": ["free_passage:B", "wildcard:R"], "p2": ["keep_extra"], "p3": ["keep_extra", "keep_extra", "wildcard:Y", "free_passage:V"], "p4": []}
    hands = {"p1": {"B": 1, "G": 0, "R": 2, "Y": 0, "V": 1}, "p2": {"B": 0, "G": 2, "R": 0, "Y": 1, "V": 0},
             "p3": {"B": 0, "G": 0, "R": 0, "Y": 0, "V": 0}, "p4": {"B": 3, "G": 1, "R": 1, "Y": 1, "V": 1}}
    players = []
    for pos, seat in enumerate(order, start=1):
        out = sum(h.count(seat) for h in workers)
        isles = [c.cell for c in cells if not c.home and seat in c.slots]
        players.append(PlayerView(
            seat=seat, position=pos, hand=hands[seat], workers_supply=5 - out, workers_on_board=out,
            cubes=9 - len(isles), plane=next((c for c, ps in planes.items() if seat in ps), HOME),
            islands=isles, effects=effects[seat],
            hand_limit=3 + effects[seat].count("keep_extra"), score=7 * pos + len(isles),
        ))
    bag = {"B": 6, "G": 7, "R": 5, "Y": 8, "V": 6}
    return WayfindersView(
        seats=seats, cells=cells, hangars=hangars, workers=workers, bag=bag, bag_total=sum(bag.values()),
        players=players, to_act=[order[1]], phase="action", round=5, final_round=False,
        last_hangar=n_hangars, flown=["C2", "B2"] if not exploration else ["C2"],
    )
