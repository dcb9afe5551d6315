"""Scenario 6, Family Robinson (robinson-scenarios.md K6): the 9 dealt inventions and the end-of-round
goal (K6.1), the children's food (K6.4), Reclamation (K6.5, M18), wasteland totems (K6.8) and the
food tokens that stack on the camp tile (K6.6).  The data block is data/scenarios.json
`family_robinson`; the Book is the existing half Production (K6.7, `halfprod`)."""
from __future__ import annotations

from dataclasses import replace

from .. import effects, marks
from ..combat import built
from ..data import INVENTIONS, SCENARIO_INVENTIONS_OF, TILES
from ..island import has_shelter
from ..state import RobinsonState
from ..tallies import end, pay, players
from ..texts import m, sub
from .base import Goal, from_data

KEY = "family_robinson"
RECLAIM = "r"  # K6.5: plan targets `r.<space>.<source>` (an exhausted source) and `r.<space>.waste`
WASTE = "waste"
_BLOCK = from_data(KEY, SCENARIO_INVENTIONS_OF[KEY])
POOL_ON_BOARD = int(_BLOCK.extra["pool_on_board"])  # K6.3: 9 random inventions instead of 5
CHILDREN = {int(r): int(n) for r, n in _BLOCK.extra["children_food"].items()}  # K6.4
ALL_MEALS = sum(CHILDREN.values())
RECLAIM_PAWNS = int(_BLOCK.extra["reclaim_pawns"])  # K6.5
OLD_TOOLS = tuple(_BLOCK.extra["old_tools"])  # K6.10: what the Old tools token may build
FEEDERS = {"Snare": 0.3, "Dam": 0.25, "Cellar": 0.2, "Corral": 0.15, "Garden": 0.2}  # the bot: food for K6.4
PUSH = {1: 2.0}  # the bot, alone: the goal's builds in rounds 1-6, before the children's meals take its pawns
SHELL_WOOD, GOAL_WOOD = 3.0, 2.0  # the bot's price of wood before and after the Shelter and first Roof


def playing(s: RobinsonState) -> bool:
    return s.options.scenario == KEY


def children_eat(s: RobinsonState) -> None:
    """K6.4: first in the Night, the children eat (rounds 7-8: 2 food, 9-10: 3, 11-12: 4), non-perishable
    food counting; without enough the game is lost at once (no unfulfilled demand)."""
    need = CHILDREN.get(s.round, 0)
    if not need:
        return
    if s.avail["F"] + s.avail["NF"] < need:
        s.events.append(m("ev.children_hungry", n=need))
        end(s, "lost", "family_children")
        return
    pay(s, "F", need, said=False)
    s.events.append(m("ev.children_eat", n=need))


def goal_inventions(s: RobinsonState) -> list[str]:
    """K6.1: the 9 inventions dealt at set-up (cards added later are not among them)."""
    return list(s.dealt)


def missing(s: RobinsonState) -> list[str]:
    """K6.1: the dealt inventions not built now (one flipped back, R59, is not built)."""
    return [n for n in s.dealt if not built(s, n)]


def goal_met(s: RobinsonState) -> bool:
    """K6.1: every dealt invention built, a Shelter (a natural one counts, R37), Roof, Palisade and
    Weapon at 1 or more."""
    return not missing(s) and has_shelter(s) and s.roof >= 1 and s.palisade >= 1 and s.weapon >= 1


def check_round_end(s: RobinsonState) -> bool:
    """K6.1, K0.9 (M8): checked at the end of a round, after the Night's step 5, before the last
    round's loss (R72(6))."""
    if s.result is None and playing(s) and goal_met(s):
        end(s, "won", "family_robinson_goal")
        return True
    return False


def hidden(s: RobinsonState, sp: int) -> bool:
    """Whether the tile on `sp` is face up with its terrain hidden by a mark (M4)."""
    spot = s.island.get(sp)
    return spot is not None and spot.face_up and marks.hides_terrain(s, sp)


def wasteland(s: RobinsonState, sp: int) -> None:
    """K6.8: a revealed totem tile whose terrain no other visible face-up tile shows gets a black
    wasteland marker: its terrain counts as unexplored until the marker goes (M4); its sources stay
    usable [PROPOSED]."""
    terrain = TILES[s.island[sp].tile].terrain
    seen = any(o != sp and spot.face_up and TILES[spot.tile].terrain == terrain and not marks.hides_terrain(s, o)
               for o, spot in s.island.items())
    if seen:
        s.events.append(m("ev.totem_seen", space=sp, terrain=sub("terrain", terrain)))
        return
    marks.add(s, sp, "wasteland")
    s.events.append(m("ev.wasteland", space=sp, terrain=sub("terrain", terrain)))


def reclaim_keys(s: RobinsonState) -> list[str]:
    """K6.5, M18: what a Reclamation may remove now: each exhausted source (E30) and each wasteland
    marker, one target each, in space order; nothing to remove, nothing to plan."""
    if not playing(s):
        return []
    out: list[str] = []
    for sp in sorted(s.island):
        spot = s.island[sp]
        out += [f"{RECLAIM}.{sp}.{src}" for src in dict.fromkeys(spot.exhausted)]
        if marks.has(s, sp, "wasteland"):
            out.append(f"{RECLAIM}.{sp}.{WASTE}")
    return out


