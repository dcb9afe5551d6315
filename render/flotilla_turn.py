"""Flotilla's turn panel: the card being resolved, the tiles drawn, and the tile waiting for a
cell or a rotation drawn in each offered rotation, labelled as the buttons are ("Rotation 2")."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from rules.flotilla.data import CARDS
from rules.flotilla.texts import tile as tile_name
from rules.flotilla.view import tile_view
from rules.text import msg, tr

from .common import INK, ellipsize, font, rounded_box, text_center, wrap_text
from .flotilla_map import TEXT_PX, draw_tile

PANEL = (250, 251, 253)
SLOT = 86  # one picture and its label
PIC = 34  # picture hex size
HEIGHT = 186


def _t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"flotilla.{key}", **args), locale)


def draw_turn(img: Image.Image, view: Any, box: tuple[int, int, int, int], seat_index: dict[str, int],
              locale: str) -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    rounded_box(d, box, 10, fill=PANEL, outline=(200, 208, 216))
    bold = font(16, True)
    y = y0 + 8
    if view.playing:
        card = tr(msg(f"flotilla.card.{CARDS[view.playing].kind}"), locale)
        if view.copying:
            card += " → " + tr(msg(f"flotilla.card.{CARDS[view.copying].kind}"), locale)
        d.text((x0 + 10, y), ellipsize(_t("img.playing", locale, card=card), bold, x1 - x0 - 20), font=bold,
               fill=INK)
    else:
        lines = wrap_text(_t("img.over_panel" if view.over else "img.no_card", locale), bold, x1 - x0 - 20)
        for line in lines[:2]:
            d.text((x0 + 10, y), line, font=bold, fill=INK)
            y += 22
        y -= 22
    y += 24
    acting = next((p for p in view.players if p.seat in view.to_act), None)
    idx = seat_index.get(acting.seat, 0) if acting else 0
    pics: list[tuple[Any, str]] = []
    if view.pending_tile and view.rotations:
        head = _t("img.rotations", locale, tile=tr(tile_name(view.pending_tile), locale), cell=view.chosen)
        pics = [(tile_view(view.pending_tile, r, view.pending_face), _t("move.brot", locale, r=r))
                for r in view.rotations]
    elif view.pending_tile:
        head = _t("img.place_tile", locale, tile=tr(tile_name(view.pending_tile), locale))
        pics = [(tile_view(view.pending_tile, 0, view.pending_face), tr(tile_name(view.pending_tile), locale))]
    elif view.drawn:
        face = acting.side if acting else "sink"
        head = _t("img.drawn", locale, tiles=len(view.drawn))
        pics = [(tile_view(t, 0, face), tr(tile_name(t), locale)) for t in view.drawn]
    elif view.over:
        return
    else:
        head = _t("img.no_tile", locale)
    d.text((x0 + 10, y), ellipsize(head, font(15), x1 - x0 - 20), font=font(15), fill=INK)
    y += 26
    depth = {k: tr(msg(f"flotilla.img.depth.{k}"), locale) for k in "SDA"}
    per_row = max(1, (x1 - x0 - 10) // SLOT)
    slot = max(SLOT, min(150, (x1 - x0 - 20) // max(1, len(pics))))  # few pictures: room for long names
    small = font(TEXT_PX)
    for i, (t, label) in enumerate(pics[:per_row]):
        cx = x0 + 10 + slot * i + slot / 2
        cy = y + PIC + 4
        draw_tile(img, d, t, (cx, cy), PIC, idx, depth)
        text_center(d, (cx, cy + PIC + 16), ellipsize(label, small, slot - 6), small, fill=INK)

