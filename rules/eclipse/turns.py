"""Applying one chosen option (E21, E26-E45, E71, E91, E104-E110, E117-E118)."""
from __future__ import annotations

from typing import Any, Callable

from ..decisions import Moves
from ..text import Msg, seat_ref
from .battle.phase import apply as combat_apply
from .board import hex_cubes, m, price, res_msg, return_targets, species_of, trade_rate
from .colony import colonise, colony_options
from .data import BUILDABLE, DISCOVERIES, HEXES, RESOURCES, TECHS
from .diplomacy import apply as dip_apply, propose
from .frames import (STACK, Action, After, AncPart, AncTech, Artifact, ColHex, CombatFrame, Control, Cube,
                     DiplomacyFrame, Disco, Species, Turn, Upkeep)
from .geometry import parse_pos, ring_of
from .movement import apply_move
from .moves import ancient_tech_choices, undash
from .pending import frame
from .phases import end_turn, finish_action
from .setup import new_hex, pick_side, place_homes
from .state import EclipseState
from .upgrade import apply_upgrade, place


def apply_option(state: EclipseState, seat: str, oid: str, chosen: bool = False) -> None:
    """Apply option `oid` of `seat`: `chosen` when the seat picked it from the options it was shown (not the
    engine's forced steps, settle.py)."""
    head, _, arg = oid.partition(":")
    f = frame(state)
    p = state.players[seat]
    if head == "tr":
        a, b = (RESOURCES.index(x) for x in arg.split(":"))
        p.storage[a] -= trade_rate(p)
        p.storage[b] += 1
        state.events.append(m("ev.trade", seat=seat_ref(seat), n=trade_rate(p), a=res_msg(a), b=res_msg(b)))
    elif head == "col":
        colonise(state, seat, *arg.split(":"))
    elif head == "propose":
        propose(state, seat, arg)  # E111
    else:
        if f is None:
            raise ValueError(f"no decision is pending for {oid!r}")
        if chosen:
            _remember_colony_options(state, seat)
        PLAY[f.kind](state, seat, f, head, arg)


def _remember_colony_options(state: EclipseState, seat: str) -> None:
    """The colony-ship options beside the decision the seat answers now (E102), kept on its action under way
    so that the action's end asks again only about new ones (phases.finish_action)."""
    for f in reversed(state.stack):
        if isinstance(f, Action):
            if f.seat == seat:
                f.cols = [o[0] for o in colony_options(state, seat)] if state.turn == seat else []
            return


def lift_disc(state: EclipseState, seat: str, hid: str) -> None:
    """E38: a disc leaves a hex; its cubes go back to the tracks (choices by E118)."""
    h = state.hexes[hid]
    kinds = hex_cubes(state, hid)
    h.owner = None
    h.cubes = [0] * len(h.cubes)
    if h.orbital == 2:
        h.orbital = 1
    state.players[seat].track += 1
    if kinds:
        STACK.push(state.stack, Cube.new(kind="cube", seat=seat, kinds=kinds))


def put_disc(state: EclipseState, seat: str, hid: str) -> None:
    """A disc onto a hex; the first one there takes its Discovery tile (E45)."""
    h = state.hexes[hid]
    h.owner = seat
    state.players[seat].track -= 1
    if h.discovery is not None and not (h.ancients and state.players[seat].species == "draco"):
        tile, h.discovery = h.discovery, None
        STACK.push(state.stack, Disco.new(kind="disco", seat=seat, hex=hid, tile=tile))


def gain_tech(state: EclipseState, seat: str, tech: str) -> None:
    """E39: the tile from the supply into the leftmost free slot; one-time effects (E88)."""
    p = state.players[seat]
    state.supply[tech] -= 1
    if not state.supply[tech]:
        del state.supply[tech]
    p.techs[TECHS[tech].category].append(tech)
    if tech == "advanced robotics":
        p.track += 1
        p.discs += 1
    elif tech == "quantum grid":
        p.track += 2
        p.discs += 2
    elif tech == "artifact key":
        n = sum(1 for hid, h in state.hexes.items() if h.owner == seat and HEXES[hid].artifact)
        if n:
            STACK.push(state.stack, Artifact.new(kind="artifact", seat=seat, left=n))


