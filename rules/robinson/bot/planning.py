"""The co-operative bot's planning (R30-R38) by expected worth, and its woodpile step (S3).

Every stack the seat may place is scored in one currency, wounds (worth.py: a wound to a healthy
character = 1), from public information only (R98).  The plan already placed is projected first
(Roof, Palisade, Weapon, Morale, food and wood expected), so a second Roof or a third Arrange camp
is worth what it adds.  A stack's worth is its gains minus its costs (resources at their price
now), minus the expected wounds and adventure cards of its dice (R41), per pawn spent; the seat
confirms when nothing worthwhile is left.  Pure: no clock, no global random; ties broken by `rng`.
"""
from __future__ import annotations


from ...rng import Rng
from .. import plan, stacks
from ..combat import built
from ..data import CHARACTERS
from ..extra_pawns import extras_of
from ..island import has_shelter, kind
from ..scenarios import cannibal
from ..scenarios.castaways import NEEDS, room
from ..state import RobinsonState
from ..tallies import players
from .cards import ADV_COST, threat_value
from .harm import hurt, morale_cost
from .island_value import explore_value, terrain_need
from .odds import P_ADV, P_OK, P_WOUND, animals, quantile, snow, tonight
from .tokens import pot_gain
from .worth import DISC, PAL_ITEM, WIN, WPN_ITEM, Worth, pile_outlook, project, wound_cost

KEEP_Q = 0.85  # the woodpile step keeps what tonight's weather takes this often (R67)
ALL_IN_FROM = 7  # S2, S3: from the first round of three weather dice the step keeps no wood for the weather
MIN_WORTH = 0.4  # per pawn: below this a seat with nothing left to place confirms
PAWN = {"c": 1.0, "f": 0.7, "d": 0.45, "b": 0.25, "e": 0.25, "h": 0.25, "k": 0.25}
INVENTION = {"Fire": 5.0, "Rope": 1.5, "Shovel": 1.5, "Knife": 0.8, "Pot": 1.5, "Medicine": 1.2, "Map": 1.0,
             "Bricks": 0.8, "Lantern": 2.0, "Fireplace": 1.5, "Cellar": 1.0, "Corral": 0.6, "Diary": 0.8,
             "Drums": 1.0, "Pit": 1.0, "Raft": 0.6, "Sack": 1.0, "Shield": 1.2, "Basket": 0.5, "Bed": 1.0}


def invention(w: Worth, name: str) -> float:
    s = w.s
    if name in WPN_ITEM:
        v = w.weapon(WPN_ITEM[name])
    elif name in PAL_ITEM and name != "Fire":
        v = w.palisade(PAL_ITEM[name])
    else:
        v = 0.0
    v += INVENTION.get(name, 0.0)
    if name == "Fire":  # S5: the goal needs it, more pressingly as the woodpile nears completion
        v += w.palisade(1) + 4.0 * max(0, w.rnd - 3) / 6 + WIN * w.outlook.chance * max(0, w.rnd - 6) / 4
    elif name == "Hatchet":
        v += w.per_round() * w.wood_later  # +1 wood each Production (S4)
    elif name == "Snare":
        v += w.per_round() * (1.4 if players(s) > 1 else 0.8)
    elif name == "Shortcut":
        v += w.per_round() * 0.9
    elif name == "Mast":
        v += 3.0 * w.wood_later + 1.0  # S4: 3 wood on the woodpile
    elif name == "Dam":
        v += 2.0 * 1.0
    elif name == "Furnace":
        v += sum(DISC ** (x - w.rnd) * min(1.0, snow(x, w.scen)) for x in w.rounds if x > w.rnd) * w.wood_later
    elif name == "Pot":  # §3.8: the tokens held that wait on it
        v += pot_gain(w)
    if name == "Rope" and "Mast" not in s.built:  # S4: the Mast needs it
        v += 1.5
    return v + WIN * w.steps.get(f"b.inv.{name}", 0.0)  # the scenario goal's steps (Goal.steps)


