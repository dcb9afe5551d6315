"""What things are worth to the co-operative bot, in one currency: a wound to a healthy
character = 1 (R75-R76: one death loses the game).

`project` reads the plan already placed (expected Roof, Palisade, Weapon, food, wood);
`Worth` then prices, for the next stack, food tonight (R72 hunger), wood (tonight's weather,
R67-R69, and the woodpile the scenario needs by round 10-12, S3/S5), fur, the tracks and a
wound to each character (dearer as its life runs out).  The woodpile's price comes from its
outlook: the wood still to find beyond Production, against what the pawns can gather in the
rounds left; the further behind, and the fewer pawns the camp places a round (`hands`), the
dearer each piece of wood.  Public information only.
"""
from __future__ import annotations

from math import erf, exp, pi, sqrt
from typing import NamedTuple

from .. import plan
from ..combat import built
from ..data import CHARACTERS
from ..island import distances, has_shelter, kind, sources
from ..scenarios.castaways import NEEDS
from ..scenarios import of as scenario_of
from ..state import RobinsonState
from ..tallies import in_camp, players
from .harm import DEATH, WOUND, fight_wounds, hunt_outlook, hurt
from .odds import LAST, P_OK, WIN_FROM, last_round, above, animals, beast_stats, p_above, p_over, snow, tonight

DISC = 0.93  # a round further away counts a little less (the game may end before)
FED = 2.0  # a meal while short: 2 wounds (R72) to a character, at its price
PAL_ITEM = {"Fire": 1, "Bricks": 1, "Moat": 2, "Wall": 2}
WPN_ITEM = {"Knife": 1, "Spear": 3, "Bow": 3, "Sling": 2, "Belts": 1}
WOOD_BASE = 1.1  # a piece of wood with the woodpile on schedule
WIN = 20.0  # the win, in wounds (about what a death costs, harm.DEATH)
WOOD_CAP = 8.0
PILE_K = 15.0  # wood gets dearer with the wood still to gather each round for the woodpile, per hand ...
STRAIN_CAP = 18.0  # ... up to this much above WOOD_BASE, divided by the hands (hands())
FUR_CAP = 4.0
LATE = 0.75  # the chance to live through one more round of weather and events (win in 11 or 12)
RATE_A, RATE_B = 0.4, 0.5  # wood a round the pawns gather: a little anyway, more per source in reach
PROD = 0.85  # events take some of the camp's Production (noProd, exhausted sources, R29)
INVENTION_VALUE = {"Fire": 9, "Shovel": 6, "Knife": 6, "Rope": 7, "Mast": 11, "Hatchet": 8, "Pot": 4,
                   "Medicine": 4, "Snare": 5, "Spear": 4, "Bow": 4, "Sling": 4, "Bricks": 3, "Moat": 3,
                   "Wall": 3, "Cellar": 3, "Diary": 3, "Map": 2, "Shortcut": 4, "Fireplace": 3, "Bed": 3}
REACH = {1: 1.0, 2: 0.6, 3: 0.3}  # a source further away takes more pawns (R34)
CLOUD_FOOD = 1.2  # the food a cloud above the Roof takes, at its price in a later round
GOAL_WOOD = 2.0  # wood while a scenario goal's builds still lack it (Goal.stock); fur follows wood's price


def ward_cost(left: int, n: int) -> float:
    """n wounds to someone with `left` wounds to take, whose death loses the game (Goal.ward: rescued
    Jenny, K3.4), priced as harm.hurt prices a character's."""
    out = 0.0
    for k in range(n):
        life = left - k - 1
        out += WOUND * (1.0 + 4.0 / max(1, life + 1)) + (DEATH if life <= 0 else 0.0)
    return out


class Proj(NamedTuple):
    roof: float
    pal: float
    wpn: float
    shelter: bool
    morale: float
    food: float  # expected food gained by the plan (Future: eaten tonight)
    wood: float
    fur: float


