"""The co-operative bot's use of abilities, items and discovery tokens in the planning window
(E20, §3.7, §3.8, §3.10): only the ones whose worth is plain (food when short, morale below +3,
weapon and palisade levels, healing the worst wounded, wood onto the pile, determination that
would otherwise be lost to low morale, the Carpenter's Handyman for a sure Build and his Economical
construction on a stack he leads that pays wood).  "Look at" abilities are
left to players."""
from __future__ import annotations

from typing import Optional

from ..abilities import options as aid_options
from ..extra_pawns import extras_of
from ..scenarios import of as scenario_of
from ..scenarios.castaways import room, wins_with
from ..state import RobinsonState


def goal_steps(s: RobinsonState) -> dict[str, float]:
    goal = scenario_of(s).goal
    return goal.steps(s) if goal is not None else {}


def aid_move(s: RobinsonState, seat: str, food_gap: int) -> Optional[str]:
    """The first worthwhile ability/item/token use for this seat now, or None."""
    ids = [o[0] for o in aid_options(s, seat)]
    if not ids:
        return None
    me = s.chars[s.seat_char[seat]]

    def first(*prefixes: str) -> Optional[str]:
        for p in prefixes:
            for mid in ids:
                if mid == p or mid.startswith(p + ":"):
                    return mid
        return None

    def heal_best(prefix: str, min_wounds: int) -> Optional[str]:
        cands = [mid for mid in ids if mid.startswith(prefix + ":")]
        cands = [mid for mid in cands if mid.rsplit(":", 1)[1] in s.chars
                 and s.chars[mid.rsplit(":", 1)[1]].wounds >= min_wounds]
        return max(cands, key=lambda mid: s.chars[mid.rsplit(":", 1)[1]].wounds) if cands else None

    pick = None
    if food_gap > 0:
        pick = first("tk:Goat", "ab:stone_soup", "it:Biscuits")
    if pick is None and s.morale < 3:
        pick = first("tk:Herbs", "it:Bible", "ab:speech" if me.det >= 3 + 2 * (s.morale < 0) else "-")
    if pick is None and s.weapon < 3:
        pick = first("tk:Old_Machete", "tk:Pirate_Sabre", "tk:Poison", "it:Empty_Bottle", "ab:defense:wpn")
    if pick is None:  # K2.8 Strange Vial, K3.11 Tough Vines: offered only when they do something
        pick = first("tk:Healing_Herbs", "tk:Strange_Vial", "tk:Tough_Vines", "ab:defense:pal")
    if pick is None:  # K5.8: War Paint to the First Player, who pays for low Morale (R24)
        pick = first(f"tk:War_Paint:{s.seat_char[s.seats[s.fp]]}")
    if pick is None:  # K2.8: fog costs a pawn on every action there
        pick = first("tk:Carved_Bell")
    if pick is None and (room(s) >= 2 or wins_with(s, 2)):  # S6: 2 wood; on a last stage of 1 it wins (S5)
        pick = first("tk:Oil")
    if pick is None:
        pick = (heal_best("tk:Vegetables", 2) or heal_best("tk:Castaway_Herbs", 1) or heal_best("it:Flask_of_Rum", 2)
                or first("tk:Jenny_Herbs:Jenny") or heal_best("tk:Jenny_Herbs", 1)  # K3.11: Jenny's life first
                or (heal_best("ab:grandma", 3) if food_gap < 0 else None))
    if pick is None and me.det >= 5 and any(  # Handyman: its brown pawn makes the Carpenter's Build sure
            st.action == "build" and st.pawns[0] == me.name and st.base < 2 and len(st.pawns) + 1 >= 2 + extras_of(s, st)
            for st in s.plan):
        pick = first("ab:handyman")
    fp = s.seat_char[s.seats[s.fp]]
    if pick is None:  # K6.10: the Old tools build the first of Rope, Pot, Knife not built (K6.11's default)
        pick = first("tk:Old_tools")
    if pick is None:  # K6.10, K6.11: the Plough on a black marker the goal wants gone, else on the first
        goal = [mid for mid in ids if mid.startswith("tk:Plough:") and mid[len("tk:Plough:"):] in goal_steps(s)]
        pick = goal[0] if goal else first("tk:Plough")
    if pick is None:
        pick = first("tk:Medallion", "tk:Treasure")
    if pick is None and s.morale < 0:
        pick = first(f"it:Pipe_&_Tobacco:{fp}")
    if pick is None:  # Economical construction: a wood less for the Carpenter's placed stack (2 D)
        pick = first("ab:economy")
    return pick
