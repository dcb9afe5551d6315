"""Test-side steering of Eclipse seats towards battles (the greedy bot never seeks one).

`Warlord.steer(state, seat, ids)` returns a move id, or None to leave the choice to
the greedy bot.  It builds warships when Materials allow, explores towards the
Galactic Center, and moves warships along the shortest wormhole path (E43) to the
nearest hex where a kind of fight not seen yet can happen: Ancients (E77), the GCDS
on 001 (E8, E77), another player's ships or cubes (E49, E63).  It only ever picks
listed legal moves.
"""
from __future__ import annotations

from collections import deque
from typing import Any, Optional

from rules.eclipse.geometry import parse_pos, ring_of, wormholes
from rules.eclipse.movement import movement, ship_groups, steps_from

WARSHIPS = ("dreadnought", "cruiser", "interceptor")
KINDS = ("ancient", "gcds", "player", "pop")


def fight_kinds(events) -> set[str]:
    """What a move's events show: battles against the Ancients, the GCDS or a player (E49,
    E51), cubes destroyed by a population attack (E63), reputation tiles drawn and kept (E61)."""
    out = set()
    for e in events:
        k = e.key.removeprefix("eclipse.")
        if k == "ev.battle":
            if e.args["defender"].key != "eclipse.side_npc":
                out.add("player")
            else:  # only the GCDS is ever on 001 (E8, E78)
                out.add("gcds" if e.args["hex"] == "001" else "ancient")
        elif k == "ev.cube_killed":
            out.add("pop")
        elif k == "ev.rep_kept":
            out.add("rep")
    return out


def _cubes(h: dict) -> int:
    return sum(h.cubes) + (1 if h.orbital == 2 else 0)


class Warlord:
    def __init__(self) -> None:
        self.seen: set[str] = set()  # kinds of fight that have happened (set by the test)

    # ---- where to go ------------------------------------------------------------
    def targets(self, state: Any, seat: str) -> set[str]:
        draco = state.players[seat].species == "draco"
        out = set()
        for hid, h in state.hexes.items():
            if h.ancients and not draco and "ancient" not in self.seen:
                out.add(hid)
            if h.gcds and "gcds" not in self.seen:
                out.add(hid)
            foes = [s for s in h.ships if s != seat and any(h.ships[s].values())]
            owner = h.owner
            if foes and "player" not in self.seen and not h.ancients and not h.gcds:
                out.add(hid)
            if owner not in (None, seat) and _cubes(h) and "pop" not in self.seen and not h.ancients and not h.gcds:
                out.add(hid)
        return out

    def path(self, state: Any, seat: str, src: str, goals: set[str]) -> Optional[list[str]]:
        """Shortest list of hexes from `src` (excluded) to a goal, across the seat's connections."""
        if src in goals:
            return []
        back = {src: None}
        todo = deque([src])
        while todo:
            cur = todo.popleft()
            for n in steps_from(state, seat, cur):
                if n in back:
                    continue
                back[n] = cur
                if n in goals:
                    way = [n]
                    while back[way[-1]] != src:
                        way.append(back[way[-1]])
                    return way[::-1]
                todo.append(n)
        return None

    # ---- the choice ----------------------------------------------------------------
    def steer(self, state: Any, seat: str, ids: list[str]) -> Optional[str]:
        if state.round < 3 or set(KINDS) <= self.seen:
            return None
        f = state.stack[-1] if state.stack else None
        k = f.kind if f is not None else None
        if k == "turn":
            return self._turn(state, seat, ids)
        if k == "build" and not f.react:
            return self._build(state, seat, f, ids)
        if k == "move":
            return self._move(state, seat, f, ids)
        if k == "explore":
            return self._explore(state, ids)
        return None

    def _turn(self, state: Any, seat: str, ids: list[str]) -> Optional[str]:
        p = state.players[seat]
        goals = self.targets(state, seat)
        if "act:move" in ids and goals and any(
                self.path(state, seat, h, goals) for h, s in ship_groups(state, seat) if s in WARSHIPS):
            return "act:move"
        if "act:build" in ids and p.storage[2] >= 5 and sum(p.built[s] for s in WARSHIPS) < 5:
            return "act:build"
        if "act:explore" in ids and "gcds" not in self.seen:
            from rules.eclipse.moves import explore_positions
            if any(ring_of(*parse_pos(x)) == "1" for x in explore_positions(state, seat)):
                return "act:explore"
        return None

    def _build(self, state: Any, seat: str, f: dict, ids: list[str]) -> Optional[str]:
        what = next((s for s in WARSHIPS if any(i.startswith(f"bld:{s}:") for i in ids)), None)
        if what is None:
            return None
        goals = self.targets(state, seat)
        best = None
        for i in ids:
            if i.startswith(f"bld:{what}:"):  # E107: the piece and its hex in one option
                way = self.path(state, seat, i.rpartition(":")[2], goals)
                if way is not None and (best is None or len(way) < best[0]):
                    best = (len(way), i)
        return best[1] if best else None

    def _move(self, state: Any, seat: str, f: dict, ids: list[str]) -> Optional[str]:
        goals = self.targets(state, seat)
        if f.at is None:
            best = None
            for h, s in ship_groups(state, seat):
                if s not in WARSHIPS or h in goals:
                    continue
                way = self.path(state, seat, h, goals)
                if way and (best is None or len(way) < best[0]) and movement(state, seat, s):
                    best = (len(way), f"ship:{h}:{s}")
            return best[1] if best and best[1] in ids else "stop" if "stop" in ids else None
        way = self.path(state, seat, f.at, goals)
        if not way:
            return "here" if "here" in ids else None
        return f"go:{way[0]}" if f"go:{way[0]}" in ids else None

    def _explore(self, state: Any, ids: list[str]) -> Optional[str]:
        """Towards the Galactic Center: ring-1 positions, orientations with a wormhole facing 001."""
        if "gcds" in self.seen:
            return None
        inner = [i for i in ids if i.startswith("exp:") and ring_of(*parse_pos(i[4:])) == "1"]
        if inner:
            return inner[0]
        pos = state.stack[-1].pos
        if pos is None:
            return None
        q, r = parse_pos(pos)
        d = _direction_to(q, r, 0, 0)  # the Galactic Center is at 0,0 (E8)
        for i in ids:
            if i.startswith("pl:") and d is not None:
                _, hid, rot = i.split(":")
                if d in wormholes(hid, int(rot)):
                    return i
        return None


def _direction_to(q: int, r: int, q2: int, r2: int) -> Optional[int]:
    from rules.eclipse.geometry import neighbour
    for d in range(6):
        if neighbour(q, r, d) == (q2, r2):
            return d
    return None
