"""The decisions of the chain (F68): their options and what choosing one does.

An option is a plain tuple `(id, kind, arg, barrier)`.  Move-id grammar:

    play:<card kind>          F13 play a card (copies of one card are alike: the first is played);
                              play:scholar:<seat> copies that seat's topside card (F22)
    sail:<skiff>:<dir>        F36 one skiff step;  sail:stop
    turn:yes | turn:no        F19 turn Skyside while Rallying
    inf:<s|t|f|d>[:arc]       F25-F27 one Influence point (arc: skip space 3)
    res:<p|y|r|b>             Resource, one barrel
    tx:skiff | tx:obj:<set> | tx:buy:<c> | tx:sell:<c> | tx:stop     F29-F35
    site:<cell>               F31 where the outpost goes
    nudge:<c>:<u|d> | nudge:skip
    pl:<tile> | pl:stop       F39 which drawn tile to place;  cell:<cell>, then rot:<0-5> (F40)
    undeplete:<cell>          Remove depletion
"""
from __future__ import annotations

from typing import Any

from ..contract import Option
from .data import ARTIFACTS, BOARD, CARDS, COLOURS, GUILD_LETTER, GUILDS, LETTER_GUILD, TILES
from .effects import (RANDOM_FRAMES, event, frames_of, gain_vp, me, outpost_cost, ring_bonus, sites,
                      turn_skyside)
from . import texts
from .hexes import neighbours
from .place import completed_circles, legal_cells
from .state import DEPLETED, OWNER, FlotillaState, Player, Skiff

Opt = Option  # (id, kind, arg, barrier): the core's typed option
from . import dive as DV, research as RS, sky as SK  # noqa: E402

# frame kind -> (options, apply) of the decisions kept in dive.py, sky.py and research.py
EXTRA = {
    "dive_depth": (DV.depth_options, None), "load": (DV.load_options, DV.load),
    "deplete": (DV.deplete_options, DV.deplete), "keep": (SK.keep_options, SK.keep),
    "build": (SK.build_options, SK.choose_tile), "bcell": (SK.cell_options, SK.choose_cell),
    "brot": (SK.rot_options, SK.place_built), "sonar": (SK.sonar_options, SK.sonar),
    "reroll": (RS.reroll_options, RS.reroll), "set_die": (RS.set_options, RS.set_die),
    "set_face": (RS.set_options, RS.set_die), "wild": (RS.wild_options, RS.wild),
    "dial": (RS.dial_options, RS.dial), "bounty": (RS.bounty_options, RS.bounty),
}
DECISIONS = frozenset({"sail", "turn", "infl", "infl_each", "res", "trans", "site", "nudge", "place", "cell",
                       "rot", "remove_depletion", *EXTRA})
RANDOM_TERMS = frozenset({"draw_place", "draw_keep", "dive", "research"})


def card_terms(card_id: str, side: str):
    c = CARDS[card_id]
    return c.sink if side == "sink" else c.sky


def scholar_targets(state: FlotillaState, seat: str) -> list[str]:
    """F23/E1: opponents whose topside card is of your side."""
    side = state.players[seat].side
    return [s for s in state.order if s != seat and state.players[s].discard and state.players[s].side == side]


def card_options(state: FlotillaState, seat: str) -> list[Opt]:
    p = state.players[seat]
    out: list[Opt] = []
    seen: set[str] = set()
    for cid in p.hand:
        kind = CARDS[cid].kind
        if kind in seen:
            continue
        seen.add(kind)
        if kind == "scholar":
            for t in scholar_targets(state, seat):
                top = state.players[t].discard[-1]
                rnd = any(x.name in RANDOM_TERMS for x in card_terms(top, p.side))
                out.append(Option(f"play:scholar:{t}", "play", (cid, t), rnd))
            continue
        rnd = any(x.name in RANDOM_TERMS for x in card_terms(cid, p.side))
        out.append(Option(f"play:{kind}", "play", (cid, None), rnd))
    return out


def _infl(state: FlotillaState, p: Player, letters: str) -> list[Opt]:
    out: list[Opt] = []
    for letter in letters:
        g = LETTER_GUILD[letter]
        nxt = p.ring[g] % 6 + 1
        if nxt == 3:  # F27: the arc
            out.append(Option(f"inf:{letter}", "inf", (g, 3), True))
            out.append(Option(f"inf:{letter}:arc", "inf", (g, 4), False))
        else:
            out.append(Option(f"inf:{letter}", "inf", (g, nxt), nxt == 6 and bool(state.stacks[g])))
    return out


