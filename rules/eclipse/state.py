"""Eclipse state, options and view (pydantic models; no rules here).

The players and the hexes are models (`Player`, `Hex`) whose fields hold only plain JSON data
(dicts with string keys, lists, ints, strings, bools, None; never tuples), so a state copies
with marshal (`copy_state`) and round-trips through JSON exactly.  They keep the short keys of
the dicts the state was made of before the engine core as aliases, and leave out of the JSON a
field those dicts did not have (its default, never set), so games saved then load and save
unchanged.  The decision stack holds typed frames (frames.py), saved as the dicts it held before.
"""
from __future__ import annotations

import marshal
from typing import Any, Iterable, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_serializer

from ..contract import GameState
from ..rng import Rng
from ..unvalidated import construct
from .frames import EclipseFrame

Phase = Literal["species", "action", "combat", "upkeep", "over"]


class EclipseOptions(BaseModel):
    """`/game new` options (E11)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # E11: the rulebook's advice for a first game: Terran factions only.
    terrans_only: bool = False
    # E11 RULING: Draco and Planta are offered in 2-player games only with this.
    draco_planta_2p: bool = False


class Record(BaseModel):
    """A part of the state saved as a JSON object under its short keys (aliases), without the
    fields it does not hold (never set and still at their default)."""

    model_config = ConfigDict(extra="forbid", validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True)

    @model_serializer(mode="wrap")
    def _saved(self, handler: Any) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        held = self.__pydantic_fields_set__
        for name, field in type(self).model_fields.items():
            if name not in held and self.__dict__[name] == field.get_default(call_default_factory=True):
                data.pop(field.alias or name, None)
        return data

    def drop(self, name: str) -> None:
        """The record no longer holds this optional field (back to its default, left out of the JSON)."""
        self.__dict__[name] = type(self).model_fields[name].get_default(call_default_factory=True)
        self.__pydantic_fields_set__.discard(name)


class Player(Record):
    """One seat's player board (E15-E23).  Before the species pick only `side` and `species` (None)."""

    side: Optional[str] = None
    species: Optional[str] = None
    storage: list[int] = Field(default_factory=list, alias="res")  # [money, science, materials]
    track: int = 0  # discs on the influence track (E17)
    discs: int = 0  # discs owned
    discs_acted: int = Field(0, alias="acted")  # discs on action spaces this round (E26)
    population: list[int] = Field(default_factory=list, alias="pop")  # cubes on the three tracks (E18)
    graveyard: list[int] = Field(default_factory=list, alias="grave")  # cubes per track (E23, E63)
    colony_ships_up: int = Field(0, alias="col_up")  # face up: usable now (E31)
    colony_ships: int = Field(0, alias="col")
    techs: dict[str, list[str]] = Field(default_factory=dict)  # category -> names, in slot order (E19)
    blueprints: dict[str, list[Optional[str]]] = Field(default_factory=dict, alias="bp")  # ship -> slots
    built: dict[str, int] = Field(default_factory=dict)  # ship -> on the board
    reputation: list[int] = Field(default_factory=list, alias="rep")  # tile values (private, E22)
    kept_discoveries: list[str] = Field(default_factory=list, alias="kept")  # face down, 2 VP (E45)
    ancient_parts: list[str] = Field(default_factory=list, alias="parts")  # beside the board (E91)
    passed: bool = False
    collapsed: bool = Field(False, alias="out")  # E72
    frozen_score: Optional[dict[str, int]] = Field(None, alias="frozen")  # scored at the collapse (E72)
    frozen_storage: Optional[int] = None
    ambassadors_given: dict[str, int] = Field(default_factory=dict, alias="rel")  # partner -> cube's track (E46)
    traitor: bool = False  # holds the Traitor card (E48)
    proposals: list[str] = Field(default_factory=list, alias="proposed")  # "round:seat" (E47)


class Hex(Record):
    """A placed hex (E12, E93) and what lies on it."""

    q: int
    r: int
    rotation: int = Field(alias="rot")
    owner: Optional[str] = None  # the seat whose disc is here
    cubes: list[int] = Field(default_factory=list, alias="pop")  # 0/1 per square of the hex's data
    orbital: int = Field(0, alias="orb")  # 0 none, 1 empty, 2 with a cube (E42)
    monolith: bool = Field(False, alias="mono")
    ships: dict[str, dict[str, int]] = Field(default_factory=dict)  # seat -> ship type -> count
    arrival: list[str] = Field(default_factory=list, alias="arrive")  # seats in arrival order (E43)
    ancients: int = Field(0, alias="anc")
    gcds: bool = False
    discovery: Optional[str] = Field(None, alias="disc")  # the face-down Discovery tile (E45)
    damage: dict[str, dict[str, list[int]]] = Field(default_factory=dict, alias="dmg")  # side -> ship -> hits (E60)


