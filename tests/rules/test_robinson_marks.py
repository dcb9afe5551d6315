"""Counted marks on island spaces (docs/rules/robinson-scenarios.md M3, M4, K0.13): several of a kind
on one space, explored or not; a fog or wasteland mark keeps its tile's terrain from counting as explored
(K2.3(b), K6.8); a game without marks saves as before."""
from __future__ import annotations

from rules.robinson import marks
from rules.robinson.data import TILES
from rules.robinson.island import explored_terrains

from .robinson_kit import E, game


def test_m3_marks_are_counted_per_space_and_kind_and_removed_one_at_a_time():
    s = game(1, 2)
    marks.add(s, 7, "fog")
    marks.add(s, 7, "cross")
    marks.add(s, 7, "fog")
    marks.add(s, 11, "fog")  # an unexplored space may hold a mark too (M3)
    assert marks.count(s, 7, "fog") == 2 and marks.count(s, 7, "cross") == 1
    assert marks.spaces_with(s, "fog") == [7, 11]
    assert marks.remove(s, 7, "fog") and marks.count(s, 7, "fog") == 1
    assert not marks.remove(s, 7, "black")
    assert marks.remove(s, 11, "fog") and 11 not in s.marks and not marks.has(s, 11, "fog")


def test_m3_marks_save_and_load_and_a_game_without_marks_saves_as_before():
    s = game(2, 3)
    assert '"marks"' not in E.dump(s)
    marks.add(s, s.camp, "cross")
    back = E.load(E.dump(s))
    assert back.marks == {s.camp: ["cross"]} and E.dump(back) == E.dump(s)
    copy = E.copy_state(s)
    marks.add(copy, s.camp, "fog")
    assert s.marks == {s.camp: ["cross"]}  # a copy's marks are its own


def test_m4_fog_or_wasteland_hides_its_tiles_terrain_unless_another_tile_shows_it():
    s = game(1, 4)
    terrain = TILES[s.island[s.camp].tile].terrain
    others = [sp for sp, spot in s.island.items() if sp != s.camp and spot.face_up
              and TILES[spot.tile].terrain == terrain]
    assert terrain in explored_terrains(s) and not others
    marks.add(s, s.camp, "cross")
    assert terrain in explored_terrains(s)  # a cross hides nothing
    for kind in ("fog", "wasteland"):
        marks.add(s, s.camp, kind)
        assert terrain not in explored_terrains(s)
        marks.remove(s, s.camp, kind)
        assert terrain in explored_terrains(s)
