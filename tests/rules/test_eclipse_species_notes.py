"""Eclipse E11: the species are described at the moment of choosing them (the public post's notes), from the
species data, in both languages; once every seat has chosen, the public post has no notes again."""
from __future__ import annotations

import pytest

from rules import GAMES
from rules.eclipse.data import SIDES, SPECIES
from rules.eclipse.setup import available_sides
from rules.text import tr

E = GAMES["eclipse"]


def test_e11_every_side_offered_is_described_while_a_seat_chooses():
    s = E.setup(["p1", "p2", "p3"], 4)
    [(heading, lines)] = E.notes(s, None)
    assert tr(heading) == "The species you can choose"
    offered = available_sides(s)
    assert len(lines) == len(offered) == len([m for m in E.legal_moves(s, E.to_act(s)[0]) if m.id.startswith("sp:")])
    text = {side: tr(line) for side, line in zip(offered, lines)}
    assert text["eridani"].startswith("Eridani Empire: 26 Money, 2 Science, 4 Materials at the start; starts with "
                                      "Plasma cannon, Gauss shield, Fusion drive; 11 influence discs")
    assert "trades 4 of a resource for 1" in text["orion"] and "starts with a Cruiser" in text["orion"]
    assert "builds for Interceptor 2, Cruiser 4" in text["mechanema"]
    assert "draws 2 hexes when exploring" in text["draco"]
    for side, line in text.items():  # the start storage, from the data, for every side
        money, science, materials = SPECIES[SIDES[side].species].start
        assert f"{money} Money, {science} Science, {materials} Materials" in line
    assert "26 de Dinero" in tr(lines[offered.index("eridani")], "es")


def test_e11_a_taken_tile_is_no_longer_described_and_the_notes_end_with_the_choice():
    s = E.setup(["p1", "p2"], 4)
    first = E.to_act(s)[0]
    s = E.apply(s, first, "sp:eridani")
    [(_, lines)] = E.notes(s, None)
    assert not any(tr(x).startswith(("Eridani Empire", "Terran Directorate")) for x in lines)  # one tile (E4)
    s = E.apply(s, E.to_act(s)[0], next(m.id for m in E.legal_moves(s, E.to_act(s)[0]) if m.id.startswith("sp:")))
    assert E.notes(s, None) == []


@pytest.mark.parametrize("locale", ["en", "es"])
def test_e11_every_description_reads_without_a_placeholder(locale):
    s = E.setup(["p1", "p2", "p3", "p4"], 9)
    [(_, lines)] = E.notes(s, None)
    assert all("{" not in tr(x, locale) and "eclipse." not in tr(x, locale) for x in lines)
