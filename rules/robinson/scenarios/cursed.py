"""Scenario 2, Cursed Island (robinson-scenarios.md K2): fog (K2.3, K2.4), the numbered totems and the
temple (K2.5, K2.6), the Cross and the Sacred Bell (K2.7), and the win with crosses on 5 tiles at the
end of a round (K2.1).  The data block is data/scenarios.json `cursed_island`; fog and crosses are
marks (marks.py, M3)."""
from __future__ import annotations

from dataclasses import replace

from .. import marks
from ..asks.core import ask
from ..data import ADJ, INVENTIONS, SCENARIO_INVENTIONS_OF
from ..state import RobinsonState, Temple, TempleView
from ..tallies import end
from ..texts import m
from .base import Goal, from_data

KEY = "cursed_island"
CROSS = "Cross"  # K2.7: a tile-targeted, `multi` invention (target `b.inv.Cross.<space>`)
BELL = "SacredBell"  # K2.7 Sacred Bell (move ids have no spaces)
TEMPLE = "x.temple"  # K2.6: the temple search, a special Explore of the temple tile
FOG, MARK = "fog", "cross"  # K0.13: white and blue markers
CANDLE = "Cultist Candle"  # K2.8: a discovery token placed as a one-use neutral pawn (pawn letter `k`)
_BLOCK = from_data(KEY, SCENARIO_INVENTIONS_OF[KEY])
TO_WIN = int(_BLOCK.extra["crosses_to_win"])  # K2.1
BELL_REMOVES = int(_BLOCK.extra["bell_removes"])  # K2.7
SEARCH = str(_BLOCK.extra["temple_search"])  # K2.6: the Mystery draw of a successful search
# The bot's reading of the goal (Goal): a Cross's share of the win is 0.8 + 0.4 x crosses missing /
# rounds left (at most 1), and a wood is worth 4 while crosses are missing (tried on 40 greedy games
# solo and with 2: 2.5 and 0.8 + 0.2 won fewer, the first reading 0.35 + 0.43 none).
SHARE = (0.8, 0.4)
WOOD_PRICE = 4.0
# The temple search (K2.6) as a goal step: 0.3 of the win, about 6 wounds' worth (tried on 80 greedy
# games solo and 40 with 2: 0.1 searched in 11 of 40 games, 0.5 in 39 of 40 and won no more).  It
# costs no resources; its pawns (an Explore's, with the distance and fog pawns, K2.6) are the
# planner's to weigh, as for every stack: the bot searches when the temple is found and the pawns
# are worth it.
TEMPLE_SHARE = 0.3


def on(s: RobinsonState) -> bool:
    return s.options.scenario == KEY


def steps_from(start: int) -> dict[int, int]:
    """Steps between island spaces, explored or not (K2.4's and K2.7's "farthest"/"nearest")."""
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in ADJ[a]:
                if b not in dist:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


def fog_spaces(s: RobinsonState) -> list[int]:
    """K2.4's default order for new fog: unexplored spaces farthest from the camp, then explored tiles
    farthest from the camp, the camp tile last; only spaces without fog (K2.3: at most one each)."""
    dist = steps_from(s.camp)
    free = [sp for sp in dist if not marks.has(s, sp, FOG)]
    return sorted(free, key=lambda sp: (sp == s.camp, sp in s.island, -dist[sp], sp))


def put_fog(s: RobinsonState, sp: int) -> bool:
    """K2.3: fog on a space that has none (a second one is never put)."""
    if marks.has(s, sp, FOG):
        return False
    marks.add(s, sp, FOG)
    s.events.append(m("ev.fog", space=sp))
    return True


def book(s: RobinsonState, n: int, card: str = "") -> None:
    """K2.4: fog on n spaces without fog, the FP's seat choosing one space at a time (E15; asked
    through asks/fog.py, the sheet's default order first, E31 [PROPOSED default]); no more free
    spaces than n: fog on all of them, nobody asked."""
    free = fog_spaces(s)
    if n <= 0 or not free:
        return
    if len(free) <= n:
        for sp in free:
            put_fog(s, sp)
        return
    ask(s, "fog", [str(sp) for sp in free], card, n=str(n))


def fog_order(s: RobinsonState) -> list[int]:
    """K2.7's default order for taking fog off: the camp tile's first, then the fog nearest the camp
    [PROPOSED default]."""
    dist = steps_from(s.camp)
    return sorted(marks.spaces_with(s, FOG), key=lambda x: (dist.get(x, 99), x))


def take_one(s: RobinsonState, sp: int) -> None:
    """K2.7, K2.8: one chosen fog taken off (told with the others when the effect is done)."""
    marks.remove(s, sp, FOG)


def clear_fog(s: RobinsonState, n: int, card: str = "", by: str = "", gone: int = 0) -> None:
    """K2.7 Sacred Bell (K2.8 Carved Bell, `by` the token): take off n fog, the chooser's seat (the
    resolver's, else the FP's, E15) choosing one at a time (asks/fog.py, `fog_order` first, E31);
    no more fog than n: all of it, nobody asked.  `gone`: fog already taken off by this effect."""
    order = fog_order(s)
    if n > 0 and len(order) > n:
        ask(s, "unfog", [str(sp) for sp in order], card, n=str(n), gone=str(gone), by=by)
        return
    for sp in order[:max(0, n)]:
        marks.remove(s, sp, FOG)
    s.events.append(m("ev.fog_cleared", n=gone + len(order[:max(0, n)])))


