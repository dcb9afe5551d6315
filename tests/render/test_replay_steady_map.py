"""A Flotilla replay keeps one map scale and origin from the first frame to the last (the final board's), so a
frame stores only what changed instead of a whole rescaled grid of labelled cells; a board drawn outside a
replay is fitted to its own tiles as before."""
from __future__ import annotations

from rules import GAMES
from rules.playout import iter_playout, playout_rng

from render.flotilla_map import fit, steady_map
from render.replay import steady_layout

BOX = (0, 0, 840, 620)


def _views() -> tuple[object, object]:
    engine = GAMES["flotilla"]
    seats = ["p1", "p2", "p3"]
    steps = list(iter_playout(engine, engine.setup(seats, 3, None), playout_rng(3)))
    early = engine.view(steps[20].after).model_copy(update={"targets": []})
    final = engine.view(steps[-1].after).model_copy(update={"targets": []})
    return early, final


def test_a_replay_fits_every_map_to_the_final_board():
    early, final = _views()
    assert len(early.tiles) < len(final.tiles)  # the island grew: alone, the early map is zoomed in
    assert fit(early, BOX) != fit(final, BOX)
    with steady_map(final):
        assert fit(early, BOX) == fit(final, BOX)
    with steady_layout(final):  # what render.replay uses: the game's renderer offers steady_map
        assert fit(early, BOX) == fit(final, BOX)
    assert fit(early, BOX) != fit(final, BOX)  # and only while it lasts

