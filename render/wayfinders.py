"""Wayfinders board image: view model in, PNG bytes out.

Layout (1320 px wide):

    header    title, round, phase, who acts; caption lines; final-round strip
    board     5x5 islands with A-E / 1-5 labels  |  one panel per player
    hangars   8 hangars (tokens top -> bottom, workers in placement order), bag
    footer    token legend

Static parts (background, labels, empty hangars, legend) are drawn once per
layout and cached; tiles and tokens are cached sprites (wayfinders_islands).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from .common import (
    INK,
    RGB,
    WHITE,
    draw_marker,
    ellipsize,
    font,
    mix,
    paste_marker,
    paste_sprite,
    player_style,
    to_png,
    wrap_text,
)
from .wayfinders_islands import (
    CELL,
    MARKER_IN_SLOT,
    PLANE_SIZE,
    RESOURCE_NAMES,
    TILE,
    plane_positions,
    plane_sprite,
    slot_boxes,
    tile_for,
    token_sprite,
    token_width,
)

if TYPE_CHECKING:  # render only reads attributes; no runtime dependency on the engine package
    from rules.wayfinders.state import PlayerView, WayfindersView

COLUMNS = "ABCDE"
ROWS = "12345"
COLOURS = "BGRYV"

W = 1360
M = 16
LABEL = 30  # room for column letters / row numbers
GRID = 5 * CELL
BOARD_X = M + LABEL
PANEL_X = BOARD_X + GRID + 16
PANEL_W = W - M - PANEL_X
HANGAR_SLOTS = 8
HANGAR_GAP = 8
HANGAR_TITLE = 34
HANGAR_BOX_H = 176
HTOKEN = 38  # hangar token height (with glyph)
HWORKER = 24
FOOTER_H = 46
MAX_CAPTION_LINES = 6

PAGE: RGB = (233, 231, 224)
SEA: RGB = (64, 118, 148)
HEADER_BG: RGB = (28, 38, 52)
CAPTION_BG: RGB = (44, 56, 72)
MUTED: RGB = (92, 96, 104)
PANEL_BG: RGB = WHITE
ACT_BG: RGB = (255, 241, 196)
AMBER: RGB = (255, 194, 10)

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "WAYFINDERS",
        "round": "Round {n}",
        "phase.action": "place or return",
        "phase.flybuild": "fly & build",
        "phase.discard": "discard",
        "phase.over": "game over",
        "to_act": "To act:",
        "nobody": "nobody",
        "final": "⚑ FINAL ROUND — the game ends after this round",
        "over": "GAME OVER — final scores below",
        "hangars": "Hangars — tokens are taken from the top",
        "unused": "not in use",
        "top": "top",
        "bag": "Bag {n}:",
        "hand": "hand {n}/{limit}",
        "workers": "Workers {ready} ready · {out} out",
        "cubes": "Cubes {n}",
        "islands": "Islands {n}",
        "islands_at": "Islands {n}: {cells}",
        "plane": "plane at {cell}",
        "turn": "{pos} to play",
        "tag": "▶ TO ACT",
        "you": "(you)",
        "pts": "pts",
        "free": "free",
        "wild": "wild",
        "keep": "+{n} hand",
        "none": "no abilities yet",
        "tokens": "Tokens:",
    },
    "es": {
        "title": "WAYFINDERS",
        "round": "Ronda {n}",
        "phase.action": "colocar o volver",
        "phase.flybuild": "volar y construir",
        "phase.discard": "descartar",
        "phase.over": "fin de la partida",
        "to_act": "Decide:",
        "nobody": "nadie",
        "final": "⚑ ÚLTIMA RONDA — la partida acaba al final de esta ronda",
        "over": "FIN DE LA PARTIDA — puntuación final abajo",
        "hangars": "Hangares — las fichas se toman desde arriba",
        "unused": "sin uso",
        "top": "arriba",
        "bag": "Bolsa {n}:",
        "hand": "mano {n}/{limit}",
        "workers": "Trabajadores {ready} libres · {out} fuera",
        "cubes": "Cubos {n}",
        "islands": "Islas {n}",
        "islands_at": "Islas {n}: {cells}",
        "plane": "avión en {cell}",
        "turn": "juega {pos}",
        "tag": "▶ DECIDE",
        "you": "(tú)",
        "pts": "pts",
        "free": "libre",
        "wild": "comodín",
        "keep": "+{n} mano",
        "none": "sin habilidades",
        "tokens": "Fichas:",
    },
}
RESOURCE_NAMES_ES = {"B": "hélice", "G": "paracaídas", "R": "neumático", "Y": "auriculares", "V": "bidón"}


def _labels(locale: str) -> dict[str, str]:
    return LABELS.get((locale or "en").split("-")[0].lower(), LABELS["en"])


def _ordinal(n: int, locale: str) -> str:
    if locale.startswith("es"):
        return f"{n}.º"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# -------------------------------------------------------------------- layout


class Layout:
    """Vertical positions for one header height and player count."""

    def __init__(self, caption_lines: int, banner: bool, n_players: int):
        self.title_h = 52
        self.caption_h = (caption_lines * 28 + 14) if caption_lines else 0
        self.banner_h = 40 if banner else 0
        self.header_h = self.title_h + self.caption_h + self.banner_h
        self.board_y = self.header_h + 12
        self.grid_y = self.board_y + LABEL
        self.board_bottom = self.grid_y + GRID
        self.n_players = max(1, n_players)
        span = self.board_bottom - self.board_y
        self.panel_gap = 10
        self.panel_h = min(224, (span - (self.n_players - 1) * self.panel_gap) // self.n_players)
        self.hangar_y = self.board_bottom + 16
        self.hangar_box_y = self.hangar_y + HANGAR_TITLE
        self.footer_y = self.hangar_box_y + HANGAR_BOX_H + 10
        self.height = self.footer_y + FOOTER_H

    def cell_origin(self, index: int) -> tuple[int, int]:
        col, row = index % 5, index // 5
        pad = (CELL - TILE) // 2
        return BOARD_X + col * CELL + pad, self.grid_y + row * CELL + pad

    def cell_box(self, cell: str) -> tuple[int, int, int, int]:
        """Pixel box of the tile drawn at `cell` ("C3")."""
        i = _cell_index(cell)
        if i is None:
            raise ValueError(cell)
        x, y = self.cell_origin(i)
        return x, y, x + TILE, y + TILE

    def slot_center(self, cell: str, slot: int) -> tuple[float, float]:
        """Pixel centre of airstrip slot `slot` (1-4) on `cell`."""
        x, y, _, _ = self.cell_box(cell)
        x0, y0, x1, y1 = slot_boxes()[slot - 1]
        return x + (x0 + x1) / 2, y + (y0 + y1) / 2

    def hangar_token_center(self, hangar: int, position: int) -> tuple[float, float]:
        """Centre of token `position` (0 = top) of hangar `hangar` (1-8)."""
        return _hangar_token_centre(self.hangar_box(hangar - 1), position)

    def hangar_box(self, k: int) -> tuple[int, int, int, int]:
        bw = (W - 2 * M - (HANGAR_SLOTS - 1) * HANGAR_GAP) // HANGAR_SLOTS
        x0 = M + k * (bw + HANGAR_GAP)
        return x0, self.hangar_box_y, x0 + bw, self.hangar_box_y + HANGAR_BOX_H

    def panel_box(self, k: int) -> tuple[int, int, int, int]:
        y0 = self.board_y + k * (self.panel_h + self.panel_gap)
        return PANEL_X, y0, PANEL_X + PANEL_W, y0 + self.panel_h


def _hangar_token_centre(box: tuple[int, int, int, int], k: int) -> tuple[float, float]:
    x0, y0, _, _ = box
    return x0 + 8 + token_width(HTOKEN, True) / 2, y0 + 34 + HTOKEN / 2 + k * (HTOKEN + 7)


def _hangar_worker_centre(box: tuple[int, int, int, int], k: int) -> tuple[float, float]:
    x0, y0, x1, _ = box
    left = x0 + 8 + token_width(HTOKEN, True) + 8
    cols = max(1, (x1 - 6 - left) // (HWORKER + 3))
    col, row = k % cols, k // cols
    return left + HWORKER / 2 + col * (HWORKER + 3), y0 + 34 + HWORKER / 2 + row * (HWORKER + 3)


@lru_cache(maxsize=32)
def _static(caption_lines: int, banner: bool, n_players: int, n_hangars: int, locale: str) -> Image.Image:
    """Everything that does not change between moves for this layout."""
    L = _labels(locale)
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
                cx, cy = _hangar_token_centre(box, t)
                tw = token_width(HTOKEN, True)
                d.rounded_rectangle([cx - tw / 2, cy - HTOKEN / 2, cx + tw / 2, cy + HTOKEN / 2], radius=10, outline=(200, 200, 200), width=2)
            d.text((x0 + 34, y0 + 17), L["top"], font=font(14), fill=MUTED, anchor="lm")
        else:
            d.text(((x0 + x1) / 2, (y0 + y1) / 2), L["unused"], font=font(18), fill=(120, 118, 113), anchor="mm")
    # footer: token legend
    names = RESOURCE_NAMES_ES if locale.startswith("es") else RESOURCE_NAMES
    y = lay.footer_y + FOOTER_H / 2
    x = M
    d.text((x, y), L["tokens"], font=font(18, True), fill=INK, anchor="lm")
    x += font(18, True).getlength(L["tokens"]) + 12
    for c in COLOURS:
        tw = token_width(32, True)
        paste_sprite(img, token_sprite(c, 32, True), (x + tw / 2, y))
        x += tw + 6
        d.text((x, y), names[c], font=font(18), fill=INK, anchor="lm")
        x += font(18).getlength(names[c]) + 22
    return img


# ------------------------------------------------------------------- drawing


class _Ctx:
    def __init__(self, view: "WayfindersView", names: Mapping[str, str], locale: str):
        self.view = view
        self.names = names
        self.locale = locale
        self.L = _labels(locale)
        self.index = {seat: i for i, seat in enumerate(view.seats)}

    def idx(self, seat: str) -> int:
        return self.index.get(seat, len(self.index))

    def name(self, seat: str) -> str:
        return str(self.names.get(seat) or seat)


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, ctx: _Ctx, lay: Layout, lines: Sequence[str]) -> None:
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


def _dashed_rect(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: RGB, width: int = 3, dash: int = 10, gap: int = 6) -> None:
    x0, y0, x1, y1 = box
    for a, b, horizontal, fixed in ((x0, x1, True, y0), (x0, x1, True, y1), (y0, y1, False, x0), (y0, y1, False, x1)):
        p = a
        while p < b:
            q = min(p + dash, b)
            if horizontal:
                d.line([(p, fixed), (q, fixed)], fill=fill, width=width)
            else:
                d.line([(fixed, p), (fixed, q)], fill=fill, width=width)
            p = q + gap


def _cell_index(name: str) -> Optional[int]:
    """Grid index (row-major) of a cell name like "C3"; None if malformed."""
    if len(name) != 2 or name[0] not in COLUMNS or name[1] not in ROWS:
        return None
    return ROWS.index(name[1]) * 5 + COLUMNS.index(name[0])


def _draw_board(img: Image.Image, d: ImageDraw.ImageDraw, ctx: _Ctx, lay: Layout) -> None:
    v = ctx.view
    by_name = {}
    for cell in v.cells:
        i = _cell_index(cell.cell)
        if i is None:
            continue
        ox, oy = lay.cell_origin(i)
        by_name[cell.cell] = i
        tile = tile_for(cell)
        img.paste(tile, (ox, oy), tile)
        if cell.face_up or cell.home:
            for k, (seat, (x0, y0, x1, y1)) in enumerate(zip(cell.slots[:4], slot_boxes())):
                paste_marker(img, (ox + (x0 + x1) / 2, oy + (y0 + y1) / 2), MARKER_IN_SLOT, ctx.idx(seat))
        if cell.planes:
            for seat, (px, py) in zip(cell.planes, plane_positions(len(cell.planes), cell.home)):
                paste_sprite(img, plane_sprite(ctx.idx(seat), PLANE_SIZE), (ox + px, oy + py))
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


def _draw_hangars(img: Image.Image, d: ImageDraw.ImageDraw, ctx: _Ctx, lay: Layout) -> None:
    v, L = ctx.view, ctx.L
    for k, tokens in enumerate(v.hangars[:HANGAR_SLOTS]):
        box = lay.hangar_box(k)
        for t, colour in enumerate(tokens[:3]):
            paste_sprite(img, token_sprite(colour, HTOKEN, True), _hangar_token_centre(box, t))
        seats = v.workers[k] if k < len(v.workers) else []
        for w, seat in enumerate(seats[:15]):
            paste_marker(img, _hangar_worker_centre(box, w), HWORKER, ctx.idx(seat))
    # bag, right of the title
    y = lay.hangar_y + HANGAR_TITLE / 2 - 2
    fb = font(20, True)
    f = font(20)
    items = [(c, f"×{v.bag.get(c, 0)}") for c in COLOURS]
    label = L["bag"].format(n=v.bag_total)
    width = fb.getlength(label) + 10 + sum(26 + 4 + f.getlength(t) + 14 for _, t in items)
    x = W - M - width
    d.text((x, y), label, font=fb, fill=INK, anchor="lm")
    x += fb.getlength(label) + 10
    for c, t in items:
        paste_sprite(img, token_sprite(c, 26), (x + 13, y))
        x += 30
        d.text((x, y), t, font=f, fill=INK, anchor="lm")
        x += f.getlength(t) + 14


def _effect_chips(effects: Sequence[str]) -> list[tuple[str, Optional[str]]]:
    """(label key, colour) per ability; keep_extra stacked into one chip."""
    chips: list[tuple[str, Optional[str]]] = []
    keep = 0
    for e in effects:
        kind, _, colour = e.partition(":")
        if kind == "keep_extra":
            keep += 1
        elif kind == "free_passage":
            chips.append(("free", colour or None))
        elif kind == "wildcard":
            chips.append(("wild", colour or None))
        else:
            chips.append((e, None))
    if keep:
        chips.append((f"keep:{keep}", None))
    return chips


def _draw_panel(img: Image.Image, d: ImageDraw.ImageDraw, ctx: _Ctx, p: "PlayerView", box: tuple[int, int, int, int]) -> None:
    v, L = ctx.view, ctx.L
    x0, y0, x1, y1 = box
    acting = p.seat in v.to_act
    idx = ctx.idx(p.seat)
    style = player_style(idx)
    d.rounded_rectangle(box, radius=12, fill=ACT_BG if acting else PANEL_BG,
                        outline=INK if acting else (170, 168, 160), width=4 if acting else 2)
    d.rounded_rectangle([x0 + 4, y0 + 4, x0 + 14, y1 - 4], radius=4, fill=style.rgb)
    left = x0 + 24
    right = x1 - 14
    h = y1 - y0
    compact = h < 190
    # row 1: marker, name, score
    ry = y0 + 26
    paste_marker(img, (left + 16, ry), 32, idx)
    score = str(p.score)
    fs = font(32, True)
    fp = font(18)
    sw = fs.getlength(score) + 6 + fp.getlength(L["pts"])
    d.text((right, ry + 2), L["pts"], font=fp, fill=MUTED, anchor="rm")
    d.text((right - fp.getlength(L["pts"]) - 6, ry), score, font=fs, fill=INK, anchor="rm")
    fn = font(24, True)
    nm = ctx.name(p.seat) + (f" {L['you']}" if v.viewer and p.seat == v.viewer else "")
    d.text((left + 40, ry), ellipsize(nm, fn, right - sw - 16 - (left + 40)), font=fn, fill=INK, anchor="lm")
    # row 2: turn position, plane, to-act tag
    ry += 32
    f18 = font(18)
    info = f"{L['turn'].format(pos=_ordinal(p.position, ctx.locale))} · {L['plane'].format(cell=p.plane)}"
    d.text((left, ry), info, font=f18, fill=MUTED, anchor="lm")
    if acting:
        ft = font(18, True)
        tw = ft.getlength(L["tag"]) + 16
        d.rounded_rectangle([right - tw, ry - 13, right, ry + 13], radius=6, fill=INK)
        d.text((right - tw / 2, ry + 1), L["tag"], font=ft, fill=WHITE, anchor="mm")
    # row 3: hand by colour
    ry += 36
    x = left
    fcount = font(20, True)
    for c in COLOURS:
        n = p.hand.get(c, 0)
        paste_sprite(img, token_sprite(c, 28, faded=n == 0), (x + 14, ry))
        d.text((x + 32, ry), str(n), font=fcount, fill=INK if n else (170, 170, 170), anchor="lm")
        x += 32 + fcount.getlength(str(n)) + 14
    total = sum(p.hand.values())
    over = total > p.hand_limit
    hand = L["hand"].format(n=total, limit=p.hand_limit)
    d.text((right, ry), hand, font=font(18, over), fill=(180, 30, 30) if over else MUTED, anchor="rm")
    # row 4: workers left, cubes right
    ry += 31
    d.text((left, ry), ellipsize(L["workers"].format(ready=p.workers_supply, out=p.workers_on_board), f18, right - left - 90),
           font=f18, fill=INK, anchor="lm")
    d.text((right, ry), L["cubes"].format(n=p.cubes), font=f18, fill=INK, anchor="rm")
    # row 5: islands held
    ry += 28
    cells = " ".join(p.islands) if p.islands else "—"
    d.text((left, ry), ellipsize(L["islands_at"].format(n=len(p.islands), cells=cells), f18, right - left),
           font=f18, fill=INK, anchor="lm")
    # row 5: abilities
    ry += 31 if not compact else 29
    chips = _effect_chips(p.effects)
    x = left
    fc = font(18)
    if not chips:
        d.text((x, ry), L["none"], font=fc, fill=(150, 150, 150), anchor="lm")
    for key, colour in chips:
        if key.startswith("keep:"):
            label = L["keep"].format(n=key.split(":")[1])
        else:
            label = L.get(key, key.replace("_", " "))
        w = fc.getlength(label) + 16 + (30 if colour else 0)
        if x + w > right:
            d.text((x, ry), "…", font=fc, fill=INK, anchor="lm")
            break
        d.rounded_rectangle([x, ry - 14, x + w, ry + 14], radius=7, fill=(236, 236, 240), outline=(150, 150, 160), width=1)
        d.text((x + 8, ry), label, font=fc, fill=INK, anchor="lm")
        if colour:
            paste_sprite(img, token_sprite(colour, 22), (x + w - 19, ry))
        x += w + 8


def _caption_lines(caption: Optional[Sequence[str]]) -> list[str]:
    fcap = font(20)
    lines: list[str] = []
    for entry in caption or []:
        lines.extend(wrap_text(str(entry), fcap, W - 2 * M))
    if len(lines) > MAX_CAPTION_LINES:
        lines = lines[:MAX_CAPTION_LINES]
        lines[-1] = ellipsize(lines[-1] + " …", fcap, W - 2 * M)
    return lines


def layout_for(view: "WayfindersView", caption: Optional[Sequence[str]] = None) -> Layout:
    """The geometry `render` uses for this view and caption (tests use it to
    find cells, slots and panels)."""
    banner = bool(view.final_round) or view.phase == "over"
    return Layout(len(_caption_lines(caption)), banner, len(view.players))


def draw(view: "WayfindersView", names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> Image.Image:
    """The Wayfinders board for `view` as an RGB image."""
    locale = "es" if (locale or "en").lower().startswith("es") else "en"
    ctx = _Ctx(view, names or {}, locale)
    lines = _caption_lines(caption)
    lay = layout_for(view, caption)
    n_hangars = min(HANGAR_SLOTS, len(view.hangars))
    img = _static(len(lines), lay.banner_h > 0, lay.n_players, n_hangars, locale).copy()
    d = ImageDraw.Draw(img)
    _draw_header(img, d, ctx, lay, lines)
    _draw_board(img, d, ctx, lay)
    _draw_hangars(img, d, ctx, lay)
    for k, p in enumerate(view.players):
        _draw_panel(img, d, ctx, p, lay.panel_box(k))
    return img


def render(view: "WayfindersView", names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> bytes:
    """The Wayfinders board for `view` as PNG bytes."""
    return to_png(draw(view, names, caption, locale))


__all__ = ["render", "draw", "layout_for", "Layout", "LABELS"]
