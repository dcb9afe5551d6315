"""Scenario 5, Cannibal Island (robinson-scenarios.md K5): villages on the numbered totems (K5.4), their
burning, a special Hunt (K5.5), the City of Cannibals flipped face up at the start of round 4 (K5.6), the
Book's wounds and forced camp move (K5.7), the placeholder inventions (K5.8) and the win once a round
ends after the City burned (K5.1).  The data block is data/scenarios.json `cannibal_island`; villages,
the standing City and burned totems are marks (marks.py, M3)."""
from __future__ import annotations

from dataclasses import replace

from .. import marks
from ..combat import built
from ..data import ADJ, SCENARIO_INVENTIONS_OF, TILES
from ..island import adjacent_tiles, distances, sources
from ..state import CannibalView, RobinsonState
from ..tallies import end, living, over, pay, wound
from ..texts import char, m
from .base import Goal, from_data

KEY = "cannibal_island"
VILLAGE, CITY_MARK, BLACK = "village", "city", "black"  # K5.4, K5.6; K0.13 a black marker on a burned totem
BURN = "h.burn."  # K5.5: the burning of the village on <space>, a special Hunt (target `h.burn.<space>`)
TORCHES, LOOKOUT = "Torches", "Lookout"  # K5.8 placeholders, not from the sheet
_BLOCK = from_data(KEY, SCENARIO_INVENTIONS_OF[KEY])
CITY = _BLOCK.extra["city"]  # K5.3, K5.6: {"tile": 4, "space": 4, "round": 4, "token": 6}
CITY_SPACE = int(CITY["space"])
BURN_PAWNS = int(_BLOCK.extra["burn_pawns"])  # K5.5: always exactly 2
BASE_STRENGTH = int(_BLOCK.extra["burn_strength"])  # K5.5: 4 + the uncovered totems
BOOK_WOUNDS = int(_BLOCK.extra["book_wounds"])  # K5.7: 3 minus the villages burned
STUCK_WOUNDS = int(_BLOCK.extra["camp_fallback_wounds"])  # K5.7: no move and no Shelter
TORCHES_BONUS = int(_BLOCK.extra["torches_bonus"])
LOOKOUT_BOOK = int(_BLOCK.extra["lookout_book"])
PLACEHOLDERS = tuple(_BLOCK.extra["placeholders"])
# The bot's reading of the goal (Goal): burning the City is the win itself (share 1); a village's
# burning lowers the Book's wounds and the City's strength stays (share 0.35).
CITY_SHARE, VILLAGE_SHARE = 1.0, 0.35


def on(s: RobinsonState) -> bool:
    return s.options.scenario == KEY


def village_here(s: RobinsonState) -> None:
    """K5.4: the totem just revealed (the Explore's tile, s.ctx) is a village: one more pawn for any
    action there (M5, extra_pawns.PAWN_MARKS)."""
    if "space" in s.ctx:
        sp = int(s.ctx["space"])
        if not marks.has(s, sp, VILLAGE):
            marks.add(s, sp, VILLAGE)
            s.events.append(m("ev.village", space=sp, n=s.totems.get(sp, 0)))


def village_loot(s: RobinsonState, who: str | None) -> None:
    """K5.4 totems 2-4: discard 1 wood or 1 food if possible; the explorer's seat is not asked yet:
    wood while there is any, else food [PROPOSED default]."""
    for k in ("W", "F"):
        have = s.avail[k] + (s.avail["NF"] if k == "F" else 0)
        if have:
            pay(s, k, 1, if_possible=True, why=m("village_named", n=s.totems.get(int(s.ctx.get("space", -1)), 0)))
            return


def villages(s: RobinsonState) -> list[int]:
    """K5.4, K5.6: the face-up tiles holding a village not burned yet (the standing City included)."""
    return [sp for sp in marks.spaces_with(s, VILLAGE) if sp in s.island and s.island[sp].face_up]


