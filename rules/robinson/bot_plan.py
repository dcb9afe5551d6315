"""The co-operative bot's planning (R30-R38) by expected value.

Every stack the seat may place is scored in one currency, "wounds avoided" (a wound
taken by any character = 1), from public information only (R98): the weather dice of
the coming rounds (S2), the beasts' average, the tiles left in the island stack.  The
plan already placed is projected first (Roof, Palisade, Weapon, Morale, food and wood
expected), so a second Roof or a third Arrange camp is worth what it adds.  A stack's
worth is its gains minus its costs (resources at their value now), minus the expected
wounds and adventure cards of its dice (R41), per pawn spent; the seat confirms when
nothing worthwhile is left.  Pure: no clock, no global random; ties broken by `rng`.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import NamedTuple

from ..rng import Rng
from . import plan as P
from .combat import built
from .data import BEASTS, CHARACTERS, DICE, EVENTS, INVENTIONS, SCENARIO, TILES
from .island import has_shelter, kind
from .prims import in_camp, players
from .scenario import NEEDS
from .state import RobinsonState

LAST = SCENARIO["rounds"]
DISC = 0.93  # a round further away counts a little less (the game may end before)
P_OK = {"build": 4 / 6, "gather": 5 / 6, "explore": 5 / 6}  # §3.3
P_WOUND = {"build": 2 / 6, "gather": 1 / 6, "explore": 3 / 6}
P_ADV = {"build": 3 / 6, "gather": 3 / 6, "explore": 5 / 6}
ADV_COST = 0.7  # an adventure card, on average (R41, §3.11)
FED = 2.0  # a meal while short: 2 wounds (R72) to a character, at its price
MIN_WORTH = 0.4  # per pawn: below this a seat with nothing left to place confirms
PAWN = {"c": 1.0, "f": 0.7, "d": 0.45, "b": 0.25, "e": 0.25, "h": 0.25}
WPN_ITEM = {"Knife": 1, "Spear": 3, "Bow": 3, "Sling": 2, "Belts": 1}
PAL_ITEM = {"Fire": 1, "Bricks": 1, "Moat": 2, "Wall": 2}
INVENTION = {"Fire": 5.0, "Rope": 1.5, "Shovel": 1.5, "Knife": 0.8, "Pot": 1.5, "Medicine": 1.2, "Map": 1.0,
             "Bricks": 0.8, "Lantern": 2.0, "Fireplace": 1.5, "Cellar": 1.0, "Corral": 0.6, "Diary": 0.8,
             "Drums": 1.0, "Pit": 1.0, "Raft": 0.6, "Sack": 1.0, "Shield": 1.2, "Basket": 0.5, "Bed": 1.0}


class Proj(NamedTuple):
    roof: float
    pal: float
    wpn: float
    shelter: bool
    morale: float
    food: float  # expected food gained by the plan (Future: eaten tonight)
    wood: float
    fur: float


@lru_cache(maxsize=None)
def weather(rnd: int) -> tuple[tuple[int, int, float], ...]:
    """(clouds, snow clouds, probability) of the round's S2 weather dice."""
    dice = [DICE[d] for d in SCENARIO["weather"].get(str(rnd), []) if d != "animals"]
    out: dict[tuple[int, int], float] = {}
    for faces in product(*dice):
        rain = sum(int(f[4:]) for f in faces if f.startswith("rain"))
        snow = sum(int(f[4:]) for f in faces if f.startswith("snow"))
        out[(rain + snow, snow)] = out.get((rain + snow, snow), 0.0) + 6.0 ** -len(dice)
    return tuple((c, sn, p) for (c, sn), p in sorted(out.items()))


def above(rnd: int, roof: float, extra: int = 0) -> float:
    """Expected clouds above the Roof in that round (R67)."""
    return sum(p * max(0.0, c + extra - roof) for c, _, p in weather(rnd))


def p_above(rnd: int, roof: float) -> float:
    return sum(p for c, _, p in weather(rnd) if c > roof)