def reach(s: RobinsonState) -> dict[str, float]:
    """Live sources off the camp tile within reach, weighted by distance: {"W": .., "F": ..}."""
    dist = distances(s)
    out = {"W": 0.0, "F": 0.0}
    for sp in s.island:
        d = dist.get(sp, 9)
        if sp == s.camp or d > 3 or "shortcut" in s.island[sp].tokens:
            continue
        for src in sources(s, sp):
            out[kind(src)] += REACH[d]
    return out


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
    live = [x for x in sources(s, s.camp) if kind(x) == "W"]
    return len(live) + int(bool(live) and "+W" in s.island[s.camp].tokens)


def hands(s: RobinsonState) -> int:
    """The action pawns the camp places a round: two a character, one for Friday (R30, R84); not the Dog,
    who only helps a Hunt or an Explore (R86), nor the pawns of items."""
    friday = "Friday" in s.chars and not s.chars["Friday"].dead and not s.chars["Friday"].out
    return max(1, 2 * len(in_camp(s)) + int(friday))


def wound_cost(s: RobinsonState, who: str) -> float:
    """One more wound to `who` (harm.hurt: life left, morale arrows, death)."""
    return hurt(s, who, 1)


def _phi(z: float) -> float:
    return exp(-z * z / 2) / sqrt(2 * pi)


def _cdf(z: float) -> float:
    return 0.5 * (1 + erf(z / sqrt(2)))


def gather_rate(s: RobinsonState) -> float:
    """Wood the pawns can expect to gather a round from the wood sources within reach (R35, R61)."""
    return RATE_A + RATE_B * min(2.0, reach(s)["W"])


class Outlook(NamedTuple):
    win: int  # the round the woodpile is most likely finished in (S5: 10, 11 or 12)
    steps: int
    gap: float  # wood still to find beyond Production and what is at hand
    chance: float  # that the pawns find it in time, times living through the rounds until then
    slope: float  # how much that chance grows with one more piece of wood now
    strain: float  # wood still to gather a round (what Production and the wood at hand leave)


def pile_outlook(s: RobinsonState, pj: Proj, wood_now: float, step_now: bool = False) -> Outlook:
    """S3/S5: the best win round still in reach and the wood it still needs: the woodpile (one stage a
    round; the Mast fills 3 outside the step), the weather's wood until then (R67: snow, clouds
    above the Roof the bot means to reach), the Shelter and the Roof still to build (R56).  `step_now`:
    this round's woodpile step is still to come (S3).  A scenario without a woodpile has no such goal."""
    r = s.round
    scen = s.options.scenario
    if scen != "castaways":
        return Outlook(last_round(scen), 0, 0.0, 0.0, 0.0, 0.0)
    left = sum(NEEDS) - sum(s.pile)
    stages = sum(1 for i, need in enumerate(NEEDS) if s.pile[i] < need)
    mast = 3 if "Mast" not in s.built and "Mast" not in s.future_built and "Rope" in s.built else 0
    wood_c, fur_c = plan.SHELTER_COST[players(s)]
    build = 0.0 if pj.shelter else wood_c * (0.6 if s.avail["Fur"] < fur_c else 0.0)
    roof_lv = max(0.0, 3 - pj.roof - (s.avail["Fur"] + pj.fur) / fur_c)
    build += roof_lv * wood_c * 0.7
    rate = gather_rate(s)
    best = Outlook(LAST, 1, left + build, 0.0, 0.0, 2.0)
    for win in range(max(WIN_FROM, r + 1 - step_now), LAST + 1):
        steps = win - r + step_now
        if stages > steps + (1 if mast else 0):
            continue
        wx = sum(snow(x, scen) + above(x, pj.roof if x == r else max(pj.roof, 2 if x < 7 else 3), 0, scen)
                 for x in range(r, win))
        acts = win - r  # rounds of actions before that step
        gap = left - 0.6 * mast + wx + build - wood_now - PROD * prod_wood(s) * acts
        sigma = 1.0 + 0.8 * sqrt(max(1, acts))
        z = (rate * acts - gap) / sigma
        live = LATE ** (win - max(WIN_FROM, r))
        if _cdf(z) * live > best.chance:
            best = Outlook(win, steps, gap, _cdf(z) * live, _phi(z) / sigma * live, gap / max(1, acts))
    return best


