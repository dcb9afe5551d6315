"""The co-operative bot's answers to the choices inside effects (asks/, E31): the cheaper loss,
the more useful gain, the safer fight.  Pure: decided from the state alone."""
from __future__ import annotations

import json
from typing import Any

from ..data import BEASTS, CHARACTERS, INVENTIONS, TILES
from ..effects import choose_alternative
from ..island import kind as src_kind, sources
from ..plan import invention_ready
from ..state import RobinsonState
from ..tallies import half_loss, in_camp
from .camp import tile_worth
from .worth import INVENTION_VALUE, Worth


def value(name: str) -> float:
    return INVENTION_VALUE.get(name, 2.0)


def _food_short(s: RobinsonState) -> bool:
    return s.avail["F"] + s.avail["NF"] < len(in_camp(s)) + 1


def _tile_worth(s: RobinsonState, sp: int) -> float:
    spot = s.island[sp]
    return len(sources(s, sp)) + 2 * TILES[spot.tile].shelter + 0.5 * len(spot.tokens)


def pick(s: RobinsonState, ids: list[str]) -> str:
    p = s.pending or {}
    k = p.get("kind")
    if k == "or":  # what can be paid in full, else the last (the lesser harm in the data's order)
        opts: list[list[Any]] = json.loads(p["opts"])
        return ids[opts.index(choose_alternative(s, opts))]
    if k == "rp":  # raise the lower track; lower the higher one
        if int(p["n"]) > 0:
            return ids[0] if s.roof <= s.palisade else ids[1]
        return ids[0] if s.roof > s.palisade else ids[1]
    if k == "halfrp":  # lose the smaller half
        return ids[0] if half_loss(s.roof) <= half_loss(s.palisade) else ids[1]
    if k == "exh":  # keep the kind the group is short of
        want = "F" if _food_short(s) else "W"
        return min(ids, key=lambda i: (src_kind(i.partition(".")[2]) == want, i))
    if k == "tile":  # the least useful tile goes face down
        return min(ids, key=lambda i: (_tile_worth(s, int(i[3:])), i))
    if k == "camp":  # R73 forced: the tile worth most for the rounds left (camp.py)
        w = Worth(s)
        return max(ids, key=lambda i: (tile_worth(s, w, int(i[3:])), -int(i[3:])))
    if k == "flip":  # the least useful item, never Fire
        return min(ids, key=lambda i: (i[3:] == "Fire", value(i[3:])))
    if k == "howl":  # the beast with the best loot for its weapon loss
        def loot(i: str) -> int:
            b = BEASTS[i[3:].replace("_", " ")]
            return b.food + b.fur - 2 * b.loss
        return max(ids, key=loot)
    if k == "council":  # the most useful invention, ready ones first
        return max(ids, key=lambda i: (invention_ready(s, i[3:]), value(i[3:])))
    if k == "prodsc":  # R28: food when short, else wood
        want = "F" if _food_short(s) else "W"
        return next((i for i in ids if src_kind(i[3:]) == want), ids[0])
    if k == "dog":
        return p.get("default") or ids[0]
    if k == "fast":
        return max(ids, key=lambda i: _fast_value(s, i[3:]))
    if k == "shortcut":  # the tile with most sources, food first
        return max(ids, key=lambda i: (len(sources(s, int(i[3:]))),
                                       any(src_kind(x) == "F" for x in sources(s, int(i[3:]))), -int(i[3:])))
    if k == "fight":  # a bonus when it spares 2 wounds or more, or when life runs low
        who = s.chars[p["who"]]
        strength = BEASTS[p["beast"].partition(":")[2]].strength if p.get("beast") else int(p["stats"].split(":")[0])
        missing = strength - s.weapon - int(p["bonus"])
        left = CHARACTERS[who.name].life - who.wounds
        if missing >= 2 or (missing >= 1 and left <= missing + 2):
            return next((i for i in ids if i != "fb:go"), "fb:go")
        return "fb:go"
    return ids[0]


def _fast_value(s: RobinsonState, key: str) -> float:
    parts = key.split(".")
    if parts[1] == "shelter":
        return 10.0
    if parts[1] == "roof":
        return 8.0 if s.roof < 2 else 2.0
    if parts[1] == "pal":
        return 3.0
    if parts[1] == "wpn":
        return 4.0 if s.weapon < 2 else 1.5
    name = parts[2]
    return value(name) - 0.5 * INVENTIONS[name].cost.get("W", 0)
