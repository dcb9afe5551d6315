"""What each technology and ship part offered is, at the moment of choosing it, as species already are
(species_notes.py): the post's notes while a seat researches (Eclipse E39: each tech it may buy now) or picks a
ship part to upgrade with (E40, or an Ancient part found in a discovery, E45: each part it may place).

Built from the data: a part's line from its numbers (rules/eclipse/data/parts.json: dice and missiles, hull,
movement and initiative, computer and shield, energy); a tech's from its kind (techs.json: a part unlocked, a
structure to build) or, for the techs acting otherwise, the sheet's words (`tech_note.<tech>`, the sheet's
tech tables)."""
from __future__ import annotations

from collections import Counter

from ..text import Msg, join
from .board import m
from .data import PARTS, TECHS
from .moves import options
from .pending import frame, seat_to_act
from .state import EclipseState

_BUILDS = {"starbase": "starbase", "orbital": "orbital", "monolith": "monolith"}


def _dash(name: str) -> str:
    return name.replace(" ", "-")


def part_text(name: str) -> Msg:
    """What a ship part does, from its numbers: "2 dice of 1 damage; needs 1 energy"."""
    p = PARTS[name]
    bits: list[Msg | str] = []
    for dmg, n in sorted(Counter(p.dice).items()):
        bits.append(m("note.part.dice", n=n, dmg=dmg))
    for dmg, n in sorted(Counter(p.missiles).items()):
        bits.append(m("note.part.missiles", n=n, dmg=dmg))
    if p.hull:
        bits.append(m("note.part.hull", n=p.hull))
    if p.move:
        bits.append(m("note.part.move", n=p.move))
    if p.initiative:
        bits.append(m("note.part.initiative", n=p.initiative))
    if p.computer:
        bits.append(m("note.part.computer", n=p.computer))
    if p.shield:
        bits.append(m("note.part.shield", n=p.shield))
    if p.energy > 0:
        bits.append(m("note.part.gives", n=p.energy))
    elif p.energy < 0:
        bits.append(m("note.part.needs", n=-p.energy))
    return join(bits, "; ")


def part_line(name: str) -> Msg:
    return m("note.line", what=m(f"part.{_dash(name)}"), text=part_text(name))


def tech_line(name: str) -> Msg:
    """What a technology does: the part it unlocks (and what that part does), the structure it lets its owner
    build, or the sheet's words for the others."""
    tech = TECHS[name]
    if tech.kind == "part":
        text = m("note.tech.part", part=m(f"part.{_dash(name)}"), what=part_text(name))
    elif tech.kind == "build":
        text = m("note.tech.build", ship=m(f"ship.{_BUILDS[name]}"))
    else:
        text = m(f"tech_note.{_dash(name)}")
    return m("note.line", what=m(f"tech.{_dash(name)}"), text=text)


def choice_notes(state: EclipseState) -> list[tuple[Msg, list[Msg]]]:
    """While the seat to act picks a technology (`res:`) or a ship part (`part:`, or the part it is placing,
    `put:`), what each one offered does; else nothing.  (The engine shows them only to that seat while its
    decision is private: an Ancient part of a Discovery, E45.)"""
    acting = seat_to_act(state)
    if acting is None or state.phase == "over":
        return []
    ids = [i for i, _, _ in options(state, acting)]
    techs = [i[4:] for i in ids if i.startswith("res:")]
    if techs:
        names = [t for t in TECHS if _dash(t) in techs]
        return [(m("note.tech.heading"), [tech_line(t) for t in names])]
    parts = [i[5:] for i in ids if i.startswith("part:")]
    names = [p for p in PARTS if _dash(p) in parts]
    placing = getattr(frame(state), "part", None)
    if not names and isinstance(placing, str) and placing in PARTS and any(i.startswith("put:") for i in ids):
        names = [placing]
    if names:
        return [(m("note.part.heading"), [part_line(p) for p in names])]
    return []


__all__ = ["choice_notes", "part_line", "part_text", "tech_line"]
