"""The Eclipse scoreboard band: each player's marker, name and victory points if the game ended now
(E75), in text 2.25 % of the image's width high so that it reads where Discord shows the image about
400 px wide (9 px there).  The points come from the view (`PlayerView.vp`, rules/eclipse/scores.py):
while a player's reputation tiles are face down (E22) the others see "12 VP +2 rep.", the tiles not
counted; on the final board every point is shown."""
from __future__ import annotations

import math
from typing import Any, Mapping

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import WHITE, ellipsize, font, paste_marker

PHONE = 0.0225  # text height / image width at which a text reads at phone size
BAND = (20, 24, 40)
GAP = 0.5  # space between entries, in text heights


def phone_px(width: int) -> int:
    """The font size (px) of a text that reads on a phone in an image `width` px wide."""
    return math.ceil(PHONE * width)


def vp_label(p: Any, locale: str) -> str:
    """ "12 VP", or "12 VP +2 rep." while 2 of the player's reputation tiles are hidden from the viewer."""
    n = sum((getattr(p, "vp", None) or {}).values())
    vp = getattr(p, "vp", None) or {}
    tiles = 0 if "reputation" in vp else getattr(p, "vp_hidden_tiles", 0)  # the viewer sees the values
    return tr(msg("eclipse.board.vp_hidden" if tiles else "eclipse.board.vp", n=n, tiles=tiles), locale)


def vp_band(view: Any, names: Mapping[str, str], index: Mapping[str, int], locale: str, width: int) -> Image.Image:
    """One entry per player (marker, name, points), flowed over as many lines as the width needs."""
    px = phone_px(width)
    f = font(px, True)
    lh = round(px * 1.5)
    gap = round(px * GAP) + px  # an entry's end to the next entry's marker
    entries: list[tuple[int, int, str, int]] = []  # (x, line, text, marker index)
    x, line = 14, 0
    for p in view.players:
        label = vp_label(p, locale)
        name = ellipsize(names.get(p.seat, p.seat), f, width / 3)
        text = f"{name} {label}"
        w = px + px // 3 + f.getlength(text)
        if x + w > width - 14 and x > 14:
            x, line = 14, line + 1
        entries.append((x, line, text, index.get(p.seat, 0)))
        x += int(w) + gap
    img = Image.new("RGB", (width, 10 + lh * (line + 1) + 6), BAND)
    d = ImageDraw.Draw(img)
    for x, line, text, marker in entries:
        y = 10 + line * lh + lh / 2
        paste_marker(img, (x + px / 2, y), px, marker)
        d.text((x + px + px // 3, y), text, font=f, fill=WHITE, anchor="lm")
    return img


__all__ = ["PHONE", "phone_px", "vp_band", "vp_label"]