def snow(rnd: int) -> float:
    return sum(p * sn for _, sn, p in weather(rnd))


def animals(rnd: int) -> bool:
    return "animals" in SCENARIO["weather"].get(str(rnd), [])


@lru_cache(maxsize=None)
def beast_stats(weapon: int, medicine: bool = False) -> tuple[float, float, float, float]:
    """Average wounds, food, fur and weapon loss of a fight with a random beast (§3.4, R51)."""
    bs = list(BEASTS.values())

    def extra(b) -> int:
        n = 0
        for code in b.extra:
            head, _, arg = code.partition(":")
            if head == "wnd_unless_med" and not medicine:
                n += int(arg)
            elif head == "wnd":
                n += int(arg.split(":")[0])
        return n
    wounds = sum(max(0, b.strength - weapon) + extra(b) for b in bs) / len(bs)
    return wounds, sum(b.food for b in bs) / len(bs), sum(b.fur for b in bs) / len(bs), \
        sum(max(0, b.loss) for b in bs) / len(bs)


def project(s: RobinsonState) -> Proj:
    roof, pal, wpn, morale = float(s.roof), float(s.palisade), float(s.weapon), float(s.morale)
    shelter = has_shelter(s)
    food = wood = fur = 0.0
    for st in s.plan:
        p = 1.0 if st.base >= 2 or st.action not in P_OK else P_OK[st.action]
        parts = st.target.split(".")
        if st.action == "build":
            what = parts[1] if parts[1] != "inv" else parts[2]
            roof += p * (what == "roof")
            pal += p * ((what == "pal") + PAL_ITEM.get(what, 0))
            wpn += p * ((what == "wpn") + WPN_ITEM.get(what, 0))
            shelter = shelter or (what == "shelter" and p > 0.6)
        elif st.action == "gather":
            n = 1 + int(f"+{kind(parts[2])}" in s.island[int(parts[1])].tokens)
            if kind(parts[2]) == "F":
                food += p * n
            else:
                wood += p * n
        elif st.action == "hunt":
            _, f, fu, loss = beast_stats(int(wpn))
            food, fur, wpn = food + f, fur + fu, max(0.0, wpn - loss)
        elif st.action == "camp":  # R64 (4 players: the bot takes Morale +1 until +3)
            morale = min(3.0, morale + 1)
    return Proj(roof, pal, wpn, shelter, morale, food, wood, fur)


def prod_wood(s: RobinsonState) -> int:
    """Wood the camp tile gives each Production (R26, R27)."""
    from .island import sources
    live = [x for x in sources(s, s.camp) if kind(x) == "W"]
    return len(live) + int(bool(live) and "+W" in s.island[s.camp].tokens)


