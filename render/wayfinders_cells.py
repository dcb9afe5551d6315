"""Wayfinders board cells kept between boards.

A move changes few of the 25 cells (a slot taken, a plane moved, a tile turned face up), so each cell (its tile,
the markers in its slots and its planes, on the sea under it) is drawn on its own image, kept (`KEPT_CELLS`,
bounded by count) and pasted onto the board; a cell that a move left as it was pastes the kept one.  The pixels
and the texts (render/measure) are those of drawing it in place (`draw_cell`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from .common import font, paste_marker, paste_sprite
from .kept import PanelCache
from .wayfinders_islands import (CELL, MARKER_IN_SLOT, PLANE_SIZE, TILE, place_spot, plane_positions, plane_sprite,
                                 slot_boxes, tile_for)
from .wayfinders_layout import Ctx, Layout

if TYPE_CHECKING:
    from rules.wayfinders.state import CellView

PAD = (CELL - TILE) // 2  # sea between a tile and its cell's edge
CELLS_KEPT = 100  # 172 x 172 px RGB each: under 9 MB


def draw_cell(img: Image.Image, ctx: Ctx, cell: "CellView", ox: int, oy: int) -> None:
    """The cell's tile with its slots' markers and its planes, the tile's corner at (ox, oy) on `img`."""
    tile = tile_for(cell, ctx.locale)
    img.paste(tile, (ox, oy), tile)
    if cell.face_up or cell.home:  # the place options name (B3)
        (px, py), anchor, ink = place_spot(cell.home)
        ImageDraw.Draw(img).text((ox + px, oy + py), cell.cell, font=font(15, True), fill=ink, anchor=anchor)
        for seat, (x0, y0, x1, y1) in zip(cell.slots[:4], slot_boxes()):
            paste_marker(img, (ox + (x0 + x1) / 2, oy + (y0 + y1) / 2), MARKER_IN_SLOT, ctx.idx(seat))
    if cell.planes:
        for seat, (px, py) in zip(cell.planes, plane_positions(len(cell.planes), cell.home)):
            paste_sprite(img, plane_sprite(ctx.idx(seat), PLANE_SIZE), (ox + px, oy + py))


KEPT_CELLS: PanelCache[Image.Image] = PanelCache(CELLS_KEPT)


def paste_cell(img: Image.Image, static: Image.Image, ctx: Ctx, lay: Layout, cell: "CellView", index: int) -> None:
    """Cell `index` of the grid on `img`, as `draw_cell` draws it there; `static`: the layer `img` was copied from
    (the sea under the cell: its rounded corners at the grid's corners, hence the index in the key)."""
    ox, oy = lay.cell_origin(index)
    shown = cell.face_up or cell.home
    key = (index, cell.home, cell.face_up, cell.island, cell.back, cell.colour, cell.cost, cell.vp, cell.effect,
           cell.n, cell.unit, tuple(ctx.idx(s) for s in cell.slots[:4]) if shown else (),
           tuple(ctx.idx(s) for s in cell.planes), ctx.locale)

    def make() -> Image.Image:
        under = static.crop((ox - PAD, oy - PAD, ox - PAD + CELL, oy - PAD + CELL))
        part = Image.frombytes(under.mode, under.size, under.tobytes())  # the sea's pixels, without the layer's texts
        draw_cell(part, ctx, cell, PAD, PAD)
        return part

    img.paste(KEPT_CELLS.get(key, make), (ox - PAD, oy - PAD))


__all__ = ["CELLS_KEPT", "KEPT_CELLS", "draw_cell", "paste_cell"]