class EclipseState(GameState):
    game: Literal["eclipse"] = "eclipse"
    options: EclipseOptions = Field(default_factory=EclipseOptions)
    order: list[str]  # clockwise seating order (E10)
    phase: Phase = "species"
    round: int = 1
    start: str  # Start Player of the current round
    turn: Optional[str] = None  # whose Action-phase turn it is
    first_pass: Optional[str] = None  # first seat to pass this round (E27)
    stacks: dict[str, list[str]]  # ring -> hex ids, top of the stack last
    discards: dict[str, list[str]]  # ring -> face-up discarded hex ids
    tech_bag: list[str]
    supply: dict[str, int]  # tech -> tiles on the supply board
    rep_bag: list[int]
    disc_bag: list[str]  # face-down Discovery tiles, next one last
    hexes: dict[str, Hex]
    players: dict[str, Player]
    stack: list[EclipseFrame] = Field(default_factory=list)  # decision frames (frames.py), the pending one last
    # battles the last move fought in (battle/fight.py; reset by every apply like `events`): ended
    # ones as {"hex", "log": [event dumps], "over": True}, the one under way as {"hex", "live"}
    battles: list[dict[str, Any]] = Field(default_factory=list)


class HexView(BaseModel):
    id: str
    q: int
    r: int
    rot: int
    wormholes: list[int]  # directions (E12) after rotation
    vp: int
    squares: list[str]
    pop: list[int]
    owner: Optional[str]
    orbital: int
    monolith: bool
    ships: dict[str, dict[str, int]]
    ancients: int
    gcds: bool
    discovery: bool  # a face-down Discovery tile lies here
    damage: dict[str, dict[str, list[int]]] = Field(default_factory=dict)  # side -> type -> hits (E60)


class PlayerView(BaseModel):
    seat: str
    side: Optional[str]
    species: Optional[str]
    money: int
    science: int
    materials: int
    track: int
    upkeep: int
    pop: list[int]
    production: list[int]
    graveyard: list[int]
    colony_up: int
    colony: int
    techs: dict[str, list[str]]
    blueprints: dict[str, list[Optional[str]]]
    stats: dict[str, dict[str, int]]
    built: dict[str, int]
    reputation: int  # tiles held (public count)
    reputation_values: Optional[list[int]] = None  # owner only (E22)
    discoveries: int
    discovery_tiles: Optional[list[str]] = None  # owner only (E45)
    ancient_parts: list[str]
    passed: bool
    collapsed: bool
    trade: int
    ambassadors: int = 0  # Ambassadors held (E46)
    traitor: bool = False  # holds the Traitor card (E48)
    # VP if the game ended now by source (E75, scores.visible_parts): without the reputation tiles' values
    # while they are hidden from the viewer (E22), and how many such tiles the player holds
    vp: dict[str, int] = Field(default_factory=dict)
    vp_hidden_tiles: int = 0


class EclipseView(BaseModel):
    game: Literal["eclipse"] = "eclipse"
    viewer: Optional[str]
    phase: str
    round: int
    start: str
    turn: Optional[str]
    to_act: list[str]
    order: list[str]
    hexes: list[HexView]
    players: list[PlayerView]
    supply: dict[str, int]
    stacks: dict[str, int]
    tech_bag: int
    rep_bag: int
    log: list[Any] = Field(default_factory=list)
    # the battles this move fought in, each from its start: {"hex", "log", "over"} (battle/fight.py)
    battles: list[Any] = Field(default_factory=list)
    # a pending Explore (E103, public): the positions offered at step 1, or the position being
    # explored and each drawn hex in each legal orientation (E35), as the placement options list them
    explore_targets: list[str] = Field(default_factory=list)
    explore_pos: Optional[str] = None
    explore_options: list[HexView] = Field(default_factory=list)


_PLAIN = ("stacks", "discards", "tech_bag", "supply", "rep_bag", "disc_bag")


_new = object.__new__
_set = object.__setattr__


def _again(olds: Iterable[BaseModel], values: list[dict[str, Any]]) -> list[Any]:
    """Models of the classes of `olds` holding `values` (their fields, copied) and the fields they hold."""
    out: list[Any] = []
    append, new, put = out.append, _new, _set
    for was, v in zip(olds, values):
        obj = new(type(was))
        put(obj, "__dict__", v)
        put(obj, "__pydantic_fields_set__", was.__pydantic_fields_set__.copy())
        put(obj, "__pydantic_extra__", None)
        put(obj, "__pydantic_private__", None)
        append(obj)
    return out


def copy_state(state: EclipseState) -> EclipseState:
    """A private copy for `apply`: the plain-data parts, players' and hexes' fields included, through
    marshal (exact and fast; pydantic's deep copy is several times slower)."""
    d = dict(state.__dict__)
    d["seats"] = list(d["seats"])
    d["order"] = list(d["order"])
    d["rng"] = construct(Rng, state=state.rng.state)
    d["events"] = list(d["events"])
    players, hexes = state.players, state.hexes
    stack = state.stack
    plain = marshal.loads(marshal.dumps([d[k] for k in _PLAIN] + [[p.__dict__ for p in players.values()],
                                                                 [h.__dict__ for h in hexes.values()],
                                                                 [f.__dict__ for f in stack]]))
    for k, v in zip(_PLAIN, plain):
        d[k] = v
    d["players"] = dict(zip(players, _again(players.values(), plain[-3])))
    d["hexes"] = dict(zip(hexes, _again(hexes.values(), plain[-2])))
    d["stack"] = _again(stack, plain[-1])
    new = _new(EclipseState)
    _set(new, "__dict__", d)
    _set(new, "__pydantic_fields_set__", set(state.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
