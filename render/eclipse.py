"""Eclipse galaxy image: view model in, PNG bytes out, read at a glance.

Layout (1200 px wide, up to 1400 for a wide galaxy so the hexes stay large enough for their
text): a header (round, phase, who acts, caption lines), the galaxy (flat-topped hexes scaled to
the explored area; each hex drawn by `render.eclipse_hex`: number, Discovery tile, Monolith,
planets and cubes, ships per side, its position "q,r" as the moves name it and its VP;
positions offered to explore drawn dashed with their "q,r"), during an Explore placement the
drawn hexes in each legal orientation (`render.eclipse_panels`), the players' victory points
in text that reads at phone size (`render.eclipse_vp`), one summary block per player, and a legend
of the symbols.  Every text is at least 14 px high and nothing overlaps (tests
in tests/render/test_eclipse_legibility.py).  The player board is `render.eclipse_board`.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import WHITE, ellipsize, font, paste_marker, to_png, whole_lines
from .eclipse_battle import battle_panel  # a summary below the galaxy after a battle
from .eclipse_hex import HEX_FILL, PLANET, SQ3, draw_hex, draw_position
from .eclipse_panels import explore_panel, legend
from .eclipse_vp import vp_band

W = 1200
W_MAX = 1400  # legible on a phone: at most 1,400 px wide
MIN_SIZE, MAX_SIZE = 92.0, 124.0  # hex sizes between which a hex's rows fit inside it
GALAXY_H = 1000  # a tall galaxy is drawn smaller (down to MIN_SIZE) to stay within about this height
PAGE = (14, 18, 32)
SPACE = (24, 30, 52)
MUTED = (170, 178, 196)
SHIP_LETTER = {"interceptor": "I", "cruiser": "C", "dreadnought": "D", "starbase": "S"}  # English
WORDS = {
    "en": {"round": "Round", "phase": {"species": "species choice", "action": "action phase",
                                       "combat": "combat phase", "upkeep": "upkeep", "over": "game over"},
           "acts": "to act", "passed": "passed", "collapsed": "collapsed", "vp": "VP",
           "anc": "Anc", "gcds": "GCDS", "amb": "Ambassadors", "traitor": "Traitor",
           "monolith": "M", "ships": SHIP_LETTER},
    "es": {"round": "Ronda", "phase": {"species": "elección de especie", "action": "fase de acción",
                                       "combat": "fase de combate", "upkeep": "mantenimiento",
                                       "over": "fin de la partida"},
           "acts": "le toca", "passed": "ha pasado", "collapsed": "se ha derrumbado", "vp": "PV",
           "anc": "Ant", "gcds": "SDCG", "amb": "Embajadores", "traitor": "Traidor",
           "monolith": "M", "ships": {"interceptor": "I", "cruiser": "C", "dreadnought": "A", "starbase": "B"}},
}


def side_name(p: Any, locale: str) -> str:
    """A player's side ("Terran Directorate", "Directorio Terrano"); before the choice, nothing known."""
    if not getattr(p, "side", None):
        return "?"
    return tr(msg("eclipse.side." + str(p.side).replace(" ", "_")), locale)


def positions(view: Any) -> list[tuple[int, int]]:
    """Every position drawn: the hexes, the positions offered to explore, the one being explored."""
    out = [(h.q, h.r) for h in view.hexes]
    for pid in list(getattr(view, "explore_targets", None) or []) + [getattr(view, "explore_pos", None)]:
        if pid:
            q, r = pid.split(",")
            out.append((int(q), int(r)))
    return out


def layout(cells: Sequence[tuple[int, int]]) -> tuple[float, float, float, int, int]:
    """(size, x offset, y offset, galaxy height, image width): the hex size scaled to the explored
    area, never below MIN_SIZE while the image can still widen up to W_MAX."""
    xs = [1.5 * q for q, _ in cells] or [0.0]
    ys = [SQ3 * (r + q / 2) for q, r in cells] or [0.0]
    span_x = max(xs) - min(xs) + 2.0
    span_y = max(ys) - min(ys) + SQ3
    width = W if (W - 20) / span_x >= MIN_SIZE else min(W_MAX, int(span_x * MIN_SIZE) + 20)
    size = min(MAX_SIZE, (width - 20) / span_x, max(MIN_SIZE, GALAXY_H / span_y))
    height = int(span_y * size) + 20
    x0 = (width - (max(xs) + min(xs)) * size) / 2
    y0 = 10 + (SQ3 / 2 - min(ys)) * size
    return size, x0, y0, height, width


def centre(q: int, r: int, size: float, x0: float, y0: float) -> tuple[float, float]:
    return x0 + 1.5 * q * size, y0 + SQ3 * (r + q / 2) * size