# ---------------------------------------------------------------- frames

def _species(state: EclipseState, seat: str, f: Species, head: str, arg: str) -> None:
    pick_side(state, seat, undash(arg))
    f.q.pop(0)
    if not f.q:
        place_homes(state)
        state.phase = "action"
        state.turn = state.start
        state.stack = [Turn.new(kind="turn")]
        state.events.append(m("ev.round", round=state.round, start=seat_ref(state.start)))


def _turn(state: EclipseState, seat: str, f: Turn, head: str, arg: str) -> None:
    p = state.players[seat]
    if head == "pass":
        if not p.passed:
            p.passed = True
            if state.first_pass is None:
                state.first_pass = seat  # E27
            state.events.append(m("ev.pass", seat=seat_ref(seat)))
        end_turn(state)
        return
    p.track -= 1  # E26: the rightmost disc onto the action space
    p.discs_acted += 1
    cols = [o[0] for o in colony_options(state, seat)]  # beside this turn's decision (phases.finish_action)
    if head == "react":  # E28: exactly one activation, no Nanorobots
        STACK.push(state.stack, Action.new(kind=arg, seat=seat, left=1, react=True, cols=cols))
        state.events.append(m("ev.reaction", seat=seat_ref(seat), action=m(f"act.{arg}")))
        return
    acts = species_of(p).acts[arg]
    if arg == "build" and "nanorobots" in p.techs["nano"]:
        acts += 1  # E30
    STACK.push(state.stack, Action.new(kind=arg, seat=seat, left=acts, cols=cols))
    state.events.append(m("ev.action", seat=seat_ref(seat), action=m(f"act.{arg}")))


def _stop(state: EclipseState, seat: str, f: Action) -> None:
    f.left = 0
    finish_action(state)


