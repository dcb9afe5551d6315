"""Eclipse tech supply board image: `/eclipse tech`.

Three rows (Military, Grid, Nano), each with its eight techs in cost order as
on the printed supply board (E6): name, printed cost / minimum (E88), the
tiles left in the supply (none: greyed).  For a seated viewer each tile also
shows that player's price after the category discount (E19, E39), green when
their Science pays it, and a tick on techs they already own; the row label
gives how many techs they hold there and the discount.  Tiles left in the bag
are counted in the header.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional

from PIL import Image, ImageDraw

from rules.eclipse.board import tech_price
from rules.eclipse.data import CATEGORIES, TABLES, TECH_ORDER, TECHS
from rules.text import msg, tr

from .common import INK, WHITE, draw_wrapped, font, paste_marker, to_png
from .eclipse import MUTED, PAGE
from .eclipse_board import CAT_RGB
from .names import board_names

W = 1200
LABEL = 150
TILE_W, TILE_H, GAP = 124, 132, 6
EMPTY = (50, 56, 80)
AFFORD, DEAR = (120, 220, 120), (240, 130, 110)
WORDS = {
    "en": {"title": "Tech supply — round {r}", "bag": "{n} tiles left in the bag",
           "cats": {"military": "Military", "grid": "Grid", "nano": "Nano"},
           "have": "you: {n} (−{d})", "cost": "cost {c} · min {m}", "left": "{n} left", "none": "none left",
           "price": "you pay {p}", "owned": "✓ yours", "science": "{who}: {s} Science"},
    "es": {"title": "Tecnologías disponibles — ronda {r}", "bag": "quedan {n} fichas en la bolsa",
           "cats": {"military": "Militar", "grid": "Red", "nano": "Nano"},
           "have": "tú: {n} (−{d})", "cost": "coste {c} · mín. {m}", "left": "quedan {n}", "none": "agotada",
           "price": "pagas {p}", "owned": "✓ tuya", "science": "{who}: {s} de Ciencia"},
}


def _row_techs(category: str) -> list[str]:
    return sorted((t for t in TECH_ORDER if TECHS[t].category == category), key=lambda t: TECHS[t].cost)


def draw_supply(view: Any, viewer: Optional[str], names: Mapping[str, str], locale: str = "en") -> Image.Image:
    words = WORDS.get(locale, WORDS["en"])
    me = next((p for p in view.players if p.seat == viewer and p.species), None)
    img = Image.new("RGB", (W, 70 + 3 * (TILE_H + 2 * GAP) + 10), PAGE)
    d = ImageDraw.Draw(img)
    title, body, small, bold = font(24, True), font(15), font(14), font(15, True)
    d.text((14, 12), words["title"].format(r=view.round), font=title, fill=WHITE)
    d.text((14, 44), words["bag"].format(n=view.tech_bag), font=body, fill=MUTED)
    if me is not None:
        paste_marker(img, (W - 300, 52), 20, view.order.index(me.seat))
        d.text((W - 284, 44), words["science"].format(who=names.get(me.seat, me.seat), s=me.science),
               font=body, fill=WHITE)
    y = 70
    for cat in CATEGORIES:
        d.rectangle([8, y, W - 8, y + TILE_H + 2 * GAP], fill=(30, 36, 58))
        d.text((16, y + 12), words["cats"][cat], font=font(18, True), fill=CAT_RGB[cat])
        if me is not None:
            n = len(me.techs[cat])
            d.text((16, y + 40), words["have"].format(n=n, d=TABLES.tech_discount[min(n, 6)]), font=small, fill=WHITE)
        for i, tech in enumerate(_row_techs(cat)):
            _tile(d, (LABEL + i * (TILE_W + GAP), y + GAP), tech, view.supply.get(tech, 0), me, words, locale,
                  (small, bold))
        y += TILE_H + 2 * GAP
    return img


def _tile(d: ImageDraw.ImageDraw, at: tuple[int, int], tech: str, left: int, me: Any, words: dict, locale: str,
          fonts: tuple) -> None:
    small, bold = fonts
    x, y = at
    info = TECHS[tech]
    d.rectangle([x, y, x + TILE_W, y + TILE_H], fill=CAT_RGB[info.category] if left else EMPTY, outline=WHITE)
    ink = INK if left else MUTED
    name = tr(msg("eclipse.tech." + tech.replace(" ", "-")), locale)
    top = y + 8 + max(38, draw_wrapped(d, (x + 6, y + 4), name, bold, TILE_W - 12, fill=ink, max_lines=3))
    d.text((x + 6, top), words["cost"].format(c=info.cost, m=info.min), font=small, fill=ink)
    d.text((x + 6, top + 18), words["left"].format(n=left) if left else words["none"], font=small, fill=ink)
    if me is None:
        return
    if tech in me.techs[info.category]:
        label, colour = words["owned"], WHITE
    else:
        cost = tech_price(me.techs, tech)
        label, colour = words["price"].format(p=cost), AFFORD if cost <= me.science else DEAR
    d.rectangle([x + 2, y + TILE_H - 26, x + TILE_W - 2, y + TILE_H - 2], fill=(20, 24, 40))
    d.text((x + TILE_W / 2, y + TILE_H - 14), label, font=small, fill=colour, anchor="mm")


def render_supply(view: Any, viewer: Optional[str], names: Mapping[str, str], locale: str = "en") -> bytes:
    return to_png(draw_supply(view, viewer, board_names(names), locale))
