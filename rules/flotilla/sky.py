"""Skyside tiles: keeping (F39), building and A x B scoring (F41-F43, X3, X9), sonar (F57).

Frames: ["draw_keep", n, m]  automatic: draw n (F38), then ["keep", m]
        ["keep", m]          decision  keep:<tile> | keep:stop   (the rest return to the bag)
        ["build", n]         decision  bt:<tile> | bt:stop       (an affordable reserve tile with a legal cell)
        ["bcell", tile, n]   decision  bcell:<cell>
        ["brot", tile, cell, n] decision brot:<0-5>  (distinct rotations only)
        ["score_build"]      automatic: scores every tile of this Build, then its sonar circles
        ["sonar", k]         decision  sonar:yes | sonar:no  (E13, E24)
"""
from __future__ import annotations

from typing import Any

from . import texts
from ..contract import Option
from .data import BOARD, GUILDS, TILES
from .effects import draw, event, gain_vp, me
from .frames import CHAIN, BuildCell, BuildRot, Count, Draw, Return, Step
from .hexes import is_hub, neighbours, rotated, vertex
from .state import FACE, OWNER, ROT, TILE, FlotillaState

GUILD_OF = {c: g for g, c in (("speakers", "p"), ("traders", "y"), ("founders", "r"), ("delvers", "b"))}


# ---- keeping -----------------------------------------------------------------------

def draw_keep(state: FlotillaState, frame: Draw) -> None:
    if draw(state, me(state), frame.n):
        CHAIN.push(state.todo, Count.make("keep", frame.then))


def keep_options(state: FlotillaState, frame: Count) -> list[Option]:
    return [Option(f"keep:{t}", "keep", t, False) for t in dict.fromkeys(state.drawn)] + [Option("keep:stop", "keep", None, False)]


def keep(state: FlotillaState, frame: Count, tile: str | None) -> None:
    p = me(state)
    if tile is None:
        CHAIN.replace(state.todo, Return.of())
        return
    drawn = list(state.drawn)
    drawn.remove(tile)
    state.drawn = drawn
    p.tiles = p.tiles + [tile]  # E42: in the reserve at once
    n = frame.n - 1
    CHAIN.replace(state.todo, Count.make("keep", n) if n > 0 and drawn else Return.of())


# ---- building ----------------------------------------------------------------------

def build_cost(state: FlotillaState, tile: str) -> int:
    return max(0, TILES[tile].cost - state.mods.get("cost_minus", 0))


def build_cells(state: FlotillaState, seat: str) -> list[str]:
    """F41.2: empty non-Hub cell next to your starting tile or a built tile, next to no opponent tile."""
    board = state.board
    cands: set[str] = set()
    for cell, e in board.items():
        if e[OWNER] == seat:
            cands.update(n for n in neighbours(cell) if n not in board)
    out = []
    for c in cands:
        if is_hub(c):
            continue
        if all(board[n][OWNER] == seat for n in neighbours(c) if n in board):
            out.append(c)
    return sorted(out)


def build_options(state: FlotillaState, frame: Count) -> list[Option]:
    p = me(state)
    out = []
    if build_cells(state, p.seat):
        for t in dict.fromkeys(p.tiles):
            if p.barrels[TILES[t].colour] >= build_cost(state, t):  # E19
                out.append(Option(f"bt:{t}", "bt", t, False))
    return out + [Option("bt:stop", "bt", None, False)]


def choose_tile(state: FlotillaState, frame: Count, tile: str | None) -> None:
    CHAIN.replace(state.todo, Step.make("score_build") if tile is None else BuildCell.of(tile, frame.n))


def cell_options(state: FlotillaState, frame: BuildCell) -> list[Option]:
    return [Option(f"bcell:{c}", "bcell", c, False) for c in build_cells(state, me(state).seat)]


def choose_cell(state: FlotillaState, frame: BuildCell, cell: str) -> None:
    CHAIN.replace(state.todo, BuildRot.of(frame.tile, cell, frame.n))


def rot_options(state: FlotillaState, frame: BuildRot) -> list[Option]:
    t = TILES[frame.tile]
    out, seen = [], set()
    for r in range(6):
        sig = (frozenset(rotated(k, r) for k in t.craft), rotated(0, r) if t.sonar else None)
        if sig not in seen:
            seen.add(sig)
            out.append(Option(f"brot:{r}", "brot", r, False))
    return out


