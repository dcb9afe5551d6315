"""Legal options of the pending decision (E99-E110, E117): ids, texts, barrier flags.

An option is (id, Msg, barrier).  Ids are short and never hold spaces: names
from E95 are written with dashes (`res:plasma-cannon`, `sp:terran-union`).
"""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, Iterator

from ..decisions import Moves
from ..text import Msg
from .battle.phase import options as combat_options
from .board import (connected, controlled, coord_index, enemies, has_wormhole_generator, hex_cubes, m, neighbours,
                    own_ships, owns, price, res_msg, return_targets, species_of, trade_rate,
                    unpinned)
from .colony import colony_options
from .data import BUILDABLE, HEXES, RESOURCES, TABLES, TECH_ORDER, TECHS
from .diplomacy import options as dip_options, proposals
from .frames import (FRAMES, Action, After, AncPart, AncTech, Artifact, ColHex, CombatFrame, Control, Cube,
                     DiplomacyFrame, Disco, Species, Turn, Upkeep)
from .geometry import distinct_rotations, neighbour, parse_pos, pos_id, ring_of, wormholes
from .movement import iter_ship_groups, move_options, ship_groups
from .pending import Opt, end_near, frame, seat_to_act
from .setup import available_sides
from .state import EclipseState
from .upgrade import can_react_upgrade, put_text, slots_for, upgrade_options

ACTIONS = ("explore", "influence", "research", "upgrade", "build", "move")


def dash(name: str) -> str:
    return name.replace(" ", "-")


def undash(name: str) -> str:
    return name.replace("-", " ")


# ---------------------------------------------------------------- free moves

def trades(state: EclipseState, seat: str, only_money: bool = False) -> list[Opt]:
    """E21/E102: pay N of one resource for 1 of another.  Listed beside nearly every decision, so
    each one's words are made only when asked for (`words`)."""
    p = state.players[seat]
    rate = trade_rate(p)
    out = []
    for a in range(3):
        if p.storage[a] < rate:
            continue
        for b in range(3):
            if a != b and (not only_money or b == 0):
                out.append((f"tr:{RESOURCES[a]}:{RESOURCES[b]}", partial(_trade_words, rate, a, b), False))
    return out


def _trade_words(rate: int, a: int, b: int) -> Msg:
    return m("mv.trade", n=rate, a=res_msg(a), b=res_msg(b))


def words(text: Msg | Callable[[], Msg]) -> Msg:
    """An option's words: its Msg, or made now by the function it holds instead (`trades`)."""
    return text if isinstance(text, Msg) else text()


# ---------------------------------------------------------------- per frame

def options(state: EclipseState, seat: str) -> list[Opt]:
    f = frame(state)
    if f is None or seat_to_act(state) != seat:
        return []
    out = OPTIONS[f.kind](state, seat, f)
    # E102: free moves beside every decision; a cube's track (E118) too in the Action phase,
    # where colonising first can make room on a full track
    if f.kind not in ("species", "cube", "upkeep") or (f.kind == "cube" and state.phase == "action"):
        out += trades(state, seat)
        if state.phase == "action" and state.turn == seat:
            out += colony_options(state, seat) + proposals(state, seat)  # E111: a free move of the own turn
    if end_near(state):
        out = [(i, t, True) for i, t, _ in out]
    return out


def _species(state: EclipseState, seat: str, f: Species) -> list[Opt]:
    return [(f"sp:{dash(s)}", m("mv.species", side=m(f"side.{s.replace(' ', '_')}")), s == "eridani")
            for s in available_sides(state)]


def turn_options(state: EclipseState, seat: str, f: Turn) -> list[Opt]:
    p = state.players[seat]
    out: list[Opt] = []
    idle: list[Opt] = []  # E26 RULING: an action that can do nothing stays legal, at the end of the menu
    if not p.passed and p.track > 0:
        for a in ACTIONS:
            (out if can_start(state, seat, a) else idle).append((f"act:{a}", m(f"mv.act.{a}"), False))
    if p.passed and p.track > 0:  # E28/E109: Reactions that can do something
        if can_react_upgrade(p):
            out.append(("react:upgrade", m("mv.react.upgrade"), False))
        if _build(state, seat, Action.new(kind="build", seat=seat, left=1, react=True)):
            out.append(("react:build", m("mv.react.build"), False))
        if ship_groups(state, seat):
            out.append(("react:move", m("mv.react.move"), False))
    out.append(("pass", m("mv.pass_again" if p.passed else "mv.pass"), False))
    return out + idle


