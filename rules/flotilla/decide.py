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

from typing import Any, Callable

from ..contract import Option
from ..decisions import ArrayFrame, Moves
from .data import ARTIFACTS, BOARD, CARDS, COLOURS, GUILD_LETTER, GUILDS, LETTER_GUILD, TILES, Term
from .effects import (RANDOM_FRAMES, event, frames_of, gain_vp, me, outpost_cost, ring_bonus, sites,
                      turn_skyside)
from . import texts
from .frames import CHAIN, Cell, Count, Dive, DiveRoll, Letters, Place, Return, Rot, Step
from .hexes import neighbours
from .place import completed_circles, legal_cells
from .state import DEPLETED, OWNER, FlotillaState, Player, Skiff

Opt = Option  # (id, kind, arg, barrier): the core's typed option
from . import dive as DV, research as RS, sky as SK  # noqa: E402

RANDOM_TERMS = frozenset({"draw_place", "draw_keep", "dive", "research"})


def card_terms(card_id: str, side: str) -> tuple[Term, ...]:
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
    seen: set[tuple[str, tuple[str, ...]]] = set()
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


def _infl_options(state: FlotillaState, f: Count) -> list[Opt]:
    return _infl(state, me(state), "stfd")


def _nudge_options(state: FlotillaState, f: Count) -> list[Opt]:
    out = []
    for c in COLOURS:
        v = state.market[c]
        if v < len(BOARD.market_track):
            out.append(Option(f"nudge:{c}:u", "nudge", (c, 1), False))
        if v > 1:
            out.append(Option(f"nudge:{c}:d", "nudge", (c, -1), False))
    return out + [Option("nudge:skip", "nudge", None, False)]


def _place_options(state: FlotillaState, f: Place) -> list[Opt]:
    pool = [f.only] if f.only else dict.fromkeys(state.drawn)
    seat = me(state).seat
    out = [Option(f"pl:{t}", "pl", t, False) for t in pool if legal_cells(state, seat, t)]
    return out + [Option("pl:stop", "pl", None, False)]


def _undeplete_options(state: FlotillaState, f: Count) -> list[Opt]:
    seat = me(state).seat
    return [Option(f"undeplete:{c}", "undeplete", c, False) for c, e in state.board.items()
            if e[OWNER] == seat and e[DEPLETED]]


def _sail(state: FlotillaState, f: Count, arg: tuple[int, str] | None) -> None:
    if arg is None:
        CHAIN.pop(state.todo)
        return
    p = me(state)
    i, cell = arg
    s = p.skiffs[i]
    cargo = s.cargo
    if cell == p.home and cargo:  # F37: unloading at the drop point
        for c in cargo:
            p.barrels[c] += 1
        cargo = []
    p.skiffs[i] = Skiff.at(cell, cargo)
    _count_down(state, f)


def _turn(state: FlotillaState, f: Step, arg: bool) -> None:
    CHAIN.pop(state.todo)
    if arg:
        turn_skyside(state, me(state))


def _influence(state: FlotillaState, f: Count | Letters, arg: tuple[str, int]) -> None:
    g, space = arg
    me(state).ring[g] = space
    if isinstance(f, Letters):
        left = f.letters.replace(GUILD_LETTER[g], "")
        CHAIN.replace(state.todo, *([f.replace(letters=left)] if left else []))
    else:
        _count_down(state, f)
    event(state, "ev.influence", guild=texts.guild(g), space=space)
    CHAIN.push(state.todo, *ring_bonus(g, space))


def _res(state: FlotillaState, f: Count, arg: str) -> None:
    me(state).barrels[arg] += 1
    _count_down(state, f)


def _site(state: FlotillaState, f: Step, arg: str) -> None:
    CHAIN.pop(state.todo)
    _build_outpost(state, arg)


def _nudge(state: FlotillaState, f: Count, arg: tuple[str, int] | None) -> None:
    CHAIN.pop(state.todo)
    if arg is not None:
        c, d = arg
        state.market = {**state.market, c: state.market[c] + d}


def _pick_tile(state: FlotillaState, f: Place, arg: str | None) -> None:
    CHAIN.replace(state.todo, Cell.of(arg, f.left, f.only) if arg is not None else Return.of(f.only))


def _cell(state: FlotillaState, f: Cell, arg: str) -> None:
    if TILES[f.tile].wedge is None:
        _place(state, me(state), f.tile, arg, 0, f.left, f.only)
    else:
        CHAIN.replace(state.todo, Rot.of(f.tile, arg, f.left, f.only))


def _rot(state: FlotillaState, f: Rot, arg: int) -> None:
    _place(state, me(state), f.tile, f.cell, arg, f.left, f.only)


def _undeplete(state: FlotillaState, f: Count, arg: str) -> None:
    CHAIN.pop(state.todo)
    e = state.board[arg]
    state.board[arg] = [e[0], e[1], e[2], 0, e[4], e[5]]


