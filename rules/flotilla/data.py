"""Component data (sheet Part 2, D2-D16: PROPOSED, not the publisher's) loaded and validated.

Files in data/: crew.csv (D12 starters + D13 guild crew), tiles.csv (the D14 template
of 23, repeated per colour), board.json (markets, rings, tracks, dice, artifacts,
objectives).  Every effect cell is a list of D11 terms separated by ';', parsed
into `Term` tuples (name, a, b).  Loading checks the totals the sheet states.
"""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, field_validator

DATA = Path(__file__).parent / "data"

GUILDS: tuple[str, ...] = ("speakers", "traders", "founders", "delvers")
GUILD_LETTER = {"speakers": "s", "traders": "t", "founders": "f", "delvers": "d"}
LETTER_GUILD = {v: k for k, v in GUILD_LETTER.items()}
COLOURS: tuple[str, ...] = ("p", "y", "r", "b")  # D3: purple, yellow, red, blue
COLOUR_NAMES = {"p": "purple", "y": "yellow", "r": "red", "b": "blue"}
NAME_COLOUR = {v: k for k, v in COLOUR_NAMES.items()}


class Term(NamedTuple):
    name: str
    a: int = 0
    b: int = 0


# term name -> number of integer arguments (D11)
TERMS: dict[str, int] = {
    "rally": 0, "copy": 0, "infl": 1, "infl_each": 0, "infl_speakers": 1, "coin": 1, "vp": 1,
    "resource": 1, "survivor": 1, "tile": 0, "seal": 0, "recruit": 0, "trans": 1,
    "outpost_minus": 1, "nudge": 0, "draw_place": 2, "draw_keep": 2, "build": 1, "cost_minus": 1,
    "dive": 1, "abyss": 1, "ignore_tox": 1, "research": 1, "reroll": 1, "reroll_any": 0, "set": 1,
    "remove_depletion": 1,
}


def parse_terms(text: str) -> tuple[Term, ...]:
    """'coin 1; trans 3' -> (Term('coin', 1), Term('trans', 3)); 'draw 2 place 1' -> draw_place."""
    out: list[Term] = []
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        words = part.split()
        if words[0] == "draw" and len(words) == 4 and words[2] in ("place", "keep"):
            words = [f"draw_{words[2]}", words[1], words[3]]
        name, nums = words[0], [int(w) for w in words[1:]]
        if name not in TERMS or len(nums) != TERMS[name]:
            raise ValueError(f"bad effect term {part!r}")
        out.append(Term(name, *nums))
    return tuple(out)


