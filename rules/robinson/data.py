"""Component data (sheet §3, S1-S4) loaded from data/*.json and validated at import.

The JSON files are data, not code: this module only parses them, checks the
sheet's invariants and exposes frozen tables.  A broken edit raises
`RobinsonDataError` at import time, so it never reaches a game.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

DATA = Path(__file__).parent / "data"
TERRAINS = ("Beach", "Plains", "River", "Hills", "Mountains")
FOOD_SOURCES = ("fish", "parrot")


class RobinsonDataError(ValueError):
    """The component data breaks one of the sheet's invariants."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Tile(_Frozen):
    terrain: Literal["Beach", "Plains", "River", "Hills", "Mountains"]
    sources: tuple[Literal["fish", "parrot", "wood"], ...]
    totem: bool
    beast: bool
    shelter: bool
    disc: int = Field(ge=0, le=3)


Effect = Union[str, dict[str, list[list[str]]]]


class EventCard(_Frozen):
    name: str
    icon: Literal["book", "B", "G", "E"]
    draw: tuple[Effect, ...]
    pawns: int = Field(ge=1, le=2)
    req: Optional[str] = None  # an invention name or "Wpn<n>"
    cost: Optional[str] = None  # "W", "F", "Fur", "W|Fur", "W2"
    free_with: Optional[str] = None
    reward: tuple[Effect, ...]
    slide: tuple[Effect, ...]


class Beast(_Frozen):
    name: str
    strength: int
    loss: int
    food: int
    fur: int
    extra: tuple[str, ...]


class Invention(_Frozen):
    name: str
    kind: Literal["start", "pool", "personal", "scenario"]
    needs: tuple[str, ...]
    cost: dict[str, int]
    effect: tuple[str, ...]
    owner: Optional[str] = None


class Character(_Frozen):
    name: str
    life: int
    arrows: tuple[int, ...]
    personal: Optional[str]


class Ability(_Frozen):
    """A character's ability (§3.10, R83): its cost in D, the window that offers it (E20) and,
    for Handyman, the action its neutral pawn may join this round (R32)."""

    key: str
    owner: Literal["Carpenter", "Cook", "Explorer", "Soldier"]
    name: str
    cost: int = Field(ge=1, le=4)
    window: Literal["plan", "reroll", "weather", "fight"]
    pawn: Optional[Literal["build"]] = None


def _load(name: str) -> dict[str, Any]:
    """A data file as its JSON holds it (the blocks below give it shapes)."""
    raw: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return raw


_C = _load("components.json")
_E = _load("events.json")
_S = _load("scenarios.json")
_A = _load("adventures.json")

ADJ: dict[int, tuple[int, ...]] = {int(k): tuple(v) for k, v in _C["adjacency"].items()}
START_SPACE: int = _C["start_space"]
START_TILE: int = _C["start_tile"]
TILES: dict[int, Tile] = {int(k): Tile.model_validate(v) for k, v in _C["tiles"].items()}
DICE: dict[str, Any] = _C["dice"]  # action -> die -> faces (a dict), weather die -> faces (a list)
BEASTS: dict[str, Beast] = {k: Beast(name=k, strength=v[0], loss=v[1], food=v[2], fur=v[3], extra=tuple(v[4]))
                            for k, v in _C["beasts"].items()}
INVENTIONS: dict[str, Invention] = {k: Invention.model_validate({"name": k, **v})
                                    for k, v in _C["inventions"].items()}
CHARACTERS: dict[str, Character] = {k: Character.model_validate({"name": k, **v})
                                    for k, v in _C["characters"].items()}
ABILITIES: dict[str, Ability] = {k: Ability.model_validate({"key": k, **v})
                                  for k, v in _C["abilities"].items() if not k.startswith("_")}
START_ITEMS: tuple[str, ...] = tuple(_C["start_items"])
DISCOVERY: dict[str, int] = dict(_C["discovery"])
# Each scenario's data block (robinson-scenarios.md K0, M0); the registry is scenarios/__init__.py.
SCENARIOS: dict[str, dict[str, Any]] = {k: v for k, v in _S.items() if not k.startswith("_")}
SCENARIO: dict[str, Any] = SCENARIOS["castaways"]  # scenario 1's block (S1-S10), under its old name


def end_keys(key: str) -> dict[str, str]:
    """The catalog keys of a scenario's one-line end (R96), by result: its block's `ends`, else
    Castaways' ("Everyone is rescued ...", "Everyone loses ...")."""
    return {"won": "outcome.won", "lost": "outcome.lost", **SCENARIOS[key].get("ends", {})}


EVENTS: dict[str, EventCard] = {e["name"]: EventCard.model_validate(e) for e in _E["events"]}
WRECKAGE: dict[str, dict[str, tuple[str, ...]]] = {
    k: {size: tuple(v[size]) for size in ("small", "large")} for k, v in _E["wreckage"].items()}

