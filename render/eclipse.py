"""Eclipse galaxy image: view model in, PNG bytes out (issue #5 item 4).

Layout (1200 px wide): a header (round, phase, who acts, caption lines), the
galaxy (flat-topped hexes scaled to the explored area so 30+ hexes stay
readable on a phone) and one summary row per player.  Each hex shows its
number, VP value, wormholes on the right edges, planets by colour (advanced
ones starred, cubes filled in the owner's colour), the owner's disc, ships by
type and owner with counts, Ancients, the GCDS, a face-down Discovery tile,
orbitals and monoliths.  The player board is `render.eclipse_board`.
"""
from __future__ import annotations

import math
from typing import Any, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, font, paste_marker, player_style, text_center, to_png
from .eclipse_battle import battle_panel  # issue #6: a summary below the galaxy after a battle

W = 1200
HEADER = 96
ROW = 34
PAGE = (14, 18, 32)
SPACE = (24, 30, 52)
MUTED = (170, 178, 196)
PLANET = {"money": (236, 140, 40), "science": (226, 92, 150), "materials": (150, 100, 60),
          "grey": (160, 160, 160), "orbital": (90, 200, 220)}
HEX_FILL = {"center": (92, 78, 40), "start": (40, 56, 96), "I": (48, 60, 88), "II": (44, 54, 80),
            "III": (40, 48, 70)}
SHIP_LETTER = {"interceptor": "I", "cruiser": "C", "dreadnought": "D", "starbase": "S"}  # English
SQ3 = math.sqrt(3)
WORDS = {
    "en": {"round": "Round", "phase": {"species": "species choice", "action": "action phase",
                                       "combat": "combat phase", "upkeep": "upkeep", "over": "game over"},
           "acts": "to act", "passed": "passed", "upkeep": "upkeep", "discs": "discs", "vp": "VP",
           "sci": "Sci", "mat": "Mat", "anc": "Anc", "gcds": "GCDS", "amb": "Amb", "traitor": "Traitor",
           "monolith": "M", "ships": SHIP_LETTER},
    "es": {"round": "Ronda", "phase": {"species": "elección de especie", "action": "fase de acción",
                                       "combat": "fase de combate", "upkeep": "mantenimiento",
                                       "over": "fin de la partida"},
           "acts": "le toca", "passed": "ha pasado", "upkeep": "mant.", "discs": "discos", "vp": "PV",
           "sci": "Cie", "mat": "Mat", "anc": "Ant", "gcds": "SDCG", "amb": "Emb", "traitor": "Traidor",
           "monolith": "M", "ships": {"interceptor": "I", "cruiser": "C", "dreadnought": "A", "starbase": "B"}},
}


def side_name(p: Any, locale: str) -> str:
    """A player's side ("Terran Directorate", "Directorio Terrano"); before the choice, nothing known."""
    if not getattr(p, "side", None):
        return "?"
    return tr(msg("eclipse.side." + str(p.side).replace(" ", "_")), locale)


def ring_of(hid: str) -> str:
    if hid == "001":
        return "center"
    if hid[0] == "1":
        return "I"
    if hid[0] == "3":
        return "III"
    return "start" if 221 <= int(hid) <= 232 else "II"


def layout(hexes: Sequence[Any], width: int) -> tuple[float, float, float, int]:
    """(size, x offset, y offset, galaxy height): hex size scaled to the explored area."""
    xs = [1.5 * h.q for h in hexes] or [0.0]
    ys = [SQ3 * (h.r + h.q / 2) for h in hexes] or [0.0]
    span_x = max(xs) - min(xs) + 2.0
    span_y = max(ys) - min(ys) + SQ3
    size = max(34.0, min(110.0, (width - 20) / span_x, 1100 / span_y))
    height = int(span_y * size) + 20
    x0 = (width - (max(xs) + min(xs)) * size) / 2
    y0 = 10 + (SQ3 / 2 - min(ys)) * size
    return size, x0, y0, height


def centre(h: Any, size: float, x0: float, y0: float) -> tuple[float, float]:
    return x0 + 1.5 * h.q * size, y0 + SQ3 * (h.r + h.q / 2) * size