def _research(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> None:
    if head == "stop":
        return _stop(state, seat, f)
    tech = undash(arg)
    cost = price(state.players[seat], tech)
    state.players[seat].storage[1] -= cost
    f.left -= 1
    gain_tech(state, seat, tech)
    state.events.append(m("ev.research", seat=seat_ref(seat), tech=m(f"tech.{arg}"), cost=cost))


def _influence(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> None:
    if head == "stop":
        return _stop(state, seat, f)
    if head == "from":
        f.src = arg
        return
    src, f.src = f.src, None
    assert src is not None  # picked by "from"
    f.left -= 1
    if src == "track":
        state.players[seat].track -= 1
    else:
        lift_disc(state, seat, src)
        state.players[seat].track -= 1
    if arg == "track":
        state.players[seat].track += 1
    else:
        state.players[seat].track += 1
        put_disc(state, seat, arg)
    if arg == src:  # U12: the same hex again, its cubes reset
        state.events.append(m("ev.inf_back", seat=seat_ref(seat), hex=arg))
        return
    state.events.append(m("ev.influence", seat=seat_ref(seat), src=_where(src, "from"), dst=_where(arg, "to")))


def _where(x: str, way: str) -> Msg:
    """"from/to the influence track", "from/to hex 201": the preposition travels with the place so
    Spanish can contract it ("del hexágono", "al hexágono")."""
    return m(f"where.{way}_track") if x == "track" else m(f"where.{way}_hex", hex=x)


def _build(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> None:
    if head == "stop":
        return _stop(state, seat, f)
    p = state.players[seat]
    what, _, hid = arg.partition(":")
    if head == "bld":  # E41: paid when chosen
        p.storage[2] -= species_of(p).costs[BUILDABLE.index(what)]
        if not hid:  # a game saved when the piece and its hex were two steps: the hex comes next (`at:`)
            f.what = what
            return
    else:  # "at": the hex of the piece paid for by "bld"
        paid = f.what
        assert paid is not None
        what, f.what, hid = paid, None, arg
    f.drop("react")
    h = state.hexes[hid]
    if what == "orbital":
        h.orbital = 1
    elif what == "monolith":
        h.monolith = True
    else:
        arrive(state, seat, hid, what)
    f.left -= 1
    state.events.append(m("ev.build", seat=seat_ref(seat), what=m(f"ship.{what}"), hex=hid))


def arrive(state: EclipseState, seat: str, hid: str, ship: str) -> None:
    """A ship enters a hex (E41, E43: arrival order kept per hex)."""
    h = state.hexes[hid]
    mine = h.ships.setdefault(seat, {})
    mine[ship] = mine.get(ship, 0) + 1
    state.players[seat].built[ship] += 1
    if seat not in h.arrival:
        h.arrival.append(seat)


def draw_hex(state: EclipseState, ring: str) -> str | None:
    """E34 (U14 RULING): an empty stack is refilled from its discard pile."""
    if not state.stacks[ring] and state.discards[ring]:
        state.stacks[ring] = state.discards[ring]
        state.discards[ring] = []
        state.rng.shuffle(state.stacks[ring])
    return state.stacks[ring].pop() if state.stacks[ring] else None


def _explore(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> None:
    if head == "stop":
        return _stop(state, seat, f)
    if head == "exp":
        f.pos = arg
        ring = ring_of(*parse_pos(arg))
        f.drawn = []
        for _ in range(species_of(state.players[seat]).explore_draws):
            hid = draw_hex(state, ring)
            if hid is not None:
                f.drawn.append(hid)
        state.events.append(m("ev.explore", seat=seat_ref(seat), pos=arg, hexes=", ".join(f.drawn)))
        return
    pos, drawn = f.pos, f.drawn
    assert pos is not None and drawn is not None  # set by "exp"
    ring = ring_of(*parse_pos(pos))
    if head == "discard":
        state.discards[ring] += drawn
        state.events.append(m("ev.discard", seat=seat_ref(seat), hexes=", ".join(drawn)))
        f.drawn, f.pos = [], None
        f.left -= 1
        return
    if head == "pl":
        hid, rot = arg.split(":")
        state.discards[ring] += [h for h in drawn if h != hid]
        q, r = parse_pos(pos)
        h = new_hex(hid, q, r, int(rot))  # E36: Ancients from the data
        if HEXES[hid].discovery and state.disc_bag:
            h.discovery = state.disc_bag.pop()
        state.hexes[hid] = h
        f.drawn, f.placed = [], hid
        state.events.append(m("ev.place_hex", seat=seat_ref(seat), hex=hid, pos=pos))
        return
    placed = f.placed
    assert placed is not None  # set by "pl"
    f.drop("placed")
    f.pos = None
    f.left -= 1
    if head == "disc" and arg == "yes":
        put_disc(state, seat, placed)
        state.events.append(m("ev.disc", seat=seat_ref(seat), hex=placed))


def _disco(state: EclipseState, seat: str, f: Disco, head: str, arg: str) -> None:
    STACK.pop(state.stack)
    p = state.players[seat]
    tile = f.tile
    if arg == "keep":
        p.kept_discoveries.append(tile)  # E45: face down, 2 VP; its face stays private
        state.events.append(m("ev.disco_keep", seat=seat_ref(seat)))
        return
    d = DISCOVERIES[tile]
    state.events.append(m("ev.disco_use", seat=seat_ref(seat), tile=m(f"disc.{tile.replace(' ', '-')}")))
    if d.amount:
        p.storage[RESOURCES.index(tile)] += d.amount
    elif tile == "ancient technology":
        choices = ancient_tech_choices(state, seat)
        STACK.push(state.stack, AncTech.new(kind="anctech", seat=seat))
        if len(choices) == 1:
            _anctech(state, seat, STACK.top_as(state.stack, AncTech), "take", choices[0].replace(" ", "-"))
    elif tile == "ancient cruiser":
        arrive(state, seat, f.hex, "cruiser")
    else:  # E91: an ancient part: placed at once, or kept beside the board for Upgrade
        p.ancient_parts.append(tile)
        STACK.push(state.stack, AncPart.new(kind="ancpart", seat=seat, part=tile))


def _ancpart(state: EclipseState, seat: str, f: AncPart, head: str, arg: str) -> None:
    STACK.remove(state.stack, f)
    if head == "put":
        ship, i = arg.split(":")
        place(state, seat, f.part, ship, int(i))


def _upgrade(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> None:
    if apply_upgrade(state, seat, f, head, arg):
        _stop(state, seat, f)


def _move(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> None:
    if apply_move(state, seat, f, head, arg):
        _stop(state, seat, f)


def _anctech(state: EclipseState, seat: str, f: AncTech, head: str, arg: str) -> None:
    STACK.remove(state.stack, f)
    gain_tech(state, seat, undash(arg))
    state.events.append(m("ev.take_tech", seat=seat_ref(seat), tech=m(f"tech.{arg}")))


def _artifact(state: EclipseState, seat: str, f: Artifact, head: str, arg: str) -> None:
    i = RESOURCES.index(arg)
    state.players[seat].storage[i] += 5
    f.left -= 1
    if f.left <= 0:
        STACK.remove(state.stack, f)
    state.events.append(m("ev.artifact", seat=seat_ref(seat), res=res_msg(i)))


def _cube(state: EclipseState, seat: str, f: Cube, head: str, arg: str) -> None:
    state.players[seat].population[RESOURCES.index(arg)] += 1
    f.kinds.pop(0)
    if not f.kinds:
        STACK.remove(state.stack, f)


def _control(state: EclipseState, seat: str, f: Control, head: str, arg: str) -> None:
    """E65/E116: place a disc on a hex where the seat has ships, or not."""
    _, hid = f.todo.pop(0)
    if arg == "yes":
        STACK.push(state.stack, ColHex.new(kind="colhex", seat=seat, hex=hid))
        put_disc(state, seat, hid)
        state.events.append(m("ev.take_control", seat=seat_ref(seat), hex=hid))


def _colhex(state: EclipseState, seat: str, f: ColHex, head: str, arg: str) -> None:
    STACK.remove(state.stack, f)


def _after(state: EclipseState, seat: str, f: After, head: str, arg: str) -> None:
    STACK.pop(state.stack)
    end_turn(state)


def _upkeep(state: EclipseState, seat: str, f: Upkeep, head: str, arg: str) -> None:
    if head == "done":
        f.step = "money"
    elif head == "give":  # E71: give up a hex
        lift_disc(state, seat, arg)
        state.events.append(m("ev.give_up", seat=seat_ref(seat), hex=arg))


def _combat(state: EclipseState, seat: str, f: CombatFrame, head: str, arg: str) -> None:
    combat_apply(state, seat, f, head, arg)  # E112-E115


def _dip(state: EclipseState, seat: str, f: DiplomacyFrame, head: str, arg: str) -> None:
    dip_apply(state, seat, f, head, arg)  # E111


# what choosing an option does, by the kind of the pending frame (the move map of rules/decisions.py)
PLAY: Moves[Callable[[EclipseState, str, Any, str, str], None]] = Moves({
            "species": _species, "turn": _turn, "research": _research, "influence": _influence,
            "build": _build, "explore": _explore, "disco": _disco, "anctech": _anctech,
            "artifact": _artifact, "cube": _cube, "after": _after, "upkeep": _upkeep,
            "upgrade": _upgrade, "move": _move, "ancpart": _ancpart,
            "control": _control, "colhex": _colhex,
            "fight": _combat, "rep": _combat, "popatk": _combat, "grave": _combat,
            "dipl": _dip, "ambc": _dip, "ambroom": _dip})
__all__ = ["apply_option", "lift_disc", "put_disc", "return_targets"]
