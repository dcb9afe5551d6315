"""Move labels (rendered on demand) and effect summaries."""
from __future__ import annotations

from typing import Any

from ..text import Msg, join
from . import texts
from .data import BOARD, CARDS, GUILDS, TILES
from .decide import Opt, card_terms
from .narrate import depths
from .frames import CHAIN, BuildCell, Cell, Reroll
from .state import FlotillaState, Player

_PLAY: dict[tuple[str, str, int], Msg] = {}
terms = texts.terms


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
        return texts.m("cardtext.sail", n=c.sail, ability=terms(ts))
    if side == "sky" and c.income:
        return texts.m("cardtext.income", n=c.income, ability=terms(ts))
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
        if target is None:  # one option per kind of card: it says how many of that kind the hand holds
            held = sum(1 for c in p.hand if CARDS[c].kind == CARDS[cid].kind)
            play_key = (cid, p.side, held)
            found = _PLAY.get(play_key)
            if found is None:
                found = _PLAY[play_key] = (
                    texts.m("move.play", card=texts.card(cid), text=card_text(cid, p.side)) if held < 2 else
                    texts.m("move.play_n", card=texts.card(cid), text=card_text(cid, p.side), n=held))
            return found
        top = state.players[target].discard[-1]
        return texts.m("move.copy", target=texts.seat(target), card=texts.card(top), text=card_text(top, p.side))
    if kind == "sail":
        if arg is None:
            return texts.plain("move.sail_stop")
        i, cell = arg
        s = p.skiffs[i]
        return texts.m("move.sail", i=i + 1, frm=s.cell, to=cell, cargo=len(s.cargo),
                   home=texts.plain("home_unload") if cell == p.home and s.cargo else "")
    if kind == "turn":
        if not arg:
            return texts.plain("move.stay")
        own = sum(1 for e in state.board.values() if e[2] == seat and e[0] != "start")
        return texts.m("move.turn", skiffs=len(p.skiffs), coins=BOARD.skiff_sale * len(p.skiffs),
                   lost=sum(len(s.cargo) for s in p.skiffs), tiles=own)
    if kind == "inf":
        g, space = arg
        key = "move.inf_arc" if oid.endswith(":arc") else "move.inf"
        return texts.m(key, guild=texts.guild(g), frm=p.ring[g], to=space, bonus=ring_text(g, space))
    if kind == "res":
        return texts.m("move.res", colour=texts.col(arg))
    if kind == "tx":
        what, x = arg[0], arg[1]
        if what == "stop":
            return texts.plain("move.tx_stop")
        if what == "skiff":
            return texts.m("move.tx_skiff", cost=BOARD.skiff_cost)
        if what == "buy":
            return texts.m("move.tx_buy", colour=texts.col(x), cost=state.market[x])
        if what == "sell":
            return texts.m("move.tx_sell", colour=texts.col(x), gain=state.market[x])
        _, _, cost, floating = arg
        value = BOARD.objectives[x][p.side][state.objectives[p.side][x]]
        return texts.m("move.tx_float" if floating else "move.tx_obj", set=texts.objective(x), cost=cost, vp=value)
    if kind == "site":
        return texts.m("move.site", cell=arg)
    if kind == "nudge":
        if arg is None:
            return texts.plain("move.nudge_skip")
        c, d = arg
        return texts.m("move.nudge_up" if d > 0 else "move.nudge_down", colour=texts.col(c), to=state.market[c] + d)
    if kind == "pl":
        if arg is None:
            return texts.plain("move.pl_stop")
        return texts.m("move.pl", tile=tile_text(arg))
    if kind == "cell":
        return texts.m("move.cell", tile=texts.tile(CHAIN.top_as(state.todo, Cell).tile), cell=arg)
    if kind == "rot":
        return texts.m("move.rot", r=arg, corner=texts.plain(f"corner.{arg}"))
    if kind == "undeplete":
        return texts.m("move.undeplete", cell=arg)
    return extra_label(state, p, kind, arg)


def extra_label(state: FlotillaState, p: Player, kind: str, arg: Any) -> Msg:
    """Labels of the dive, build and research decisions."""
    if kind == "depth":
        return texts.m("move.depth", dice=depths(arg))
    if kind == "load":
        s = p.skiffs[arg]
        return texts.m("move.load", i=arg + 1, cell=s.cell, cargo=len(s.cargo),
                   colour=texts.col(TILES[state.board[s.cell][0]].colour))
    if kind == "deplete":
        return texts.m("move.deplete", cell=arg, tile=texts.tile(state.board[arg][0]))
    if kind == "keep":
        return texts.m("move.keep", tile=tile_text(arg)) if arg else texts.plain("move.keep_stop")
    if kind == "bt":
        if arg is None:
            return texts.plain("move.bt_stop")
        t = TILES[arg]
        return texts.m("move.bt", tile=texts.tile(arg), colour=texts.col(t.colour), cost=max(0, t.cost - state.mods.get("cost_minus", 0)))
    if kind == "bcell":
        return texts.m("move.bcell", tile=texts.tile(CHAIN.top_as(state.todo, BuildCell).tile), cell=arg)
    if kind == "brot":
        return texts.m("move.brot", r=arg)
    if kind == "sonar":
        return texts.m("move.sonar_yes", vp=BOARD.sonar_vp[state.sonar + 1]) if arg else texts.plain("move.sonar_no")
    if kind == "reroll":
        if arg is None:
            return texts.m("move.reroll_done", n=len(CHAIN.top_as(state.todo, Reroll).chosen))
        return texts.m("move.reroll", die=arg + 1, face=texts.plain(f"face.{state.dice[arg]}"))
    if kind == "setdie":
        if arg is None:
            return texts.plain("move.set_skip")
        return texts.m("move.setdie", die=arg + 1, face=texts.plain(f"face.{state.dice[arg]}"))
    if kind == "face":
        return texts.m("move.face", face=texts.plain(f"face.{arg}"))
    if kind == "wild":
        return texts.m("move.wild", guild=texts.guild(arg))
    if kind == "dial":
        if arg is None:
            return texts.plain("move.dial_none")
        return texts.m("move.dial", guild=texts.guild(arg), to=state.dials[arg] + 1)
    if kind == "bounty":
        return texts.m("move.bounty", guild=texts.guild(arg), n=len(state.slotted[arg]))
    raise ValueError(kind)



def tile_text(tile_id: str) -> Msg:
    """"red-09: Shallow, red, toxicity 1, red wedge" (island and wedge only when the tile has them)."""
    t = TILES[tile_id]
    parts: list[Msg | str] = [texts.plain(f"depth.{t.depth}"), texts.col(t.colour), texts.m("tox_n", n=t.tox)]
    if t.island:
        parts.append(texts.plain("island"))
    if t.wedge:
        parts.append(texts.m("wedge", colour=texts.col(t.wedge)))
    return texts.m("tile", id=texts.tile(tile_id), details=join(parts, ", "))


__all__ = ["GUILDS", "card_text", "label", "terms", "tile_text"]
