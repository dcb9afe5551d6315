"""Public odds the co-operative bot reasons with (R98: never a face-down card or the rng):
the weather dice each round announces (S2, R66-R70), the average beast (§3.4, R51), the
action dice (§3.3, R41).  Pure and cached."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from ..data import BEASTS, DICE, SCENARIOS, Beast

LAST = SCENARIOS["castaways"]["rounds"]
WIN_FROM = SCENARIOS["castaways"]["win_from"]
CASTAWAYS = "castaways"


def last_round(scen: str) -> int:
    """The scenario's last round (K0.1)."""
    return int(SCENARIOS[scen]["rounds"])
P_OK = {"build": 4 / 6, "gather": 5 / 6, "explore": 5 / 6}  # §3.3
P_WOUND = {"build": 2 / 6, "gather": 1 / 6, "explore": 3 / 6}
P_ADV = {"build": 3 / 6, "gather": 3 / 6, "explore": 5 / 6}


@lru_cache(maxsize=None)
def weather(rnd: int, scen: str = CASTAWAYS) -> tuple[tuple[int, int, float], ...]:
    """(clouds, snow clouds, probability) of the round's S2 weather dice (K0.4: the scenario's)."""
    out: dict[tuple[int, int], float] = {}
    for rain, sn, p in faces(rnd, scen):
        out[(rain + sn, sn)] = out.get((rain + sn, sn), 0.0) + p
    return tuple((c, sn, p) for (c, sn), p in sorted(out.items()))


def above(rnd: int, roof: float, extra: int = 0, scen: str = CASTAWAYS) -> float:
    """Expected clouds above the Roof in that round (R67)."""
    return sum(p * max(0.0, c + extra - roof) for c, _, p in weather(rnd, scen))


def p_above(rnd: int, roof: float, extra: int = 0, scen: str = CASTAWAYS) -> float:
    """The chance that the round's clouds exceed the Roof: what one more Roof level saves (R67)."""
    return sum(p for c, _, p in weather(rnd, scen) if c + extra > roof)


def snow(rnd: int, scen: str = CASTAWAYS) -> float:
    return sum(p * sn for _, sn, p in weather(rnd, scen))


def animals(rnd: int, scen: str = CASTAWAYS) -> bool:
    return "animals" in SCENARIOS[scen]["weather"].get(str(rnd), [])


@lru_cache(maxsize=None)
def beast_stats(weapon: int, medicine: bool = False) -> tuple[float, float, float, float]:
    """Average wounds, food, fur and weapon loss of a fight with a random beast (§3.4, R51)."""
    bs = list(BEASTS.values())

    def extra(b: Beast) -> int:
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


@lru_cache(maxsize=None)
def faces(rnd: int, scen: str = CASTAWAYS) -> tuple[tuple[int, int, float], ...]:
    """(rain clouds, snow clouds, probability) of the round's S2 weather dice."""
    dice = [DICE[d] for d in SCENARIOS[scen]["weather"].get(str(rnd), []) if d != "animals"]
    out: dict[tuple[int, int], float] = {}
    for fs in product(*dice):
        rain = sum(int(f[4:]) for f in fs if f.startswith("rain"))
        snow = sum(int(f[4:]) for f in fs if f.startswith("snow"))
        out[(rain, snow)] = out.get((rain, snow), 0.0) + 6.0 ** -len(dice)
    return tuple((r, sn, p) for (r, sn), p in sorted(out.items()))


@lru_cache(maxsize=None)
def tonight(rnd: int, roof: int, rain_tok: bool, snow_tok: bool, furnace: bool, red: bool, scen: str = CASTAWAYS
            ) -> tuple[tuple[tuple[int, float], ...], tuple[tuple[int, float], ...]]:
    """The Weather phase's demand (R66-R70): distributions of the wood it takes (snow, then clouds
    above the Roof) and of the food it takes (clouds above the Roof, the red die's food face)."""
    wood: dict[int, float] = {}
    food: dict[int, float] = {}
    for rain, sn, p in faces(rnd, scen):
        rain, sn = rain + rain_tok, sn + snow_tok
        if furnace and sn:
            sn -= 1
        over = max(0, rain + sn - roof)
        wood[sn + over] = wood.get(sn + over, 0.0) + p
        for extra, q in (((0, 5 / 6), (1, 1 / 6)) if red else ((0, 1.0),)):
            food[over + extra] = food.get(over + extra, 0.0) + p * q
    return tuple(sorted(wood.items())), tuple(sorted(food.items()))


def p_over(dist: tuple[tuple[int, float], ...], have: float) -> float:
    """P(demand > have), linear between whole amounts."""
    lo = int(have // 1)
    frac = have - lo
    p_lo = sum(p for n, p in dist if n > lo)
    p_hi = sum(p for n, p in dist if n > lo + 1)
    return p_lo * (1 - frac) + p_hi * frac


def quantile(dist: tuple[tuple[int, float], ...], q: float) -> int:
    """The smallest demand covered with probability q."""
    acc = 0.0
    for n, p in dist:
        acc += p
        if acc >= q - 1e-9:
            return n
    return dist[-1][0] if dist else 0
