"""The decision in view's windows at their edges and over a map (render/window_edges.py, render/focus.py): no
sliver of another panel or of the title bar at a window's top or foot, a character's track not cut at a section's
window's right edge, no badge on the title band's scenario name, and a map whose places are named all over it
shown whole, scaled to the image's width, rather than folded into strips (Cursed Island's fog, 17 spaces); a
window that ends above a band of titles under its places (Eclipse's scores), not at a tile's name on a map."""
from __future__ import annotations

import itertools
import re
from functools import lru_cache

import pytest

from PIL import Image, ImageDraw

from host.boards import decision_focus
from render import measure
from render.common import font
from render.focus import WIDTH, _board, draw_focus
from render.focus_places import anchors, cover
from render.fold import clear_columns, fold
from render.names import board_names
from render.window_box import inside
from render.window_edges import SLIVER_PX, drawing_whole, row_whole, unslivered
from rules import GAMES
from rules.bots import choose
from rules.playout import iter_playout, playout_rng

E = GAMES["robinson"]
BACK, PANEL, LINE, BAR, SEA = (238, 234, 222), (250, 247, 238), (180, 170, 150), (28, 44, 38), (70, 130, 170)


@lru_cache(maxsize=4)
def _asked(scenario: str, seed: int, kind: str):
    """The first position of the greedy solo game of `scenario` and `seed` that asks `kind` (the walk-through's
    games: docs/walkthroughs/robinson-scenarios.md)."""
    s = E.setup(["alice"], seed, E.parse_options({"scenario": scenario}))
    for _ in range(3000):
        if s.pending and s.pending.get("kind") == kind:
            return s
        assert s.result is None
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, choose(E, s, seat, "greedy", seed=seed).id)
    raise AssertionError("never asked")


def _focus(s, locale: str = "en"):
    names = board_names({"alice": "alice"})
    focus = decision_focus(E, s, E.to_act(s), ["caption"], names, locale)
    return names, focus


def test_a_sliver_of_the_panel_below_at_a_windows_foot_is_left_out():
    board = Image.new("RGB", (600, 300), BACK)
    d = ImageDraw.Draw(board)
    d.rectangle([10, 10, 590, 150], fill=PANEL, outline=LINE, width=2)  # the section's panel
    d.rectangle([10, 160, 590, 290], fill=PANEL, outline=LINE, width=2)  # the next one, 10 px below
    box = (0, 0, 600, 165)  # its foot takes the next panel's top border and a row of its inside
    x0, y0, x1, y1 = unslivered(board, box)
    assert (x0, y0, x1) == (0, 0, 600) and 152 <= y1 <= 160  # it ends in the gap between the panels
    assert unslivered(board, (0, 0, 600, 155)) == (0, 0, 600, 155)  # nothing of another panel: unchanged


def test_a_sliver_of_the_title_bar_at_a_windows_top_is_left_out_but_not_a_text():
    board = Image.new("RGB", (600, 300), SEA)
    ImageDraw.Draw(board).rectangle([0, 0, 599, 79], fill=BAR)  # the title bar over the island
    assert unslivered(board, (0, 74, 600, 280))[1] == 80  # its last 6 rows are left out
    assert unslivered(board, (0, 80 - SLIVER_PX - 4, 600, 280))[1] == 80 - SLIVER_PX - 4  # more than a sliver
    ImageDraw.Draw(board).text((300, 76), "bales", fill=(255, 255, 255), anchor="ms")
    assert unslivered(board, (0, 74, 600, 280))[1] == 74  # a text is never left out as a sliver