class Worth:
    """Marginal values of resources and tracks for this seat's next stack."""

    def __init__(self, s: RobinsonState):
        self.s = s
        self.pj = pj = project(s)
        self.rnd = s.round
        self.camp = max(1, len(in_camp(s)))
        self.rounds = [r for r in range(self.rnd, LAST + 1)]
        tied = P.tied(s)
        food_now = s.avail["F"] + s.avail["NF"] - tied["F"] - tied["NF"] + pj.food
        wx = above(self.rnd, pj.roof, self._tokens()) + (1 / 6 if animals(self.rnd) else 0)
        self.food_short = len(in_camp(s)) + s.extra_meal + wx - food_now
        wood_now = s.avail["W"] - tied["W"] + pj.wood
        self.wood_short = snow(self.rnd) + above(self.rnd, pj.roof, self._tokens()) - wood_now
        # The game's wood budget: the woodpile (S3), snow and clouds above the Roof in every weather
        # round left (R67), the Shelter; against what is at hand and what Production will bring.
        need = sum(NEEDS) - sum(s.pile) + (0 if pj.shelter else P.SHELTER_COST[players(s)][0])
        need += sum(snow(x) + 0.5 * above(x, max(pj.roof, 2 if x < 7 else 3)) for x in self.rounds)
        need += P.SHELTER_COST[players(s)][0] * max(0.0, 3 - pj.roof) * 0.6  # Roof still to build, partly in fur
        income = wood_now + prod_wood(s) * len(self.rounds[1:])
        self.wood_deficit = need - income
        spread = self.wood_deficit / (1.5 * len(self.rounds))
        self.wood = max(1.1 + 1.5 * min(1.0, max(0.0, spread)),  # short tonight: a wound each in camp (R69)
                        self.camp + 0.3 if self.wood_short > 0 else 0.0)
        self.fur = max(1.1, 0.8 * self.wood * P.SHELTER_COST[players(s)][0] / P.SHELTER_COST[players(s)][1])

    def _tokens(self) -> int:
        return int("rain" in self.s.weather_tokens) + int("snow" in self.s.weather_tokens)

    def food(self, n: float) -> float:
        """n more food tonight: 2 wounds per hungry character while short (R72), little once fed."""
        short = max(0.0, self.food_short)
        fed = min(n, short)
        return FED * fed + 0.25 * (n - fed)

    def cost(self, pay: dict[str, int]) -> float:
        out = 0.0
        for k, v in pay.items():
            out += v * (self.wood if k == "W" else self.fur if k == "Fur" else 1.2)
        return out

    def roof(self) -> float:
        """+1 Roof: each later weather round's clouds above it cost 1 wood and 1 food (R67)."""
        r = self.pj.roof
        return sum(DISC ** (x - self.rnd) * p_above(x, r) * 2.2 for x in self.rounds)

    def shelter(self) -> float:
        """A Shelter spares every character in camp a wound each night (R72 step 3), and allows a Roof."""
        nights = sum(DISC ** (x - self.rnd) for x in self.rounds)
        return self.camp * nights + 0.5 * self.roof()

    def palisade(self, n: float = 1) -> float:
        """Storms and the red die's palisade face (2 in 6) hit Palisade; at 0 every character is wounded."""
        hits = sum(DISC ** (x - self.rnd) / 3 for x in self.rounds if animals(x))
        hits += 1.0 * ("storm" in self.s.weather_tokens)
        have = self.pj.pal
        worth = 0.0
        for k in range(int(round(n))):
            worth += self.camp * max(0.0, hits - have - k) * 0.6
        return worth

    def weapon(self, n: float = 1) -> float:
        """Weapon: the red die's beast face (3 - Weapon wounds each, R70), fights and hunts (R51)."""
        beasts = sum(DISC ** (x - self.rnd) / 6 for x in self.rounds if animals(x))
        worth = 0.0
        for k in range(int(round(n))):
            level = self.pj.wpn + k
            worth += (beasts * self.camp if level < 3 else 0.0) + (0.9 if level < 4 else 0.3)
        return worth

    def per_round(self) -> float:
        return sum(DISC ** (x - self.rnd) for x in self.rounds[1:])


def invention(w: Worth, name: str) -> float:
    s = w.s
    if name in WPN_ITEM:
        v = w.weapon(WPN_ITEM[name])
    elif name in PAL_ITEM and name != "Fire":
        v = w.palisade(PAL_ITEM[name])
    else:
        v = 0.0
    v += INVENTION.get(name, 0.0)
    if name == "Fire":
        v += w.palisade(1) + 4.0 * max(0, w.rnd - 3) / 6  # S5: the goal needs it
    elif name == "Hatchet":
        v += w.per_round() * w.wood  # +1 wood each Production (S4)
    elif name == "Snare":
        v += w.per_round() * (1.4 if players(s) > 1 else 0.8)
    elif name == "Shortcut":
        v += w.per_round() * 0.9
    elif name == "Mast":
        v += 3.0 * w.wood + 1.0
    elif name == "Dam":
        v += 2.0 * 1.0
    elif name == "Furnace":
        v += sum(DISC ** (x - w.rnd) * min(1.0, snow(x)) for x in w.rounds if x > w.rnd) * w.wood
    if name == "Rope" and "Mast" not in s.built:
        v += 1.5
    return v


