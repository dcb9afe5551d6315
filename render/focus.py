"""The decision in view: a turn post's image at phone scale.

Discord shows an image about 400 px wide on a phone, so a 1,400 px board's 14 px texts shrink to 4 px.  The
focus view is an image `WIDTH` px wide made of

- the lines of the post's header (what just happened, whose decision it is), drawn large;
- the part of the board the decision touches: a window of the game's own board at its own size (never
  scaled down) around the board texts the options name (a hex "222", a coordinate "-4,3"), each such
  place marked with the number of its option; without such texts, the acting player's area;
- the acting player's area (their row or panel of the board, found by their name drawn on it);
- the options numbered, each as its button names it (the `Focus` the host gives: translated texts).

Every text is at least `render.measure.MIN_RATIO` of the image's width (tests/render/test_focus_legibility.py
measures it through `render.measure`).  Where the board's texts are comes from `render.measure`: they are
noted on the images they were drawn on, so nothing here knows a game's layout.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from . import measure
from .common import INK, WHITE, font, wrap_text
from .measure import Drawn

WIDTH = 600  # px: a board's smallest text (14 px) is 2.33 % of it
WINDOW_H = 380  # px: the board window around the options
AREA_H = 150  # px: the acting player's area
MARGIN = 14
PAGE = (24, 28, 38)
MUTED = (190, 198, 214)
BADGE = (255, 200, 60)
TITLE_PX, TEXT_PX, BADGE_PX = 20, 17, 16
TITLE_MIN = 16  # px: a bold text at least this high is a title (a panel's, a row's); smaller ones are labels
OPTIONS_SHOWN = 10  # more than this are left to the buttons and menus under the image


@dataclass(frozen=True)
class Focus:
    """What the host tells the focus view, already translated: `lines` (the header), the acting `seat`, the
    `options` as their buttons name them, a `heading` above them and `after` (lines under them)."""

    lines: Sequence[str] = ()
    seat: Optional[str] = None
    options: Sequence[str] = ()
    heading: str = ""
    after: Sequence[str] = field(default_factory=tuple)


_TOKEN = re.compile(r"[^\s·()\[\]:;]+")
_COORD = re.compile(r"-?\d+,-?\d+")
_PLACE = re.compile(r"-?\d+,-?\d+|\d{2,}")


@lru_cache(maxsize=4096)
def _tokens(text: str) -> frozenset[str]:
    """The words of a text as places are named (kept: boards draw the same texts move after move)."""
    return frozenset(t.strip(".,") if not _COORD.fullmatch(t.strip(".")) else t.strip(".")
                     for t in _TOKEN.findall(text))


def _placeable(token: str) -> bool:
    """A word that can name a place on a board: a coordinate ("-4,3") or a number of two digits or more (a
    hex "222"); a count or a cost ("2¢", "3") names none."""
    return bool(_PLACE.fullmatch(token))


def _stem(word: str) -> str:
    word = word.lower()
    return word[:-1] if word.endswith("s") and len(word) > 4 else word


def _bold(drawn: Drawn) -> bool:
    return "Bold" in str(getattr(drawn.font, "path", ""))


def anchors(board: Image.Image, options: Sequence[str], shown: Optional[list[Drawn]] = None
            ) -> list[tuple[int, Drawn]]:
    """(option index, board text) for every board text that names a place an option names: a coordinate or a
    number ("-4,3", hex "222"); when no option names one, a title the board draws in bold (`TITLE_MIN` px or more)
    whose first word an option says ("Speakers" for "Influence Speakers", "Hangars" for "hangar 1")."""
    shown = measure.visible(board) if shown is None else shown  # `shown`: the board's visible texts, when known
    wanted = [(i, names) for i, label in enumerate(options) if (names := {t for t in _tokens(label) if _placeable(t)})]
    out = []
    if wanted:
        for drawn in shown:
            said = _tokens(drawn.text)
            out += [(i, drawn) for i, names in wanted if not names.isdisjoint(said)]
    if out:
        return out
    words = [{_stem(w) for w in re.findall(r"[^\W\d_]{4,}", re.sub(r"\([^)]*\)", "", label))} for label in options]
    for drawn in shown:
        first = re.match(r"[^\W\d_]{4,}", drawn.text)
        if first and _bold(drawn) and drawn.size >= TITLE_MIN:
            out += [(i, drawn) for i, said in enumerate(words) if _stem(first.group()) in said]
    return out


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def window(board: Image.Image, points: Sequence[tuple[float, float]], w: int, h: int) -> tuple[int, int, int, int]:
    """The w x h window of the board (clamped to it) that holds most of `points`, centred on one of them."""
    best, best_n = (board.width / 2, board.height / 2), -1
    for cx, cy in points:
        n = sum(1 for x, y in points if abs(x - cx) <= w / 2 and abs(y - cy) <= h / 2)
        if n > best_n:
            best, best_n = (cx, cy), n
    w, h = min(w, board.width), min(h, board.height)
    x0 = int(min(max(0, best[0] - w / 2), board.width - w))
    y0 = int(min(max(0, best[1] - h / 2), board.height - h))
    return x0, y0, x0 + w, y0 + h


def trimmed(board: Image.Image, box: tuple[int, int, int, int], shown: Optional[list[Drawn]] = None
            ) -> tuple[int, int, int, int]:
    """`box` with its top and bottom moved inwards past any text they would cut (a line of a legend half shown
    reads as noise); its sides stay (a map's window cuts hexes, and with them their texts)."""
    x0, y0, x1, y1 = box
    shown = measure.visible(board) if shown is None else shown
    boxes = [d.box for d in shown]  # worked out once for the three passes
    for _ in range(3):
        moved = False
        for a, b, c, e in boxes:
            if e - b < (y1 - y0) * 0.75 and a < x1 and c > x0:
                if b < y0 < e:
                    y0, moved = int(e) + 2, True
                if b < y1 < e:
                    y1, moved = int(b) - 2, True
        if not moved or y1 - y0 < 40:
            break
    if y1 - y0 < 40:
        return box
    return x0, y0, x1, y1


def player_area(board: Image.Image, name: str, w: int, shown: Optional[list[Drawn]] = None
                ) -> Optional[tuple[int, int, int, int]]:
    """The window under the last place the board draws `name` as a row's or panel's title."""
    shown = measure.visible(board) if shown is None else shown
    found = [d for d in shown
             if d.text == name or d.text.startswith(name + " ") or f"({name})" in d.text]
    if not found:
        return None
    title = max(found, key=lambda d: (d.box[1], -d.box[0]))
    x0, y0, _, y1 = title.box
    below = [box[1] for d in shown  # the next title down: as large, about as far left
             if d.size >= title.size - 1 and abs((box := d.box)[0] - x0) < 60 and box[1] > y1 + 8]
    bottom = min([y0 + AREA_H] + [b - 6 for b in below])  # up to the next row's or panel's title
    left = int(min(max(0, x0 - 50), max(0, board.width - w)))
    top = int(max(0, y0 - 8))
    return left, top, min(board.width, left + w), int(min(board.height, max(bottom, y1 + 8)))


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """The share of a's area inside b."""
    w = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    return w * h / max(1, (a[2] - a[0]) * (a[3] - a[1]))


def numbered(indices: Sequence[int]) -> str:
    """Options' numbers (from 1) as a badge says them: "3", "1–8" for a run, else "1, 4"."""
    ns = sorted(i + 1 for i in indices)
    if len(ns) > 2 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}–{ns[-1]}"
    return ", ".join(map(str, ns))


