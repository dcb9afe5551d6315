"""Where the decision in view puts an option's badge when the option names a section and a space in it, and what a
window's edges leave out (render/focus_places.py `anchors`, `trimmed`): Flotilla's "Influence Speakers: space 3 →
4" is badged on the Speakers ring's space 3 ("3: Ti", F25), not on the market's slot "3" nor on a barrel count
"3" in a player's row (both were, and the window was drawn over the players' rows for it); a line across the top
of a window that its side cuts (a title bar's "…tion phase — to act: Alice") is left out by the window's top, and
a map tile's name cut at a side costs the window none of its height; a list's index is no place."""
from __future__ import annotations

import importlib
import re
from functools import lru_cache

import pytest
from PIL import Image, ImageDraw

from host.boards import decision_focus
from render import measure
from render.common import font
from render.focus import draw_focus
from render.focus_places import anchors, is_title
from render.window_box import lines_out, trimmed
from render.names import board_names
from rules import GAMES
from rules.playout import iter_playout, playout_rng
from tools.legibility_bench import CAPTION, NAMES


@lru_cache(maxsize=2)
def _influence(locale: str):
    """The first decision of a seeded random 3-player Flotilla game whose options are the rings' influence moves."""
    engine = GAMES["flotilla"]
    state = engine.setup(["p1", "p2", "p3"], 1)
    names = board_names(NAMES)
    for step in iter_playout(engine, state, playout_rng(1)):
        s = step.after
        to_act = list(engine.to_act(s))
        if not to_act:
            continue
        focus = decision_focus(engine, s, to_act, CAPTION, names, locale)
        if len(focus.options) >= 3 and all(re.search(r"\d → \d", o) for o in focus.options[:3]):
            return engine, s, names, focus
    raise AssertionError("no influence decision")


@pytest.mark.parametrize("locale", ["en", "es"])
def test_an_influence_option_is_badged_on_its_rings_space(locale):
    engine, state, names, focus = _influence(locale)
    board = importlib.import_module("render.flotilla").draw(engine.view(state, None), names, [], locale=locale)
    found = anchors(board, focus.options)
    titles = [d for d in measure.visible(board) if is_title(d)]
    assert found
    for i, drawn in found:
        space = re.search(r"(\d+) →", focus.options[i]).group(1)
        assert re.match(space + r":", drawn.text), (focus.options[i], drawn.text)  # "3: Ti", a ring's space
        above = [t for t in titles if t.box[3] <= drawn.box[1] and t.box[0] <= drawn.box[0] + 20]
        section = max(above, key=lambda t: t.box[1])  # the title over the space: the ring the option names
        assert section.text.split()[0].lower()[:5] in focus.options[i].lower(), (focus.options[i], section.text)
    img = draw_focus(engine.view(state, None), names, focus, locale)
    shown = measure.visible(img)
    barrels = [t for t in shown if t.text.startswith(("barrels", "barriles"))]
    assert len(barrels) <= 1  # the viewer's own row, not every player's row for a count "3"
    rings = {re.match(r"Influen\w+ (\w+)", o).group(1) for o in focus.options if "→" in o}  # "Speakers", "Oradores"
    assert rings <= {t.text for t in shown}  # each badged space seen under its ring's name
    from tools.legibility_bench import cut_texts

    assert not cut_texts(img)  # the rings' panel from its left edge: no "Artifacts s…", no sixth space cut


def _header_board() -> Image.Image:
    board = Image.new("RGB", (1200, 500), (20, 22, 34))
    d = ImageDraw.Draw(board)
    d.rectangle([0, 0, 1200, 40], fill=(10, 10, 16))
    d.text((20, 8), "Eclipse — Round 5/9 — action phase — to act: Alice", font=font(22, True), fill=(255, 255, 255))
    d.text((700, 300), "312", font=font(20, True), fill=(255, 255, 255))
    d.text((560, 380), "tropical", font=font(16), fill=(255, 255, 255))
    return board


def test_a_line_across_a_windows_top_cut_by_its_side_is_left_out_by_the_top():
    board = _header_board()
    place = next(t.box for t in measure.visible(board) if t.text == "312")
    header = next(t.box for t in measure.visible(board) if t.text.startswith("Eclipse"))
    left = int(header[2]) - 500  # the window's left edge cuts the header, which runs on over most of its width
    assert header[0] < left < place[0]
    x0, y0, x1, y1 = lines_out(board, trimmed(board, (left, 0, left + 600, 460), [place]), [place])  # as `cover`
    assert (x0, x1) == (left, left + 600) and header[3] < y0 <= place[1]  # the header left out above, width kept
    assert y1 == 460


