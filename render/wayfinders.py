"""Wayfinders board image: view model in, PNG bytes out.

Layout (1360 px wide):

    header    title, round, phase, who acts; caption lines; final-round strip
    board     5x5 islands with A-E / 1-5 labels  |  one panel per player
    hangars   8 hangars (tokens top -> bottom, workers in placement order), bag
    footer    token legend

Static parts (background, labels, empty hangars, legend) are drawn once per
layout and cached; tiles and tokens are cached sprites (wayfinders_islands); each
grid cell as drawn (tile, markers, planes) and each player's panel are kept between
boards (wayfinders_cells, wayfinders_panels) and pasted.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Mapping, Optional, Sequence

from PIL import Image, ImageDraw
from .common import INK, WHITE, ellipsize, font, paste_marker, paste_sprite, to_png, whole_lines
from .common import dashed_rect as _dashed_rect
from .wayfinders_islands import (
    CELL,
    ISLAND_TYPES,
    RESOURCE_NAMES,
    TILE,
    token_sprite,
    token_width,
)
from .wayfinders_layout import (  # noqa: F401  (re-exported for tests and callers)
    ACT_BG,
    AMBER,
    BOARD_X,
    CAPTION_BG,
    COLOURS,
    COLUMNS,
    FOOTER_H,
    FOOTER_ROW,
    GRID,
    HANGAR_SLOTS,
    HANGAR_TITLE,
    HEADER_BG,
    HTOKEN,
    LABEL,
    LABELS,
    MAX_CAPTION_LINES,
    MUTED,
    M,
    PAGE,
    PANEL_BG,
    RESOURCE_NAMES_ES,
    ROWS,
    SEA,
    W,
    Ctx,
    Layout,
    cell_index,
    hangar_token_centre,
    labels,
)
from .wayfinders_cells import paste_cell
from .wayfinders_panels import draw_hangars, paste_panel

if TYPE_CHECKING:  # render only reads attributes; no runtime dependency on the engine package
    from rules.wayfinders.state import WayfindersView


@lru_cache(maxsize=4)  # 6.9 MB each (1360 x 1276 px, 4 bytes a pixel in Pillow): 28 MB at most per drawing process
def _static(caption_lines: int, banner: bool, n_players: int, n_hangars: int, locale: str) -> Image.Image:
    """Everything that does not change between moves for this layout (a running game's posts use one or two: the
    decision in view draws its board without a caption)."""
    L = labels(locale)
    lay = Layout(caption_lines, banner, n_players)
    img = Image.new("RGB", (W, lay.height), PAGE)
    d = ImageDraw.Draw(img)
    # header backgrounds
    d.rectangle([0, 0, W, lay.title_h], fill=HEADER_BG)
    if lay.caption_h:
        d.rectangle([0, lay.title_h, W, lay.title_h + lay.caption_h], fill=CAPTION_BG)
    # sea behind the grid, labels around it
    d.rounded_rectangle([BOARD_X - 4, lay.grid_y - 4, BOARD_X + GRID + 4, lay.board_bottom + 4], radius=12, fill=SEA)
    f = font(24, True)
    for i, c in enumerate(COLUMNS):
        d.text((BOARD_X + i * CELL + CELL / 2, lay.board_y + LABEL / 2 - 2), c, font=f, fill=INK, anchor="mm")
    for i, r in enumerate(ROWS):
        d.text((M + LABEL / 2 - 4, lay.grid_y + i * CELL + CELL / 2), r, font=f, fill=INK, anchor="mm")
    # hangar board
    d.text((M, lay.hangar_y + HANGAR_TITLE / 2 - 2), L["hangars"], font=font(20, True), fill=INK, anchor="lm")
    for k in range(HANGAR_SLOTS):
        box = lay.hangar_box(k)
        x0, y0, x1, y1 = box
        used = k < n_hangars
        d.rounded_rectangle(box, radius=10, fill=WHITE if used else (214, 212, 206), outline=(120, 120, 120) if used else (175, 173, 168), width=2)
        d.text((x0 + 10, y0 + 16), str(k + 1), font=font(22, True), fill=INK if used else (150, 148, 143), anchor="lm")
        if used:
            for t in range(3):
                cx, cy = hangar_token_centre(box, t)
                tw = token_width(HTOKEN, True)
                d.rounded_rectangle([cx - tw / 2, cy - HTOKEN / 2, cx + tw / 2, cy + HTOKEN / 2], radius=10, outline=(200, 200, 200), width=2)
            d.text((x0 + 34, y0 + 17), L["top"], font=font(14), fill=MUTED, anchor="lm")
        else:
            d.text(((x0 + x1) / 2, (y0 + y1) / 2), L["unused"], font=font(18), fill=(120, 118, 113), anchor="mm")
    # footer: token legend
    names = RESOURCE_NAMES_ES if locale.startswith("es") else RESOURCE_NAMES
    types = ISLAND_TYPES["es" if locale.startswith("es") else "en"]  # each token's colour names an island type
    y = lay.footer_y + FOOTER_ROW / 2
    x = M
    d.text((x, y), L["tokens"], font=font(18, True), fill=INK, anchor="lm")
    x += font(18, True).getlength(L["tokens"]) + 12
    for c in COLOURS:
        tw = token_width(32, True)
        paste_sprite(img, token_sprite(c, 32, True), (x + tw / 2, y))
        x += tw + 6
        d.text((x, y), names[c], font=font(18), fill=INK, anchor="lm")
        x += font(18).getlength(names[c]) + 22
    # second row: the island types, which are the tiles' colours
    y += FOOTER_ROW - 6
    x = M
    d.text((x, y), L["types"], font=font(18, True), fill=INK, anchor="lm")
    x += font(18, True).getlength(L["types"]) + 12
    for c in COLOURS:
        tw = token_width(26, True)
        paste_sprite(img, token_sprite(c, 26, True), (x + tw / 2, y))
        x += tw + 6
        d.text((x, y), types[c], font=font(18), fill=INK, anchor="lm")
        x += font(18).getlength(types[c]) + 22
    return img


# ------------------------------------------------------------------- drawing


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, ctx: Ctx, lay: Layout, lines: Sequence[str]) -> None:
    v, L = ctx.view, ctx.L
    cy = lay.title_h / 2
    x = M
    d.text((x, cy), L["title"], font=font(26, True), fill=WHITE, anchor="lm")
    x += font(26, True).getlength(L["title"]) + 18
    status = f"{L['round'].format(n=v.round)} · {L.get('phase.' + v.phase, v.phase)}"
    d.text((x, cy), status, font=font(22), fill=(214, 222, 232), anchor="lm")
    x += font(22).getlength(status) + 24
    # who acts, right-aligned: label, then marker + name per seat
    seats = list(v.to_act)
    if seats or v.phase != "over":
        fb = font(22, True)
        fl = font(20)
        room = W - M - x - fl.getlength(L["to_act"]) - 10
        each = min(230.0, room / max(1, len(seats)) - 50)
        parts = [(s, ellipsize(ctx.name(s), fb, each)) for s in seats]
        width = fl.getlength(L["to_act"]) + 10 + sum(34 + fb.getlength(n) + 16 for _, n in parts) - (16 if parts else 0)
        if not parts:
            width += fb.getlength(L["nobody"])
        rx = max(x, W - M - width)
        d.text((rx, cy), L["to_act"], font=fl, fill=(214, 222, 232), anchor="lm")
        rx += fl.getlength(L["to_act"]) + 10
        if not parts:
            d.text((rx, cy), L["nobody"], font=fb, fill=WHITE, anchor="lm")
        for seat, nm in parts:
            paste_marker(img, (rx + 14, cy), 28, ctx.idx(seat))
            rx += 34
            d.text((rx, cy), nm, font=fb, fill=WHITE, anchor="lm")
            rx += fb.getlength(nm) + 16
    # caption lines
    y = lay.title_h + 8
    for line in lines:
        d.text((M, y + 13), line, font=font(20), fill=WHITE, anchor="lm")
        y += 28
    # final round / game over strip
    if lay.banner_h:
        y0 = lay.title_h + lay.caption_h
        over = v.phase == "over"
        d.rectangle([0, y0, W, y0 + lay.banner_h], fill=(60, 60, 60) if over else AMBER)
        d.text((W / 2, y0 + lay.banner_h / 2), L["over"] if over else L["final"], font=font(22, True),
               fill=WHITE if over else INK, anchor="mm")


def _draw_board(img: Image.Image, static: Image.Image, d: ImageDraw.ImageDraw, ctx: Ctx, lay: Layout) -> None:
    """The grid's cells (kept between boards: render/wayfinders_cells.py) and this return's flight path."""
    v = ctx.view
    by_name = {}
    for cell in v.cells:
        i = cell_index(cell.cell)
        if i is None:
            continue
        by_name[cell.cell] = i
        paste_cell(img, static, ctx, lay, cell, i)
    # this return's flight path: dashed frames and arrows across shared edges
    pad = (CELL - TILE) // 2
    path = [c for c in v.flown if c in by_name]
    for c in path:
        ox, oy = lay.cell_origin(by_name[c])
        _dashed_rect(d, (ox - pad + 1, oy - pad + 1, ox + TILE + pad - 2, oy + TILE + pad - 2), INK, width=3)
    for a, b in zip(path, path[1:]):
        ia, ib = by_name[a], by_name[b]
        (ax, ay), (bx, by) = lay.cell_origin(ia), lay.cell_origin(ib)
        dx, dy = bx - ax, by - ay
        if abs(dx) + abs(dy) != CELL:
            continue
        mx, my = (ax + bx) / 2 + TILE / 2, (ay + by) / 2 + TILE / 2
        ux, uy = (dx / CELL, dy / CELL)
        px, py = -uy, ux
        s = 13
        tri = [(mx + ux * s, my + uy * s), (mx - ux * s * 0.6 + px * s, my - uy * s * 0.6 + py * s),
               (mx - ux * s * 0.6 - px * s, my - uy * s * 0.6 - py * s)]
        d.polygon(tri, fill=INK, outline=WHITE, width=2)

def _caption_lines(caption: Optional[Sequence[str]]) -> list[str]:
    return whole_lines(caption or [], font(20), W - 2 * M, MAX_CAPTION_LINES)


def layout_for(view: "WayfindersView", caption: Optional[Sequence[str]] = None) -> Layout:
    """The geometry `render` uses for this view and caption (tests use it to
    find cells, slots and panels)."""
    banner = bool(view.final_round) or view.phase == "over"
    return Layout(len(_caption_lines(caption)), banner, len(view.players))


def draw(view: "WayfindersView", names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> Image.Image:
    """The Wayfinders board for `view` as an RGB image."""
    locale = "es" if (locale or "en").lower().startswith("es") else "en"
    ctx = Ctx(view, names or {}, locale)
    lines = _caption_lines(caption)
    lay = layout_for(view, caption)
    n_hangars = min(HANGAR_SLOTS, len(view.hangars))
    layer = (len(lines), lay.banner_h > 0, lay.n_players, n_hangars, locale)
    static = _static(*layer)
    img = static.copy()
    d = ImageDraw.Draw(img)
    _draw_header(img, d, ctx, lay, lines)
    _draw_board(img, static, d, ctx, lay)
    draw_hangars(img, d, ctx, lay)
    for k, p in enumerate(view.players):
        paste_panel(img, static, layer, ctx, p, lay.panel_box(k))
    return img


def render(view: "WayfindersView", names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> bytes:
    """The Wayfinders board for `view` as PNG bytes."""
    return to_png(draw(view, names, caption, locale))


__all__ = ["render", "draw", "layout_for", "Layout", "LABELS"]