def threat_value(s: RobinsonState, w: Worth, i: int, card: str) -> float:
    """A threat action spares the card's slide-off effect (left space: next Event phase) and takes its reward."""
    deck, _, name = card.partition(":")
    if deck == "wreck":
        return 1.5
    harm = 0.0
    for code in EVENTS[name].slide:
        text = str(code)
        head = text.split(":")[0]
        if head == "wnd":
            harm += w.camp * int(text.split(":")[1])
        elif head in ("M",):
            harm += 0.8 * abs(int(text.split(":")[1]))
        elif head in ("noprod", "lose_all_FW", "flip"):
            harm += 2.5
        elif head in ("exh", "trk", "rp", "halfrp", "wx", "unexpl"):
            harm += 1.2
        elif head == "D":
            harm += 0.3 * w.camp
        else:
            harm += 0.5
    reward = 0.6
    return (harm if i == 0 else 0.35 * harm) + reward


def explore_value(s: RobinsonState, w: Worth) -> float:
    """Terrains the boards' inventions still need, in proportion of the tiles left (public), plus
    discovery tokens and new sources."""
    left = s.island_stack
    if not left:
        return 0.0
    from .island import explored_terrains
    have = explored_terrains(s)
    need: dict[str, float] = {}
    for name in P.buildable(s):
        for t in INVENTIONS[name].needs:
            if t not in INVENTIONS and t not in have:
                need[t] = max(need.get(t, 0.0), invention(w, name) * 0.55)
    v = 0.0
    for tile in left:
        t = TILES[tile]
        v += need.get(t.terrain, 0.0) + 0.45 * t.disc + 0.4 * len(t.sources) + (1.0 if t.shelter else 0.0)
    planned = sum(st.action == "explore" for st in s.plan)  # each further tile this round adds less
    return v / len(left) * (1.0 if w.rnd < 9 else 0.4) / (1 + planned)


def gain_value(s: RobinsonState, w: Worth, t: P.Target) -> float:
    """What the target's success is worth, before its costs and dice."""
    parts = t.key.split(".")
    if t.action == "threat":
        card = s.threat[int(parts[1])] or ""
        return threat_value(s, w, int(parts[1]), card) if card else 0.0
    if t.action == "hunt":
        wounds, food, fur, loss = beast_stats(int(w.pj.wpn), built(s, "Medicine"))
        return w.food(food) + w.fur * fur - wounds - 0.5 * loss * w.weapon(1) / 1.5 + 0.5
    if t.action == "build":
        what = parts[1]
        if what == "shelter":
            return w.shelter()
        if what == "roof":
            return w.roof()
        if what == "pal":
            return w.palisade(1)
        if what == "wpn":
            return w.weapon(1)
        return invention(w, parts[2])
    if t.action == "gather":
        sp = int(parts[1])
        n = 1 + int(f"+{kind(parts[2])}" in s.island[sp].tokens)
        return w.food(n) if kind(parts[2]) == "F" else n * w.wood
    if t.action == "explore":
        return explore_value(s, w)
    if t.action == "camp":  # R64: 2 D (not with 4 players) and Morale +1, worth most below 0 (R23, R24)
        m = w.pj.morale
        d = 0.5 if players(s) < 4 or m >= 3 else 0.0
        return d + (1.2 if m < 0 else 0.6 if m < 2 else 0.1 if m < 3 else 0.0)
    return 0.0


def wound_cost(s: RobinsonState, who: str) -> float:
    """A wound costs more as life runs out (R76: one death loses the game; Friday's only removes him)."""
    c = s.chars[who]
    left = CHARACTERS[who].life - c.wounds
    if who == "Friday":  # his death loses his pawn for every round left (R85)
        return max(0.35, 0.45 * (LAST - s.round) / max(1, left))
    return 1.0 + 4.0 / max(1, left)


