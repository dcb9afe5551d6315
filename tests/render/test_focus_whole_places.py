"""A window of the decision in view holds whole every numbered place it shows: Wayfinders' hangars, named by the
options only through their section's title ("Hangars"), are each drawn with their whole frame (hangar 4 was cut
at the window's edge), the window beginning at the title and the row of hangars folded between two of them."""
from __future__ import annotations


import pytest
import importlib

from PIL import Image, ImageDraw

from host.boards import decision_focus
from render import measure
from render.common import font
from render.focus import Focus, compose, draw_focus
from render.window_box import whole
from render.names import board_names
from rules import GAMES
from tools.legibility_bench import CAPTION, NAMES

PAGE = (233, 231, 224)
INSIDE = (255, 255, 255)
LINE = (120, 120, 120)


def _frame_right(img: Image.Image, label: measure.Drawn) -> int:
    """How far right of a place's number its frame's border is, along the number's middle row (texts skipped);
    the image's width when the row runs off the image before a border."""
    y = int((label.box[1] + label.box[3]) / 2)
    texts = [(d.box[0] - 1, d.box[2] + 1) for d in measure.visible(img) if d.box[1] <= y <= d.box[3]]
    rgb = img.convert("RGB")
    fill = None
    for x in range(int(label.box[2]) + 1, img.width):
        if any(a <= x <= b for a, b in texts):
            continue
        colour = rgb.getpixel((x, y))
        if fill is None:
            fill = colour
        elif colour != fill:
            return x
    return img.width


def _hangars(img: Image.Image, last: int = 4) -> list[measure.Drawn]:
    return [d for d in measure.visible(img) if d.text in {str(n) for n in range(1, last + 1)} and d.size >= 20]


@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_hangar_an_option_names_is_shown_with_its_whole_frame(locale):
    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2"], 1)
    names = board_names(NAMES)
    to_act = list(engine.to_act(state))
    focus = decision_focus(engine, state, to_act, CAPTION, names, locale)
    assert sum(1 for o in focus.options if any(f" {n} " in o for n in "1234")) == 4, focus.options
    img = draw_focus(engine.view(state, None), names, focus, locale)
    shown = _hangars(img)
    assert sorted(d.text for d in shown) == ["1", "2", "3", "4"]
    for label in shown:
        assert _frame_right(img, label) < img.width - 2, label.text  # its frame's right border is in the image
    assert measure.smallest(img) >= measure.MIN_RATIO


@pytest.mark.parametrize("players,named", [(3, 6), (4, 8)])
@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_hangar_of_a_larger_game_is_in_view_whole(players, named, locale):
    """With 3 or 4 players the options name hangars 1-6 or 1-8, a row across the whole board: the decision in view
    shows every one of them with its whole frame (it showed 1-4 under a "1-8" badge, and no line said the rest
    were out of view), folded into the phone's width; with 3 players the unused hangars 7 and 8 of the row come
    along, drawn as unused (W7: 3 players use hangars 1-6)."""
    engine = GAMES["wayfinders"]
    state = engine.setup([f"p{k + 1}" for k in range(players)], 1)
    names = board_names(NAMES)
    focus = decision_focus(engine, state, list(engine.to_act(state)), CAPTION, names, locale)
    assert sum(1 for o in focus.options if any(f" {n} " in o for n in "12345678")) == named, focus.options
    img = draw_focus(engine.view(state, None), names, focus, locale)
    assert img.width == 600
    shown = [d for d in _hangars(img, 8) if d.box[1] < img.height - 40 * len(focus.options) - 60]  # above the list
    assert sorted(d.text for d in shown) == [str(n) for n in range(1, 9)]
    for label in shown:
        assert _frame_right(img, label) < img.width - 2, label.text
    assert measure.smallest(img) >= measure.MIN_RATIO
    said = [line.split("{numbers}")[0] for line in focus.outside]  # "… out of view: {numbers}"
    assert not any(t.text.startswith(tuple(said)) for t in measure.visible(img))
    counts = [t for t in measure.visible(img) if t.text.startswith("×")]
    assert len(counts) == 5 and all(t.box[0] > 20 for t in counts)  # the bag's counts, none cut from its token
    top = {d.text: d.box[1] for d in shown}
    from render.fold import ROW_GAP
    from render.wayfinders_layout import HANGAR_BOX_H
    assert top["4"] - top["1"] <= HANGAR_BOX_H + ROW_GAP + 20  # the second line right under the first: no empty
    # band where the title's line was beside hangars 4 and 5