def _dive_depth(state: FlotillaState, f: Dive, arg: str) -> None:
    CHAIN.replace(state.todo, DiveRoll.of(arg, f.ignore))


# frame kind -> (its options, what choosing one does): the decisions' move map (rules/decisions.py)
MOVES: Moves[tuple[Callable[[FlotillaState, Any], list[Opt]], Callable[[FlotillaState, Any, Any], None]]] = Moves({
    "sail": (lambda state, f: sail_options(state, me(state)), _sail),
    "turn": (lambda state, f: [Option("turn:yes", "turn", True, False), Option("turn:no", "turn", False, False)],
             _turn),
    "infl": (_infl_options, _influence),
    "infl_each": (lambda state, f: _infl(state, me(state), f.letters), _influence),
    "res": (lambda state, f: [Option(f"res:{c}", "res", c, False) for c in COLOURS], _res),
    "trans": (lambda state, f: trans_options(state, me(state)), lambda state, f, arg: _transaction(state, me(state), f, arg)),
    "site": (lambda state, f: [Option(f"site:{c}", "site", c, False) for c in sites(state, me(state).seat)], _site),
    "nudge": (_nudge_options, _nudge),
    "place": (_place_options, _pick_tile),
    "cell": (lambda state, f: [Option(f"cell:{c}", "cell", c, False) for c in legal_cells(state, me(state).seat, f.tile)],
             _cell),
    "rot": (lambda state, f: [Option(f"rot:{r}", "rot", r, True) for r in range(6)], _rot),
    "remove_depletion": (_undeplete_options, _undeplete),
    "dive_depth": (DV.depth_options, _dive_depth), "load": (DV.load_options, DV.load),
    "deplete": (DV.deplete_options, DV.deplete), "keep": (SK.keep_options, SK.keep),
    "build": (SK.build_options, SK.choose_tile), "bcell": (SK.cell_options, SK.choose_cell),
    "brot": (SK.rot_options, SK.place_built), "sonar": (SK.sonar_options, SK.sonar),
    "reroll": (RS.reroll_options, RS.reroll), "set_die": (RS.set_options, RS.set_die),
    "set_face": (RS.set_options, RS.set_die), "wild": (RS.wild_options, RS.wild),
    "dial": (RS.dial_options, RS.dial), "bounty": (RS.bounty_options, RS.bounty),
})
DECISIONS = frozenset(MOVES)


def options(state: FlotillaState, frame: ArrayFrame) -> list[Opt]:
    """The options of the pending decision frame."""
    return MOVES[frame.kind][0](state, frame)


def with_barriers(state: FlotillaState, opts: list[Opt]) -> list[Opt]:
    """A move is a barrier when it draws itself, or when a random step waits later in the chain."""
    if any(f.kind in RANDOM_FRAMES for f in CHAIN.below(state.todo)):
        return [Option(o[0], o[1], o[2], True) for o in opts]
    return opts


# ---- applying a decision ----------------------------------------------------------

def decide(state: FlotillaState, frame: ArrayFrame, opt: Opt) -> None:
    """Apply the chosen option of the pending frame (state is already a private copy)."""
    MOVES[frame.kind][1](state, frame, opt[2])


def _count_down(state: FlotillaState, frame: Count) -> None:
    """One of the frame's `n` done: the frame again with one fewer, or none."""
    n = frame.n - 1
    CHAIN.replace(state.todo, *([frame.replace(n=n)] if n > 0 else []))


def _transaction(state: FlotillaState, p: Player, frame: Count, arg: tuple[Any, ...]) -> None:
    what, x = arg[0], arg[1]
    if what == "stop":
        CHAIN.replace(state.todo, Step.make("adjust"))
        return
    n = frame.n - 1
    CHAIN.replace(state.todo, Count.make("trans", n) if n > 0 else Step.make("adjust"))  # the term's b dropped
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
            CHAIN.push(state.todo, Step.make("site"))


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
    CHAIN.replace(state.todo, Place.of(left - 1, only) if left > 1 else Return.of(only))
    for _ in range(completed_circles(state, cell)):
        if state.artifact_bag:  # E6
            bag = list(state.artifact_bag)
            art = bag.pop(state.rng.below(len(bag)))
            state.artifact_bag = bag
            g = art.rsplit("-", 1)[0]
            state.slotted = {**state.slotted, g: state.slotted[g] + [art]}
            event(state, "ev.artifact_found", guild=texts.guild(g), bonus=texts.terms(ARTIFACTS[art]))
            CHAIN.push(state.todo, *frames_of(ARTIFACTS[art], g))


__all__ = ["DECISIONS", "GUILDS", "Opt", "card_options", "decide", "options", "with_barriers"]