def test_jennys_rest_no_badge_on_the_scenarios_name_and_the_cooks_track_whole():
    s = _asked("jenny", 14, "jenny_rest")
    names, focus = _focus(s)
    board = _board(E.view(s, None), names, "en")
    found = anchors(board, focus.options)
    assert {d.text for i, d in found if i in (0, 1)} == {"Jenny"}  # her panel, not "Jenny needs help!"
    windows = cover(board, [d.box for _, d in found], WIDTH, True)
    cook = next(w for w in windows if any(d.text == "Cook (alice)" and w[1] <= d.box[1] < w[3] for _, d in found))
    x0, y0, x1, y1 = cook
    clear = clear_columns(board.crop((0, y0, board.width, y1)))
    assert clear[x1 - 1] and x1 - x0 > WIDTH  # its right edge crosses nothing drawn: the track is whole (folded)
    jenny = next(w for w in windows if any(d.text == "Jenny" and w[1] <= d.box[1] < w[3] for _, d in found))
    weather = min(b[1] for b, d in zip(measure.sheet(board).boxes, measure.sheet(board).drawn)
                  if d.text == "Weather")
    foot = board.crop((jenny[0], jenny[3] - 2, jenny[2], jenny[3]))
    assert jenny[3] < weather - 8 and foot.getcolors(2) is not None  # it ends in the gap above the Weather panel
    img = draw_focus(E.view(s, None), names, focus, "en")
    assert not any("needs help" in t.text for t in measure.visible(img))


def _track(boxes: int, gap: int) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """A section of one line: its title at the left, then a row of `boxes` boxes `gap` px after it, running past
    the 600 px window that begins at the title."""
    board = Image.new("RGB", (1000, 60), PANEL)
    d = ImageDraw.Draw(board)
    d.text((10, 20), "Soldier (Chiara)", fill=(20, 20, 20), font=font(18, bold=True))
    x = 10 + 200 + gap
    for _ in range(boxes):
        d.rectangle([x, 18, x + 20, 38], outline=(20, 20, 20), width=1)
        x += 24
    return board, (0, 0, WIDTH, 60)


def test_a_track_whose_whole_row_would_fold_onto_a_second_line_is_left_cut():
    """Widened to the row's end, the window folded to the image's width would put the row on a line of its own below
    its name (a long track after a short gap: narrowing the gap does not make room): it stays as it was.  The
    Cook's track of the Rest prompt, whose widened window folds onto one line, is made whole (the test above)."""
    board, box = _track(20, 40)
    assert row_whole(board, box, WIDTH) == box
    wider = (0, 0, 10 + 200 + 40 + 20 * 24 + 10, 60)
    assert fold(board, wider, WIDTH).height > 60  # what the widening would have shown


def test_a_track_after_a_wide_gap_is_made_whole_the_gap_narrowed():
    """A Soldier's track 120 px after the title (seen in a random Robinson game): widened to the row's end the
    window is wider than the image, but narrowing the gap between title and track (render/fold_gaps.py) keeps it
    on one line, so the window is widened and the track shown whole."""
    board, box = _track(14, 120)
    end = 10 + 200 + 120 + 14 * 24
    x0, y0, x1, y1 = row_whole(board, box, WIDTH)
    assert (x0, y0, y1) == (0, 0, 60) and end <= x1
    folded = fold(board, (x0, y0, x1, y1), WIDTH)
    assert folded.height == 60 and folded.width <= WIDTH


def test_cursed_islands_fog_shows_the_island_whole_scaled_not_in_strips():
    s = _asked("cursed_island", 16, "fog")
    names, focus = _focus(s)
    assert len(focus.options) == 17
    board = _board(E.view(s, None), names, "en")
    img = draw_focus(E.view(s, None), names, focus, "en")
    spaces = {str(n) for n in (0, 1, 3, 4, 5, 8, 9, 10, 12, 13)}  # the ten numbered options' spaces
    on_board = {d.text: d.box for _, d in anchors(board, focus.options) if d.text in spaces}
    on_image = {d.text: d.box for d in measure.visible(img) if d.text in spaces and d.size < 13}
    assert set(on_board) == set(on_image) == spaces  # each space, drawn smaller than on the board
    scales = set()
    for a, b in itertools.combinations(sorted(spaces), 2):  # one scale between any two spaces, both ways
        for k in (0, 1):
            board_gap = on_board[b][k] - on_board[a][k]
            if abs(board_gap) > 50:
                scales.add(round((on_image[b][k] - on_image[a][k]) / board_gap, 2))
    assert len(scales) == 1 and 0.5 < scales.pop() < 1  # the island as drawn, scaled down: no strips
    outside = focus.outside[0].split("{numbers}")[0].strip()  # "Option ... is outside these windows": none
    assert outside and not any(t.text.startswith(outside) for t in measure.visible(img))
    assert img.height < 1000  # one window, not 1,500 px of folded rows