def test_a_short_text_cut_by_a_windows_side_costs_it_no_height():
    board = _header_board()
    place = next(t.box for t in measure.visible(board) if t.text == "312")
    x0, y0, x1, y1 = trimmed(board, (600, 60, 1000, 460), [place])  # "tropical" cut at the left
    assert (y0, y1) == (60, 460) and x0 > 600


def test_a_lists_index_is_no_place_an_option_names():
    """Robinson's "Explore space 1" is badged on the island's space "1", not on the round plan's step "1" whose
    line ("Rest: Carpenter ✓") begins right after it (its badge covered the step's first letters)."""
    board = Image.new("RGB", (900, 400), (70, 130, 170))
    d = ImageDraw.Draw(board)
    d.text((200, 100), "1", font=font(18, True), fill=(230, 230, 230))  # the island's space 1
    d.rectangle([20, 300, 44, 326], fill=(20, 20, 20))
    d.text((26, 302), "1", font=font(18, True), fill=(255, 255, 255))  # the plan's step 1
    d.text((54, 302), "Rest: Carpenter ✓", font=font(18), fill=(20, 20, 20))
    found = anchors(board, ["Explore space 1 (2 choices)…"])
    assert [(i, d.box[1] < 200) for i, d in found] == [(0, True)]


def test_the_legibility_bench_counts_a_text_cut_at_an_images_edge():
    from tools.legibility_bench import cut_texts

    img = Image.new("RGB", (300, 60), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((10, 5), "whole", font=font(18), fill=(0, 0, 0))
    d.text((250, 30), "cut in two", font=font(18), fill=(0, 0, 0))
    assert cut_texts(img) == ["cut in two"]


def _after(game: str, players: int, seed: int, moves: int):
    """(engine, state) after `moves` moves of the seeded random game of `players` (the audit's positions)."""
    engine = GAMES[game]
    state = engine.setup([f"p{k + 1}" for k in range(players)], seed)
    steps = iter_playout(engine, state, playout_rng(seed))
    for _ in range(moves):
        state = next(steps).after
    return engine, state


def _decision(game: str, seed: int, move: int, locale: str):
    from tools.legibility_bench import decision_image, positions

    for _, k, engine, state, to_act in positions(game, [seed], 8):
        if k == move:
            board = importlib.import_module(f"render.{game}").draw(engine.view(state, None), board_names(NAMES), [],
                                                                   locale=locale)
            return board, decision_image(engine, state, to_act, locale)
    raise AssertionError("no such position")


def test_a_tile_named_by_its_corner_coordinate_is_shown_whole():
    """Wayfinders' "Fly to B3": the tile's coordinate sits in its top right corner, and the window that held the
    coordinate showed the tile's right edge only ("…la", a cut "1/compartida"); it takes in the whole tile."""
    board, img = _decision("wayfinders", 3, 224, "es")
    assert [t.text for t in measure.visible(img) if t.box[0] < -1 or t.box[2] > img.width + 1] == []
    assert "1/compartida" in {t.text for t in measure.visible(img)}  # B3's own effect, under its coordinate


def test_a_map_around_the_deciders_places_is_one_drawing_not_strips():
    """Several decide at once (each through "My view") and their options touch most of Robinson's island: the
    window around those places is the island's middle at its own size, every text where the board has it (it was
    folded into strips, the hexes cut and stacked), and reads on a phone."""
    board, img = _decision("robinson", 1, 131, "es")
    def spaces(texts):  # the island's spaces 0-11 by their numbers ("0", "5·#7"), each drawn once
        found = [t for t in texts if re.fullmatch(r"(\d|1[01])(·#\d+)?", t.text)]
        return {t.text: t for t in found if sum(1 for u in found if u.text == t.text) == 1}

    on_board = {k: t.box for k, t in spaces(measure.visible(board)).items()}
    shown = [t for k, t in spaces(measure.visible(img)).items() if k in on_board]
    assert len(shown) >= 8
    first, *rest = shown
    scale = None
    for t in rest:
        dx_board = on_board[t.text][0] - on_board[first.text][0]
        if abs(dx_board) > 100:
            scale = (t.box[0] - first.box[0]) / dx_board
            break
    assert scale is not None and 0.3 < scale <= 1
    assert measure.smallest(img) >= measure.MIN_RATIO
    for t in rest:  # every hex's number where the one drawing, scaled, puts it
        want = (first.box[0] + (on_board[t.text][0] - on_board[first.text][0]) * scale,
                first.box[1] + (on_board[t.text][1] - on_board[first.text][1]) * scale)
        assert abs(t.box[0] - want[0]) < 4 and abs(t.box[1] - want[1]) < 4, (t.text, t.box[:2], want)


def test_a_line_a_widened_windows_side_cuts_above_its_places_is_left_out():
    """Robinson's island window, widened to hold a hex whole, took in half of the title bar's "…Action planning"
    above it: the top goes below that line; a line below the places goes by the foot; a short text stays."""
    board = _header_board()
    d = ImageDraw.Draw(board)
    d.text((100, 440), "Survivors: space 10 (track II) and a long line under the map", font=font(20),
           fill=(255, 255, 255))
    shown = measure.visible(board)
    place = next(t.box for t in shown if t.text == "312")
    header = next(t.box for t in shown if t.text.startswith("Eclipse"))
    foot = next(t.box for t in shown if t.text.startswith("Survivors"))
    left = int(header[2]) - 300
    x0, y0, x1, y1 = lines_out(board, (left, 0, left + 560, 480), [place])
    assert (x0, x1) == (left, left + 560) and header[3] < y0 <= place[1] and place[3] <= y1 < foot[1]
    assert lines_out(board, (550, 60, 900, 420), [place]) == (550, 60, 900, 420)  # "tropical" cut: short


def test_a_folded_window_badges_the_copy_of_a_text_drawn_where_the_place_is():
    """Every Flotilla ring draws a "6: Rc": in a window folded to the image's width, the badge of "Influence
    Speakers: space 6 → 1" goes on the Speakers ring's "6: Rc" only (it went on all four rings' alike)."""
    from render.focus import _copies

    board = Image.new("RGB", (900, 300), (255, 255, 255))
    d = ImageDraw.Draw(board)
    for y in (20, 120, 220):
        d.text((700, y), "6: Rc", font=font(14), fill=(0, 0, 0))
    drawn = measure.visible(board)
    part = board.crop((300, 0, 900, 300))
    moved = measure.visible(part)
    assert [c.box[1] for c in _copies(moved, drawn[1])] == [drawn[1].box[1]]
    other = Image.new("RGB", (200, 100), (255, 255, 255))
    ImageDraw.Draw(other).text((10, 10), "6: Rc", font=font(14), fill=(0, 0, 0))
    assert len(_copies(measure.visible(other), drawn[1])) == 1  # drawn elsewhere: the same text will do


@pytest.mark.parametrize("locale", ["en", "es"])
def test_the_rings_window_begins_at_the_rings_panel_not_on_the_map_beside_it(locale):
    """Five players, the rings' spaces 1-5 named: the window held the map's last column and cut the rings' sixth
    spaces and "Artifacts slotted" at its right; it begins where the rings' titles do."""
    from tools.legibility_bench import cut_texts, decision_image

    engine, state = _after("flotilla", 5, 8, 641)
    img = decision_image(engine, state, list(engine.to_act(state)), locale)
    texts = [t.text for t in measure.visible(img)]
    assert not cut_texts(img) and sum(1 for t in texts if t.startswith("6: ")) == 4


@pytest.mark.parametrize("locale", ["en", "es"])
def test_a_map_around_touched_places_is_cut_where_it_cuts_no_text(locale):
    """Two characters plan at once (each through "My view"): the island's stretch shown at its own size is the one
    whose sides cut no tile's name (the camp's "Beach … CAMP" was cut at the right edge)."""
    from tools.legibility_bench import cut_texts, decision_image

    engine, state = _after("robinson", 2, 1, 23)
    assert len(engine.to_act(state)) == 2
    img = decision_image(engine, state, list(engine.to_act(state)), locale)
    assert not cut_texts(img)
    assert measure.smallest(img) >= measure.MIN_RATIO