def crossed(s: RobinsonState) -> list[int]:
    """K2.1: the face-up island tiles holding a cross (a cross counts once per tile)."""
    return [sp for sp in marks.spaces_with(s, MARK) if sp in s.island and s.island[sp].face_up]


def cross_spaces(s: RobinsonState, reach: dict[int, int]) -> list[int]:
    """K2.7: where a Cross may be planned: a face-up tile without a cross, the camp tile or one reached
    by the Gather rules (`reach`: island.distances); never a face-down tile."""
    return [sp for sp in sorted(s.island) if sp in reach and s.island[sp].face_up and not marks.has(s, sp, MARK)]


def cross_space(target: str) -> int | None:
    """The tile of a Cross target `b.inv.Cross.<space>` (None for any other target)."""
    parts = target.split(".")
    return int(parts[3]) if parts[:3] == ["b", "inv", CROSS] and len(parts) > 3 else None


def multi_built(s: RobinsonState, name: str, target: str) -> None:
    """K2.7 (M7 `multi`): a Cross or a Sacred Bell takes effect when its build succeeds and is never
    "built": it may be planned again, even in the same round on another tile."""
    if name == CROSS:
        sp = cross_space(target)
        if sp is not None and sp in s.island and s.island[sp].face_up and not marks.has(s, sp, MARK):
            marks.add(s, sp, MARK)
            s.events.append(m("ev.cross", space=sp, n=len(crossed(s)), of=TO_WIN))
    elif name == BELL:
        clear_fog(s, BELL_REMOVES, "invention:" + BELL)


def temple(s: RobinsonState) -> int | None:
    """K2.5: the space of totem 1, the temple, while its tile is face up."""
    sp = next((x for x, n in s.totems.items() if n == 1), None)
    return sp if sp is not None and sp in s.island and s.island[sp].face_up else None


def place_temple(s: RobinsonState) -> None:
    """K2.5 totem 1: the temple; it may be searched from the next round on (K2.6)."""
    s.temple = Temple(placed=s.round)
    s.events.append(m("ev.temple", space=temple(s)))


def can_search(s: RobinsonState) -> bool:
    """K2.6: once per game, in a round after token 1 was placed."""
    t = s.temple
    return on(s) and t is not None and not t.searched and t.placed < s.round and temple(s) is not None


def searched(s: RobinsonState) -> None:
    """K2.6: the search is done however many Mystery cards resolve."""
    assert s.temple is not None
    s.temple.searched = s.round


def view(s: RobinsonState) -> TempleView | None:
    """What the board shows of the goal (K2.1) and the temple (K2.6); None in other scenarios."""
    if not on(s):
        return None
    t = s.temple
    return {"space": temple(s), "from": t.placed + 1 if t else 0, "searched": t.searched if t else 0,
            "crosses": len(crossed(s)), "to_win": TO_WIN, "fog": len(marks.spaces_with(s, FOG))}


def check_round_end(s: RobinsonState) -> bool:
    """K2.1, K0.9: at the end of a round, crosses on 5 different tiles win."""
    if s.result is None and len(crossed(s)) >= TO_WIN:
        end(s, "won", KEY + "_goal")
        return True
    return False


def goal_steps(s: RobinsonState) -> dict[str, float]:
    """K2.1, for the bot: every Cross target on a tile still without one, worth more as the crosses
    missing outgrow the rounds left; the Explores while too few face-up tiles lack a cross; the Sacred
    Bell against the fog (K2.7); the temple search once it may be made (K2.6: treasures)."""
    have = len(crossed(s))
    left = max(1, _BLOCK.rounds - s.round + 1)
    need = max(0, TO_WIN - have)
    share = min(1.0, SHARE[0] + SHARE[1] * need / left) if need else 0.0
    out = {f"b.inv.{CROSS}.{sp}": share for sp in s.island if not marks.has(s, sp, MARK)}
    open_tiles = sum(spot.face_up and not marks.has(s, sp, MARK) for sp, spot in s.island.items())
    if open_tiles < need:  # too few tiles to cross: exploring finds the rest
        out.update({f"x.{sp}": share * 0.5 for sp in ADJ if sp not in s.island})
    if len(marks.spaces_with(s, FOG)) >= 2:
        out[f"b.inv.{BELL}"] = 0.3
    if can_search(s):  # K2.6: the temple's Mystery draw, once per game, from the round after it was found
        out[TEMPLE] = TEMPLE_SHARE
    return out


def goal_stock(s: RobinsonState) -> dict[str, int]:
    """K2.7: the wood the crosses still to place will cost (2 each)."""
    need = max(0, TO_WIN - len(crossed(s)))
    return {"W": need * INVENTIONS[CROSS].cost.get("W", 0)}


def wood_price(s: RobinsonState) -> float:
    """K2.7, for the bot: while crosses are missing, every 2 wood is a Cross, a share of the win."""
    return WOOD_PRICE


CURSED = replace(_BLOCK, goal=Goal(steps=goal_steps, stock=goal_stock, wood_price=wood_price),
                 at_round_end=check_round_end)
