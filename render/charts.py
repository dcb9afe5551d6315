"""Score-progression chart: one line per player over the moves of a game (pure: data in, PNG out).

Generic over every game: the caller replays a finished game and passes, per
seat, the running score after each move (`series[seat][k]` = score after move
k; index 0 is the set-up).  Lines use the seats' colour-blind-safe colours and
shapes (render.common.player_style), so colour is never the only cue; each
line ends with the player's name and final score.  Texts (title, axis names)
arrive translated from the caller.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from .common import INK, WHITE, ellipsize, font, paste_marker, player_style, supersampled, to_png
from .names import board_names

W, H = 1100, 620
LEFT, RIGHT, TOP, BOTTOM = 76, 230, 78, 70
PAGE = (246, 245, 240)
GRID = (214, 212, 205)
AXIS = (90, 94, 102)


def nice_step(span: float, target: int = 6) -> int:
    """A round tick step (1, 2, 5 x 10^k) giving about `target` ticks over `span`."""
    if span <= 0:
        return 1
    raw = span / target
    mag = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    for mult in (1, 2, 5, 10):
        if raw <= mult * mag:
            return max(1, int(mult * mag))
    return max(1, int(10 * mag))


def score_chart(series: Mapping[str, Sequence[int]], seats: Sequence[str], names: Mapping[str, str], *,
                title: str, x_label: str, y_label: str, subtitle: str = "") -> bytes:
    """PNG bytes of the chart.  `seats` is the table's seat order (it fixes each seat's style)."""
    names = board_names(names)
    plotted = [s for s in seats if series.get(s)]
    if not plotted:
        raise ValueError("no scores to chart")
    n_points = max(len(series[s]) for s in plotted)
    lo = min(0, min(min(series[s]) for s in plotted))
    hi = max(1, max(max(series[s]) for s in plotted))
    ystep = nice_step(hi - lo)
    lo = math.floor(lo / ystep) * ystep
    hi = math.ceil(hi / ystep) * ystep
    x_max = max(1, n_points - 1)
    xstep = nice_step(x_max, 8)
    px0, py0, px1, py1 = LEFT, TOP, W - RIGHT, H - BOTTOM

    def X(k: float) -> float:
        return px0 + (px1 - px0) * k / x_max

    def Y(v: float) -> float:
        return py1 - (py1 - py0) * (v - lo) / (hi - lo)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        # the lines, supersampled for smooth diagonals
        for seat in plotted:
            style = player_style(seats.index(seat))
            pts = [(X(k) * s, Y(v) * s) for k, v in enumerate(series[seat])]
            if len(pts) == 1:
                pts = pts * 2
            d.line(pts, fill=style.rgb + (255,), width=4 * s, joint="curve")

    img = Image.new("RGB", (W, H), PAGE)
    d = ImageDraw.Draw(img)
    d.text((LEFT, 26), title, font=font(26, True), fill=INK, anchor="lm")
    if subtitle:
        d.text((LEFT, 54), subtitle, font=font(16), fill=AXIS, anchor="lm")
    d.rectangle([px0, py0, px1, py1], fill=WHITE, outline=GRID)
    f_tick = font(15)
    for v in range(int(lo), int(hi) + 1, ystep):
        y = Y(v)
        d.line([(px0, y), (px1, y)], fill=GRID, width=1)
        d.text((px0 - 8, y), str(v), font=f_tick, fill=AXIS, anchor="rm")
    for k in range(0, x_max + 1, xstep):
        x = X(k)
        d.line([(x, py0), (x, py1)], fill=GRID, width=1)
        d.text((x, py1 + 8), str(k), font=f_tick, fill=AXIS, anchor="mt")
    d.line([(px0, py1), (px1, py1)], fill=AXIS, width=2)
    d.line([(px0, py0), (px0, py1)], fill=AXIS, width=2)
    d.text(((px0 + px1) / 2, H - 22), x_label, font=font(17, True), fill=AXIS, anchor="mm")
    ylab = Image.new("RGBA", (int(py1 - py0), 26), PAGE + (0,))
    ImageDraw.Draw(ylab).text((ylab.width / 2, 13), y_label, font=font(17, True), fill=AXIS, anchor="mm")
    ylab = ylab.rotate(90, expand=True)
    img.paste(ylab, (8, int(py0)), ylab)

    lines = supersampled((W, H), paint, scale=2)
    img.paste(lines, (0, 0), lines)
    # the seat's shape along its line (staggered per seat), so colour is never the only cue
    every = max(1, x_max // 6)
    for seat in plotted:
        i = seats.index(seat)
        for k in range((i * every) // max(1, len(plotted)), len(series[seat]) - 1 - every // 2, every):
            paste_marker(img, (X(k), Y(series[seat][k])), 16, i)

    # end markers and labels, spread vertically so close finishes stay readable
    ends = sorted(((Y(series[s][-1]), s) for s in plotted), key=lambda e: e[0])
    placed: list[float] = []
    gap = 24
    for y, _ in ends:
        placed.append(max(y, placed[-1] + gap) if placed else y)
    overflow = placed[-1] - (py1 + 10) if placed else 0
    if overflow > 0:
        placed = [p - overflow for p in placed]
    f_name = font(17, True)
    for (y, seat), ly in zip(ends, placed):
        style = player_style(seats.index(seat))
        x = X(len(series[seat]) - 1)
        paste_marker(img, (x, y), 20, style.index)
        d.line([(x + 10, y), (px1 + 14, ly)], fill=style.rgb, width=2)
        label = f"{names.get(seat, seat)} {series[seat][-1]}"
        d.text((px1 + 18, ly), ellipsize(label, f_name, RIGHT - 26), font=f_name, fill=INK, anchor="lm")
    return to_png(img)


__all__ = ["score_chart", "nice_step"]
