"""Exact combat odds (E98): the probability that the attacker wins one battle.

Built on core.py (E52-E56, E59).  A side's configuration is, per ship type,
the sorted damage of its surviving ships: ships of one type with equal damage are
interchangeable, so this is canonical.  Every configuration of each side is
enumerated and ranked by remaining hit points; a hit always lowers them, so
filling the value tables from the most damaged pairs up needs no recursion.

* Positions: the missile volley's activations (E53), then one engagement round's
  activations (E54) by initiative with defender ties (E52).  A round in which no
  die hits returns to the same pair; its value V solves V = R + q V (q: chance
  that nothing is hit in the whole round), so V = R / (1 - q).
* Each activation's dice are grouped by damage and by how many of the opponent's
  to-hit thresholds they reach (E55); every outcome class has its multinomial
  probability.  The firing side then picks, among every way to give each hitting
  die to a ship it hits (E56), the result best for it (max for the attacker, min
  for the defender), NPCs included.  With `prune` (default) results with no more
  damage than another on every ship are dropped: more damage on the opponent is
  never worse for the firing side (tests compare with `prune=False`).
* E59/E98: at the start of a round with no cannon on either side, the defender
  wins; there is no draw.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import comb, factorial, prod
from operator import ge, itemgetter
from typing import Callable, Iterator, Optional, Sequence

from .core import ShipType, firing_order, needed
from .notation import FleetSpec, NotationError, check_pair, parse_fleet

ATT, DEF = 0, 1
Config = tuple[tuple[int, ...], ...]  # per type: sorted damage of surviving ships
MAX_WORK = 1_500_000  # configuration pairs x positions computed at most (~5 s of CPU)
Groups = Sequence[tuple[ShipType, int]]
Damage = tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]  # per side and group: each ship's damage
Hits = tuple[tuple[int, int], ...]  # hitting dice as sorted (damage, level) pairs
Picker = Callable[[Sequence[float]], tuple[float, ...]]  # the values of the results a firing side picks from
Fired = tuple[float, list[tuple[float, int]], list[tuple[float, Picker]]]  # Battle._outcomes


def odds(attacker: str, defender: str) -> float:
    """E98: the attacker's exact chance of winning (the defender's is 1 - odds)."""
    a, d = parse_fleet(attacker), parse_fleet(defender)
    check_pair(a, d)
    return Battle(a, d).attacker_wins()


def fleet_odds(attacker: Groups, defender: Groups,
               damage: Optional[Damage] = None,
               from_round: bool = False, max_work: int = MAX_WORK) -> float:
    """The E98 figure for fleets given as (ShipType, count) groups, e.g. built with
    `core.player_type` in a running game.  `damage` optionally gives, per side and
    group, the damage already on each of its `count` ships (E60: it carries over).
    `from_round`: start at an engagement round, the missile volley already fired (E53).
    Refused ("too_big") past `max_work` pair-positions (MAX_WORK: ~5 s of CPU)."""
    battle = Battle(FleetSpec(None, tuple(attacker)), FleetSpec(None, tuple(defender)), max_work=max_work)
    return battle.attacker_wins(damage, from_round)


@lru_cache(maxsize=4096)
def outcomes(dice: tuple[tuple[int, int], ...], thresholds: tuple[int, ...]) -> tuple[tuple[float, Hits], ...]:
    """Outcome classes of rolling `dice` ((damage, how many) pairs) against sorted distinct
    to-hit thresholds: [(probability, hits)], hits = sorted ((damage, level), ...) where a die
    of level L hits every target whose threshold is among the first L (E55)."""
    edges = (*thresholds, 7)
    p_level = [(thresholds[0] - 1) / 6] + [(edges[i + 1] - edges[i]) / 6 for i in range(len(thresholds))]
    per_group = []
    for dmg, n in dice:
        rows: list[tuple[float, Hits]] = []
        for split in _compositions(n, len(p_level)):
            p: float = factorial(n)
            for k, c in zip(split, p_level):
                p = p / factorial(k) * c ** k
            if p:
                rows.append((p, tuple((dmg, lvl) for lvl, k in enumerate(split) if lvl for _ in range(k))))
        per_group.append(rows)
    out = []
    for combo in product(*per_group):
        p = 1.0
        hits: Hits = ()
        for q, h in combo:
            p *= q
            hits += h
        out.append((p, tuple(sorted(hits, reverse=True))))
    return tuple(out)


def _compositions(n: int, bins: int) -> Iterator[tuple[int, ...]]:
    if bins == 1:
        yield (n,)
        return
    for k in range(n + 1):
        for rest in _compositions(n - k, bins - 1):
            yield (k, *rest)


class Battle:
    """One battle between two parsed fleets; `attacker_wins()` is the E98 figure."""

    def __init__(self, attacker: FleetSpec, defender: FleetSpec, prune: bool = True,
                 max_work: int = MAX_WORK) -> None:
        self.types = ([t for t, _ in attacker.groups], [t for t, _ in defender.groups])
        order = firing_order(self.types[DEF], self.types[ATT])
        index = {(r, id(t)): i for side, r in ((ATT, "attacker"), (DEF, "defender"))
                 for i, t in enumerate(self.types[side])}
        acts = [(ATT if r == "attacker" else DEF, index[(r, id(t))], t) for r, t in order]
        self.seq = [(s, i, t.missiles) for s, i, t in acts if t.missiles]
        self.first = len(self.seq)  # position of a round's first activation
        self.seq += [(s, i, t.cannons) for s, i, t in acts if t.cannons]
        self.prune = prune
        if _count(attacker) * _count(defender) * (len(self.seq) + 1) > max_work:
            raise NotationError("too_big")
        self.confs = (_configs(attacker), _configs(defender))
        self.ids = tuple({c: i for i, c in enumerate(cs)} for cs in self.confs)
        self.n = (len(self.confs[ATT]), len(self.confs[DEF]))
        self.assigned: dict[tuple[int, Config, Hits, tuple[int, ...]], tuple[Config, ...]] = {}

    def attacker_wins(self, damage: Optional[Damage] = None, from_round: bool = False) -> float:
        """The attacker's chance from undamaged fleets, or from `damage` (see fleet_odds);
        from the missile volley, or with `from_round` from the first activation of a round."""
        na, nd = self.n
        origin: tuple[int, ...] = (na - 1, nd - 1)  # both fleets undamaged: the last configurations
        if damage is not None:
            origin = tuple(self.ids[side][tuple(tuple(sorted(d)) for d in damage[side])] for side in (ATT, DEF))
        first, end = self.first, len(self.seq)
        # value tables per position: by[k][ia][idd] and the same values transposed,
        # tr[k][idd][ia], so both sides read their possible results from one row
        by = [[[0.0] * nd for _ in range(na)] for _ in range(end + 1)]
        tr = [[[0.0] * na for _ in range(nd)] for _ in range(end + 1)]
        by[end], tr[end] = by[first], tr[first]  # after a round's last activation: the next round
        armed = [[any(s and t.cannons for s, t in zip(c, self.types[side])) for c in self.confs[side]]
                 for side in (ATT, DEF)]
        d_dead = [not any(c) for c in self.confs[DEF]]
        # per position: firing side, ships of the firing type in each own configuration, a
        # lazily filled table [ships][opponent configuration] -> (chance of no hit, hit rows),
        # and the value tables after it
        meta: list[tuple[int, list[int], list[list[Optional[Fired]]], list[list[float]]]] = [
                (side, [len(c[ti]) for c in self.confs[side]],
                 [[None] * self.n[1 - side] for _ in range(max(len(c[ti]) for c in self.confs[side]) + 1)],
                 by[k + 1] if side == ATT else tr[k + 1])
                for k, (side, ti, _) in enumerate(self.seq)]
        hs, p0s = [0.0] * end, [1.0] * end
        for ia in range(na):
            a_dead = not any(self.confs[ATT][ia])
            for idd in range(nd):
                if a_dead or d_dead[idd]:
                    for k in range(end):
                        by[k][ia][idd] = tr[k][idd][ia] = 0.0 if a_dead else 1.0
                    continue
                for k in range(end):
                    side, counts, table, nxt = meta[k]
                    if side == ATT:
                        n, opp, seg = counts[ia], idd, nxt[ia]
                    else:
                        n, opp, seg = counts[idd], ia, nxt[idd]
                    if not n:
                        hs[k], p0s[k] = 0.0, 1.0
                        continue
                    got = table[n][opp]
                    if got is None:
                        got = table[n][opp] = self._outcomes(k, n, opp)
                    p0, single, rows = got
                    h = 0.0
                    for p, result in single:
                        h += p * seg[result]
                    if side == ATT:
                        for p, pick in rows:
                            h += p * max(pick(seg))
                    else:
                        for p, pick in rows:
                            h += p * min(pick(seg))
                    hs[k], p0s[k] = h, p0
                value = 0.0
                if armed[ATT][ia] or armed[DEF][idd]:  # else E59/E98: the defender wins
                    r, q = 0.0, 1.0
                    for k in range(first, end):
                        r += q * hs[k]
                        q *= p0s[k]
                    value = r / (1.0 - q)
                by[first][ia][idd] = tr[first][idd][ia] = start = value
                for k in range(end - 1, -1, -1):
                    if k == first:  # the volley's last activation leads to the first round
                        value = start
                    else:
                        value = hs[k] + p0s[k] * value
                        by[k][ia][idd] = tr[k][idd][ia] = value
        return by[first if from_round else 0][origin[0]][origin[1]]

    def _outcomes(self, k: int, n: int, opp_id: int) -> Fired:
        """Activation k with n ships against an opponent configuration: (chance that nothing
        is hit, [(probability, the only result)], [(probability, a getter of the values of
        the results the firing side chooses from)])."""
        side, ti, dmgs = self.seq[k]
        shooter, targets = self.types[side][ti], self.types[1 - side]
        opp = self.confs[1 - side][opp_id]
        need = [needed(shooter, t) if opp[j] else 0 for j, t in enumerate(targets)]
        th = tuple(sorted({x for x in need if x}))
        levels = tuple(th.index(x) + 1 if x else 99 for x in need)
        counts: dict[int, int] = {}
        for d in dmgs:
            counts[d] = counts.get(d, 0) + n
        ids = self.ids[1 - side]
        p0 = 0.0
        single: list[tuple[float, int]] = []
        rows: list[tuple[float, Picker]] = []
        for p, hits in outcomes(tuple(sorted(counts.items())), th):
            if hits:
                res = [ids[r] for r in self._assign(1 - side, opp, hits, levels)]
                if len(res) == 1:
                    single.append((p, res[0]))
                else:
                    rows.append((p, itemgetter(*res)))
            else:
                p0 = p
        return p0, single, rows

    def _assign(self, side: int, conf: Config, hits: Hits, levels: tuple[int, ...]) -> tuple[Config, ...]:
        """E56: every distinct result of giving each hitting die to one ship it hits."""
        key = (side, conf, hits, levels)
        got = self.assigned.get(key)
        if got is not None:
            return got
        hulls = [t.hull for t in self.types[side]]
        states = {conf}
        for dmg, lvl in hits:
            nxt: set[Config] = set()
            for s in states:
                moved = False
                for j, ships in enumerate(s):
                    if not ships or levels[j] > lvl:
                        continue
                    for v in set(ships):
                        moved = True
                        rest = list(ships)
                        rest.remove(v)
                        if v + dmg <= hulls[j]:
                            rest.append(v + dmg)
                            rest.sort()
                        nxt.add(s[:j] + (tuple(rest),) + s[j + 1:])
                if not moved:
                    nxt.add(s)  # no ship this die hits is left: the die is lost
            states = nxt
        result = tuple(_undominated(states, conf, hulls) if self.prune else states)
        self.assigned[key] = result
        return result


def _count(fleet: FleetSpec) -> int:
    """How many configurations `_configs` lists: per type, multisets of at most `count`
    damages among hull + 1 values."""
    return prod(comb(count + t.hull + 1, count) for t, count in fleet.groups)


def _configs(fleet: FleetSpec) -> list[Config]:
    """Every configuration of a fleet, most damaged first (by remaining hit points)."""
    per_type = [[c for k in range(count + 1) for c in combinations_with_replacement(range(t.hull + 1), k)]
                for t, count in fleet.groups]
    hulls = [t.hull for t, _ in fleet.groups]
    return sorted(product(*per_type), key=lambda c: sum(h + 1 - v for h, ships in zip(hulls, c) for v in ships))


def _undominated(states: set[Config], conf: Config, hulls: list[int]) -> list[Config]:
    """Drop results with no more damage than another on every ship.  Per type, damages
    sorted descending with destroyed ships as hull + 1 (every result keeps the ship count
    of `conf`); sorted pointwise >= is "some matching of ships has >= damage".  A dominating
    result has a larger total, so checking against the kept ones in descending total order
    is enough."""
    rows = []
    for s in states:
        vec: list[int] = []
        for j, ships in enumerate(s):
            vec += [hulls[j] + 1] * (len(conf[j]) - len(ships)) + sorted(ships, reverse=True)
        rows.append((sum(vec), vec, s))
    rows.sort(key=lambda row: -row[0])
    kept: list[tuple[list[int], Config]] = []
    for _, v, s in rows:
        if not any(all(map(ge, w, v)) for w, _ in kept):
            kept.append((v, s))
    return [s for _, s in kept]
