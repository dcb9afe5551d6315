"""A fold cuts a band between the things drawn on it, never through one: a row of empty boxes (Robinson's
character track: their insides are identical columns, which once read as a place to cut) is cut between two boxes
or before the row, each box drawn whole in one piece."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import measure
from render.common import font
from render.fold import fold, pieces

BACK, INSIDE, LINE = (248, 245, 235), (255, 255, 255), (20, 20, 20)
SIDE = 20  # px: a box's side


def _band(boxes: int, gap: int, inside: tuple[int, int, int]) -> tuple[Image.Image, list[tuple[int, int]]]:
    """A 1,000 px band: a name, then `boxes` empty boxes `gap` px apart, then a text; the boxes' (left, right)."""
    band = Image.new("RGB", (1000, 70), BACK)
    d = ImageDraw.Draw(band)
    d.text((12, 10), "Cook (ana)", font=font(18, True), fill=LINE)
    spans = []
    for k in range(boxes):
        x = 260 + k * (SIDE + gap)
        d.rectangle([x, 12, x + SIDE, 12 + SIDE], fill=inside, outline=LINE, width=2)
        spans.append((x, x + SIDE))
    d.text((260, 44), "D 0", font=font(16), fill=LINE)
    return band, spans


def _edges_clear(p: Image.Image) -> bool:
    """A piece's first and last columns hold nothing of a box (only the background, or a text's own pixels)."""
    rgb = p.convert("RGB")
    return all({rgb.getpixel((x, y)) for y in range(rgb.height)} <= {BACK} for x in (0, p.width - 1))


@pytest.mark.parametrize("gap", [3, 8])
@pytest.mark.parametrize("inside", [INSIDE, BACK])
def test_a_fold_cuts_between_boxes_never_through_one(gap, inside):
    band, spans = _band(26, gap, inside)
    parts = pieces(band, 600)
    assert len(parts) > 1 and all(_edges_clear(p) for p in parts), [p.width for p in parts]
    whole = sum(1 for p in parts for x in range(p.width - SIDE)  # a box's left border, then its right one SIDE px on
                if p.getpixel((x, 22)) == LINE and p.getpixel((x + SIDE, 22)) == LINE
                and p.getpixel((x + SIDE // 2, 12)) == LINE)
    assert whole >= len(spans), (whole, len(spans))
    folded = fold(band, (0, 0, band.width, band.height), 600)
    assert folded.width <= 600
    drawn = [t.text for t in measure.visible(folded)]
    assert "Cook (ana)" in drawn and "D 0" in drawn


def test_the_robinson_rows_of_a_planning_post_fold_between_boxes():
    """The real case: each character's row of Robinson's board at its first planning, folded to the focus image's
    width, keeps its wound track's boxes whole (no piece begins or ends with part of a box)."""
    import importlib

    from render.focus_places import player_area
    from render.names import board_names
    from tests.render.test_focus_together import _planning

    engine, state = _planning()
    names = board_names({"p1": "ana", "p2": "beto"})
    board = importlib.import_module("render.robinson").draw(engine.view(state, None), names, [], locale="es")
    for seat in ("p1", "p2"):
        area = player_area(board, names[seat])
        assert area is not None and area[2] - area[0] > 600
        parts = pieces(board.crop(area), 600)
        assert len(parts) > 1
        for p in parts:
            rgb = p.convert("RGB")
            for x in (0, p.width - 1):  # a piece's first and last columns: nothing of a box's border
                column = {rgb.getpixel((x, y)) for y in range(rgb.height)}
                assert len(column) <= 2, (seat, x, sorted(column))


def test_a_wordless_sliver_at_the_bands_edge_is_no_row_of_its_own():
    """A window a little wider than the image, widened to hold a place whole, takes in the border of the panel
    beside it: that sliver, with no text, is left out rather than stacked as a blank row as tall as the band (a
    Robinson decision showed a beige block under the island); a piece with text is always kept."""
    band = Image.new("RGB", (622, 300), (70, 130, 180))
    d = ImageDraw.Draw(band)
    for k in range(3):
        d.polygon([(20 + 190 * k, 150), (110 + 190 * k, 60), (200 + 190 * k, 150), (110 + 190 * k, 240)],
                  fill=(180, 210, 120), outline=LINE)
        d.text((90 + 190 * k, 140), f"{k}", font=font(17, True), fill=LINE)
    d.rectangle([606, 0, 621, 299], fill=BACK, outline=LINE)  # the next panel's left edge
    out = fold(band, (0, 0, band.width, band.height), 600)
    assert out.height == band.height and out.width <= 600
    texted = band.copy()
    ImageDraw.Draw(texted).text((608, 20), "T", font=font(12), fill=LINE)
    assert fold(texted, (0, 0, band.width, band.height), 600).height > band.height  # a word is never dropped