def _half(text: str) -> float:
    """Half the width of a badge: a circle, or a pill for "1–8"."""
    return max(BADGE_PX * 0.8, font(BADGE_PX, True).getlength(text) / 2 + 6)


def _badge(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str) -> None:
    fnt = font(BADGE_PX, True)
    r = BADGE_PX * 0.8
    half = _half(text)
    x, y = max(half + 2, xy[0]), xy[1]  # never cut by the image's left edge
    d.rounded_rectangle([x - half, y - r, x + half, y + r], radius=r, fill=BADGE, outline=INK, width=2)
    d.text((x, y), text, font=fnt, fill=INK, anchor="mm")


def _paste_window(canvas: Image.Image, board: Image.Image, box: tuple[int, int, int, int], y: int) -> None:
    """The board's window at its own size (its texts come along: render.measure), centred across the canvas."""
    part = board.crop(box)
    canvas.paste(part, ((canvas.width - part.width) // 2, y))


def _text_rows(text: str, fnt: Any, width: float) -> list[str]:
    return wrap_text(text, fnt, width)


def compose(board: Image.Image, names: Mapping[str, str], focus: Focus) -> Image.Image:
    """The focus image of a drawn `board` (its texts noted by render.measure)."""
    ft, fx, fb = font(TITLE_PX, True), font(TEXT_PX), font(TEXT_PX, True)
    inner = WIDTH - 2 * MARGIN
    head = [row for line in focus.lines for row in _text_rows(line, ft, inner)]
    shown = measure.visible(board)  # once: the three finders below read the same texts
    found = anchors(board, focus.options, shown)
    points = [_centre(d.box) for _, d in found]
    name = names.get(focus.seat, focus.seat) if focus.seat else None
    area = player_area(board, name, WIDTH, shown) if name else None
    touched = window(board, points, WIDTH, WINDOW_H) if points else None
    if touched is None and area is not None:
        touched, area = area, None
    if touched is not None and area is not None and _overlap(area, touched) > 0.3:
        area = None
    touched = trimmed(board, touched, shown) if touched is not None else None
    shown = list(focus.options[:OPTIONS_SHOWN])
    rows: list[tuple[int, list[str]]] = []
    for i, label in enumerate(shown):
        rows.append((i, _text_rows(label, fx, inner - 40)))
    after = [row for line in focus.after for row in _text_rows(line, fx, inner)]
    lh, th = round(TEXT_PX * 1.3), round(TITLE_PX * 1.3)
    height = MARGIN + th * len(head) + 8
    for box in (touched, area):
        if box is not None:
            height += box[3] - box[1] + 10
    if focus.heading:
        height += lh + 4
    height += sum(max(1, len(r)) * lh + 6 for _, r in rows) + lh * len(after) + MARGIN
    canvas = Image.new("RGB", (WIDTH, height), PAGE)
    d = ImageDraw.Draw(canvas)
    y = MARGIN
    for row in head:
        d.text((MARGIN, y), row, font=ft, fill=WHITE)
        y += th
    y += 8
    if touched is not None:
        _paste_window(canvas, board, touched, y)
        left = (canvas.width - (touched[2] - touched[0])) // 2
        marked: dict[tuple[int, int, int], list[int]] = {}  # a place several options name carries all their numbers
        for i, drawn in found:
            x0, y0, x1, y1 = drawn.box
            if i < OPTIONS_SHOWN and touched[0] <= x0 and x1 <= touched[2] and touched[1] <= y0 and y1 <= touched[3]:
                spot = (round(x0 - touched[0] + left), round(x1 - touched[0] + left),
                        round((y0 + y1) / 2 - touched[1] + y))
                if i not in marked.setdefault(spot, []):
                    marked[spot].append(i)
        for (a, b, mid), numbers in marked.items():
            text = numbered(numbers)
            half = _half(text)
            _badge(d, (a - half - 3 if a >= 2 * half + 6 else b + half + 3, mid), text)  # before the text, else after
        y += touched[3] - touched[1] + 10
    if area is not None:
        _paste_window(canvas, board, area, y)
        y += area[3] - area[1] + 10
    if focus.heading:
        d.text((MARGIN, y), focus.heading, font=fb, fill=WHITE)
        y += lh + 4
    for i, lines in rows:
        _badge(d, (MARGIN + 14, y + lh / 2), numbered([i]))
        for k, row in enumerate(lines):
            d.text((MARGIN + 40, y + k * lh), row, font=fx, fill=WHITE)
        y += max(1, len(lines)) * lh + 6
    for row in after:
        d.text((MARGIN, y), row, font=fx, fill=MUTED)
        y += lh
    return canvas


def draw_focus(view: Any, names: Mapping[str, str], focus: Focus, locale: str = "en") -> Image.Image:
    """The focus image of `view` (the game's renderer draws the board it is cut from)."""
    board = importlib.import_module(f"render.{view.game}").draw(view, names, [], locale=locale)
    return compose(board, names, focus)


__all__ = ["Focus", "WIDTH", "anchors", "compose", "draw_focus", "player_area", "window"]