class Card(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str  # `speakers-1-envoy-a`, or the starter name
    kind: str  # `envoy`
    name: str
    guild: str  # a guild, "none" (Captain) or "all" (Scholar, F24)
    tier: int  # 0 = starter
    sail: int
    sink: tuple[Term, ...]
    income: int
    sky: tuple[Term, ...]


class Tile(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str  # `red-07`
    colour: str
    depth: Literal["S", "D", "A"]
    tox: int
    island: bool
    wedge: str | None  # y / r / p at printed corner 0
    cost: int
    craft: tuple[int, ...]  # craft edges at rotation 0
    building: bool
    site: bool  # Skyside construction site
    sonar: bool  # sonar station at printed corner 0

    @field_validator("tox")
    @classmethod
    def _tox(cls, v: int) -> int:
        if not 0 <= v <= 3:
            raise ValueError("toxicity is 0-3")
        return v


CRAFT = {"hull": (0, 1, 2, 3, 4, 5), "half": (0, 1, 2), "straight": (0, 3), "corner": (0, 1), "pier": (0,)}


class Board(BaseModel):
    model_config = ConfigDict(frozen=True)
    start_coins: tuple[int, ...]
    market_track: tuple[int, ...]
    market_start: dict[str, int]
    outpost_cost: dict[str, tuple[int, ...]]
    float_extra: dict[str, int]
    skiff_cost: int
    skiff_capacity: int
    skiff_sale: int
    tox_penalty: tuple[int, ...]
    rings: dict[str, tuple[tuple[Term, ...], ...]]
    survivor_tracks: dict[str, tuple[tuple[Term, ...], ...]]
    sonar_counts_as: tuple[str, ...]
    sonar_vp: tuple[int, ...]
    dive_dice: dict[str, tuple[str, ...]]
    research_faces: tuple[str, ...]
    artifacts: dict[str, tuple[tuple[Term, ...], ...]]
    objectives: dict[str, dict[str, tuple[int, ...]]]
    vp_supply_per_player: int
    round_limit: int


def _load_crew() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    with open(DATA / "crew.csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            tier, copies = int(row["tier"]), int(row["copies"])
            for c in range(copies):
                cid = row["id"] if tier == 0 else f"{row['guild']}-{tier}-{row['id']}-{'ab'[c]}"
                cards[cid] = Card(id=cid, kind=row["id"], name=row["name"], guild=row["guild"], tier=tier,
                                  sail=int(row["sail"]), sink=parse_terms(row["sink"]),
                                  income=int(row["income"]), sky=parse_terms(row["sky"]))
    return cards


def _load_tiles() -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    with open(DATA / "tiles.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for colour in COLOURS:
        for row in rows:
            tid = f"{COLOUR_NAMES[colour]}-{int(row['n']):02d}"
            tiles[tid] = Tile(id=tid, colour=colour, depth=row["depth"], tox=int(row["tox"]),
                              island=row["island"] == "1", wedge=row["wedge"] or None, cost=int(row["cost"]),
                              craft=CRAFT[row["craft"]], building=row["feat"] == "B", site=row["feat"] == "C",
                              sonar=row["sonar"] == "1")
    return tiles


def _load_board() -> Board:
    raw = json.loads((DATA / "board.json").read_text(encoding="utf-8"))

    def terms(cells: list[str]) -> tuple[tuple[Term, ...], ...]:
        return tuple(parse_terms(c) for c in cells)

    return Board(
        start_coins=raw["start_coins"], market_track=raw["market_track"], market_start=raw["market_start"],
        outpost_cost=raw["outpost_cost"], float_extra=raw["float_extra"], skiff_cost=raw["skiff_cost"],
        skiff_capacity=raw["skiff_capacity"], skiff_sale=raw["skiff_sale"], tox_penalty=raw["tox_penalty"],
        rings={g: terms(c) for g, c in raw["rings"].items()},
        survivor_tracks={k: terms(c) for k, c in raw["survivor_tracks"].items()},
        sonar_counts_as=raw["sonar"]["counts_as"], sonar_vp=raw["sonar"]["vp"], dive_dice=raw["dive_dice"],
        research_faces=raw["research_faces"],
        artifacts={g: terms(c) for g, c in raw["artifacts"].items()},
        objectives=raw["objectives"], vp_supply_per_player=raw["vp_supply_per_player"],
        round_limit=raw["round_limit"],
    )


CARDS = _load_crew()
TILES = _load_tiles()
BOARD = _load_board()
STARTERS: tuple[str, ...] = tuple(c.id for c in CARDS.values() if c.tier == 0)
ARTIFACTS: dict[str, tuple[Term, ...]] = {
    f"{g}-{i + 1}": t for g in GUILDS for i, t in enumerate(BOARD.artifacts[g])}
OBJECTIVE_SETS: tuple[str, ...] = tuple(BOARD.objectives)


def _validate() -> None:
    guild_crew = [c for c in CARDS.values() if c.tier > 0]
    assert len(guild_crew) == 46, len(guild_crew)
    assert len(STARTERS) == 6
    assert len(TILES) == 92
    depth = {d: sum(t.depth == d for t in TILES.values()) for d in "SDA"}
    assert depth == {"S": 36, "D": 32, "A": 24}, depth
    assert sum(t.tox for t in TILES.values()) == 84
    assert sum(t.island for t in TILES.values()) == 36
    assert sum(t.wedge is not None for t in TILES.values()) == 60
    assert sum(t.building for t in TILES.values()) == 32
    assert sum(t.site for t in TILES.values()) == 20
    assert sum(t.sonar for t in TILES.values()) == 40
    assert len(ARTIFACTS) == 16
    assert sum(len(v["sink"]) for v in BOARD.objectives.values()) == 33
    for g in GUILDS:
        assert len(BOARD.rings[g]) == 6
        for tier, want in ((1, 6), (2, 6 if g in ("speakers", "traders") else 5)):
            assert sum(c.guild == g and c.tier == tier for c in guild_crew) == want, (g, tier)
    for c in CARDS.values():  # F16: Sail only Sinkside, Income only Skyside, both in the data
        assert c.sail >= 0 and c.income >= 0


_validate()
