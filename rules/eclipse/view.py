"""What a seat may see: reputation values and kept Discovery
faces are private to their owner; everything else on the table is public."""
from __future__ import annotations

from typing import Any, Optional, TypedDict

from ..text import Msg, join, seat_ref
from .board import m, production, upkeep
from .data import HEXES, SHIPS, SPECIES, ship_stats
from .frames import Action, Artifact, Turn, Upkeep
from .geometry import parse_pos, wormholes
from .moves import explore_positions, placements
from .pending import frame, seat_to_act
from .scores import visible_parts
from .state import EclipseState, EclipseView, HexView, PlayerView


def build_view(state: EclipseState, seat: Optional[str]) -> EclipseView:
    hexes = []
    for hid, h in state.hexes.items():
        hexes.append(HexView(id=hid, q=h.q, r=h.r, rot=h.rotation, wormholes=sorted(wormholes(hid, h.rotation)),
                             vp=HEXES[hid].vp, squares=list(HEXES[hid].squares), pop=list(h.cubes),
                             owner=h.owner, orbital=h.orbital, monolith=h.monolith,
                             ships={s: dict(v) for s, v in h.ships.items()}, ancients=h.ancients,
                             gcds=h.gcds, discovery=h.discovery is not None,
                             damage={k: {t: list(v) for t, v in d.items()} for k, d in h.damage.items()}))
    players = []
    for s in state.order:
        p = state.players[s]
        if p.species is None:
            continue
        layout = SPECIES[p.species].blueprints
        mine = s == seat
        vp, _ = visible_parts(state, s, seat)
        hidden = visible_parts(state, s, None)[1]  # the same in every view; the count of tiles is public
        players.append(PlayerView(
            seat=s, side=p.side, species=p.species, money=p.storage[0], science=p.storage[1],
            materials=p.storage[2], track=p.track, upkeep=upkeep(p), pop=list(p.population),
            production=[production(p, i) for i in range(3)], graveyard=list(p.graveyard),
            colony_up=p.colony_ships_up, colony=p.colony_ships, techs={k: list(v) for k, v in p.techs.items()},
            blueprints={k: list(v) for k, v in p.blueprints.items()},
            stats={k: ship_stats(layout, k, p.blueprints[k]) for k in SHIPS}, built=dict(p.built),
            reputation=len(p.reputation), reputation_values=sorted(p.reputation) if mine else None,
            discoveries=len(p.kept_discoveries), discovery_tiles=list(p.kept_discoveries) if mine else None,
            ancient_parts=list(p.ancient_parts), passed=p.passed, collapsed=p.collapsed,
            trade=SPECIES[p.species].trade,
            ambassadors=sum(1 for o, q in state.players.items() if o != s and s in q.ambassadors_given),
            traitor=p.traitor, vp=vp, vp_hidden_tiles=hidden))
    to_act = [seat_to_act(state)] if seat_to_act(state) else []
    return EclipseView(viewer=seat, phase=state.phase, round=state.round, start=state.start, turn=state.turn,
                       to_act=to_act, order=list(state.order), hexes=hexes, players=players,
                       supply=dict(state.supply), stacks={k: len(v) for k, v in state.stacks.items()},
                       tech_bag=len(state.tech_bag), rep_bag=len(state.rep_bag),
                       log=[e.model_dump() for e in state.events], battles=_battles(state), **_explore(state))


class _Explore(TypedDict, total=False):
    """The fields of `EclipseView` that show a pending Explore."""
    explore_targets: list[str]
    explore_pos: str
    explore_options: list[HexView]


def _explore(state: EclipseState) -> _Explore:
    """The pending Explore decision drawn on the board (E103).  Public: the positions are
    the options of an open decision and the drawn hexes are revealed (E34 and the explore event)."""
    f = frame(state)
    if not isinstance(f, Action) or f.kind != "explore" or f.placed:
        return {}
    seat = f.seat
    if not f.drawn or f.pos is None:
        return {"explore_targets": explore_positions(state, seat)}
    pos = f.pos
    q, r = parse_pos(pos)
    return {"explore_pos": pos,
            "explore_options": [_drawn(hid, q, r, rot) for hid in f.drawn
                                for rot in placements(state, seat, hid, pos)]}


def _drawn(hid: str, q: int, r: int, rot: int) -> HexView:
    h = HEXES[hid]
    return HexView(id=hid, q=q, r=r, rot=rot, wormholes=sorted(wormholes(hid, rot)), vp=h.vp,
                   squares=list(h.squares), pop=[0] * len(h.squares), owner=None, orbital=0, monolith=False,
                   ships={}, ancients=h.ancients, gcds=h.gcds, discovery=h.discovery)


def _battles(state: EclipseState) -> list[dict[str, Any]]:
    """The battles the last move fought in, each whole from its start;
    the one under way with its log so far."""
    f = frame(state)
    out = []
    for b in state.battles:
        if not b.get("live"):
            out.append(dict(b))
        elif f is not None and f.kind == "fight" and f.b is not None:
            out.append({"hex": f.hex, "log": list(f.b["log"]), "over": False})
    return out


def prompt(state: EclipseState, seat: str) -> Msg:
    f = frame(state)
    if f is None:
        return m("prompt.none")
    k = f.kind
    if isinstance(f, Turn):
        return m("prompt.reaction" if state.players[seat].passed else "prompt.turn", round=state.round)
    if isinstance(f, Upkeep):
        return m("prompt.upkeep_" + f.step)
    if isinstance(f, Action) and k == "explore" and f.placed:  # E36: an influence disc on the new hex, or not
        return m("prompt.explore_disc", hex=f.placed)
    if isinstance(f, Action) and k == "explore" and f.drawn:  # E35: the drawn hex in one of its orientations
        return m("prompt.explore_drawn", hex=join(list(f.drawn), " / "), pos=f.pos or "", left=f.left)
    if isinstance(f, (Action, Artifact)):
        return m(f"prompt.{k}", left=f.left)
    return m(f"prompt.{k}")  # the species choice and every other decision: its kind's prompt


__all__ = ["build_view", "prompt", "seat_ref"]
