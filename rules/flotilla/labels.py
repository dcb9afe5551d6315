"""Move labels (rendered on demand) and effect summaries."""
from __future__ import annotations

from ..text import Msg, join
from . import texts as T
from .data import BOARD, CARDS, GUILDS, TILES
from .decide import Opt, card_terms
from .narrate import depths
from .state import FlotillaState

_PLAY: dict[tuple[str, str], Msg] = {}
terms = T.terms


def card_text(card_id: str, side: str) -> Msg:
    """A card's face on `side` (Msgs are immutable values: shared, built once per card and side)."""
    key = (card_id, side)
    found = _CARD_TEXT.get(key)
    if found is None:
        found = _CARD_TEXT[key] = _card_text(card_id, side)
    return found


_CARD_TEXT: dict[tuple[str, str], Msg] = {}


def _card_text(card_id: str, side: str) -> Msg:
    c = CARDS[card_id]
    ts = card_terms(card_id, side)
    if side == "sink" and c.sail:
        return T.m("cardtext.sail", n=c.sail, ability=terms(ts))
    if side == "sky" and c.income:
        return T.m("cardtext.income", n=c.income, ability=terms(ts))
    return terms(ts)


def ring_text(guild: str, space: int) -> Msg:
    key = (guild, space)
    found = _RING_TEXT.get(key)
    if found is None:
        found = _RING_TEXT[key] = terms(BOARD.rings[guild][space - 1])
    return found


_RING_TEXT: dict[tuple[str, int], Msg] = {}


def label(state: FlotillaState, seat: str, opt: Opt) -> Msg:
    oid, kind, arg, _ = opt
    p = state.players[seat]
    if kind == "play":
        cid, target = arg
        if target is None:
            key = (cid, p.side)
            found = _PLAY.get(key)
            if found is None:
                found = _PLAY[key] = T.m("move.play", card=T.card(cid), text=card_text(cid, p.side))
            return found
        top = state.players[target].discard[-1]
        return T.m("move.copy", target=T.seat(target), card=T.card(top), text=card_text(top, p.side))
    if kind == "sail":
        if arg is None:
            return T.plain("move.sail_stop")
        i, cell = arg
        s = p.skiffs[i]
        return T.m("move.sail", i=i + 1, frm=s.cell, to=cell, cargo=len(s.cargo),
                   home=T.plain("home_unload") if cell == p.home and s.cargo else "")
    if kind == "turn":
        if not arg:
            return T.plain("move.stay")
        own = sum(1 for e in state.board.values() if e[2] == seat and e[0] != "start")
        return T.m("move.turn", skiffs=len(p.skiffs), coins=BOARD.skiff_sale * len(p.skiffs),
                   lost=sum(len(s.cargo) for s in p.skiffs), tiles=own)
    if kind == "inf":
        g, space = arg
        key = "move.inf_arc" if oid.endswith(":arc") else "move.inf"
        return T.m(key, guild=T.guild(g), frm=p.ring[g], to=space, bonus=ring_text(g, space))
    if kind == "res":
        return T.m("move.res", colour=T.col(arg))
    if kind == "tx":
        what, x = arg[0], arg[1]
        if what == "stop":
            return T.plain("move.tx_stop")
        if what == "skiff":
            return T.m("move.tx_skiff", cost=BOARD.skiff_cost)
        if what == "buy":
            return T.m("move.tx_buy", colour=T.col(x), cost=state.market[x])
        if what == "sell":
            return T.m("move.tx_sell", colour=T.col(x), gain=state.market[x])
        _, _, cost, floating = arg
        value = BOARD.objectives[x][p.side][state.objectives[p.side][x]]
        return T.m("move.tx_float" if floating else "move.tx_obj", set=T.objective(x), cost=cost, vp=value)
    if kind == "site":
        return T.m("move.site", cell=arg)
    if kind == "nudge":
        if arg is None:
            return T.plain("move.nudge_skip")
        c, d = arg
        return T.m("move.nudge_up" if d > 0 else "move.nudge_down", colour=T.col(c), to=state.market[c] + d)
    if kind == "pl":
        if arg is None:
            return T.plain("move.pl_stop")
        return T.m("move.pl", tile=tile_text(arg))
    if kind == "cell":
        return T.m("move.cell", tile=T.tile(state.todo[0][1]), cell=arg)
    if kind == "rot":
        return T.m("move.rot", r=arg, corner=T.plain(f"corner.{arg}"))
    if kind == "undeplete":
        return T.m("move.undeplete", cell=arg)
    return extra_label(state, p, kind, arg)


def extra_label(state: FlotillaState, p, kind: str, arg) -> Msg:
    """Labels of the dive, build and research decisions."""
    if kind == "depth":
        return T.m("move.depth", dice=depths(arg))
    if kind == "load":
        s = p.skiffs[arg]
        return T.m("move.load", i=arg + 1, cell=s.cell, cargo=len(s.cargo),
                   colour=T.col(TILES[state.board[s.cell][0]].colour))
    if kind == "deplete":
        return T.m("move.deplete", cell=arg, tile=T.tile(state.board[arg][0]))
    if kind == "keep":
        return T.m("move.keep", tile=tile_text(arg)) if arg else T.plain("move.keep_stop")
    if kind == "bt":
        if arg is None:
            return T.plain("move.bt_stop")
        t = TILES[arg]
        return T.m("move.bt", tile=T.tile(arg), colour=T.col(t.colour), cost=max(0, t.cost - state.mods.get("cost_minus", 0)))
    if kind == "bcell":
        return T.m("move.bcell", tile=T.tile(state.todo[0][1]), cell=arg)
    if kind == "brot":
        return T.m("move.brot", r=arg)
    if kind == "sonar":
        return T.m("move.sonar_yes", vp=BOARD.sonar_vp[state.sonar + 1]) if arg else T.plain("move.sonar_no")
    if kind == "reroll":
        if arg is None:
            return T.m("move.reroll_done", n=len(state.todo[0][2]))
        return T.m("move.reroll", die=arg + 1, face=T.plain(f"face.{state.dice[arg]}"))
    if kind == "setdie":
        if arg is None:
            return T.plain("move.set_skip")
        return T.m("move.setdie", die=arg + 1, face=T.plain(f"face.{state.dice[arg]}"))
    if kind == "face":
        return T.m("move.face", face=T.plain(f"face.{arg}"))
    if kind == "wild":
        return T.m("move.wild", guild=T.guild(arg))
    if kind == "dial":
        if arg is None:
            return T.plain("move.dial_none")
        return T.m("move.dial", guild=T.guild(arg), to=state.dials[arg] + 1)
    if kind == "bounty":
        return T.m("move.bounty", guild=T.guild(arg), n=len(state.slotted[arg]))
    raise ValueError(kind)



def tile_text(tile_id: str) -> Msg:
    """"red-09: Shallow, red, toxicity 1, red wedge" (island and wedge only when the tile has them)."""
    t = TILES[tile_id]
    parts: list[Msg | str] = [T.plain(f"depth.{t.depth}"), T.col(t.colour), T.m("tox_n", n=t.tox)]
    if t.island:
        parts.append(T.plain("island"))
    if t.wedge:
        parts.append(T.m("wedge", colour=T.col(t.wedge)))
    return T.m("tile", id=T.tile(tile_id), details=join(parts, ", "))


__all__ = ["GUILDS", "card_text", "label", "terms", "tile_text"]