def test_a_count_is_not_cut_from_the_token_before_it():
    """A folded line of tokens and their counts ("[B] ×6 [G] ×7 …") is cut between two pairs, never between a
    token and its count ("×7" at the start of the next line, its token at the end of the one above)."""
    from render.fold import fold

    board = Image.new("RGB", (900, 40), PAGE)
    d = ImageDraw.Draw(board)
    x = 10
    for k in range(12):
        d.rounded_rectangle([x, 8, x + 26, 34], radius=4, fill=(40, 90, 200))
        d.text((x + 32, 21), f"×{k + 2}", font=font(20), fill=(20, 20, 20), anchor="lm")
        x += 72
    img = fold(board, (0, 0, 900, 40), 330)  # a line of 330 px could end just after the fifth token
    assert img.width <= 330 and img.height > 40
    rgb = img.convert("RGB")
    for t in measure.visible(img):
        y = int((t.box[1] + t.box[3]) / 2)
        before = [rgb.getpixel((x, y)) for x in range(max(0, int(t.box[0]) - 12), int(t.box[0]))]
        assert (40, 90, 200) in before, t.text  # its token just before it, on its line


def test_a_window_is_widened_to_hold_a_numbered_frame_it_would_cut():
    board = Image.new("RGB", (1200, 400), PAGE)
    d = ImageDraw.Draw(board)
    d.text((16, 20), "Hangars — tokens are taken from the top", font=font(20, True), fill=(20, 20, 20))
    for k in range(6):
        x = 10 + 167 * k
        d.rounded_rectangle([x, 56, x + 158, 230], radius=6, fill=INSIDE, outline=LINE, width=2)
        d.text((x + 16, 64), str(k + 1), font=font(22, True), fill=(20, 20, 20))
        d.text((x + 16, 120), "B R Y", font=font(18), fill=(20, 20, 20))
    right = 10 + 167 * 3 + 158  # hangar 4's border, its last column
    x0, y0, x1, y1 = whole(board, (0, 0, 600, 300))
    assert (x0, y0, y1) == (0, 0, 300) and right < x1 <= right + 6
    assert whole(board, (0, 0, 660, 300)) == (0, 0, x1, 300)
    assert whole(board, (0, 0, 506, 300)) == (0, 0, 506, 300)  # hangars 1-3 whole already: nothing to widen
    assert whole(board, (0, 0, 500, 300))[2] == 10 + 167 * 2 + 158 + 2  # it would cut hangar 3's border
    options = [f"Place a worker on hangar {n}" for n in range(1, 5)]
    img = compose(board, {}, Focus(options=options))
    shown = [d for d in _hangars(img) if d.size >= 22]
    assert sorted(d.text for d in shown) == ["1", "2", "3", "4"]
    for label in shown:
        assert _frame_right(img, label) < img.width - 2, label.text
    assert not any(d.text == "5" and d.size >= 22 for d in measure.visible(img))  # the window holds what it needs


@pytest.mark.parametrize("locale", ["en", "es"])
def test_a_section_found_by_its_title_is_shown_from_its_title_nothing_cut(locale):
    """Robinson's first decision (wood to the woodpile) names no place: its window is the woodpile's section, from
    its title, and no text of the section runs off the image (its long line of future resources once did); the
    second line of a bold text wrapped ("wood, 0 hide") is no title."""
    from render.focus_places import anchors, is_title

    engine = GAMES["robinson"]
    state = engine.setup(["p1", "p2"], 1)
    names = board_names({"p1": "ana", "p2": "beto"})
    to_act = list(engine.to_act(state))
    focus = decision_focus(engine, state, to_act, CAPTION, names, locale)
    board = importlib.import_module("render.robinson").draw(engine.view(state, None), names, [], locale=locale)
    found = anchors(board, focus.options)
    assert found and all(is_title(d) and d.text[0].isupper() for _, d in found), [d.text for _, d in found]
    img = draw_focus(engine.view(state, None), names, focus, locale)
    cut = [(t.text, t.box) for t in measure.visible(img) if t.box[0] < 0 or t.box[2] > img.width]
    assert not cut, cut
    titles = {d.text for _, d in found}
    shown = [t.text for t in measure.visible(img)]
    assert titles <= set(shown)


