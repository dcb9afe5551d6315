"""The 45 island tiles (sheet §4, PROPOSED data) loaded and checked from data/islands.csv.

The CSV is component data, not code: this module only parses and validates it.
Any inconsistency raises `IslandDataError` at import time, so a broken edit
never reaches a game.
"""
from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict

from .state import COLOURS

DATA = Path(__file__).parent / "data" / "islands.csv"

Back = Literal["red", "blue", "yellow"]
BACKS: tuple[str, ...] = ("red", "blue", "yellow")
TOKENS_PER_COLOUR = 12  # W1: 60 tokens, 12 of each of the 5 types

# Which effects each back may carry (W18, W36-W39, W25-W34).
EFFECTS: dict[str, tuple[str, ...]] = {
    "red": ("draw",),
    "yellow": ("keep_extra", "free_passage", "wildcard"),
    "blue": (
        "per_colour", "per_cost_min", "per_distinct_colour", "per_shared", "per_group",
        "per_column", "per_row", "per_surrounding", "per_far", "per_square",
    ),
}


class IslandDataError(ValueError):
    """The island table breaks one of the sheet's invariants."""


class Island(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    back: Back
    colour: str
    cost: str  # multiset of colour letters, as printed (order irrelevant)
    vp: int  # fixed points (0 on blue backs)
    effect: str
    n: Optional[int] = None  # draw count (draw) or icon threshold (per_cost_min)
    unit: Optional[int] = None  # points per unit (blue backs)


def _check_row(isl: Island) -> None:
    where = f"island {isl.id!r}"
    if isl.colour not in COLOURS:
        raise IslandDataError(f"{where}: unknown colour {isl.colour!r}")
    if not 1 <= len(isl.cost) <= 4:
        raise IslandDataError(f"{where}: cost must have 1-4 icons, got {isl.cost!r}")
    bad = [ch for ch in isl.cost if ch not in COLOURS]
    if bad:
        raise IslandDataError(f"{where}: unknown cost icon(s) {bad}")
    if isl.effect not in EFFECTS[isl.back]:
        raise IslandDataError(f"{where}: effect {isl.effect!r} is not allowed on a {isl.back} back")
    if isl.back == "blue":
        if isl.vp != 0:
            raise IslandDataError(f"{where}: blue-back islands carry no fixed points")
        if not isl.unit or isl.unit < 1:
            raise IslandDataError(f"{where}: a scoring island needs a positive unit")
        if isl.effect == "per_cost_min" and isl.n not in (1, 2, 3, 4):
            raise IslandDataError(f"{where}: per_cost_min needs a threshold n of 1-4")
    else:
        if isl.vp < 0:
            raise IslandDataError(f"{where}: negative points")
        if isl.unit is not None:
            raise IslandDataError(f"{where}: only scoring islands have a unit")
        if isl.effect == "draw" and (isl.n is None or isl.n < 1):
            raise IslandDataError(f"{where}: a draw effect needs n >= 1")


def validate(islands: list[Island]) -> None:
    """Whole-table invariants from the sheet (§4 loader checks)."""
    if len(islands) != 45:
        raise IslandDataError(f"expected 45 islands, found {len(islands)}")
    ids = Counter(i.id for i in islands)
    dup = [k for k, v in ids.items() if v > 1]
    if dup:
        raise IslandDataError(f"duplicate island ids: {dup}")
    for isl in islands:
        _check_row(isl)
    per_back: Counter[str] = Counter(i.back for i in islands)
    for back in BACKS:
        if per_back[back] != 15:
            raise IslandDataError(f"expected 15 {back}-back islands, found {per_back[back]}")
    per_colour: Counter[tuple[str, str]] = Counter((i.back, i.colour) for i in islands)
    for back in BACKS:
        for col in COLOURS:
            if per_colour[(back, col)] != 3:
                raise IslandDataError(
                    f"expected 3 {back}-back islands of colour {col}, found {per_colour[(back, col)]}")
    # Flat demand: each colour's share of the cost icons matches its 12 tokens
    # (24 of the 120 icons each, i.e. 2 icons per token).
    icons = Counter(ch for i in islands for ch in i.cost)
    total = sum(icons.values())
    for col in COLOURS:
        if icons[col] * len(COLOURS) != total or icons[col] != 2 * TOKENS_PER_COLOUR:
            raise IslandDataError(
                f"colour {col} appears on {icons[col]} of {total} cost icons; "
                f"expected {2 * TOKENS_PER_COLOUR} (matching {TOKENS_PER_COLOUR} tokens per colour)")


def _opt_int(raw: str | None) -> Optional[int]:
    raw = (raw or "").strip()
    return int(raw) if raw else None


def parse(text: str) -> list[Island]:
    rows = list(csv.DictReader(text.splitlines()))
    out = []
    for row in rows:
        try:
            out.append(Island(
                id=row["id"].strip(), back=row["back"].strip(), colour=row["colour"].strip(),
                cost=row["cost"].strip(), vp=int(row["vp"]), effect=row["effect"].strip(),
                n=_opt_int(row.get("n")), unit=_opt_int(row.get("unit")),
            ))
        except (KeyError, TypeError, ValueError) as exc:
            raise IslandDataError(f"bad island row {row!r}: {exc}") from exc
    validate(out)
    return out


def load(path: Path = DATA) -> dict[str, Island]:
    return {i.id: i for i in parse(path.read_text(encoding="utf-8"))}


ISLANDS: dict[str, Island] = load()
BY_BACK: dict[str, list[str]] = {b: [i.id for i in ISLANDS.values() if i.back == b] for b in BACKS}
