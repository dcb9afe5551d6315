"""What each species offered is, at the moment of choosing it (E11): the public post's notes while a seat picks
its start-tile side.  Built from the species data (rules/eclipse/data/species.json): the start storage, the
technologies it starts with, and where it differs from the Terrans (influence discs, trade rate, colony ships,
hexes drawn to explore, the start ship, activations per action, build costs, reputation tiles at start)."""
from __future__ import annotations

from ..text import Msg, join
from .board import m
from .data import BUILDABLE, SIDES, SPECIES
from .pending import frame
from .setup import available_sides
from .state import EclipseState

BASE = "terran"  # the species every other one is told against


def describe(side: str) -> Msg:
    """One line: "Eridani Empire: 26 Money, 2 Science, 4 Materials; starts with Plasma cannon, ...; 11
    influence discs; ..."."""
    sp, base = SPECIES[SIDES[side].species], SPECIES[BASE]
    money, science, materials = sp.start
    parts: list[Msg | str] = [m("species.storage", money=money, science=science, materials=materials)]
    if sp.techs:
        parts.append(m("species.techs", techs=join([m(f"tech.{t.replace(' ', '-')}") for t in sp.techs])))
    if sp.start_ship != base.start_ship:
        parts.append(m("species.start_ship", ship=m(f"ship.{sp.start_ship}")))
    if sp.discs != base.discs:
        parts.append(m("species.discs", n=sp.discs))
    if sp.trade != base.trade:
        parts.append(m("species.trade", n=sp.trade))
    if sp.colony_ships != base.colony_ships:
        parts.append(m("species.colony_ships", n=sp.colony_ships))
    if sp.explore_draws != base.explore_draws:
        parts.append(m("species.explore_draws", n=sp.explore_draws))
    acts = [m("species.act", what=m(f"act.{a}"), n=n) for a, n in sp.acts.items() if base.acts.get(a) != n]
    if acts:
        parts.append(m("species.acts", acts=join(acts)))
    if sp.costs != base.costs:
        parts.append(m("species.costs", costs=join([m("species.cost", what=m(f"ship.{b}"), n=c)
                                                    for b, c in zip(BUILDABLE, sp.costs)])))
    if sp.start_reputation:
        parts.append(m("species.reputation", n=sp.start_reputation))
    return m("species.line", side=m("side." + side.replace(" ", "_")), what=join(parts, "; "))


def species_notes(state: EclipseState) -> list[tuple[Msg, list[Msg]]]:
    """E11: while a seat chooses its species, each side still offered, described; else nothing."""
    f = frame(state)
    if f is None or f.kind != "species":
        return []
    return [(m("species.heading"), [describe(side) for side in available_sides(state)])]


__all__ = ["describe", "species_notes"]
