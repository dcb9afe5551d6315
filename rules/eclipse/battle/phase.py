"""The Combat phase in the order of E62 (U16 RULING), with its decisions (E112-E116).

Frame `{"k": "combat", "step": battles|pop|control|draco|repair, "at": last hex}`
walks the hexes in E50 order (descending number) and pushes the frames that ask:
"fight" (fight.py), "rep" (reputation.py), "popatk"/"grave" (population.py) and
"control"/"colhex"/"disco" (the post-combat steps of part 1).
"""
from __future__ import annotations

from typing import Callable

from ..board import m
from ..phases import ABOVE_EVERY_HEX, begin_upkeep, control_todo, lose_control
from ..pending import Opt
from ..state import EclipseState
from ..frames import STACK, CombatFrame, Control, Cube, Disco, Fight, PopulationAttack, Reputation
from . import population, reputation
from .fight import (advance, attack, auto_hits, declare_retreat, flee, give, has_battle, hit_options, new_fight,
                    retreat_hexes, tie_options, touch)

COMBAT_FRAMES = ("combat", "fight", "rep", "popatk", "grave")


def _next_hex(state: EclipseState, below: str, test: Callable[[str], bool]) -> str | None:
    return next((hid for hid in sorted(state.hexes, reverse=True) if hid < below and test(hid)), None)


def settle_combat(state: EclipseState, f: CombatFrame) -> bool:
    """Automatic steps of the top frame; True when something moved on, False when a seat
    must decide."""
    if isinstance(f, Fight):
        if not advance(state, f):
            return False
        STACK.remove(state.stack, f)
        q = reputation.due(f)
        if q:  # E61: after all battles in the hex
            STACK.push(state.stack, Reputation.new(kind="rep", q=q, seat=q[0][0], drawn=[]))
        return True
    if isinstance(f, Reputation):
        return reputation.step(state, f)
    if isinstance(f, PopulationAttack):
        return population.step(state, f)
    if isinstance(f, Cube):  # "grave": the owner picks the graveyard boxes
        return False
    step = f.step
    if step == "battles":  # E62 step 1
        hid = _next_hex(state, f.at, lambda h: has_battle(state, h))
        if hid is None:
            f.step, f.at = "pop", ABOVE_EVERY_HEX
        else:
            f.at = hid
            STACK.push(state.stack, new_fight(hid))
        return True
    if step == "pop":  # E62 step 2
        hid = _next_hex(state, f.at, lambda h: bool(population.attackers(state, h)))
        if hid is None:
            f.step, f.at = "control", ABOVE_EVERY_HEX
            return True
        f.at = hid
        for seat in reversed(population.attackers(state, hid)):
            STACK.push(state.stack, PopulationAttack.new(kind="popatk", hex=hid, seat=seat, left=None, grave=[]))
        return True
    if step == "control":  # E62 steps 3-4
        lose_control(state)
        f.step = "draco"
        todo = control_todo(state)
        if todo:
            STACK.push(state.stack, Control.new(kind="control", todo=todo))
        return True
    if step == "draco":  # E62 step 5, E45: Draco's delayed Discovery tiles
        f.step = "repair"
        for hid in sorted(state.hexes):  # pushed lowest first: the highest hex is asked first
            h = state.hexes[hid]
            if (h.owner is not None and h.discovery is not None and not h.ancients
                    and state.players[h.owner].species == "draco"):
                tile, h.discovery = h.discovery, None
                STACK.push(state.stack, Disco.new(kind="disco", seat=h.owner, hex=hid, tile=tile))
        return True
    for h in state.hexes.values():  # E66: repair
        h.drop("damage")
    begin_upkeep(state)
    return True


def options(state: EclipseState, seat: str, f: CombatFrame) -> list[Opt]:
    if isinstance(f, Reputation):
        return reputation.options(state, seat, f)
    if isinstance(f, (PopulationAttack, Cube)):
        return population.options(state, seat, f)
    if not isinstance(f, Fight):
        return []
    ask = f.ask
    if ask == "tie":
        tie = tie_options(state, f)
        if tie is None:
            raise ValueError(f"no tie to order in {f.hex}")
        return [(f"first:{s}", m("mv.first", ship=m(f"ship.{s}")), True) for s in tie[1]]
    if ask == "act":
        b = f.battle
        ship = b["order"][b["i"]][1]
        return [("attack", m("mv.attack", ship=m(f"ship.{ship}")), True)] + [
            (f"retreat:{h}", m("mv.retreat", ship=m(f"ship.{ship}"), hex=h), True)
            for h in retreat_hexes(state, f.hex, seat)]
    if ask == "stal":
        return [(f"flee:{h}", m("mv.flee", hex=h), True) for h in retreat_hexes(state, f.hex, seat)]
    if ask == "hit":
        roll, dmg = f.dice[0]
        return [(f"hit:{s}:{d}", m("mv.hit", roll=roll, damage=dmg, ship=m(f"ship.{s}"), hurt=d), True)
                for s, d in hit_options(state, f)] + [("auto", m("mv.auto_hits"), True)]
    return []


def apply(state: EclipseState, seat: str, f: CombatFrame, head: str, arg: str) -> None:
    if isinstance(f, Reputation):
        reputation.apply(state, seat, f, arg)
        return
    if isinstance(f, (PopulationAttack, Cube)):
        population.apply(state, seat, f, head, arg)
        return
    if not isinstance(f, Fight):
        raise TypeError(f"the {f.kind} frame asks no decision")
    touch(state, f)  # a decision inside a battle: the summary image shows it
    if head == "first":
        f.battle["prefs"].setdefault(seat, []).append(arg)
    elif head == "attack":
        attack(state, f)
    elif head == "retreat":
        declare_retreat(state, f, arg)
    elif head == "flee":
        flee(state, f, arg)
    elif head == "auto":
        auto_hits(state, f)
    elif head == "hit":
        ship, before = arg.split(":")
        die = f.dice.pop(0)
        give(state, f, ship, int(before), die[1])
    f.ask = None


__all__ = ["COMBAT_FRAMES", "settle_combat", "options", "apply"]
