"""A co-operative bot seat (rules/bots.py "greedy" level): plans its own pawns by
expected worth (planning.py: food for the night, Shelter and Roof before the
weather, wood for the pile and the snow, Fire, threats about to slide off,
exploring for terrains and sources, no Hunt without the Weapon for it), uses plain
abilities, items and tokens (aids.py) and the look-at ones (look.py), then
confirms; moves the camp at night when another tile is worth it (camp.py);
every other decision takes a sensible answer.  Pure: no clock, no global random;
ties broken by `rng`."""
from __future__ import annotations


from ...contract import Engine, Move
from ...rng import Rng
from .. import island
from ..abilities import FIGHT_ITEMS
from ..asks import KINDS as ASK_KINDS, pending_prompt
from ..data import ADVENTURES, CHARACTERS
from ..island import kind
from ..moves import label, options
from ..state import RobinsonState
from ..tallies import in_camp
from ..scenarios import jenny
from ..windows import clouds
from .aids import aid_move
from .answers import pick as ask_pick
from .camp import camp_pick
from .cards import codes_cost
from .harm import hunt_outlook, hurt
from .look import look_move, pick_look
from .odds import p_over
from .planning import plan_move, wood_move
from .worth import INVENTION_VALUE, Worth

LOOKS = ("tracking", "glass", "recon", "scouting", "new_idea")


def planned(s: RobinsonState, res: str) -> int:
    n = 0
    for st in s.plan:
        if st.action == "gather" and kind(st.target.split(".")[2]) == res:
            n += 1
        elif st.action == "hunt" and res == "F":
            n += 2
    return n


def weather_need(s: RobinsonState) -> int:
    """Clouds the bot expects above the Roof tonight (S2): each costs 1 wood and 1 food (R67)."""
    if s.round < 4:
        return 0
    return max(0, 2 - s.roof) if s.round < 7 else max(0, 3 - s.roof)


def food_gap(s: RobinsonState) -> int:
    """Meals tonight plus what the weather may take, minus food at hand and planned."""
    need = len(in_camp(s)) + weather_need(s)
    return need - (s.avail["F"] + s.avail["NF"]) - planned(s, "F")




def adventure_choice(s: RobinsonState) -> int:
    """The option whose effects cost least (cards.py), counting the event half a card sent into the
    event deck may bring back later (R90)."""
    card = ADVENTURES[pending_prompt(s)["card"]]
    w = Worth(s)

    def cost(i: int) -> float:
        codes, ev = card.opts[i]
        return codes_cost(w, codes) + (0.5 * max(0.0, codes_cost(w, card.event)) + 0.2 if ev else 0.0)
    return min(range(len(card.opts)), key=cost)


def nt_pick(s: RobinsonState, ids: list[str]) -> str:
    spare = s.avail["F"] + s.avail["NF"] - len(in_camp(s))
    best, best_w = "nt:pass", 1
    for mid in ids:
        use, _, who = mid[3:].partition(".")
        w = s.chars[who].wounds if who else 0
        if (use == "rum" or spare > 0) and w > best_w:
            best, best_w = mid, w
    return best


def wx_pick(s: RobinsonState, ids: list[str]) -> str:
    p = s.pending or {}
    faces = [f for f in p.get("faces", "").split(";") if f]
    rain, snow = clouds(s, faces, {k: int(p[k]) for k in ("rain", "snow", "s2r")})
    if "wx:gunpowder" in ids and "beast" in faces and s.weapon < 3:  # K6.10: the beast face hurts everyone
        return "wx:gunpowder"
    if snow and "wx:blankets" in ids:
        return "wx:blankets"
    if snow and "wx:hooch.snow" in ids and rain + snow > s.roof:
        return "wx:hooch.snow"
    if rain + snow > s.roof:
        return next((i for i in ("wx:leaves", "wx:hooch.rain") if i in ids), "wx:pass")
    return "wx:pass"


def fight_pick(s: RobinsonState, ids: list[str]) -> str:
    """A Hunt's fight bonus (E20, §3.7): the item whose Weapon for this fight spares the resolver the most
    wounds, priced over the beasts it may meet (harm.hunt_outlook; the Sabre's own wound counted), else go."""
    who = s.queue[0].pawns[0]
    bare = hunt_outlook(s, who, s.weapon)[0]
    best, spared = "go", 0.0
    for mid in ids:
        if not mid.startswith("go:it."):
            continue
        item = mid[len("go:it."):].replace("_", " ")
        gain = bare - hunt_outlook(s, who, s.weapon, FIGHT_ITEMS[item])[0] - (hurt(s, who, 1) if item == "Sabre" else 0.0)
        if gain > spared:
            best, spared = mid, gain
    return best