def burned(s: RobinsonState) -> int:
    """K5.5, K5.7: the villages burned so far (black markers on totems, the City included)."""
    return sum(marks.count(s, sp, BLACK) for sp in marks.spaces_with(s, BLACK))


def city_standing(s: RobinsonState) -> bool:
    """K5.6: the City is face up and not burned."""
    spot = s.island.get(CITY_SPACE)
    return on(s) and spot is not None and spot.face_up and marks.has(s, CITY_SPACE, CITY_MARK)


def city_burned(s: RobinsonState) -> bool:
    """K5.1: the City of Cannibals was burned."""
    return on(s) and marks.has(s, CITY_SPACE, BLACK) and s.totems.get(CITY_SPACE) == int(CITY["token"])


def closed(s: RobinsonState, sp: int) -> bool:
    """K5.6 [PROPOSED]: the standing City's sources cannot be gathered and the camp cannot move there."""
    return sp == CITY_SPACE and city_standing(s)


def strength(s: RobinsonState) -> int:
    """K5.5: 4 + the uncovered totem icons on face-up tiles, the target's included."""
    return BASE_STRENGTH + sum(1 for sp, spot in s.island.items()
                               if spot.face_up and TILES[spot.tile].totem and not marks.has(s, sp, BLACK))


def burn_spaces(s: RobinsonState, dist: dict[int, int] | None = None) -> list[int]:
    """K5.5: the villages a burning may target: a path of explored face-up tiles from the camp."""
    dist = distances(s) if dist is None else dist
    return [sp for sp in villages(s) if sp in dist]


def burn_weapon(s: RobinsonState, weapon: int) -> int:
    """K5.5: the Weapon a burning fights with (Torches +2, a K5.8 placeholder)."""
    return weapon + (TORCHES_BONUS if built(s, TORCHES) else 0)


def burn_space(target: str) -> int | None:
    """The village of a burning target `h.burn.<space>` (None for any other target)."""
    return int(target[len(BURN):]) if target.startswith(BURN) and target[len(BURN):].isdigit() else None


def burn(s: RobinsonState, who: str, sp: int, bonus: int = 0) -> None:
    """K5.5: the fight (no Hunting card): strength minus Weapon wounds to the resolver (Torches +2 Weapon,
    a K5.8 placeholder), no Weapon loss, no loot; then the village's token goes and a black marker covers
    its totem.  A village lost since planning (its tile turned face down: E3) is skipped; a resolver the
    fight kills (Friday: a character's death ends the game) burns nothing [PROPOSED]."""
    if sp not in burn_spaces(s):
        s.events.append(m("ev.burn_skipped", space=sp))
        return
    power = strength(s)
    weapon = burn_weapon(s, s.weapon) + bonus  # E20: a fight bonus chosen before it [PROPOSED]
    s.events.append(m("ev.burn_city" if sp == CITY_SPACE and marks.has(s, sp, CITY_MARK) else "ev.burn", who=char(who),
                      space=sp, str=power, wpn=weapon))
    if power > weapon:
        wound(s, who, power - weapon, "beast")
        if over(s):
            return
        if s.chars[who].dead:  # Friday killed by the fight: the village stands [PROPOSED]
            s.events.append(m("ev.burn_failed", space=sp))
            return
    marks.remove(s, sp, VILLAGE)
    marks.remove(s, sp, CITY_MARK)
    marks.add(s, sp, BLACK)
    s.events.append(m("ev.burned", space=sp, n=burned(s)) if sp != CITY_SPACE else m("ev.city_burned"))