def stack_value(s: RobinsonState, who: str, w: Worth, t: P.Target, n: int) -> float:
    """Expected worth of a stack of n pawns led by `who` (gain x success - costs - dice risks)."""
    gain = gain_value(s, w, t)
    if t.action == "rest":  # R65: worth the wounds it heals, dearer as life runs out
        c = s.chars[who]
        heal = 2 if built(s, "Bed") or "Hammock" in s.items else 1
        return min(heal, c.wounds) * (0.7 * wound_cost(s, who) if who != "Friday" else 0.2)
    if t.action == "hunt":  # the resolver fights (R52): its wounds at its own price, never a likely death
        wounds = beast_stats(int(w.pj.wpn), built(s, "Medicine"))[0]
        worst = max(0, 8 - int(w.pj.wpn))
        left = (CHARACTERS[who].life - s.chars[who].wounds) if who in CHARACTERS else 99
        v = gain + wounds - wounds * wound_cost(s, who)
        return v - (6.0 if worst >= left and who != "Friday" else 1.5 if worst >= left else 0.0)
    v = gain - w.cost(t.cost)
    if t.fixed or n >= 2 + t.extras:
        return v
    a = t.action
    risk = P_WOUND[a] * wound_cost(s, who) + (P_ADV[a] * (ADV_COST if who != "Friday" else wound_cost(s, who)))
    return P_OK[a] * gain - w.cost(t.cost) * P_OK[a] - risk + (1 - P_OK[a]) * 0.3


def plan_move(s: RobinsonState, seat: str, rng: Rng) -> str:
    """The best new stack, or the best support that makes a planned roll a sure success (R34), by
    worth per pawn; the seat confirms when nothing is worth a pawn."""
    w = Worth(s)
    cands: list[tuple[float, str]] = []
    for mid, t, pawns in P.place_options(s, seat):
        v = stack_value(s, P.letter_name(s, seat, pawns[0]), w, t, len(pawns)) / sum(PAWN[x] for x in pawns)
        if "c" in pawns or v >= MIN_WORTH:  # Friday, the Dog and neutral pawns only when useful (R31)
            cands.append((v, mid))
    for mid, i, letter in P.support_options(s, seat):
        st = s.plan[i]
        extras = P.extras_of(s, st)
        if len(st.pawns) + 1 < 2 + extras:
            continue  # the support only counts once it makes the roll sure
        t = P.Target(st.target, st.action, extras, 0, dict(st.pay))
        who = st.pawns[0]
        v = (stack_value(s, who, w, t, len(st.pawns) + 1) - stack_value(s, who, w, t, len(st.pawns))) / PAWN[letter]
        cands.append((v, mid))
    if not cands:
        return "ok"
    top = max(v for v, _ in cands)
    if P.can_confirm(s, seat) and top < MIN_WORTH:
        return "ok"
    best = [mid for v, mid in cands if v >= top - 1e-9]
    return best[rng.below(len(best))]


def wood_move(s: RobinsonState) -> str:
    """S3: wood onto the woodpile before planning.  Kept back: what tonight's weather should take
    (R67) and a Shelter still to build; everything once the stages left need every round left."""
    from math import ceil

    from .scenario import room
    have = s.avail["W"]
    stages = sum(1 for i, need in enumerate(NEEDS) if s.pile[i] < need)
    steps_left = LAST - s.round + 1  # this woodpile step included
    keep = snow(s.round) + above(s.round, s.roof, int("rain" in s.weather_tokens) + int("snow" in s.weather_tokens))
    if not has_shelter(s) and s.avail["Fur"] < P.SHELTER_COST[players(s)][1]:
        keep += P.SHELTER_COST[players(s)][0]
    if stages >= steps_left - 1 or s.round >= LAST - 1:
        keep = 0  # S5: otherwise the pile cannot be finished in time
    n = max(0, min(room(s), have - ceil(keep - 0.25)))
    return f"wood:{n}"
