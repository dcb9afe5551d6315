"""Eclipse component data (sheet section 12), loaded from data/*.json and validated.

Every table is checked at import against the totals the sheet states (E1-E6,
E88-E94): a broken data file fails loudly instead of playing a wrong game.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Optional, Sequence

from pydantic import BaseModel, ConfigDict, Field

DATA = Path(__file__).parent / "data"
RESOURCES = ("money", "science", "materials")
CATEGORIES = ("military", "grid", "nano")
SHIPS = ("interceptor", "cruiser", "dreadnought", "starbase")
BUILDABLE = (*SHIPS, "orbital", "monolith")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Tech(_Strict):
    name: str
    cost: int
    min: int
    kind: Literal["perm", "build", "part", "inst"]
    copies: int
    category: str = ""


class Part(_Strict):
    tech: Optional[str]
    energy: int
    ancient: bool = False
    dice: list[int] = Field(default_factory=list)
    missiles: list[int] = Field(default_factory=list)
    hull: int = 0
    move: int = 0
    initiative: int = 0
    computer: int = 0
    shield: int = 0


class Hex(_Strict):
    id: str
    name: str
    ring: Literal["center", "I", "II", "III", "start"]
    vp: int
    squares: list[str]
    discovery: bool
    ancients: int
    gcds: bool
    artifact: bool
    wormholes: list[int]


class Blueprint(_Strict):
    slots: list[Optional[str]]
    fixed: dict[str, int]


class Species(_Strict):
    start: list[int]
    techs: list[str]
    trade: int
    colony_ships: int
    discs: int
    start_ship: str
    rep: list[int]  # ambassador-only, either, reputation-only slots (E22)
    blueprints: str
    acts: dict[str, int]
    costs: list[int]  # E41, in BUILDABLE order
    explore_draws: int
    fill_advanced: list[str]
    start_reputation: int = 0


class Side(_Strict):
    side: str
    species: str
    hex: str
    tile: int


class Discovery(_Strict):
    tile: str
    copies: int
    amount: int = 0
    part: bool = False


class Tables(_Strict):
    upkeep: list[int]
    production: list[int]
    tech_discount: list[int]
    tech_vp: list[int]
    outer_stack: dict[str, int]
    tech_setup: dict[str, int]
    tech_cleanup: dict[str, int]
    start_directions: dict[str, list[int]]
    reputation: dict[str, int]
    ships: dict[str, int]
    rounds: int


def _load(name: str) -> Any:  # the JSON of a data file
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


TECHS: dict[str, Tech] = {}
for _cat, _rows in _load("techs").items():
    for _row in _rows:
        TECHS[_row["name"]] = Tech(**_row, category=_cat)
TECH_ORDER: tuple[str, ...] = tuple(TECHS)  # supply-board order: category, then cost
PARTS: dict[str, Part] = {k: Part(**v) for k, v in _load("parts").items()}
HEXES: dict[str, Hex] = {h["id"]: Hex(**h) for h in _load("hexes")}
BLUEPRINTS: dict[str, dict[str, Blueprint]] = {
    k: {s: Blueprint(**b) for s, b in v.items()} for k, v in _load("blueprints").items()}
SPECIES: dict[str, Species] = {k: Species(**v) for k, v in _load("species").items()}
SIDES: dict[str, Side] = {s["side"]: Side(**s) for s in _load("sides")}
DISCOVERIES: dict[str, Discovery] = {d["tile"]: Discovery(**d) for d in _load("discoveries")}
TABLES = Tables(**_load("tables"))


def ship_stats(layout: str, ship: str, slots: Optional[Sequence[Optional[str]]] = None) -> dict[str, int]:
    """A blueprint's derived numbers (E89, E92): parts plus fixed bonuses (a fresh dict each call)."""
    return dict(_ship_stats(layout, ship, None if slots is None else tuple(slots)))


@lru_cache(maxsize=4096)  # a pure function of the data files; the blueprints in play are few
def _ship_stats(layout: str, ship: str, slots: Optional[tuple[Optional[str], ...]]) -> dict[str, int]:
    bp = BLUEPRINTS[layout][ship]
    fixed = bp.fixed
    st = {"initiative": fixed.get("initiative", 0), "computer": fixed.get("computer", 0),
          "move": 0, "hull": 0, "shield": 0, "cannons": 0, "missiles": 0,
          "produced": fixed.get("energy", 0), "used": 0, "drives": 0}
    for name in (bp.slots if slots is None else slots):
        if name is None:
            continue
        p = PARTS[name]
        if p.energy > 0:
            st["produced"] += p.energy
        else:
            st["used"] -= p.energy
        for k in ("initiative", "computer", "move", "hull", "shield"):
            st[k] += getattr(p, k)
        st["cannons"] += len(p.dice)
        st["missiles"] += len(p.missiles)
        st["drives"] += 1 if p.move else 0
    st["spare"] = st["produced"] - st["used"]
    return st


def _validate() -> None:
    assert len(TECHS) == 24 and sum(t.copies for t in TECHS.values()) == 96, "E6/E88: 24 techs, 96 tiles"
    for cat in CATEGORIES:
        row = [t for t in TECHS.values() if t.category == cat]
        assert [t.cost for t in row] == [2 * (i + 1) for i in range(8)], f"E88 costs {cat}"
        assert [t.min for t in row] == [2, 3, 4, 5, 6, 6, 7, 8], f"E88 minimum costs {cat}"
    for name, p in PARTS.items():
        assert p.tech is None or (p.tech in TECHS and TECHS[p.tech].kind == "part"), name
    assert sum(1 for p in PARTS.values() if p.ancient) == 6, "E90: 6 ancient parts"
    assert len(HEXES) == 50, "E94: 50 hex entries"
    sectors = [h for h in HEXES.values() if h.ring in ("I", "II", "III")]
    assert len(sectors) == 37
    assert sum(h.discovery for h in HEXES.values()) == 21, "E6: 21 discovery symbols"
    assert sum(h.ancients for h in HEXES.values()) == 14, "E94: 14 Ancients"
    assert sum(h.artifact for h in HEXES.values()) == 20, "E94: 20 artifacts"
    assert sum(d.copies for d in DISCOVERIES.values()) == 21, "E91: 21 Discovery tiles"
    assert sum(TABLES.reputation.values()) == 32, "E6: 32 reputation tiles"
    assert len(SIDES) == 12 and {s.hex for s in SIDES.values()} == {h.id for h in HEXES.values()
                                                                    if h.ring == "start"}
    for sp in SPECIES.values():
        assert all(t in TECHS for t in sp.techs) and sp.blueprints in BLUEPRINTS
        for bp in BLUEPRINTS[sp.blueprints].values():
            assert all(s is None or s in PARTS for s in bp.slots)


_validate()
