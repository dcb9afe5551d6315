"""The decision in view when several decide at once (Robinson's planning: each plans through "My view", the post
lists no options) shows the part of the board their own options name and every decider's row; and a one-digit
space an option names as a place ("Explore space 6", "Explorar la casilla 6") is found where the board draws it,
while costs and counts ("put 1 wood", "(1 wood)") name none."""
from __future__ import annotations

import importlib

import pytest
from PIL import Image, ImageDraw

from host.boards import decision_focus, option_texts
from render import measure
from render.common import font
from render.focus import Focus, compose, draw_focus
from render.focus_places import anchors
from render.names import board_names
from rules import GAMES
from rules.playout import iter_playout, playout_rng
from tools.legibility_bench import CAPTION, NAMES


def _planning(seed: int = 1):
    """A 2-player Robinson game at its first planning: both players decide at once."""
    engine = GAMES["robinson"]
    state = engine.setup(["p1", "p2"], seed)
    for step in iter_playout(engine, state, playout_rng(seed)):
        if len(engine.to_act(step.after)) == 2:
            return engine, step.after
    raise AssertionError("no simultaneous planning")


def _board(engine, state, locale):
    return importlib.import_module("render.robinson").draw(engine.view(state, None), board_names(NAMES), [],
                                                          locale=locale)


@pytest.mark.parametrize("locale", ["en", "es"])
def test_simultaneous_planning_shows_the_island_and_every_deciders_row(locale):
    engine, state = _planning()
    to_act = list(engine.to_act(state))
    names = board_names(NAMES)
    focus = decision_focus(engine, state, to_act, CAPTION, names, locale)
    assert not focus.options and set(focus.seats) == set(to_act) and focus.touches
    img = draw_focus(engine.view(state, None), names, focus, locale)
    drawn = [t.text for t in measure.visible(img)]
    explored = [label.split(":")[0].split()[-1] for label in option_texts(
        engine, state, None, engine.legal_moves(state, to_act[0]), names, "en") if label.startswith("Explore space")]
    assert explored and all(n in drawn for n in explored)  # the spaces they may explore, on the island
    for seat in to_act:  # both players' rows
        assert any(t.startswith(names[seat].split()[0]) or f"({names[seat]})" in t for t in drawn), (seat, drawn)
    assert measure.smallest(img) >= measure.MIN_RATIO
    alone = compose(_board(engine, state, locale), names, Focus(lines=CAPTION, seat=to_act[0]))
    assert not any(n in [t.text for t in measure.visible(alone)] for n in explored)  # what it was before: no island


@pytest.mark.parametrize("locale", ["en", "es"])
def test_a_one_digit_space_an_explore_option_names_is_found_on_the_board(locale):
    engine, state = _planning()
    seat = engine.to_act(state)[0]
    names = board_names(NAMES)
    labels = option_texts(engine, state, None, engine.legal_moves(state, seat), names, locale)
    explore = [label for label in labels if label.startswith(("Explore space", "Explorar la casilla"))]
    assert explore, labels
    board = _board(engine, state, locale)
    found = anchors(board, explore)
    assert {i for i, _ in found} == set(range(len(explore)))
    for i, drawn in found:  # the space's number, drawn alone
        assert drawn.text == explore[i].split(":")[0].split()[-1]
    costs = [label for label in labels if "(" in label and not label.startswith(("Explore", "Explorar"))]
    counted = anchors(board, costs + ["put 1 wood on the woodpile", "poner 1 de madera en la pila"])
    assert costs and not [d.text for _, d in counted if d.text.strip().isdigit()]  # no badge on a lone number


def test_touched_places_are_shown_unmarked_with_every_deciders_row():
    """With no options listed, the deciders' own options place the window but nothing is numbered on it."""
    board = Image.new("RGB", (1400, 900), (0, 0, 0))
    d = ImageDraw.Draw(board)
    for i in range(8):
        d.text((150 * i + 40, 700), str(i), font=font(17), fill=(255, 255, 255))
    d.text((40, 60), "Alice", font=font(17, True), fill=(255, 255, 255))
    d.text((40, 300), "Bob", font=font(17, True), fill=(255, 255, 255))
    focus = Focus(lines=["Both plan."], seat="p1", seats=("p1", "p2"), touches=("Explore space 7: Friday",))
    img = compose(board, {"p1": "Alice", "p2": "Bob"}, focus)
    drawn = [t.text for t in measure.visible(img)]
    assert "7" in drawn and "0" not in drawn and "Alice" in drawn and "Bob" in drawn
    assert drawn.count("1") == 0  # no badge