def city_flip(s: RobinsonState) -> None:
    """K5.6 (M11): at the start of round 4, before the Event phase, tile 4 turns face up on its space with
    token 6 and no discovery tokens; it is a village while it stands [PROPOSED]."""
    if not on(s) or s.round != int(CITY["round"]) or CITY_SPACE not in s.island:
        return
    s.island[CITY_SPACE].face_up = True
    s.totems[CITY_SPACE] = int(CITY["token"])
    for kind in (VILLAGE, CITY_MARK):
        if not marks.has(s, CITY_SPACE, kind):
            marks.add(s, CITY_SPACE, kind)
    s.events.append(m("ev.city", space=CITY_SPACE))


def destinations(s: RobinsonState) -> list[int]:
    """K5.7, K5.9: where a forced camp move may go (adjacent face-up tiles, never face-down tile 4 nor
    the standing City: island.adjacent_tiles), the default first: most live sources, not a village
    [PROPOSED]."""
    return sorted(adjacent_tiles(s), key=lambda sp: (marks.has(s, sp, VILLAGE), -len(sources(s, sp)), sp))


def book(s: RobinsonState, card: str) -> list[str]:
    """K5.7: each character takes 3 wounds minus the villages burned (Lookout: 1 fewer, K5.8); then the
    camp must move (the destinations, default first, for the FP's seat to choose: returned); with
    nowhere to go, a Shelter is lost with Roof and Palisade to 0, a natural shelter only sets them to 0
    [PROPOSED], no shelter at all wounds each character 2."""
    n = max(0, BOOK_WOUNDS - burned(s) - (LOOKOUT_BOOK if built(s, LOOKOUT) else 0))
    if n:
        for who in living(s):
            wound(s, who, n, "wounds")
            if over(s):
                return []
    where = destinations(s)
    if where:
        return [str(sp) for sp in where]
    if s.shelter:
        s.shelter = False
        s.roof = s.palisade = 0
        s.events.append(m("ev.camp_stuck_shelter"))
    elif TILES[s.island[s.camp].tile].shelter:
        s.roof = s.palisade = 0
        s.events.append(m("ev.camp_stuck_natural"))
    else:
        s.events.append(m("ev.camp_stuck", n=STUCK_WOUNDS))
        for who in living(s):
            wound(s, who, STUCK_WOUNDS, "wounds")
            if over(s):
                break
    return []


def lookout_keeps(s: RobinsonState) -> bool:
    """K5.8 Lookout (placeholder): the Book's forced move does not halve Roof and Palisade."""
    return on(s) and built(s, LOOKOUT)


def check_round_end(s: RobinsonState) -> bool:
    """K5.1, K0.9: a round ends after the City was burned: won."""
    if s.result is None and city_burned(s):
        end(s, "won", KEY + "_goal")
        return True
    return False


def view(s: RobinsonState) -> CannibalView | None:
    """What the board shows of the goal: villages standing and burned, the City and its round, the
    burning's strength now (K5.1, K5.4-K5.6); None in other scenarios."""
    if not on(s):
        return None
    return {"villages": villages(s), "burned": burned(s), "city_space": CITY_SPACE,
            "city_round": int(CITY["round"]), "city_up": city_standing(s), "city_burned": city_burned(s),
            "strength": strength(s)}


def goal_steps(s: RobinsonState) -> dict[str, float]:
    """K5.1, for the bot: the City's burning is the win; a village's lowers the Book's wounds; while the
    City is not up yet, Explores towards it (its neighbours) open the path."""
    out = {f"{BURN}{sp}": CITY_SHARE if sp == CITY_SPACE else VILLAGE_SHARE for sp in villages(s)}
    if not city_burned(s):
        out.update({f"x.{sp}": 0.3 for sp in ADJ[CITY_SPACE] if sp not in s.island})
        if built(s, "Fire") and not built(s, TORCHES):
            out[f"b.inv.{TORCHES}"] = 0.3
    return out


def goal_stock(s: RobinsonState) -> dict[str, int]:
    return {}


CANNIBAL = replace(_BLOCK, goal=Goal(steps=goal_steps, stock=goal_stock), at_round_end=check_round_end,
                   at_round_start=city_flip)
