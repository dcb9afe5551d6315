"""The fast copy of a Flotilla state for `apply` (FlotillaEngine.copy_state) and the search's samples."""
from __future__ import annotations

from ..rng import Rng
from ..unvalidated import trusted
from .state import FlotillaState, Player, Skiff


def copy_player(p: Player) -> Player:
    d = dict(p.__dict__)
    for k in ("barrels", "seals", "ring"):
        d[k] = dict(d[k])
    for k in ("objectives", "hand", "discard", "tiles"):
        d[k] = list(d[k])
    d["skiffs"] = [trusted(Skiff, {"cell": s.cell, "cargo": list(s.cargo)}) for s in d["skiffs"]]
    return trusted(Player, d)


def fast_copy(state: FlotillaState) -> FlotillaState:
    d = dict(state.__dict__)
    d["seats"] = list(d["seats"])
    d["rng"] = trusted(Rng, {"state": state.rng.state})
    d["events"] = list(d["events"])
    players = dict(d["players"])
    if not state.over:
        seat = state.order[state.turn]
        players[seat] = copy_player(players[seat])
    d["players"] = players
    d["board"] = dict(d["board"])
    d["bag"] = list(d["bag"])
    d["artifact_bag"] = list(d["artifact_bag"])
    d["slotted"] = dict(d["slotted"])
    d["stacks"] = dict(d["stacks"])
    d["objectives"] = dict(d["objectives"])
    for k in ("market", "dials", "bought", "sold", "traded", "mods"):
        d[k] = dict(d[k])
    d["todo"] = list(d["todo"])
    d["drawn"] = list(d["drawn"])
    return trusted(FlotillaState, d, state.__pydantic_fields_set__)


__all__ = ["copy_player", "fast_copy"]
