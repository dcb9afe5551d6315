"""The co-operative bot's "look at" abilities and items (§3.7, §3.10; R98: what is looked at is
shown to every seat, so the bot may weigh it): Tracking before a planned Hunt (the beast on top
stays only if it is no worse than the others), Reconnaissance before a planned Explore (the best
of the three tiles on top), Scouting with determination to spare (the better token), A new idea
(the most useful invention), Storm Glass before the Event-phase draw (a worse-than-average event
goes to the bottom).  Each answer is decided from public information at the moment it is asked."""
from __future__ import annotations

from typing import Optional

from ..data import BEASTS, EVENTS, INVENTIONS
from ..island import distances
from ..plan import invention_ready
from ..state import RobinsonState
from .cards import drawn_cost, event_cost
from .harm import fight_wounds, hurt
from .island_value import terrain_need, tile_value
from .planning import invention
from .tokens import token_value
from .worth import Worth

COST = {"tracking": 2, "recon": 2, "scouting": 3, "new_idea": 3}


def _spare(s: RobinsonState, who: str, cost: int) -> bool:
    """Determination left after the ability, keeping some while Morale is low (R24)."""
    return s.chars[who].det - cost >= (2 if s.morale < 0 else 0)


def look_move(s: RobinsonState, seat: str, ids: list[str]) -> Optional[str]:
    """A look-at ability worth its determination now, or None."""
    me = s.seat_char[seat]
    planned = {st.action for st in s.plan}
    if "ab:tracking" in ids and "hunt" in planned and len(s.hunt_deck) >= 2 and _spare(s, me, 2):
        return "ab:tracking"
    if "ab:recon" in ids and "explore" in planned and len(s.island_stack) >= 2 and _spare(s, me, 2):
        return "ab:recon"
    if "ab:scouting" in ids and len(s.disc_stack) >= 2 and _spare(s, me, 3 + 3):
        return "ab:scouting"
    if "ab:new_idea" in ids and _spare(s, me, 3 + 3):
        return "ab:new_idea"
    return None


def pick_look(s: RobinsonState, ids: list[str]) -> str:
    """The `pk:<i>` answer to a look-at prompt."""
    p = s.pending or {}
    kind = p.get("kind")
    cards = [c for c in p.get("cards", "").split(";") if c]
    if not cards:
        return ids[0]
    w = Worth(s)
    if kind == "tracking":  # the top beast was just shown to everyone (R98); the planned Hunt's resolver
        who = next((st.pawns[0] for st in s.plan if st.action == "hunt"), s.seat_char[p["seat"]])

        def cost(name: str) -> float:
            b = BEASTS[name]
            return hurt(s, who, fight_wounds(s, name, s.weapon)) - w.food(b.food) - w.fur * b.fur
        top = cost(s.hunt_deck[0].partition(":")[2])
        rest = [cost(c.partition(":")[2]) for c in s.hunt_deck[1:]]
        return ids[cards.index("bottom")] if rest and top > sum(rest) / len(rest) else ids[cards.index("top")]
    if kind == "glass":  # the top event card was just shown to everyone
        avg = sum(event_cost(w, n) for n in EVENTS) / len(EVENTS)
        top = drawn_cost(w, s.event_deck[0], avg)
        return ids[cards.index("bottom")] if top > avg else ids[cards.index("top")]
    if kind == "recon":  # the tile the planned Explore will draw
        need = terrain_need(s, w, _invention)
        dist = distances(s)
        d = min((dist.get(int(st.target.split(".")[1]), 3) for st in s.plan if st.action == "explore"
                 and st.target.split(".")[1].isdigit()), default=1)
        return ids[max(range(len(cards)), key=lambda i: tile_value(s, w, int(cards[i]), d, need))]
    if kind == "scouting":
        return ids[max(range(len(cards)), key=lambda i: token_value(w, cards[i]))]
    if kind == "new_idea":
        return ids[max(range(len(cards)), key=lambda i: (invention_ready(s, cards[i]), _invention(w, cards[i])))]
    return ids[0]


def _invention(w: Worth, name: str) -> float:
    return invention(w, name) if name in INVENTIONS else 0.0