def _header(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]], words: Mapping[str, Any],
            width: int) -> Image.Image:
    ft, fc = font(24, True), font(16)
    acting = ", ".join(names.get(s, s) for s in view.to_act)
    head = f"Eclipse — {words['round']} {view.round}/9 — {words['phase'].get(view.phase, view.phase)}"
    heads = whole_lines([head + (f" — {words['acts']}: {acting}" if acting else "")], ft, width - 28, 1)
    if not heads:  # who acts goes on a line of its own rather than being cut
        heads = [head] + whole_lines([f"{words['acts']}: {acting}"], ft, width - 28, 2)
    lines = whole_lines(caption or [], fc, width - 28, 5)
    top = 10 + 34 * len(heads)
    img = Image.new("RGB", (width, top + 2 + 22 * len(lines) + 6), PAGE)
    d = ImageDraw.Draw(img)
    for i, line in enumerate(heads):
        d.text((14, 10 + 34 * i), line, font=ft, fill=WHITE)
    for i, line in enumerate(lines):
        d.text((14, top + 2 + 22 * i), line, font=fc, fill=MUTED)
    return img


def _players(view: Any, names: Mapping[str, str], index: Mapping[str, int], words: Mapping[str, Any],
             locale: str, width: int) -> Image.Image:
    """Two lines per player: name, side and state; storage with production, discs and upkeep."""
    rows = 50
    img = Image.new("RGB", (width, 8 + rows * len(view.players) + 4), PAGE)
    d = ImageDraw.Draw(img)
    fb, f = font(16, True), font(15)
    y = 8
    for p in view.players:
        paste_marker(img, (24, y + 12), 20, index.get(p.seat, 0))
        state = ""
        if getattr(p, "collapsed", False):
            state += f" · {words['collapsed']}"
        elif p.passed:
            state += f" · {words['passed']}"
        if getattr(p, "ambassadors", 0):  # E46, E48
            state += f" · {words['amb']} {p.ambassadors}"
        if getattr(p, "traitor", False):
            state += f" · {words['traitor']}"
        first = f"{names.get(p.seat, p.seat)} ({side_name(p, locale)}){state}"
        d.text((42, y + 12), ellipsize(first, fb, width - 56), font=fb, fill=WHITE, anchor="lm")
        second = tr(msg("eclipse.board.resources", money=p.money, m=p.production[0], science=p.science,
                        s=p.production[1], materials=p.materials, t=p.production[2], discs=p.track,
                        upkeep=p.upkeep), locale)
        d.text((42, y + 34), ellipsize(second, f, width - 56), font=f, fill=MUTED, anchor="lm")
        y += rows
    return img


def _parts(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]], locale: str) -> list[Image.Image]:
    """The board's bands, top to bottom: header, galaxy, exploration (when one is under way), victory points,
    players, legend."""
    words = WORDS.get(locale, WORDS["en"])
    index = {s: i for i, s in enumerate(view.order)}
    size, x0, y0, gh, width = layout(positions(view))
    galaxy = Image.new("RGB", (width, gh), SPACE)
    d = ImageDraw.Draw(galaxy)
    for h in view.hexes:
        draw_hex(galaxy, d, h, centre(h.q, h.r, size, x0, y0), size, index, words)
    chosen = getattr(view, "explore_pos", None)
    for pid in list(getattr(view, "explore_targets", None) or []) + ([chosen] if chosen else []):
        q, r = (int(v) for v in pid.split(","))
        draw_position(d, q, r, centre(q, r, size, x0, y0), size, chosen=pid == chosen)
    parts = [_header(view, names, caption, words, width), galaxy]
    panel = explore_panel(view, names, index, words, locale, width)
    if panel is not None:
        parts.append(panel)
    if view.players:  # each player's victory points, readable at phone size (render.eclipse_vp)
        parts.append(vp_band(view, names, index, locale, width))
    parts += [_players(view, names, index, words, locale, width), legend(width, locale)]
    return parts


def stacked(parts: Sequence[Image.Image]) -> Image.Image:
    """The parts one under the other, as wide as the first (the header), on the page colour where a part is
    narrower."""
    width = parts[0].width
    # parts as wide as the image cover all of it: no need to paint it first
    img = Image.new("RGB", (width, sum(p.height for p in parts)), None if all(p.width == width for p in parts) else PAGE)
    y = 0
    for part in parts:
        img.paste(part, (0, y))
        y += part.height
    return img


def draw(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]], locale: str = "en") -> Image.Image:
    return stacked(_parts(view, names, caption, locale))


def render(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, locale: str = "en") -> bytes:
    parts = _parts(view, names, caption, locale)
    panel = battle_panel(view, names, locale)
    return to_png(stacked(parts if panel is None else parts + [panel]))


__all__ = ["HEX_FILL", "MUTED", "PAGE", "PLANET", "WORDS", "draw", "render", "side_name", "stacked"]