def test_a_window_widened_for_a_numbered_place_does_not_cut_its_neighbours_number():
    """Robinson's island at the first planning: the window around the spaces the deciders may explore is widened
    to hold a hex's frame whole, and then past any number its new edge would cut (hex "0" and "9" were left
    half shown)."""
    from render.focus_places import anchors, cover
    from tests.render.test_focus_together import _planning

    engine, state = _planning()
    names = board_names({"p1": "ana", "p2": "beto"})
    focus = decision_focus(engine, state, list(engine.to_act(state)), CAPTION, names, "es")
    board = importlib.import_module("render.robinson").draw(engine.view(state, None), names, [], locale="es")
    shown = measure.visible(board)
    places = list(dict.fromkeys(d.box for _, d in anchors(board, focus.touches, shown)))
    assert places
    for x0, y0, x1, y1 in cover(board, places, 600):
        crossing = [(d.text, d.box) for d in shown if d.box[1] < y1 and d.box[3] > y0
                    and (d.box[0] < x0 < d.box[2] or d.box[0] < x1 < d.box[2])]
        assert not crossing, crossing


def test_a_line_saying_a_value_after_a_colon_is_no_title():
    """A section's lines "Left: —", "Right: Food crates" do not end the section their title begins (Robinson's
    threat on the right was left out of the window); a legend's heading "Tokens:" is a title."""
    from render.focus_places import is_title

    board = Image.new("RGB", (600, 200), (255, 255, 255))
    d = ImageDraw.Draw(board)
    for y, text in ((10, "Threat and hunt"), (40, "Left: —"), (70, "Right: Food crates"), (100, "Tokens:")):
        d.text((10, y), text, font=font(18, True), fill=(0, 0, 0))
    titles = {t.text: is_title(t) for t in measure.visible(board)}
    assert titles == {"Threat and hunt": True, "Left: —": False, "Right: Food crates": False, "Tokens:": True}


def test_a_folded_row_of_drawings_keeps_each_caption_under_its_drawing_and_leaves_rows_below_out():
    """Eclipse's rotations of a drawn hex (their captions name the options) with a long row of text under them in
    the same window: folded, each drawing stays above its caption, each badge before its caption, and the row
    under them (no option's place) is left out of the window."""
    board = Image.new("RGB", (1400, 900), (20, 22, 34))
    d = ImageDraw.Draw(board)
    for k in range(5):
        x = 110 + 200 * k
        d.rectangle([x, 420, x + 170, 570], fill=(50, 60, 90), outline=(200, 200, 220), width=2)
        d.text((x + 25, 590), f"107 · girado {60 * k}°", font=font(16, True), fill=(255, 255, 255))
    d.text((40, 700), "Dinero 3 (+2) · Ciencia 3 (+3) · Materiales 5 (+3) · discos 11 · mantenimiento 0",
           font=font(16), fill=(200, 200, 200))
    options = [f"Colocar 107 Aldebaran, girado {60 * k}°" for k in range(5)]
    img = compose(board, {}, Focus(options=options))
    shown = measure.visible(img)
    assert not any(t.text.startswith("Dinero") for t in shown)
    rgb = img.convert("RGB")
    for k in range(5):
        caption = next(t.box for t in shown if t.text == f"107 · girado {60 * k}°")
        x, y = int(caption[0]) + 60, int(caption[1]) - 30  # just above the caption: its drawing
        assert rgb.getpixel((x, y)) == (50, 60, 90), (k, caption)
        badge = next(t.box for t in shown if t.text == str(k + 1) and abs(t.box[1] - caption[1]) < 10)
        assert badge[2] <= caption[0]  # before it


@pytest.mark.parametrize("locale", ["en", "es"])
def test_every_flotilla_player_sees_their_whole_hand_in_my_view(locale):
    """Each player's own view shows every card of their hand: the last player's row, found by their name, once ran
    on into the hand under it and cut it (its first lines in the row, the rest nowhere)."""
    from render.focus_places import private_bands
    from tools.legibility_bench import private_image

    engine = GAMES["flotilla"]
    state = engine.setup(["p1", "p2", "p3"], 1)
    names = board_names(NAMES)
    draw = importlib.import_module("render.flotilla").draw
    public = draw(engine.view(state, None), names, [], locale=locale)
    for seat in ("p1", "p2", "p3"):
        mine = draw(engine.view(state, seat), names, [], locale=locale)
        bands = private_bands(mine, public)
        hand = {d.text for d in measure.visible(mine) if any(b[1] <= d.box[1] < b[3] for b in bands)}
        assert len(hand) >= 6, hand
        texts = {t.text for t in measure.visible(private_image(engine, state, seat, locale))}
        assert hand <= texts, (seat, sorted(hand - texts))