def trans_options(state: FlotillaState, p: Player) -> list[Opt]:
    out: list[Opt] = []
    coins = p.coins
    if p.side == "sink" and p.skiff_reserve > 0 and coins >= BOARD.skiff_cost:  # F30
        out.append(Option("tx:skiff", "tx", ("skiff", None), False))
    if p.outposts < 6:  # F31, F32, E16, E17
        cost = outpost_cost(state, p)
        floating = not sites(state, p.seat)
        if floating:
            cost += BOARD.float_extra[p.side]
        if coins >= cost:
            for name, taken in state.objectives[p.side].items():
                if taken < 3:
                    out.append(Option(f"tx:obj:{name}", "tx", ("obj", name, cost, floating), False))
    for c in COLOURS:  # F33, F35
        done = state.traded.get(c)
        if done != "sell" and coins >= state.market[c]:
            out.append(Option(f"tx:buy:{c}", "tx", ("buy", c), False))
        if done != "buy" and p.barrels[c] > 0:
            out.append(Option(f"tx:sell:{c}", "tx", ("sell", c), False))
    out.append(Option("tx:stop", "tx", ("stop", None), False))
    return out


def sail_options(state: FlotillaState, p: Player) -> list[Opt]:
    """F36: one skiff one step onto your starting tile or one of your ocean tiles."""
    out: list[Opt] = []
    seen: set[tuple] = set()
    board = state.board
    for i, s in enumerate(p.skiffs):
        sig = (s.cell, tuple(s.cargo))
        if sig in seen:
            continue
        seen.add(sig)
        for d, nb in enumerate(neighbours(s.cell)):
            e = board.get(nb)
            if e is not None and e[OWNER] == p.seat:
                out.append(Option(f"sail:{i}:{d}", "sail", (i, nb), False))
    out.append(Option("sail:stop", "sail", None, False))
    return out


def options(state: FlotillaState, frame: list[Any]) -> list[Opt]:
    """The options of the pending decision frame."""
    kind = frame[0]
    p = me(state)
    if kind == "sail":
        return sail_options(state, p)
    if kind == "turn":
        return [Option("turn:yes", "turn", True, False), Option("turn:no", "turn", False, False)]
    if kind == "infl":
        return _infl(state, p, "stfd")
    if kind == "infl_each":
        return _infl(state, p, frame[1])
    if kind == "res":
        return [Option(f"res:{c}", "res", c, False) for c in COLOURS]
    if kind == "trans":
        return trans_options(state, p)
    if kind == "site":
        return [Option(f"site:{c}", "site", c, False) for c in sites(state, p.seat)]
    if kind == "nudge":
        out = []
        for c in COLOURS:
            v = state.market[c]
            if v < len(BOARD.market_track):
                out.append(Option(f"nudge:{c}:u", "nudge", (c, 1), False))
            if v > 1:
                out.append(Option(f"nudge:{c}:d", "nudge", (c, -1), False))
        return out + [Option("nudge:skip", "nudge", None, False)]
    if kind == "place":  # ["place", m, only]: only = the one tile a ring bonus drew, or ""
        pool = [frame[2]] if frame[2] else dict.fromkeys(state.drawn)
        out = [Option(f"pl:{t}", "pl", t, False) for t in pool if legal_cells(state, p.seat, t)]
        return out + [Option("pl:stop", "pl", None, False)]
    if kind == "cell":
        return [Option(f"cell:{c}", "cell", c, False) for c in legal_cells(state, p.seat, frame[1])]
    if kind == "rot":
        return [Option(f"rot:{r}", "rot", r, True) for r in range(6)]
    if kind in EXTRA:
        return EXTRA[kind][0](state, frame)
    if kind == "remove_depletion":
        return [Option(f"undeplete:{c}", "undeplete", c, False) for c, e in state.board.items()
                if e[OWNER] == p.seat and e[DEPLETED]]
    raise ValueError(kind)


def with_barriers(state: FlotillaState, opts: list[Opt]) -> list[Opt]:
    """A move is a barrier when it draws itself, or when a random step waits later in the chain."""
    if any(f[0] in RANDOM_FRAMES for f in state.todo[1:]):
        return [Option(o[0], o[1], o[2], True) for o in opts]
    return opts


# ---- applying a decision ----------------------------------------------------------