class Adventure(_Frozen):
    """An adventure card (§3.11, §3.13): options of (codes, goes to the event deck)."""

    name: str
    deck: Literal["build", "gather", "explore"]
    opts: tuple[tuple[tuple[str, ...], bool], ...]
    event: tuple[str, ...] = ()
    wound: Optional[Literal["head", "arm", "belly", "leg"]] = None


class Mystery(_Frozen):
    """A Mystery card (§3.12)."""

    name: str
    type: Literal["creature", "trap", "treasure"]
    now: tuple[str, ...]
    ev: bool = False
    event: tuple[str, ...] = ()


ADVENTURES: dict[str, Adventure] = {
    f"adv_{deck}:{name}": Adventure.model_validate({"name": name, "deck": deck, **card})
    for deck in ("build", "gather", "explore") for name, card in _A[deck].items()}
MYSTERY: dict[str, Mystery] = {f"mystery:{k}": Mystery.model_validate({"name": k, **v})
                               for k, v in _A["mystery"].items()}

START_INVENTIONS = tuple(k for k, v in INVENTIONS.items() if v.kind == "start")
POOL_INVENTIONS = tuple(k for k, v in INVENTIONS.items() if v.kind == "pool")
SCENARIO_INVENTIONS = tuple(k for k, v in INVENTIONS.items() if v.kind == "scenario")  # Castaways' (S4)
# The other scenarios' inventions (K0.8), on their scenario sheet: any character may build them.
SCENARIO_INVENTIONS_OF: dict[str, tuple[str, ...]] = {"castaways": SCENARIO_INVENTIONS}
for _key, _block in SCENARIOS.items():
    if _key != "castaways":
        for _name, _inv in _block.get("inventions", {}).items():
            INVENTIONS[_name] = Invention.model_validate({"name": _name, "kind": "scenario", **_inv})
        SCENARIO_INVENTIONS_OF[_key] = tuple(_block.get("inventions", {}))
PLAYABLE = ("Carpenter", "Cook", "Explorer", "Soldier")


def _check() -> None:
    errs: list[str] = []
    for space, ns in ADJ.items():
        for b in ns:
            if space not in ADJ.get(b, ()):
                errs.append(f"adjacency {space}-{b} is not symmetric")
    if sorted(ADJ) != list(range(15)):
        errs.append("the island has spaces 0-14")
    if len(TILES) != 11 or TILES[START_TILE].terrain != "Beach":
        errs.append("11 tiles, tile 8 the Beach")
    if len(BEASTS) != 16:
        errs.append("16 beasts")
    if sum(DISCOVERY.values()) != 22:
        errs.append("22 discovery tokens")
    if (len(START_INVENTIONS), len(POOL_INVENTIONS)) != (9, 17):
        errs.append("9 starting and 17 pool inventions")
    books = [e for e in EVENTS.values() if e.icon == "book"]
    if (len(books), len(EVENTS) - len(books)) != (39, 34):
        errs.append("39 book and 34 adventure-icon events")
    for inv in INVENTIONS.values():
        for need in inv.needs:
            if need not in TERRAINS and need not in INVENTIONS:
                errs.append(f"{inv.name} needs unknown {need}")
    for e in EVENTS.values():
        if e.req and not (e.req in INVENTIONS or (e.req.startswith("Wpn") and e.req[3:].isdigit())):
            errs.append(f"{e.name}: unknown requirement {e.req}")
        if e.cost and e.cost not in ("W", "F", "Fur", "W|Fur", "W2"):
            errs.append(f"{e.name}: unknown cost {e.cost}")
    decks = [a.deck for a in ADVENTURES.values()]
    if (decks.count("build"), decks.count("gather"), decks.count("explore"), len(MYSTERY)) != (29, 28, 30, 20):
        errs.append("29 build, 28 gather, 30 explore adventure cards and 20 mystery cards")
    for a in ADVENTURES.values():
        if a.wound is None and any(ev for _, ev in a.opts) != bool(a.event):
            errs.append(f"{a.name}: an event half exactly when the card can go to the event deck")
    for who in PLAYABLE:
        if sum(a.owner == who for a in ABILITIES.values()) != 4:
            errs.append(f"{who} has 4 abilities (§3.10)")
    if len(SCENARIO["pile"]) != 5 or SCENARIO["rounds"] != 12:
        errs.append("Castaways: 12 rounds, 5 woodpile stages")
    for key, block in SCENARIOS.items():
        if len(block["weather"]) != block["rounds"]:
            errs.append(f"{key}: weather dice for each of its {block['rounds']} rounds")
        for item in block.get("removed_items", ()):
            if item not in START_ITEMS:
                errs.append(f"{key}: unknown starting item {item}")
    if errs:
        raise RobinsonDataError("; ".join(errs))


_check()