def gain_value(s: RobinsonState, w: Worth, t: plan.Target) -> float:
    """What the target's success is worth, before its costs and dice."""
    parts = t.key.split(".")
    if t.action == "threat":
        card = s.threat[int(parts[1])] or ""
        return threat_value(w, int(parts[1]), card, t.fixed) if card else 0.0
    if t.action == "hunt" and t.key != "hunt":  # a special Hunt of the goal (K5.5: a burning), no loot
        return WIN * w.steps.get(t.key, 0.0)
    if t.action == "hunt":  # the fight's wounds are the resolver's (stack_value)
        _, food, fur, loss = w.hunt(min(w.cost_of, key=w.cost_of.__getitem__), w.pj.wpn)
        return w.food(food) + w.fur * fur - loss * w.weapon(1) * 0.5
    if t.action == "build":
        what = parts[1]
        goal = WIN * w.steps.get(f"b.{what}", 0.0)  # K6.1: a Shelter, Roof, Palisade and Weapon of the goal
        if what == "shelter":
            return w.shelter() + goal
        if what == "roof":
            return w.roof() + goal
        if what == "pal":
            return w.palisade(1) + goal
        if what == "wpn":
            return w.weapon(1) + goal
        # a tile-targeted build of the goal (K2.7: a Cross on a tile) is a step of its own
        return invention(w, parts[2]) + (WIN * w.steps.get(t.key, 0.0) if t.key != f"b.inv.{parts[2]}" else 0.0)
    if t.action == "gather":
        sp = int(parts[1])
        n = 1 + int(f"+{kind(parts[2])}" in s.island[sp].tokens)
        return w.food(n) if kind(parts[2]) == "F" else n * w.wood
    # a special target of the scenario's goal (K3.6: Jenny's rescue, K6.5: a Reclamation); an Explore of a
    # space is valued below, its goal share added (K2.1)
    if t.key in w.steps and not (t.action == "explore" and len(parts) > 1 and parts[1].isdigit()):
        return WIN * w.steps[t.key]
    if t.action == "explore" and parts[1].isdigit():
        if w.need is None:
            w.need = terrain_need(s, w, invention)
        return explore_value(s, w, int(parts[1]), w.need) + WIN * w.steps.get(t.key, 0.0)  # K2.1: tiles for crosses
    if t.action == "camp":  # R64: Morale +1 (the 2 D go to the resolver: stack_value), R23-R24
        m = w.pj.morale
        return morale_cost(s, m + 1) if m < 3 else 0.0
    return 0.0


def det_value(s: RobinsonState, w: Worth, who: str, n: int = 2) -> float:
    """n determination to `who`: dearer for the next First Player while Morale is below 1 and its
    determination would not cover the Morale phase (R23, R24: a wound for each one missing)."""
    if who not in s.seat_char.values():
        return 0.35 * n
    nxt = s.seat_char[s.seats[(s.fp + (len(s.seats) > 1)) % len(s.seats)]]
    owed = max(0, -int(w.pj.morale) + 1)
    if who == nxt and s.chars[who].det < owed:
        short = min(n, owed - s.chars[who].det)
        return short * wound_cost(s, who) + (n - short) * 0.35
    return n * (0.6 if w.pj.morale < 0 else 0.35)


def stack_value(s: RobinsonState, who: str, w: Worth, t: plan.Target, n: int) -> float:
    """Expected worth of a stack of n pawns led by `who` (gain x success - costs - dice risks)."""
    gain = gain_value(s, w, t)
    if t.action == "rest":  # R65: worth the wounds it heals, dearer as life runs out
        c = s.chars[who]
        heal = 2 if built(s, "Bed") or "Hammock" in s.items else 1
        return min(heal, c.wounds) * (0.7 * wound_cost(s, who) if who != "Friday" else 0.2)
    if t.action == "hunt" and t.key != "hunt":  # K5.5: the burning's wounds, strength minus Weapon
        n = max(0, cannibal.strength(s) - cannibal.burn_weapon(s, s.weapon))  # R39: Hunt before Build
        dies = n >= CHARACTERS[who].life - s.chars[who].wounds  # a resolver killed burns nothing
        return (0.0 if dies else gain) - hurt(s, who, n)
    if t.action == "hunt":  # the resolver fights (R52): each beast's wounds at the resolver's price
        return gain - w.hunt(who, w.pj.wpn)[0]
    if t.action == "camp":  # R64: with 4 players the resolver takes the better of the two
        det = det_value(s, w, who)
        return max(gain, det) if players(s) >= 4 else gain + det
    v = gain - w.cost(t.cost)
    if t.fixed or n >= 2 + t.extras:
        return v
    a = t.action
    risk = P_WOUND[a] * wound_cost(s, who) + (P_ADV[a] * (ADV_COST if who != "Friday" else wound_cost(s, who)))
    return P_OK[a] * gain - w.cost(t.cost) * P_OK[a] - risk + (1 - P_OK[a]) * 0.3


