"""Diving (Sinkside Delvers, F44-F50, E7-E9, D8, D9).

Frames: ["dive", n, abyss, ignore]  (automatic; asks card-dice depths when there is a choice)
        ["dive_depth", n, abyss, ignore]  decision  depth:<S|D|A...> (one letter per card die)
        ["dive_roll", depths, ignore]     automatic, draws from the rng
        ["load", n]     decision  load:<skiff>   each barrel (F46)
        ["tox", n]      automatic (F47)
        ["deplete", n]  decision  deplete:<cell> each marker beyond the first (F48)
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from . import texts
from ..contract import Option
from .data import BOARD, TILES
from .effects import event, me
from .frames import CHAIN, Count, Dive, DiveRoll
from .state import DEPLETED, OWNER, TILE, FlotillaState, Player, Skiff

CAPACITY = BOARD.skiff_capacity


def _on_undepleted(state: FlotillaState, s: Skiff) -> str | None:
    """The depth of the undepleted ocean tile under a skiff, else None (F44: never the starting tile)."""
    e = state.board.get(s.cell)
    if e is None or e[TILE] == "start" or e[DEPLETED]:
        return None
    return TILES[e[TILE]].depth


def skiff_depths(state: FlotillaState, p: Player) -> list[str]:
    return sorted({d for s in p.skiffs if (d := _on_undepleted(state, s)) is not None})


def start_dive(state: FlotillaState, frame: Dive) -> None:
    n, abyss, ignore = frame.n, frame.abyss, frame.ignore
    depths = skiff_depths(state, me(state))
    if len(depths) > 1 and n > 0:
        CHAIN.push(state.todo, Dive.make("dive_depth", n, abyss, ignore))
    else:  # E9: with no skiff on an undepleted tile the card dice are Shallow
        d = depths[0] if depths else "S"
        CHAIN.push(state.todo, DiveRoll.of(d * n + "A" * abyss, ignore))


def depth_options(state: FlotillaState, frame: Dive) -> list[Option]:
    n, abyss = frame.n, frame.abyss
    depths = skiff_depths(state, me(state))
    return [Option(f"depth:{''.join(c)}", "depth", "".join(c) + "A" * abyss, True)
            for c in combinations_with_replacement(depths, n)]


def roll(state: FlotillaState, frame: DiveRoll) -> None:
    """F44-F50: the pool is the card dice plus one die per skiff on an undepleted tile."""
    card_dice, ignore = frame.depths, frame.ignore
    p = me(state)
    pool = card_dice + "".join(deep for skiff in p.skiffs if (deep := _on_undepleted(state, skiff)) is not None)
    sonar = BOARD.sonar_counts_as[state.sonar]
    icons = ""
    faces = []
    for depth in pool:
        face = BOARD.dive_dice[depth][state.rng.below(6)]
        faces.append(face)
        icons += face.replace("R", sonar)  # F50: sonar faces count as the current sonar space
    b, s, t, d = (icons.count(x) for x in "BSTD")
    event(state, "ev.dive", dice=len(pool), faces=texts.dive_faces(faces), b=b, s=s, t=t, d=d)
    frames: list[Count] = []
    if b:
        frames.append(Count.make("load", b))
    if s:
        frames.append(Count.make("survivor", s, 0))
    tox = max(0, t - ignore)  # Ignore t tox (D11)
    if tox:
        frames.append(Count.make("tox", tox))
    if d > 1:
        frames.append(Count.make("deplete", d - 1))
    CHAIN.push(state.todo, *frames)


def load_options(state: FlotillaState, frame: Count) -> list[Option]:
    """F46/E7: a skiff on an undepleted tile with fewer than 4 barrels; none: the barrel is lost."""
    p = me(state)
    out = []
    seen = set()
    for i, s in enumerate(p.skiffs):
        if len(s.cargo) >= CAPACITY or _on_undepleted(state, s) is None:
            continue
        sig = (s.cell, len(s.cargo))
        if sig not in seen:
            seen.add(sig)
            out.append(Option(f"load:{i}", "load", i, False))
    return out


def load(state: FlotillaState, frame: Count, i: int) -> None:
    p = me(state)
    s = p.skiffs[i]
    colour = TILES[state.board[s.cell][TILE]].colour
    p.skiffs[i] = Skiff.at(s.cell, s.cargo + [colour])
    _count(state, frame)


def deplete_options(state: FlotillaState, frame: Count) -> list[Option]:
    """F48/X4: first undepleted tiles of yours holding a skiff of yours, else any undepleted tile of yours."""
    p = me(state)
    with_skiff = sorted({s.cell for s in p.skiffs if _on_undepleted(state, s) is not None})
    cells = with_skiff or sorted(c for c, e in state.board.items()
                                 if e[OWNER] == p.seat and e[TILE] != "start" and not e[DEPLETED])
    return [Option(f"deplete:{c}", "deplete", c, False) for c in cells]


def deplete(state: FlotillaState, frame: Count, cell: str) -> None:
    e = state.board[cell]
    state.board[cell] = [e[0], e[1], e[2], 1, e[4], e[5]]
    _count(state, frame)


def add_tox(state: FlotillaState, frame: Count) -> None:
    me(state).tox += frame.n


def _count(state: FlotillaState, frame: Count) -> None:
    n = frame.n - 1
    CHAIN.replace(state.todo, *([Count.make(frame.kind, n)] if n > 0 else []))