def test_a_window_with_clear_columns_to_cut_at_is_not_taken_for_a_map():
    board = Image.new("RGB", (1400, 200), BACK)
    d = ImageDraw.Draw(board)
    for x in (20, 420, 820):  # three drawings with clear columns between them (a row of hex rotations)
        d.ellipse([x, 20, x + 350, 180], fill=SEA, outline=LINE, width=2)
    assert drawing_whole(board, (0, 0, 1250, 200)) is None
    board = Image.new("RGB", (1400, 200), BACK)
    ImageDraw.Draw(board).ellipse([0, 20, 1000, 180], fill=SEA, outline=LINE, width=2)  # one drawing: all of it
    x0, y0, x1, y1 = drawing_whole(board, (100, 0, 800, 200))
    assert (x0, y0, y1) == (0, 0, 200) and 1000 <= x1 <= 1010


def _windows(game: str, move: int, locale: str = "en"):
    """The board, its texts and the windows `cover` takes around the options' places at move `move` of the seeded
    random game whose decision images the pixel digests hold (tests/render/test_focus_same_pixels.py)."""
    from tools.legibility_bench import CAPTION, NAMES, positions
    for _, k, engine, state, to_act in positions(game, [1], 8):
        if k == move:
            names = board_names(NAMES)
            focus = decision_focus(engine, state, to_act, CAPTION, names, locale)
            board = _board(engine.view(state, None), names, locale)
            found = anchors(board, focus.options)
            return measure.sheet(board).drawn, cover(board, [d.box for _, d in found], WIDTH)
    raise AssertionError(f"no decision at move {move}")


def _whole_in(texts, windows) -> set[str]:
    return {d.text for d in texts if any(inside(d.box, w) for w in windows)}


@pytest.mark.parametrize("locale", ["en", "es"])
def test_a_window_ends_above_a_band_of_titles_under_its_places_not_across_it(locale):
    """Eclipse's hex placement: the window around the three turned 207s ended in the score band under them
    ("Bartholomew 4 VP", folded between the hexes); it now ends above it, apart from them by a clear row."""
    texts, windows = _windows("eclipse", 384, locale)
    shown = _whole_in(texts, windows)
    turned = "turned" if locale == "en" else "girado"
    assert {f"207 · {turned} {a}°" for a in (120, 240, 300)} <= shown
    band = [d for d in texts if re.fullmatch(r"[A-Z]\w+ \d+ P?VP?.*", d.text)]  # a seat's score: "Chiara 7 VP"
    assert band and all(d.box[1] >= max(y1 for _, _, _, y1 in windows) for d in band)


def test_a_tiles_name_under_the_places_on_a_map_does_not_end_the_window():
    """Robinson's island: a tile's name under the camp's options is a title too, but the rows above it cross the
    map (no clear row): the window is not cut there, and the Hills tile keeps its resources."""
    texts, windows = _windows("robinson", 18)
    assert {"11·#4", "Hills", "fish wood", "totem"} <= _whole_in(texts, windows)


def test_five_turned_hexes_over_a_lower_case_score_band_are_folded_at_their_size_not_scaled():
    """Five orientations of a drawn hex (Eclipse, seed 2's first exploration) with players named in lower case:
    the row was taken for a map with the map above it and shown whole, scaled to half its size (texts of 5 px on
    a phone), the band "alice 3 VP" (no capital: not a title) in it; now the row is judged by its own layer, folded
    at its size, and the window ends above the band."""
    engine = GAMES["eclipse"]
    state = engine.setup(["p1", "p2"], 2)
    for step in itertools.islice(iter_playout(engine, state, playout_rng(2)), 7):
        state = step.after
    to_act = list(engine.to_act(state))
    names = board_names({"p1": "alice", "p2": "bob"})
    focus = decision_focus(engine, state, to_act, ["caption"], names, "en")
    assert sum(o.startswith("Place 103") for o in focus.options) == 5
    img = draw_focus(engine.view(state, None), names, focus, "en")
    assert measure.smallest(img) >= measure.MIN_RATIO
    shown = {d.text for d in measure.visible(img)}
    assert sum("103 · turned" in t for t in shown) == 5
    assert not {t for t in shown if re.fullmatch(r"(alice|bob) \d+ VP.*", t)}