def draw_hex(img: Image.Image, d: ImageDraw.ImageDraw, h: Any, c: tuple[float, float], size: float,
             index: Mapping[str, int], words: Mapping[str, Any] = WORDS["en"]) -> None:
    """One hex; ships by their initial in the reader's language (Spanish: Interceptor, Crucero,
    Acorazado, Base estelar = I, C, A, B), the Ancients and the GCDS (SDCG) in red."""
    cx, cy = c
    pts = [(cx + size * math.cos(math.radians(60 * k)), cy + size * math.sin(math.radians(60 * k)))
           for k in range(6)]
    owner = index.get(h.owner) if h.owner else None
    edge = player_style(owner).rgb if owner is not None else (110, 120, 150)
    d.polygon(pts, fill=HEX_FILL[ring_of(h.id)], outline=edge, width=max(2, int(size / 14)) if owner is not None else 2)
    apo = size * SQ3 / 2
    for w in h.wormholes:  # E12: direction d is the edge at -90 + 60 d degrees
        a = math.radians(-90 + 60 * w)
        wx, wy = cx + apo * 0.9 * math.cos(a), cy + apo * 0.9 * math.sin(a)
        r = size * 0.09
        d.ellipse([wx - r, wy - r, wx + r, wy + r], fill=(10, 10, 14), outline=(200, 200, 230))
    small, tiny = font(max(10, int(size / 5.2)), True), font(max(9, int(size / 6.5)))
    text_center(d, (cx, cy - size * 0.62), h.id, small, WHITE)
    text_center(d, (cx + size * 0.55, cy + size * 0.55), f"{h.vp}", tiny, (255, 220, 120))
    squares = list(zip(h.squares, h.pop))
    if h.orbital:
        squares.append(("orbital", 1 if h.orbital == 2 else 0))
    pr = max(5.0, size * 0.11)
    n = len(squares)
    for i, (kind, full) in enumerate(squares):
        px = cx + (i - (n - 1) / 2) * pr * 2.3
        py = cy - size * 0.28
        col = PLANET[kind.rstrip("*")]
        d.ellipse([px - pr, py - pr, px + pr, py + pr], fill=col,
                  outline=WHITE if kind.endswith("*") else INK, width=2 if kind.endswith("*") else 1)
        if kind.endswith("*"):
            text_center(d, (px, py - pr - 3), "*", tiny, WHITE)
        if full and owner is not None:
            s = pr * 0.55
            d.rectangle([px - s, py - s, px + s, py + s], fill=player_style(owner).rgb, outline=INK)
    if owner is not None:
        paste_marker(img, (cx - size * 0.55, cy + size * 0.05), max(12, int(size / 4.5)), owner)
    tags = []
    if h.monolith:
        tags.append(words["monolith"])
    if h.discovery:
        tags.append("?")
    if tags:
        text_center(d, (cx + size * 0.55, cy + size * 0.05), " ".join(tags), small, (255, 230, 150))
    lines: list[tuple[Optional[int], str]] = []
    hurt = getattr(h, "damage", None) or {}  # damage markers during the Combat phase (E60)

    def marks(side: str, ship: str) -> str:
        d = hurt.get(side, {}).get(ship)
        return f"[{','.join(map(str, d))}]" if d else ""

    if h.gcds:
        lines.append((None, words["gcds"] + marks("npc", "gcds")))
    if h.ancients:
        lines.append((None, f"{h.ancients}× {words['anc']}" + marks("npc", "ancient")))
    for seat, ships in h.ships.items():
        txt = " ".join(f"{n}{words['ships'][t]}{marks(seat, t)}" for t, n in ships.items() if n)
        if txt:
            lines.append((index.get(seat, 0), txt))
    ly = cy + size * 0.12
    for who, txt in lines[:3]:
        colour = (255, 110, 110) if who is None else WHITE
        if who is not None:
            paste_marker(img, (cx - size * 0.18, ly + size * 0.1), max(9, int(size / 7)), who)
        d.text((cx - size * 0.08, ly + size * 0.1), txt, font=small, fill=colour, anchor="lm")
        ly += size * 0.22


def draw(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]], locale: str = "en") -> Image.Image:
    words = WORDS.get(locale, WORDS["en"])
    index = {s: i for i, s in enumerate(view.order)}
    size, x0, y0, gh = layout(view.hexes, W)
    rows = len(view.players)
    img = Image.new("RGB", (W, HEADER + gh + ROW * rows + 16), PAGE)
    d = ImageDraw.Draw(img)
    acting = ", ".join(names.get(s, s) for s in view.to_act)
    head = f"Eclipse — {words['round']} {view.round}/9 — {words['phase'].get(view.phase, view.phase)}"
    if acting:
        head += f" — {words['acts']}: {acting}"
    d.text((14, 10), ellipsize(head, font(24, True), W - 28), font=font(24, True), fill=WHITE)
    for i, line in enumerate((caption or [])[:3]):
        d.text((14, 42 + 17 * i), ellipsize(line, font(14), W - 28), font=font(14), fill=MUTED)
    d.rectangle([0, HEADER, W, HEADER + gh], fill=SPACE)
    for h in view.hexes:
        x, y = centre(h, size, x0, y0)
        draw_hex(img, d, h, (x, y + HEADER), size, index, words)
    y = HEADER + gh + 8
    f = font(16)
    for p in view.players:
        paste_marker(img, (24, y + ROW / 2), 20, index.get(p.seat, 0))
        state = f" · {words['passed']}" if p.passed else ""
        if getattr(p, "ambassadors", 0):  # E46, E48
            state += f" · {words['amb']} {p.ambassadors}"
        if getattr(p, "traitor", False):
            state += f" · {words['traitor']}"
        txt = (f"{names.get(p.seat, p.seat)} ({side_name(p, locale)}) — $ {p.money} (+{p.production[0]}) · "
               f"{words['sci']} {p.science} (+{p.production[1]}) · {words['mat']} {p.materials} (+{p.production[2]}) · "
               f"{words['discs']} {p.track} · {words['upkeep']} {p.upkeep}{state}")
        d.text((42, y + ROW / 2), ellipsize(txt, f, W - 56), font=f, fill=WHITE, anchor="lm")
        y += ROW
    return img


def render(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> bytes:
    img = draw(view, names, caption, locale)
    panel = battle_panel(view, names, locale)
    if panel is not None:
        both = Image.new("RGB", (img.width, img.height + panel.height), PAGE)
        both.paste(img, (0, 0))
        both.paste(panel, (0, img.height))
        img = both
    return to_png(img)