def place_built(state: FlotillaState, frame: BuildRot, rot: int) -> None:
    """F41.1-2: pay the cost from reserve barrels, place it; scoring waits for the end of the Build."""
    tile, cell, n = frame.tile, frame.cell, frame.n
    p = me(state)
    colour = TILES[tile].colour
    p.barrels[colour] -= build_cost(state, tile)
    tiles = list(p.tiles)
    tiles.remove(tile)
    p.tiles = tiles
    state.board[cell] = [tile, rot, p.seat, 0, 0, "sky"]
    state.built = state.built + [cell]
    event(state, "ev.built", tile=texts.tile(tile), cell=cell)
    CHAIN.replace(state.todo, Count.make("build", n - 1) if n > 1 else Step.make("score_build"))


def craft_edges(entry: list[Any]) -> set[int]:
    if entry[TILE] == "start":
        return set(range(6))
    return {rotated(k, entry[ROT]) for k in TILES[entry[TILE]].craft}


def watercraft(state: FlotillaState, cell: str) -> set[str]:
    """F43: tiles joined through pairs of facing craft edges."""
    board = state.board
    seen = {cell}
    todo = [cell]
    while todo:
        c = todo.pop()
        edges = craft_edges(board[c])
        for d, n in enumerate(neighbours(c)):
            e = board.get(n)
            if e is None or d not in edges or e[FACE] != "sky" or e[OWNER] != board[c][OWNER] or n in seen:
                continue
            if (d + 3) % 6 in craft_edges(e):
                seen.add(n)
                todo.append(n)
    return seen


def colour_group(state: FlotillaState, cell: str, colour: str) -> set[str]:
    board = state.board
    owner = board[cell][OWNER]
    seen = {cell}
    todo = [cell]
    while todo:
        c = todo.pop()
        for n in neighbours(c):
            e = board.get(n)
            if e is not None and n not in seen and e[OWNER] == owner and e[FACE] == "sky" and \
                    e[TILE] != "start" and TILES[e[TILE]].colour == colour:
                seen.add(n)
                todo.append(n)
    return seen


def tile_score(state: FlotillaState, cell: str) -> tuple[int, int]:
    """F42: A = min(4, dial + buildings of the colour in the watercraft), B = the colour group's size."""
    t = TILES[state.board[cell][TILE]]
    craft = watercraft(state, cell)
    buildings = sum(1 for c in craft if state.board[c][TILE] != "start" and TILES[state.board[c][TILE]].building
                    and TILES[state.board[c][TILE]].colour == t.colour)
    a = min(4, state.dials[GUILD_OF[t.colour]] + buildings)
    return a, len(colour_group(state, cell, t.colour))


def sonar_circles(state: FlotillaState, cells: list[str]) -> int:
    """F57/E24: vertices where three sonar stations meet, at least one on a tile just built."""
    found = set()
    for cell in cells:
        e = state.board[cell]
        if not TILES[e[TILE]].sonar:
            continue
        v = vertex(cell, rotated(0, e[ROT]))
        ok = True
        for c, k in v:
            o = state.board.get(c)
            if o is None or o[TILE] == "start" or o[FACE] != "sky" or not TILES[o[TILE]].sonar \
                    or rotated(0, o[ROT]) != k:
                ok = False
                break
        if ok:
            found.add(v)
    return len(found)


def score_build(state: FlotillaState, frame: Step) -> None:
    """F41.4 / X9: every tile of this Build is scored with all of them on the board."""
    p = me(state)
    built = state.built
    state.built = []
    total = 0
    for cell in built:
        a, b = tile_score(state, cell)
        total += a * b
    if built:
        event(state, "ev.build_score", n=len(built), vp=total)
        gain_vp(state, p, total)
    k = sonar_circles(state, built)
    if k:
        CHAIN.push(state.todo, Count.make("sonar", k))


def sonar_options(state: FlotillaState, frame: Count) -> list[Option]:
    if state.sonar >= len(BOARD.sonar_vp) - 1:  # E13
        return []
    return [Option("sonar:yes", "sonar", True, False), Option("sonar:no", "sonar", False, False)]


def sonar(state: FlotillaState, frame: Count, yes: bool) -> None:
    n = frame.n - 1
    CHAIN.replace(state.todo, *([Count.make("sonar", n)] if n > 0 else []))
    if yes:
        state.sonar += 1
        gain_vp(state, me(state), BOARD.sonar_vp[state.sonar])
        event(state, "ev.sonar", space=state.sonar, vp=BOARD.sonar_vp[state.sonar])


__all__ = ["GUILDS"]