def test_overlapping_windows_are_one_folded_window_each_drawing_once():
    """A row of drawings wider than one window (Eclipse's rotations of a drawn hex) is shown once: the windows
    that would overlap are made one, folded to the image's width, each caption marked with its number."""
    from render.focus import WIDTH
    from render.focus_places import cover
    from render.window_box import merged

    assert merged([(0, 0, 600, 200), (590, 0, 1190, 200), (0, 500, 600, 700)]) == [
        (0, 0, 1190, 200), (0, 500, 600, 700)]
    board = Image.new("RGB", (1400, 900), (20, 20, 30))
    d = ImageDraw.Draw(board)
    for k in range(6):
        d.rectangle([40 + 220 * k, 500, 200 + 220 * k, 620], outline=(200, 200, 200))
        d.text((60 + 220 * k, 640), f"207 · turned {60 * k}°", font=font(16), fill=(255, 255, 255))
    options = [f"Place 207, turned {60 * k}°" for k in range(6)]
    places = [drawn.box for _, drawn in anchors(board, options)]
    boxes = cover(board, places, WIDTH)
    assert all(not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])
               for n, a in enumerate(boxes) for b in boxes[n + 1:])  # no two windows overlap
    img = compose(board, {}, Focus(options=options))
    assert img.width == WIDTH
    drawn = [t.text for t in measure.visible(img)]
    for k in range(6):  # each drawing's caption once, with its badge on the board and in the list
        assert drawn.count(f"207 · turned {60 * k}°") == 1
        assert drawn.count(str(k + 1)) == 2
    assert not [t for t in measure.visible(img) if t.box[0] < 0 or t.box[2] > img.width]
    assert measure.smallest(img) >= measure.MIN_RATIO


@pytest.mark.parametrize("locale", ["en", "es"])
def test_simultaneous_planning_post_sends_each_decider_to_my_view(locale):
    """Robinson's planning post lists no options (each plans through "My view"): its image says to press it, in
    the post's language, as a private decision's post does; a post of one decider listing every option does not."""
    from host.i18n import t

    engine, state = _planning()
    to_act = list(engine.to_act(state))
    names = board_names(NAMES)
    line = t("focus.each_own", locale)
    button = t("private.button", locale)
    assert button in line
    focus = decision_focus(engine, state, to_act, CAPTION, names, locale)
    assert line in focus.after
    img = draw_focus(engine.view(state, None), names, focus, locale)
    assert " ".join(d.text for d in measure.visible(img)).count(button) == 1
    alone = decision_focus(engine, state, to_act[:1], CAPTION, names, locale)
    assert line not in alone.after and t("focus.private", locale) not in alone.after


def test_a_one_digit_space_is_found_on_its_hex_not_on_a_scale_of_signed_values():
    """"move the camp to space 0" names the island's space 0, not the 0 of the Morale track drawn between -1 and
    +1; and "space 6" is found on an explored space's label "6·#1" (space 6 holding tile 1), not only on a
    lone "6"."""
    board = Image.new("RGB", (1400, 900), (0, 0, 0))
    d = ImageDraw.Draw(board)
    for k, value in enumerate(["-3", "-2", "-1", "0", "+1", "+2", "+3"]):  # the track, boxed values in a row
        d.text((900 + 45 * k, 100), value, font=font(17), fill=(255, 255, 255))
    d.text((200, 400), "0", font=font(17, True), fill=(255, 255, 255))      # an unexplored space
    d.text((400, 400), "6·#1", font=font(17), fill=(255, 255, 255))         # an explored one
    found = anchors(board, ["move the camp to space 0", "mover el campamento a la casilla 6"])
    assert [(i, drawn.text, drawn.box[1] > 300) for i, drawn in found] == [(0, "0", True), (1, "6·#1", True)]
    assert anchors(board, ["Morale 0"]) == []  # a value named without a place noun names no place
