"""One Eclipse hex on the galaxy image (and the drawn hexes of a pending Explore).

Laid out in rows that never overlap (text at least 14 px high, nothing drawn over
anything else), from the top: the owner's disc, the hex number and the Discovery tile "?" /
Monolith "M"; the planets (at most 4 a row; advanced ones ringed in white, a cube a square in
the owner's colour); one line per side with ships (Ancients and the GCDS in red); the position
"q,r" as the moves name it and the hex's VP.  Wormholes are black dots just inside the edges, so
the dots of two neighbours never touch.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Optional

from PIL import Image, ImageDraw

from .common import INK, WHITE, ellipsize, font, paste_marker, player_style

SQ3 = math.sqrt(3)
PLANET = {"money": (236, 140, 40), "science": (226, 92, 150), "materials": (150, 100, 60),
          "grey": (160, 160, 160), "orbital": (90, 200, 220)}
HEX_FILL = {"center": (92, 78, 40), "start": (40, 56, 96), "I": (48, 60, 88), "II": (44, 54, 80),
            "III": (40, 48, 70)}
EDGE = (110, 120, 150)
GOLD = (255, 220, 120)
NPC = (255, 120, 120)
COORD = (196, 204, 224)
TARGET = (255, 214, 90)
WORM_AT, WORM_R = 0.85, 0.065  # dot centre at 0.85 apothem, radius 0.065 size: neighbours' dots stay apart
ROW_ID, ROW_LINE, ROW_FOOT, GAP = 20, 19, 17, 3
BASE = 92.0  # the hex size the rows above are measured for; larger hexes scale them up (at most x1.3)


def scale(size: float) -> float:
    return min(1.3, max(1.0, size / BASE))


def ring_of(hid: str) -> str:
    if hid == "001":
        return "center"
    if hid[0] == "1":
        return "I"
    if hid[0] == "3":
        return "III"
    return "start" if 221 <= int(hid) <= 232 else "II"


def corners(c: tuple[float, float], size: float) -> list[tuple[float, float]]:
    cx, cy = c
    return [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k))) for k in range(6)]


def ship_lines(h: Any, index: Mapping[str, int], words: Mapping[str, Any]) -> list[tuple[Optional[int], str]]:
    """(seat index or None for the NPCs, "2I 1C[1]") for each side with ships in the hex."""
    hurt = getattr(h, "damage", None) or {}  # damage markers during the Combat phase (E60)

    def marks(side: str, ship: str) -> str:
        d = hurt.get(side, {}).get(ship)
        return f"[{','.join(map(str, d))}]" if d else ""

    lines: list[tuple[Optional[int], str]] = []
    if h.gcds:
        lines.append((None, words["gcds"] + marks("npc", "gcds")))
    if h.ancients:
        lines.append((None, f"{h.ancients}× {words['anc']}" + marks("npc", "ancient")))
    for seat, ships in h.ships.items():
        txt = " ".join(f"{n}{words['ships'][t]}{marks(seat, t)}" for t, n in ships.items() if n)
        if txt:
            lines.append((index.get(seat, 0), txt))
    return lines


def _squares(h: Any) -> list[tuple[str, int]]:
    squares = list(zip(h.squares, h.pop))
    if h.orbital:
        squares.append(("orbital", 1 if h.orbital == 2 else 0))
    return squares


def draw_hex(img: Image.Image, d: ImageDraw.ImageDraw, h: Any, c: tuple[float, float], size: float,
             index: Mapping[str, int], words: Mapping[str, Any], coord: bool = True) -> None:
    cx, cy = c
    owner = index.get(h.owner) if h.owner else None
    edge = player_style(owner).rgb if owner is not None else EDGE
    d.polygon(corners(c, size), fill=HEX_FILL[ring_of(h.id)], outline=edge,
              width=max(3, int(size / 16)) if owner is not None else 2)
    apo = size * SQ3 / 2
    for w in h.wormholes:  # E12: direction d is the edge at -90 + 60 d degrees
        a = math.radians(-90 + 60 * w)
        wx, wy = cx + apo * WORM_AT * math.cos(a), cy + apo * WORM_AT * math.sin(a)
        r = size * WORM_R
        d.ellipse([wx - r, wy - r, wx + r, wy + r], fill=(10, 10, 14), outline=(200, 200, 230))
    squares = _squares(h)
    rows = [squares[i:i + 4] for i in range(0, len(squares), 4)]
    k = scale(size)
    row_id, row_line, row_foot = ROW_ID * k, ROW_LINE * k, ROW_FOOT * k
    pr = min(10.0 * k, max(6.0, size * 0.08))
    lines = ship_lines(h, index, words)[:3]
    height = row_id + len(rows) * (2 * pr + GAP) + len(lines) * row_line + row_foot + GAP
    y = cy - height / 2 + 2
    # row 1: disc, number, tags
    tags = " ".join(t for t, on in ((words["monolith"], h.monolith), ("?", h.discovery)) if on)
    fid = font(round(17 * k), True)
    parts = [(h.id, fid, WHITE)] + ([(tags, fid, GOLD)] if tags else [])
    disc = round(18 * k) if owner is not None else 0
    width = disc + (6 if disc else 0) + sum(fid.getlength(t) for t, _, _ in parts) + 8 * (len(parts) - 1)
    x = cx - width / 2
    if owner is not None:
        paste_marker(img, (x + disc / 2, y + row_id / 2), disc, owner)
        x += disc + 6
    for text, fnt, colour in parts:
        d.text((x, y + row_id / 2), text, font=fnt, fill=colour, anchor="lm")
        x += fnt.getlength(text) + 8
    y += row_id
    for row in rows:  # row 2: planets
        step = pr * 2.4
        for i, (kind, full) in enumerate(row):
            px = cx + (i - (len(row) - 1) / 2) * step
            py = y + pr
            advanced = kind.endswith("*")
            d.ellipse([px - pr, py - pr, px + pr, py + pr], fill=PLANET[kind.rstrip("*")],
                      outline=WHITE if advanced else INK, width=3 if advanced else 1)
            if full and owner is not None:
                s = pr * 0.5
                d.rectangle([px - s, py - s, px + s, py + s], fill=player_style(owner).rgb, outline=INK)
        y += 2 * pr + GAP
    room = 2 * 0.5 * size  # inside the side wormholes
    fs = font(round(15 * k), True)
    for who, txt in lines:  # row 3: ships
        mark = round(14 * k) if who is not None else 0
        txt = ellipsize(txt, fs, room - mark - 4)
        w = mark + (4 if mark else 0) + fs.getlength(txt)
        x = cx - w / 2
        if who is not None:
            paste_marker(img, (x + mark / 2, y + row_line / 2), mark, who)
            x += mark + 4
        d.text((x, y + row_line / 2), txt, font=fs, fill=NPC if who is None else WHITE, anchor="lm")
        y += row_line
    # row 4: position and VP
    foot = f"{h.q},{h.r} · {h.vp} {words['vp']}" if coord else f"{h.vp} {words['vp']}"
    d.text((cx, y + GAP + row_foot / 2), foot, font=font(round(14 * k)), fill=COORD, anchor="mm")


def draw_position(d: ImageDraw.ImageDraw, q: int, r: int, c: tuple[float, float], size: float,
                  chosen: bool = False) -> None:
    """An empty position offered to explore (E103 step 1), or the one being explored: a dashed
    outline and its "q,r" as the move buttons write it."""
    pts = corners(c, size * 0.9)
    colour = TARGET if chosen else (200, 180, 110)
    for a, b in zip(pts, pts[1:] + pts[:1]):
        n = 6
        for k in range(0, n, 2):
            p0 = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
            p1 = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
            d.line([p0, p1], fill=colour, width=4 if chosen else 2)
    d.text(c, f"{q},{r}", font=font(18, True), fill=colour, anchor="mm")


__all__ = ["PLANET", "HEX_FILL", "SQ3", "corners", "draw_hex", "draw_position", "ring_of",
           "ship_lines"]