class Worth:
    """Marginal values of resources and tracks for this seat's next stack."""

    def __init__(self, s: RobinsonState):
        self.s = s
        self.scen = s.options.scenario  # K0.4: its weather dice
        self.need: dict[str, float] | None = None  # terrains still needed (island_value.py), when asked
        self._hunts: dict[tuple[str, float], tuple[float, float, float, float]] = {}
        self.pj = pj = project(s)
        self.rnd = s.round
        camp = in_camp(s)
        self.camp = max(1, len(camp))
        self.cost_of = {c: wound_cost(s, c) for c in camp}
        costs = list(self.cost_of.values()) or [1.0]
        self.hurt_all = sum(costs)  # one wound to every character in camp (R69, R80)
        goal = scenario_of(s).goal
        ward = goal.ward(s) if goal is not None else None
        if ward is not None:  # K3.7: rescued Jenny takes the camp's wounds too; her death loses
            self.hurt_all += ward_cost(ward, 1)
        self.hurt_one = min(costs)  # the healthiest goes hungry (R72, bot.py)
        by_life = sorted(camp, key=lambda c: CHARACTERS[c].life - s.chars[c].wounds, reverse=True)
        self.hungry = [hurt(s, c, FED) for c in by_life]  # the k-th meal missed tonight (R72)
        if ward is not None:  # K3.12: Jenny goes hungry last unless she has the most life left (2 wounds)
            most = max((CHARACTERS[c].life - s.chars[c].wounds for c in camp), default=-1)
            self.hungry.insert(0 if ward > most else len(self.hungry), ward_cost(ward, 2))
        if goal is not None:  # K6.4: the children eat first; food short of them loses the game
            self.hungry += [WIN] * goal.unfed_loses(s)
        tied = plan.tied(s)
        self.food_now = s.avail["F"] + s.avail["NF"] - tied["F"] - tied["NF"] + pj.food
        wood_now = s.avail["W"] - tied["W"] + pj.wood
        wx_wood, wx_food = self.tonight(pj.roof)
        meals = len(camp) + s.extra_meal + (goal.mouths(s) if goal is not None else 0)  # K3.7: Jenny eats too
        self.food_need = tuple((n + meals, p) for n, p in wx_food)  # weather's food, then the meals (R72)
        self.food_short = sum((n - self.food_now) * p for n, p in self.food_need)
        self.outlook = pile_outlook(s, pj, wood_now)
        self.end = min(last_round(self.scen), self.outlook.win)  # rounds after the win do not matter
        self.rounds = list(range(self.rnd, self.end + 1))
        per = hands(s)  # the same wood still to gather weighs more on fewer pawns
        strain = PILE_K / per * min(2.0, max(0.0, self.outlook.strain))
        pile = max(min(STRAIN_CAP / per, strain), WIN * self.outlook.slope)  # S5
        self.wood_later = min(WOOD_CAP, WOOD_BASE + pile)
        self.steps = goal.steps(s) if goal is not None else {}
        stock = goal.stock(s) if goal is not None else {}
        self.stock_gap = {k: max(0.0, v - (s.avail[k] - tied[k] + (pj.wood if k == "W" else pj.fur)))
                          for k, v in stock.items()}
        if self.stock_gap.get("W", 0.0) > 0:
            price = goal.wood_price(s) if goal is not None and goal.wood_price is not None else GOAL_WOOD
            self.wood_later = max(self.wood_later, price)
        short = p_over(wx_wood, wood_now)  # R69: wood missing tonight is a wound to each in camp
        self.wood = short * (self.hurt_all + 0.3) + (1 - short) * self.wood_later
        wood_c, fur_c = plan.SHELTER_COST[players(s)]
        self.fur = max(1.1, min(FUR_CAP, 0.8 * self.wood_later * wood_c / fur_c))

    def tonight(self, roof: float) -> tuple[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...]]:
        """The distributions of wood and food this round's Weather phase takes (R66-R70)."""
        s = self.s
        return tonight(self.rnd, int(roof + 0.5), "rain" in s.weather_tokens, "snow" in s.weather_tokens,
                       built(s, "Furnace"), animals(self.rnd, self.scen) or "red" in s.weather_tokens, self.scen)

    def hunt(self, who: str, weapon: float) -> tuple[float, float, float, float]:
        """harm.hunt_outlook, remembered for this decision."""
        key = (who, weapon)
        if key not in self._hunts:
            self._hunts[key] = hunt_outlook(self.s, who, weapon)
        return self._hunts[key]

    def _tokens(self) -> int:
        return int("rain" in self.s.weather_tokens) + int("snow" in self.s.weather_tokens)

    def food(self, n: float) -> float:
        """n more food tonight: each meal it covers spares a character 2 wounds (R72: the healthiest go
        hungry first, bot.py), little once everyone is fed (perishable food spoils)."""
        out, have, left = 0.0, self.food_now, n
        while left > 1e-9:
            step = min(1.0, left)
            v = 0.25 * (1 - p_over(self.food_need, have))
            for need, p in self.food_need:
                if need > have:
                    k = min(len(self.hungry), int(need - have + 0.999)) - 1
                    v += p * (self.hungry[k] if k >= 0 else self.hurt_all)
            out += step * v
            have, left = have + step, left - step
        return out

    def cost(self, pay: dict[str, int]) -> float:
        out = 0.0
        for k, v in pay.items():
            out += v * (self.wood if k == "W" else self.fur if k == "Fur" else 1.2)
        return out

    def roof(self) -> float:
        """+1 Roof: each later weather round's clouds above it cost 1 wood and 1 food (R67)."""
        r = self.pj.roof
        return sum(DISC ** (x - self.rnd) * p_above(x, r, self._tokens() if x == self.rnd else 0, self.scen)
                   * ((self.wood if x == self.rnd else self.wood_later) + CLOUD_FOOD) for x in self.rounds)

    def shelter(self) -> float:
        """A Shelter spares every character in camp a wound each night (R72 step 3), and allows a Roof."""
        nights = sum(DISC ** (x - self.rnd) for x in self.rounds)
        return self.hurt_all * nights + 0.5 * self.roof()

    def palisade(self, n: float = 1) -> float:
        """Storms and the red die's palisade face (2 in 6) hit Palisade; at 0 every character is wounded."""
        hits = sum(DISC ** (x - self.rnd) / 3 for x in self.rounds if animals(x, self.scen))
        hits += 1.0 * ("storm" in self.s.weather_tokens) + 0.5 * ("red" in self.s.weather_tokens)
        have = self.pj.pal
        worth = 0.0
        for k in range(int(round(n))):
            worth += self.hurt_all * max(0.0, hits - have - k) * 0.6
        return worth

    def weapon(self, n: float = 1) -> float:
        """Weapon: the red die's beast face (3 - Weapon wounds each, R70), fights and hunts (R51)."""
        beasts = sum(DISC ** (x - self.rnd) / 6 for x in self.rounds if animals(x, self.scen))
        beasts += 0.5 * ("red" in self.s.weather_tokens)
        hunts = min(len(self.s.hunt_deck) + 1.0, 0.35 * len(self.rounds))
        worth = 0.0
        who = min(self.cost_of, key=self.cost_of.__getitem__) if self.cost_of else None
        fp = self.s.seat_char[self.s.seats[(self.s.fp + (len(self.s.seats) > 1)) % len(self.s.seats)]]
        waiting = self.s.set_aside.partition(":")[2] if self.s.set_aside else None  # R94: fought next round
        for k in range(int(round(n))):
            level = self.pj.wpn + k
            worth += beasts * self.hurt_all if level < 3 else 0.0
            if who is not None:
                worth += 0.5 * hunts * (self.hunt(who, level)[0] - self.hunt(who, level + 1)[0])
            if waiting:
                worth += hurt(self.s, fp, fight_wounds(self.s, waiting, level)) - \
                    hurt(self.s, fp, fight_wounds(self.s, waiting, level + 1))
        return worth

    def per_round(self) -> float:
        return sum(DISC ** (x - self.rnd) for x in self.rounds[1:])
