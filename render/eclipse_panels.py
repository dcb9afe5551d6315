"""Panels of the Eclipse galaxy image: a colour per player, legible on a phone.

- `explore_panel`: during an Explore placement (E103 step 3), each drawn hex in each orientation
  the rules allow (E35), labelled "105 · turned 120°" as the placement buttons say it, so the
  choice is not made blind.  Only from the public view (the drawn hexes are revealed, E34).
- `legend`: what the abbreviations and symbols of the galaxy mean, in the reader's language.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping, Optional

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, font, wrap_text
from .eclipse_hex import PLANET, SQ3, TARGET, draw_hex

PANEL = (20, 24, 40)
MUTED = (170, 178, 196)
MINI = 88  # hex size of the drawn hexes


def _t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"eclipse.board.{key}", **args), locale)


def explore_panel(view: Any, names: Mapping[str, str], index: Mapping[str, int], words: Mapping[str, Any],
                  locale: str, width: int) -> Optional[Image.Image]:
    options = getattr(view, "explore_options", None) or []
    if not options:
        return None
    who = names.get(view.to_act[0], view.to_act[0]) if view.to_act else "?"
    hexes = ", ".join(dict.fromkeys(h.id for h in options))
    title = _t("drawn", locale, who=who, hexes=hexes, pos=view.explore_pos)
    fb = font(17, True)
    head = wrap_text(title, fb, width - 28)
    cell_w, cell_h = int(2 * MINI + 24), int(SQ3 * MINI + 40)
    per_row = max(1, (width - 20) // cell_w)
    rows = math.ceil(len(options) / per_row)
    top = 12 + 24 * len(head) + 6
    img = Image.new("RGB", (width, top + rows * cell_h + 8), PANEL)
    d = ImageDraw.Draw(img)
    for i, line in enumerate(head):
        d.text((14, 12 + 24 * i), line, font=fb, fill=TARGET)
    n_last = len(options) - (rows - 1) * per_row
    for k, h in enumerate(options):
        row, col = divmod(k, per_row)
        in_row = per_row if row < rows - 1 else n_last
        x0 = (width - in_row * cell_w) / 2 + col * cell_w
        y0 = top + row * cell_h
        c = (x0 + cell_w / 2, y0 + SQ3 * MINI / 2 + 2)
        draw_hex(img, d, h, c, MINI, index, words, coord=False)
        d.text((c[0], y0 + SQ3 * MINI + 20), _t("turned", locale, hex=h.id, rot=h.rot * 60), font=font(15, True),
               fill=WHITE, anchor="mm")
    return img


def _swatch(img: Image.Image, d: ImageDraw.ImageDraw, kind: str, x: float, y: float) -> None:
    r = 8
    if kind in PLANET:
        d.ellipse([x, y - r, x + 2 * r, y + r], fill=PLANET[kind], outline=INK)
    elif kind == "advanced":
        d.ellipse([x, y - r, x + 2 * r, y + r], fill=PLANET["science"], outline=WHITE, width=3)
    elif kind == "cube":
        d.ellipse([x, y - r, x + 2 * r, y + r], fill=PLANET["money"], outline=INK)
        d.rectangle([x + r - 4, y - 4, x + r + 4, y + 4], fill=(0, 114, 178), outline=INK)
    elif kind == "wormhole":
        d.ellipse([x + 2, y - 6, x + 14, y + 6], fill=(10, 10, 14), outline=(200, 200, 230))
    elif kind == "owned":
        d.rectangle([x, y - r, x + 2 * r, y + r], outline=(0, 114, 178), width=3)
    elif kind == "target":
        for k in range(0, 16, 6):
            d.line([(x + k, y), (x + k + 3, y)], fill=TARGET, width=3)


ITEMS = (("", "ships"), ("", "damage"), ("", "anc"), ("", "gcds"), ("", "disco"), ("", "mono"), ("", "coord"),
         ("money", "money"), ("science", "science"), ("materials", "materials"), ("grey", "grey"),
         ("orbital", "orbital"), ("advanced", "advanced"), ("cube", "cube"), ("wormhole", "wormhole"),
         ("owned", "owned"), ("target", "target"), ("", "vp_legend"))


@lru_cache(maxsize=16)
def legend(width: int, locale: str) -> Image.Image:
    """Every symbol and abbreviation of the galaxy, flowed over as many lines as needed (drawn once per width
    and language; callers paste it, never draw on it)."""
    f, fb = font(15), font(15, True)
    lh = 24
    placed: list[tuple[float, int, str, str]] = []
    label = _t("legend", locale) + ":"
    x, line = 14 + fb.getlength(label) + 12, 0
    for kind, key in ITEMS:
        text = _t(key, locale)
        w = (22 if kind else 0) + f.getlength(text)
        if x + w > width - 14 and x > 14:
            x, line = 14, line + 1
        placed.append((x, line, kind, text))
        x += w + 22
    img = Image.new("RGB", (width, 12 + lh * (line + 1) + 8), PANEL)
    d = ImageDraw.Draw(img)
    d.text((14, 12 + lh / 2), label, font=fb, fill=WHITE, anchor="lm")
    for x, line, kind, text in placed:
        y = 12 + line * lh + lh / 2
        if kind:
            _swatch(img, d, kind, x, y)
            x += 22
        d.text((x, y), text, font=f, fill=MUTED, anchor="lm")
    return img


__all__ = ["explore_panel", "legend"]
