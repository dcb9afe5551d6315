"""Robinson Crusoe board image: the public view in, PNG bytes out.

Layout (1400 px wide):

    header   title, round n/12 and phase, who acts; caption lines
    island   the 15 hex spaces (robinson_island)  |  tracks, resources, woodpile,
                                                     weather, threat and hunting areas
    bottom   inventions (built / ready / not yet), characters (wounds, determination),
             the shared plan of this round
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import WHITE, ellipsize, font, paste_marker, to_png, whole_lines
from .robinson_island import draw_island
from .robinson_panels import PAGE, bottom_height, draw_bottom, draw_side, side_height

W = 1400
ISLAND_W = 860
ISLAND_H = 720
HEADER_BG = (28, 52, 44)
MAX_CAPTION = 5  # header lines; a caption entry that does not fit whole is left to the post


def label(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"robinson.{key}", **args), locale)


def render(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> bytes:
    return to_png(draw(view, names, caption, locale))


def draw(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> Image.Image:
    caption = whole_lines(caption or [], font(18), W - 32, MAX_CAPTION)
    seat_index = {s: i for i, s in enumerate(view.seats)}
    named = 24 if view.scenario != "castaways" else 0  # K0.1: a line naming the scenario under the title
    head_h = 60 + named + 26 * len(caption)
    bot_h = bottom_height(view, W - 20, locale)
    side_w = W - 10 - (ISLAND_W + 8)
    body_h = max(ISLAND_H, side_height(view, side_w, locale) + 10)
    img = Image.new("RGB", (W, head_h + body_h + bot_h + 10), PAGE)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, head_h], fill=HEADER_BG)
    d.text((16, 12), "Robinson Crusoe", font=font(28, True), fill=WHITE)
    if named:
        d.text((16, 50), label(f"scenario.{view.scenario}", locale), font=font(18, True), fill=(255, 214, 120))
    status = label("img.status", locale, round=view.round, rounds=view.rounds,
                   phase=label(f"img.phase.{view.phase}", locale))
    if view.result:
        status = label(f"img.result.{view.result}", locale, round=view.round)
    fs = font(20, True)
    d.text((290, 18), status, font=fs, fill=(255, 214, 120))
    if view.to_act:  # right-aligned, using the room the status leaves
        who = ", ".join(names.get(s, s) for s in view.to_act)
        fw = font(19, True)
        text = ellipsize(label("img.to_act", locale, names=who), fw, W - 16 - (290 + fs.getlength(status) + 64))
        x = W - 16 - fw.getlength(text)
        paste_marker(img, (x - 18, 30), 22, seat_index[view.to_act[0]])
        d.text((x, 18), text, font=fw, fill=WHITE)
    small = font(18)
    for i, line in enumerate(caption):
        d.text((16, 56 + named + 26 * i), line, font=small, fill=(222, 236, 228))
    top = head_h
    draw_island(img, view, (0, top, ISLAND_W, top + body_h), locale)
    draw_side(img, view, (ISLAND_W + 8, top + 6, W - 10, top + body_h - 4), locale)
    draw_bottom(img, view, (10, top + body_h + 6, W - 10, top + body_h + bot_h), names, seat_index, locale)
    return img


__all__ = ["render", "draw", "label"]