def weather_food(s: RobinsonState, ids: list[str]) -> str | None:
    """Before the weather roll: Biscuits or the Goat (§3.7, §3.8) when the food at hand may not cover what the
    clouds above the Roof (R67) and tonight's meals (R72) could take; food the weather finds missing wounds
    everyone in camp (R69).  None when no such item is offered or the food at hand covers the worst."""
    item = next((i for i in ("it:Biscuits", "tk:Goat") if i in ids), None)
    if item is None or p_over(Worth(s).food_need, s.avail["F"] + s.avail["NF"]) <= 0:
        return None
    return item


def plan_step(s: RobinsonState, seat: str, ids: list[str], rng: Rng) -> str:
    """A planning move with nothing asked (R30-R38): an ability, item or token first (aids.py), a look at a
    deck (look.py), the Storm Glass from round 5, else the next stack (planning.py)."""
    glass = "it:Storm_Glass" if s.items.get("Storm Glass") == 1 and s.round >= 5 else None
    return aid_move(s, seat, food_gap(s)) or look_move(s, seat, ids) or \
        (glass if glass in ids else None) or plan_move(s, seat, rng)


def greedy_move(engine: Engine[RobinsonState], s: RobinsonState, seat: str, rng: Rng) -> Move:
    opts = options(s, seat)
    ids = [o[0] for o in opts]
    pick = ids[0]
    if s.pending is not None:
        kind = s.pending.get("kind")
        if kind != "hungry":  # the items offered with a prompt (R8): the bot uses them while planning
            ids = [i for i in ids if not i.startswith(("it:", "tk:"))]
        if kind in ASK_KINDS:  # choices inside effects (asks/)
            pick = ask_pick(s, ids)
        elif kind in LOOKS:  # R98: what was just looked at is public
            pick = pick_look(s, ids)
        elif kind == "mark":  # Tools Inspection: the least useful items
            pick = min(ids, key=lambda mid: (mid[3:] == "Fire", INVENTION_VALUE.get(mid[3:], 0)))
        elif kind == "fire":  # keep the food source when food is short
            wood = [i for i in ids if island.kind(i[3:]) == "W"]
            pick = wood[0] if wood and food_gap(s) > 0 else ids[-1] if not wood else ids[0]
        elif kind == "ntwin":  # E20: heal before eating only with food to spare
            pick = nt_pick(s, ids)
        elif kind == "wxwin":  # R67/R68: only against clouds that would cost something
            pick = wx_pick(s, ids)
        elif kind == "hut":  # the most useful tool first
            pick = max(ids, key=lambda mid: INVENTION_VALUE.get(mid[3:], 0))
        elif kind == "halfprod":  # R29: food when short, else wood
            pick = ids[0] if food_gap(s) > 0 else ids[-1]
        elif kind == "medallion":  # S6: to the First Player, who pays for low Morale (R24)
            pick = f"md:{s.seat_char[s.seats[s.fp]]}"
        elif kind == "mystery":  # R92: go on for treasures while healthy, stop once hurt
            me = s.chars.get(s.pending["r"]) if s.pending["r"] else None
            pick = "my:go" if me is not None and CHARACTERS[me.name].life - me.wounds > 5 else "my:stop"
        elif kind == "hungry":  # R72: food items first (R8), else the one with most life left goes hungry,
            food = [i for i in ids if not i.startswith("hg:")]  # rescued Jenny last unless she has most (K3.12)
            pick = food[0] if food else "hg:" + jenny.hungry_default(s, [i[3:] for i in ids])
        elif kind == "reroll":
            faces = s.queue[0].faces
            pick = "rr:1" if faces[1] == "fail" else "rr:0" if faces[0] == "wound" else "rr:no"
        else:
            pick = ids[0] if kind else f"adv:{adventure_choice(s)}"
    elif s.phase == "setup":  # R2: the bot takes what the dealer would give it
        pick = "ch:random"
    elif s.phase == "event":  # E20: Storm Glass on the card about to be drawn (its first use)
        pick = "it:Storm_Glass" if "it:Storm_Glass" in ids and s.items.get("Storm Glass") == 2 else "draw"
    elif s.phase == "plan":
        pick = plan_step(s, seat, ids, rng)
    elif s.phase == "morale":
        pick = "m:h" if s.chars[s.seat_char[s.seats[s.fp]]].wounds else "m:d"
    elif s.phase == "wood":
        pick = wood_move(s)
    elif s.phase == "weather":
        pick = weather_food(s, ids) or "roll"
    elif s.phase == "resolve" and "go:m" in ids:
        pick = "go:m" if s.morale < 3 else "go:d"
    elif s.phase == "resolve" and any(i.startswith("go:it.") for i in ids):
        pick = fight_pick(s, ids)
    elif s.phase == "night":  # R73: move the camp when the new tile is worth it
        pick = camp_pick(s, ids)
    o = next(o for o in opts if o[0] == pick)
    return Move.of(o[0], label(s, seat, o), o[3])