def decide(state: FlotillaState, frame: list[Any], opt: Opt) -> None:
    """Apply the chosen option of frame 0 (state is already a private copy)."""
    _, kind, arg, _ = opt
    p = me(state)
    todo = state.todo
    if frame[0] == "dive_depth":
        todo[0:1] = [["dive_roll", arg, frame[3]]]
    elif frame[0] in EXTRA:
        EXTRA[frame[0]][1](state, frame, arg)
    elif kind == "sail":
        if arg is None:
            todo.pop(0)
            return
        i, cell = arg
        s = p.skiffs[i]
        cargo = s.cargo
        if cell == p.home and cargo:  # F37: unloading at the drop point
            for c in cargo:
                p.barrels[c] += 1
            cargo = []
        p.skiffs[i] = Skiff.at(cell, cargo)
        _count_down(todo, frame)
    elif kind == "turn":
        todo.pop(0)
        if arg:
            turn_skyside(state, p)
    elif kind == "inf":
        g, space = arg
        p.ring[g] = space
        if frame[0] == "infl_each":
            left = frame[1].replace(GUILD_LETTER[g], "")
            todo[0:1] = [["infl_each", left]] if left else []
        else:
            _count_down(todo, frame)
        event(state, "ev.influence", guild=texts.guild(g), space=space)
        todo[0:0] = ring_bonus(g, space)
    elif kind == "res":
        p.barrels[arg] += 1
        _count_down(todo, frame)
    elif kind == "tx":
        _transaction(state, p, frame, arg)
    elif kind == "site":
        todo.pop(0)
        _build_outpost(state, arg)
    elif kind == "nudge":
        todo.pop(0)
        if arg is not None:
            c, d = arg
            state.market = {**state.market, c: state.market[c] + d}
    elif kind == "pl":
        todo[0:1] = [["cell", arg, frame[1], frame[2]]] if arg is not None else [["return", frame[2]]]
    elif kind == "cell":
        tile = frame[1]
        if TILES[tile].wedge is None:
            _place(state, p, tile, arg, 0, frame[2], frame[3])
        else:
            todo[0:1] = [["rot", tile, arg, frame[2], frame[3]]]
    elif kind == "rot":
        _place(state, p, frame[1], frame[2], arg, frame[3], frame[4])
    elif kind == "undeplete":
        todo.pop(0)
        e = state.board[arg]
        state.board[arg] = [e[0], e[1], e[2], 0, e[4], e[5]]
    else:  # pragma: no cover
        raise ValueError(kind)


def _count_down(todo: list, frame: list[Any]) -> None:
    n = frame[1] - 1
    todo[0:1] = [[frame[0], n, *frame[2:]]] if n > 0 else []


def _transaction(state: FlotillaState, p: Player, frame: list[Any], arg: tuple) -> None:
    what, x = arg[0], arg[1]
    todo = state.todo
    if what == "stop":
        todo[0:1] = [["adjust"]]
        return
    n = frame[1] - 1
    todo[0:1] = [["trans", n]] if n > 0 else [["adjust"]]
    if what == "skiff":
        p.coins -= BOARD.skiff_cost
        p.skiff_reserve -= 1
        p.skiffs.append(Skiff.at(p.home))
        event(state, "ev.skiff")
    elif what == "buy":
        p.coins -= state.market[x]
        p.barrels[x] += 1
        state.bought[x] = state.bought.get(x, 0) + 1
        state.traded[x] = "buy"
    elif what == "sell":
        p.coins += state.market[x]
        p.barrels[x] -= 1
        state.sold[x] = state.sold.get(x, 0) + 1
        state.traded[x] = "sell"
    elif what == "obj":
        free = sites(state, p.seat)
        cost = outpost_cost(state, p) + (0 if free else BOARD.float_extra[p.side])
        p.coins -= cost
        p.outposts += 1
        taken = state.objectives[p.side][x]
        value = BOARD.objectives[x][p.side][taken]
        state.objectives = {**state.objectives, p.side: {**state.objectives[p.side], x: taken + 1}}
        p.objectives.append(f"{x}:{p.side}:{value}")
        event(state, "ev.objective", set=texts.objective(x), vp=value, cost=cost)
        gain_vp(state, p, value)
        if not free:
            p.floating += 1
        elif len(free) == 1:
            _build_outpost(state, free[0])
        else:
            todo.insert(0, ["site"])


def _build_outpost(state: FlotillaState, cell: str) -> None:
    e = state.board[cell]
    state.board[cell] = [e[0], e[1], e[2], e[3], 1, e[5]]


def _place(state: FlotillaState, p: Player, tile: str, cell: str, rot: int, left: int, only: str) -> None:
    """F40 placement, then F56 artifact circles; the place step continues with one fewer."""
    drawn = list(state.drawn)
    drawn.remove(tile)
    state.drawn = drawn
    state.board[cell] = [tile, rot, p.seat, 0, 0, "sink"]
    event(state, "ev.placed", tile=texts.tile(tile), cell=cell)
    todo = state.todo
    todo[0:1] = [["place", left - 1, only]] if left > 1 else [["return", only]]
    for _ in range(completed_circles(state, cell)):
        if state.artifact_bag:  # E6
            bag = list(state.artifact_bag)
            art = bag.pop(state.rng.below(len(bag)))
            state.artifact_bag = bag
            g = art.rsplit("-", 1)[0]
            state.slotted = {**state.slotted, g: state.slotted[g] + [art]}
            event(state, "ev.artifact_found", guild=texts.guild(g), bonus=texts.terms(ARTIFACTS[art]))
            todo[0:0] = frames_of(ARTIFACTS[art], g)


__all__ = ["DECISIONS", "GUILDS", "Opt", "card_options", "decide", "options", "with_barriers"]