def scored(s: RobinsonState, seat: str) -> list[tuple[float, str]]:
    """The seat's planning moves worth weighing, each with its worth per pawn (`plan_move`): new whole
    stacks, the last pawn a waiting stack needs (R38, R50), supports that make a roll sure (R34)."""
    w = Worth(s)
    cands: list[tuple[float, str]] = []
    for mid, t, pawns in plan.place_options(s, seat):
        if len(pawns) < plan.sizes(t)[0]:
            continue
        v = stack_value(s, plan.letter_name(s, seat, pawns[0]), w, t, len(pawns)) / sum(PAWN[x] for x in pawns)
        if "c" in pawns or v >= MIN_WORTH:  # Friday, the Dog and neutral pawns only when useful (R31)
            cands.append((v, mid))
    for mid, i, letter in stacks.support_options(s, seat):
        st = s.plan[i]
        lo = stacks.size_range(s, st)[0]
        extras = extras_of(s, st)
        if len(st.pawns) < lo:  # a stack waiting for pawns: worth joining when this pawn completes it
            if len(st.pawns) + 1 == lo:
                fixed = 0 if st.action in ("build", "gather", "explore") else lo
                t = plan.Target(st.target, st.action, extras, fixed, dict(st.pay))
                v = stack_value(s, st.pawns[0], w, t, lo) / lo / PAWN[letter]
                cands.append((v, mid))
            continue
        if st.action not in ("build", "gather", "explore"):
            continue
        if len(st.pawns) + 1 < 2 + extras:
            continue  # the support only counts once it makes the roll sure
        t = plan.Target(st.target, st.action, extras, 0, dict(st.pay))
        who = st.pawns[0]
        v = (stack_value(s, who, w, t, len(st.pawns) + 1) - stack_value(s, who, w, t, len(st.pawns))) / PAWN[letter]
        cands.append((v, mid))
    return cands


def plan_move(s: RobinsonState, seat: str, rng: Rng) -> str:
    """The best new stack, the last pawn another player's stack waits for (R38, R50), or the best
    support that makes a planned roll a sure success (R34), by worth per pawn; the seat confirms when nothing
    is worth a pawn.  It places whole stacks only (it never
    waits on others)."""
    cands = scored(s, seat)
    if not cands:
        return "ok" if stacks.can_confirm(s, seat) else "ok:rest"
    top = max(v for v, _ in cands)
    if stacks.can_confirm(s, seat) and top < MIN_WORTH:
        return "ok"
    best = [mid for v, mid in cands if v >= top - 1e-9]
    return best[rng.below(len(best))]


def wood_move(s: RobinsonState) -> str:
    """S3: wood onto the woodpile before planning.  The current stage is completed whenever that
    leaves what tonight's weather takes half of the time (R67, R69); otherwise only the wood beyond
    what it takes most of the time, and a Shelter or Roof still to build with no fur to pay (R56),
    goes on; everything once no round is left to spare before the win round in reach (S5), and everything
    from round 7 on (`ALL_IN_FROM`): a piece of wood missing tonight is a wound to each in camp (R69), while
    wood kept back lets the weather eat the pile's schedule (one stage a round, S3), and the games lost on time
    were lost that way (greedy solo, seeds 10001-11000: 297 won keeping it, 385 putting it on)."""
    r = s.round
    have = s.avail["W"]
    if r >= ALL_IN_FROM:
        return f"wood:{min(room(s), have)}"
    stages = sum(1 for i, need in enumerate(NEEDS) if s.pile[i] < need)
    aim = pile_outlook(s, project(s), have, step_now=True).win  # S5: the win round still in reach
    if stages >= aim - r + 1:  # no woodpile step to spare until then (this one included)
        return f"wood:{min(room(s), have)}"
    wood_dist, _ = tonight(r, s.roof, "rain" in s.weather_tokens, "snow" in s.weather_tokens,
                           built(s, "Furnace"), animals(r, s.options.scenario) or "red" in s.weather_tokens,
                           s.options.scenario)
    wood_c, fur_c = plan.SHELTER_COST[players(s)]
    build = 0
    if not has_shelter(s) and s.avail["Fur"] < fur_c:
        build = wood_c
    elif has_shelter(s) and s.roof < (1 if r < 4 else 2) and s.avail["Fur"] < fur_c:
        build = wood_c
    if have - quantile(wood_dist, 0.5) - build >= room(s):
        return f"wood:{room(s)}"
    return f"wood:{max(0, min(room(s), have - quantile(wood_dist, KEEP_Q) - build))}"