def reaction_open(state: EclipseState, seat: str) -> bool:
    """Whether `turn_options` offers a passed seat a Reaction (E28/E109), without listing them."""
    return (next(iter_ship_groups(state, seat), None) is not None
            or bool(_build(state, seat, Action.new(kind="build", seat=seat, left=1, react=True)))
            or can_react_upgrade(state.players[seat]))


def _stop() -> Opt:
    return ("stop", m("mv.stop"), False)


def _research(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    p = state.players[seat]
    out = []
    for t in TECH_ORDER:
        if state.supply.get(t, 0) <= 0 or owns(p, t) or len(p.techs[TECHS[t].category]) >= 7:
            continue
        cost = price(p, t)
        if cost <= p.storage[1]:
            out.append((f"res:{dash(t)}", m("mv.research", tech=m(f"tech.{dash(t)}"), cost=cost), False))
    return out + [_stop()]


def influence_sources(state: EclipseState, seat: str) -> list[str]:
    p = state.players[seat]
    srcs = (["track"] if p.track > 0 else []) + controlled(state, seat)
    return [s for s in srcs if influence_targets(state, seat, s)]


def influence_targets(state: EclipseState, seat: str, src: str) -> list[str]:
    """E37: hexes that may receive a disc taken from `src` (track or a hex id)."""
    index = coord_index(state)
    half = has_wormhole_generator(state.players[seat])
    out = []
    for hid, h in state.hexes.items():
        if (h.owner is not None and hid != src) or h.gcds or enemies(state, hid, seat):
            continue
        if hid == src and not hex_cubes(state, hid):  # U12: back onto its own hex only to reset cubes
            continue
        ok = own_ships(state, hid, seat) > 0
        if not ok:
            for d, n in neighbours(state, hid, index):
                if n == src:
                    continue
                hn = state.hexes[n]
                if (hn.owner == seat or own_ships(state, n, seat)) and connected(state, hid, n, d, half):
                    ok = True
                    break
        if ok:
            out.append(hid)
    if src != "track":
        out.append("track")
    return out


def _influence(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    if f.src is None:
        out = [(f"from:{s}", m("mv.inf_from", src=_from(s)), False) for s in influence_sources(state, seat)]
        return out + [_stop()]
    return [(f"to:{t}", m("mv.inf_back", hex=t) if t == f.src else m("mv.inf_to", dst=_place(t)),
             t != "track" and state.hexes[t].discovery is not None)
            for t in influence_targets(state, seat, f.src)]


def _place(where: str) -> Msg:
    return m("where.track") if where == "track" else m("where.hex", hex=where)


def _from(where: str) -> Msg:
    """"from the influence track" / "from hex 201" (Spanish contracts: "de la pista…", "del hexágono…")."""
    return m("where.from_track") if where == "track" else m("where.from_hex", hex=where)


def build_hexes(state: EclipseState, seat: str, what: str) -> list[str]:
    mine = controlled(state, seat)
    if what == "orbital":
        return [h for h in mine if state.hexes[h].orbital == 0]
    if what == "monolith":
        return [h for h in mine if not state.hexes[h].monolith]
    return mine


def _build(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    """E107: one option per piece and hex (`bld:<what>:<hex>`).  A game saved between the two steps the build
    once took (`bld:<what>` paid, then `at:<hex>`) goes on with the hexes of the piece it paid for."""
    p = state.players[seat]
    if f.what is not None:
        return [(f"at:{h}", m("mv.build_at", hex=h), False) for h in build_hexes(state, seat, f.what)]
    out = []
    costs = species_of(p).costs
    for i, what in enumerate(BUILDABLE):
        if what in ("starbase", "orbital", "monolith") and not owns(p, what):
            continue
        if what in TABLES.ships and p.built[what] >= TABLES.ships[what]:
            continue
        if p.storage[2] < costs[i]:
            continue
        piece = m(f"ship.{what}")
        out += [(f"bld:{what}:{h}", m("mv.build_in", what=piece, hex=h, cost=costs[i]), False)
                for h in build_hexes(state, seat, what)]
    return out if f.react else out + [_stop()]


def explore_positions(state: EclipseState, seat: str) -> list[str]:
    """E33/E34: empty positions next to a hex with the seat's disc or unpinned ship,
    across a wormhole of that hex (any edge with Wormhole Generator), with a hex left."""
    return list(iter_explore_positions(state, seat))


def iter_explore_positions(state: EclipseState, seat: str) -> Iterator[str]:
    """`explore_positions` one at a time (whether there is one stops at the first)."""
    index = coord_index(state)
    half = has_wormhole_generator(state.players[seat])
    seen: set[str] = set()
    for hid, h in state.hexes.items():
        if h.owner != seat and not unpinned(state, hid, seat):
            continue
        holes = wormholes(hid, h.rotation)
        for d in range(6):
            q, r = neighbour(h.q, h.r, d)
            pid = pos_id(q, r)
            if pid in index or pid in seen or not (half or d in holes):
                continue
            ring = ring_of(q, r)
            if state.stacks[ring] or state.discards[ring]:
                seen.add(pid)
                yield pid


def placements(state: EclipseState, seat: str, hid: str, pid: str) -> list[int]:
    """E35: rotations giving a full connection (half with Wormhole Generator) to a
    neighbour holding the explorer's disc or unpinned ship."""
    index = coord_index(state)
    half = has_wormhole_generator(state.players[seat])
    q, r = parse_pos(pid)
    links = []
    for d in range(6):
        n = index.get(pos_id(*neighbour(q, r, d)))
        if n is not None and (state.hexes[n].owner == seat or unpinned(state, n, seat)):
            links.append((d, (d + 3) % 6 in wormholes(n, state.hexes[n].rotation)))
    out = []
    for rot in distinct_rotations(hid):
        holes = wormholes(hid, rot)
        if any((d in holes and there) or (half and (d in holes or there)) for d, there in links):
            out.append(rot)
    return out


def _explore(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    if f.placed:
        h = state.hexes[f.placed]
        return [("disc:yes", m("mv.disc_yes", hex=f.placed), h.discovery is not None),
                ("disc:no", m("mv.disc_no"), False)]
    if f.drawn:
        pos = f.pos
        assert pos is not None  # the hexes were drawn for this position (turns._explore)
        out = [(f"pl:{hid}:{rot}", m("mv.place_hex", hex=hid, name=HEXES[hid].name, rot=rot * 60), False)
               for hid in f.drawn for rot in placements(state, seat, hid, pos)]
        return out + [("discard", m("mv.discard"), False)]
    return [(f"exp:{pid}", m("mv.explore_at", pos=pid, ring=ring_of(*parse_pos(pid))), True)
            for pid in explore_positions(state, seat)] + [_stop()]


def _disco(state: EclipseState, seat: str, f: Disco) -> list[Opt]:
    out = [("dsc:keep", m("mv.disco_keep"), False)]
    if discovery_usable(state, seat, f.tile):
        out.append(("dsc:use", m("mv.disco_use", tile=m(f"disc.{dash(f.tile)}")), False))
    return out


def ancient_tech_choices(state: EclipseState, seat: str) -> list[str]:
    """E91 RULING: cheapest printed cost among supply techs the seat may still take."""
    p = state.players[seat]
    ok = [t for t in TECH_ORDER if state.supply.get(t, 0) > 0 and not owns(p, t)
          and len(p.techs[TECHS[t].category]) < 7]
    if not ok:
        return []
    low = min(TECHS[t].cost for t in ok)
    return [t for t in ok if TECHS[t].cost == low]


def discovery_usable(state: EclipseState, seat: str, tile: str) -> bool:
    if tile == "ancient technology":
        return bool(ancient_tech_choices(state, seat))
    if tile == "ancient cruiser":
        return state.players[seat].built["cruiser"] < TABLES.ships["cruiser"]
    return True


def _anctech(state: EclipseState, seat: str, f: AncTech) -> list[Opt]:
    return [(f"take:{dash(t)}", m("mv.take_tech", tech=m(f"tech.{dash(t)}")), False)
            for t in ancient_tech_choices(state, seat)]


def _artifact(state: EclipseState, seat: str, f: Artifact) -> list[Opt]:
    return [(f"art:{r}", m("mv.artifact", res=res_msg(i)), False) for i, r in enumerate(RESOURCES)]


def _cube(state: EclipseState, seat: str, f: Cube) -> list[Opt]:
    kind = f.kinds[0]
    return [(f"cube:{RESOURCES[t]}", m("mv.cube_to", kind=m(f"sq.{kind}"), track=res_msg(t)), False)
            for t in return_targets(state.players[seat], kind)]


def _upgrade(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    return upgrade_options(state, seat, f)


def _move(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    return move_options(state, seat, f)


def _ancpart(state: EclipseState, seat: str, f: AncPart) -> list[Opt]:
    part = m(f"part.{dash(f.part)}")
    p = state.players[seat]
    return [(f"put:{s}:{i}", put_text(p, f.part, s, i), False)
            for s, i in slots_for(p, f.part)] + [("keep", m("mv.keep_part", part=part), False)]


def _control(state: EclipseState, seat: str, f: Control) -> list[Opt]:
    hid = f.todo[0][1]
    return [("ctl:yes", m("mv.control_yes", hex=hid), state.hexes[hid].discovery is not None),
            ("ctl:no", m("mv.control_no", hex=hid), False)]


def _colhex(state: EclipseState, seat: str, f: ColHex) -> list[Opt]:
    return colony_options(state, seat, [f.hex]) + [("done", m("mv.done"), False)]


def _after(state: EclipseState, seat: str, f: After) -> list[Opt]:
    return [("done", m("mv.end_turn"), False)]


def _upkeep(state: EclipseState, seat: str, f: Upkeep) -> list[Opt]:
    if f.step == "colony":
        return colony_options(state, seat, upkeep=True) + [("done", m("mv.done"), True)]
    out = trades(state, seat, only_money=True)
    out += [(f"give:{h}", m("mv.give_up", hex=h), True) for h in controlled(state, seat)]
    return [(i, t, True) for i, t, _ in out]


def _combat(state: EclipseState, seat: str, f: CombatFrame) -> list[Opt]:
    return combat_options(state, seat, f)


def _dip(state: EclipseState, seat: str, f: DiplomacyFrame) -> list[Opt]:
    return dip_options(state, seat, f)


# the options of each kind of frame (the move map of rules/decisions.py)
OPTIONS: Moves[Callable[[EclipseState, str, Any], list[Opt]]] = Moves({
            "species": _species, "turn": turn_options, "research": _research, "influence": _influence,
            "build": _build, "explore": _explore, "disco": _disco, "anctech": _anctech,
            "artifact": _artifact, "cube": _cube, "after": _after, "upkeep": _upkeep,
            "upgrade": _upgrade, "move": _move, "ancpart": _ancpart,
            "control": _control, "colhex": _colhex,
            "combat": _combat, "fight": _combat, "rep": _combat, "popatk": _combat, "grave": _combat,
            "dipl": _dip, "ambc": _dip, "ambroom": _dip})
OPTIONS.covers(*FRAMES)


def can_start(state: EclipseState, seat: str, action: str) -> bool:
    """E99: whether an action's first activation can do something, counting trades that would pay
    for it.  Every action is legal with a disc on the track (E26 RULING); one that can do nothing is
    listed after `pass`, and taken it ends at once (E99)."""
    return not _no_first_step(state, seat, action)


def nothing_left(state: EclipseState, f: Action) -> bool:
    """E99: the first decision of an activation offers only `stop` and no trade can
    make another option payable: the action ends without asking."""
    if f.drawn or f.placed or f.src or f.what or f.at:
        return False
    if f.part or f.picking or f.ret or f.undone:
        return False
    return _no_first_step(state, f.seat, f.kind)


def _no_first_step(state: EclipseState, seat: str, k: str) -> bool:
    """The first decision of an activation of action `k` would offer only `stop`, even after trades."""
    p = state.players[seat]
    if k == "explore":
        return next(iter_explore_positions(state, seat), None) is None
    if k == "influence":  # a disc on a hex can always go back to the track (influence_targets)
        return not controlled(state, seat) and not (p.track > 0 and influence_targets(state, seat, "track"))
    if k == "move":
        return next(iter_ship_groups(state, seat), None) is None
    if k == "upgrade":
        return not can_react_upgrade(p)
    rate = trade_rate(p)
    if k == "research":
        best = p.storage[1] + p.storage[0] // rate + p.storage[2] // rate
        return not any(price(p, t) <= best for t in state.supply
                       if not owns(p, t) and len(p.techs[TECHS[t].category]) < 7)
    if k == "build":
        best = p.storage[2] + p.storage[0] // rate + p.storage[1] // rate
        for i, what in enumerate(BUILDABLE):
            if what in ("starbase", "orbital", "monolith") and not owns(p, what):
                continue
            if what in TABLES.ships and p.built[what] >= TABLES.ships[what]:
                continue
            if species_of(p).costs[i] <= best and build_hexes(state, seat, what):
                return False
        return True
    return False


__all__ = ["options", "dash", "undash", "words"]