def is_reclaim(key: str) -> bool:
    return key.startswith(RECLAIM + ".")


def reclaim(s: RobinsonState, key: str, who_msg: object) -> None:
    """K6.5: the marker named at planning goes (an exhausted source is restored, E30); gone since
    planning (E3), nothing happens."""
    _, sp_s, what = key.split(".")
    sp = int(sp_s)
    spot = s.island.get(sp)
    if what == WASTE and marks.remove(s, sp, "wasteland"):
        s.events.append(m("ev.reclaim_waste", who=who_msg, space=sp))
    elif what != WASTE and spot is not None and what in spot.exhausted:
        spot.exhausted.remove(what)
        s.events.append(m("ev.reclaim_source", who=who_msg, space=sp, src=sub("src", what)))
    else:
        s.events.append(m("ev.reclaim_none", who=who_msg))


def old_tools_items(s: RobinsonState) -> list[str]:
    """K6.10: the Old tools token builds one of Rope, Pot, Knife not built yet."""
    return [n for n in OLD_TOOLS if n not in s.built and n not in s.future_built]


def old_tools(s: RobinsonState, item: str) -> None:
    """K6.10: the item is built at once, free, without an action, terrain ignored [PROPOSED]; it takes
    effect now (the Knife's Weapon +1)."""
    s.built.append(item)
    s.events.append(m("ev.built", item=m("card", deck=sub("deck", "invention"), name=sub("name.invention", item))))
    effects.apply(s, INVENTIONS[item].effect, "invention:" + item)


# ---------------------------------------------------------------- the goal, for the bot

def _needs_all(name: str, out: dict[str, None]) -> None:
    for need in INVENTIONS[name].needs:
        if need in INVENTIONS and need not in out:
            out[need] = None
            _needs_all(need, out)


def needed(names: list[str]) -> list[str]:
    """The inventions `names` need, all the way down (R5's requirements), in the order they are first met."""
    out: dict[str, None] = {}
    for name in names:
        _needs_all(name, out)
    return list(out)


def goal_steps(s: RobinsonState) -> dict[str, float]:
    """K6.1 for the bot: each dealt invention not built and the inventions they need, worth more as
    the rounds run out; a wasteland marker hiding a terrain one of them needs is worth reclaiming
    (K6.5, K6.11's default)."""
    left = missing(s)
    late = PUSH.get(players(s), 1.0) * min(1.0, 0.35 + 0.06 * s.round)
    out = _camp_steps(s, late)
    for name in left:
        if name not in s.future_built:
            out[f"b.inv.{name}"] = max(out.get(f"b.inv.{name}", 0.0), late * 0.45)
    needs = needed(left)
    for name in needs:
        if not built(s, name) and name not in s.future_built:
            out[f"b.inv.{name}"] = max(out.get(f"b.inv.{name}", 0.0), late * 0.5)
    terrains = {t for n in left + list(needs) for t in INVENTIONS[n].needs if t not in INVENTIONS}
    for key in reclaim_keys(s):
        _, sp, what = key.split(".")
        if what == WASTE and TILES[s.island[int(sp)].tile].terrain in terrains:
            out[key] = 0.4
    return out


def _camp_steps(s: RobinsonState, late: float) -> dict[str, float]:
    """K6.1 for the bot: the Shelter, the first Roof, Palisade and Weapon levels the goal needs, by
    build part (`b.shelter`, `b.roof`, `b.pal`, `b.wpn`), while neither built nor planned."""
    planned = {st.target.split(".")[1] for st in s.plan if st.action == "build"}
    out: dict[str, float] = {}
    if not has_shelter(s) and "shelter" not in planned:
        out["b.shelter"] = late * 0.45
    for part, level in (("roof", s.roof), ("pal", s.palisade), ("wpn", s.weapon)):
        if level < 1 and part not in planned:
            out[f"b.{part}"] = late * 0.3
    meals = sum(n for r, n in CHILDREN.items() if r >= s.round)  # K6.4: the children's meals still to come
    for name, share in FEEDERS.items():
        if name not in s.built and name not in s.future_built:
            out[f"b.inv.{name}"] = share * meals / ALL_MEALS
    return out


def goal_stock(s: RobinsonState) -> dict[str, int]:
    """K6.1: the wood and fur the dealt inventions not built yet will cost."""
    out = {"W": 0, "Fur": 0}
    for name in missing(s):
        for k, v in INVENTIONS[name].cost.items():
            if k in out:
                out[k] += v
    return out


def wood_price(s: RobinsonState) -> float:
    """K6.1 for the bot: wood is dearer while the camp still lacks the Shelter or its first Roof the
    goal needs (each night without them costs wounds, R72, and clouds food and wood, R67)."""
    return SHELL_WOOD if not has_shelter(s) or s.roof < 1 else GOAL_WOOD


def mouths(s: RobinsonState) -> int:
    """K6.4: the children's meals tonight."""
    return CHILDREN.get(s.round, 0)


def mouths_in(s: RobinsonState, rnd: int) -> int:
    """K6.4: the children's meals in round `rnd`."""
    return CHILDREN.get(rnd, 0)


FAMILY = replace(_BLOCK, goal=Goal(steps=goal_steps, stock=goal_stock, mouths=mouths, unfed_loses=mouths,
                                   wood_price=wood_price, mouths_in=mouths_in),
                 at_round_end=check_round_end)
