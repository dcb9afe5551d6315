"""The decision in view: a turn post's image at phone scale.

Discord shows an image about 400 px wide on a phone, so a 1,400 px board's 14 px texts shrink to 4 px.  The
focus view is an image `WIDTH` px wide made of

- the lines of the post's header (what just happened, whose decision it is), drawn large;
- the part of the board the decision touches: windows of the game's own board at their own size (never
  scaled down) around the board texts the options name (a hex "222", a coordinate "-4,3"), each such
  place marked with the number of its option; as many windows as it takes (render/focus_places.py `cover`,
  up to three), and a line naming any numbered option whose place none holds;
- windows that would overlap made one (window_box.merged), folded to the image's width: nothing shown twice;
  but a window over one drawing with no clear columns to fold it at (a map), holding `MAP_PLACES` numbered places
  or more, is shown whole across, scaled to the image's width, its numbers on the badges (render/window_edges.py
  `drawing_whole`: Cursed Island's fog choice, its 17 spaces all over the island), not folded into strips; one
  around the places the deciders' own options touch (nothing numbered) shows the image's width of it at its own
  size, the stretch nearest its middle whose sides cut the fewest texts;
- when several decide at once and the post lists no options (each decides through "My view"): windows around
  the places their own options name (`Focus.touches`, nothing numbered), and each decider's area;
- the acting player's area (their row or panel of the board, found by their name drawn on it), folded into
  rows no wider than the image when it is wider (render/fold.py: nothing cut);
- in a player's own view ("My view", `Focus.mine`): their area and the bands of the board only they see
  (their hand: what their board draws that the public board does not) first, then the decision's windows;
- a key to the abbreviations those parts show (`render.<game>_key`, when the game has one: Flotilla's ring
  spaces "Sv", "Ti", Eclipse's ships "1C"), only those the image holds, since the board's own key is not in view;
- the options numbered, each as its button names it (the `Focus` the host gives: translated texts).

Every text is at least `render.measure.MIN_RATIO` of the image's width (but a map shown whole, scaled: its own texts
read smaller, the badges carry its numbers) (tests/render/test_focus_legibility.py
measures it through `render.measure`).  Where the board's texts are comes from `render.measure`: they are
noted on the images they were drawn on, so nothing here knows a game's layout.
"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping, Optional, Sequence

from PIL import Image, ImageDraw

from . import focus_kept, measure
from .common import INK, WHITE, font, wrap_text
from .fold import fold, fold_by_layers, layers
from .focus_places import (Box, anchors, cover, inside, is_title, overlap, player_area, private_bands,
                           section_numbers, section_titles)
from .window_edges import drawing_whole
from .measure import Drawn

WIDTH = 600  # px: a board's smallest text (14 px) is 2.33 % of it
WINDOW_H = 380  # px: a board window's height when no option names a place on it
MARGIN = 14
PAGE = (24, 28, 38)
MUTED = (190, 198, 214)
BADGE = (255, 200, 60)
TITLE_PX, TEXT_PX, BADGE_PX = 20, 17, 16
OPTIONS_SHOWN = 10  # more than this are left to the buttons and menus under the image
MAP_PLACES = 5  # a window wider than the image holding this many places of a map shows the map whole, scaled


@dataclass(frozen=True)
class Focus:
    """What the host tells the focus view, already translated: `lines` (the header), the acting `seat` (the
    viewer in a private view, `mine`), the `options` as their buttons name them, a `heading` above them, `after`
    (lines under them) and `outside` (said of numbered options whose places no window could hold).  When
    several decide at once and the post lists no options (each decides through "My view"): `seats`, the
    deciders, and `touches`, the texts of their own options, which place the windows (nothing numbered)."""

    lines: Sequence[str] = ()
    seat: Optional[str] = None
    options: Sequence[str] = ()
    heading: str = ""
    after: Sequence[str] = field(default_factory=tuple)
    mine: bool = False  # a player's own view ("My view"): their area and what only they see come first
    outside: tuple[str, str] = ("", "")  # "{numbers}" not in the windows: the line for one option, for several
    seats: Sequence[str] = ()  # every decider when several decide at once: each one's area is shown
    touches: Sequence[str] = ()  # with no options listed: the deciders' own options, whose places are shown unmarked


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
    x, y = max(half + 2, min(d.im.size[0] - half - 2, xy[0])), xy[1]  # never cut by the image's edges
    d.rounded_rectangle([x - half, y - r, x + half, y + r], radius=r, fill=BADGE, outline=INK, width=2)
    d.text((x, y), text, font=fnt, fill=INK, anchor="mm")


@lru_cache(maxsize=1024)
def _text_rows(text: str, fnt: Any, width: float) -> tuple[str, ...]:
    """A line of the header, an option or the key wrapped to `width` (kept: a post's options and lines recur
    from one move to the next)."""
    return tuple(wrap_text(text, fnt, width))


def _window(board: Image.Image, box: Box, found: Sequence[tuple[int, Drawn]], section: bool = False
            ) -> tuple[Image.Image, set[int]]:
    """The board's window at its own size (its texts come along: render.measure), each place an option names in
    it marked with the option's number (a place several options name carries all their numbers); the options
    marked.  A window wider than the image (windows that overlapped, made one: window_box.merged) is folded
    first (render/fold.py: nothing cut), so that each number stays beside its place, keeping only the layers that
    hold its places unless it is a `section`'s; a badge gets room before its place at the window's left edge."""
    part = board.crop(box).convert("RGB")
    held = [(i, drawn) for i, drawn in found if inside(drawn.box, box)]
    wide = part.width > WIDTH and not section
    kept = _places_layers(part, box, held) if wide else None  # the rows of the layers that hold its places
    rows = (box[0], box[1] + kept[0], box[2], box[1] + kept[1]) if kept is not None else box
    mapped = drawing_whole(board, rows) if wide and (len(held) >= MAP_PLACES or not held) else None
    if mapped is not None and not held:  # around the places the deciders' own options touch, nothing numbered:
        # the map's middle at its own size, the image's width of it, not folded into strips that cut its drawings
        left = _least_cut(board, mapped[0], mapped[2], box)
        part = board.crop((left, box[1], left + WIDTH, box[3])).convert("RGB")
        spots = []
    elif mapped is not None:  # the options name places all over a map: shown whole, scaled to the width, not
        # folded into strips that cut its drawings (its places' numbers are on the badges)
        part = board.crop(mapped).convert("RGB")
        scale = WIDTH / part.width
        part = measure.resized(part, (WIDTH, round(part.height * scale)))
        spots = [(i, ((x0 - mapped[0]) * scale, (y0 - mapped[1]) * scale, (x1 - mapped[0]) * scale,
                      (y1 - mapped[1]) * scale)) for i, (x0, y0, x1, y1) in ((i, d.box) for i, d in held)]
    elif part.width > WIDTH:  # only the layers holding its places (not the rows under a row of drawings), folded;
        # a section's window (found by its title: focus_places.cover) is all its title's
        if kept is not None:
            part = part.crop((0, kept[0], part.width, kept[1]))
        whole_part = part
        part = fold(whole_part, (0, 0, part.width, part.height), WIDTH)
        if section:  # a section folded layer by layer when that is shorter (its title line apart from its boxes)
            badge = int(2 * _half(numbered(sorted({i for i, _ in held})))) + 8 if held else 0  # after the title
            apart = fold_by_layers(whole_part, (0, 0, whole_part.width, whole_part.height), WIDTH, badge)
            part = apart if apart.height < part.height else part
        now = measure.visible(part)
        spots = [(i, d.box) for i, drawn in held for d in _copies(now, drawn)]
    else:
        spots = [(i, (x0 - box[0], y0 - box[1], x1 - box[0], y1 - box[1])) for i, (x0, y0, x1, y1) in
                 ((i, drawn.box) for i, drawn in held)]
    marked: dict[tuple[int, int, int], list[int]] = {}
    for i, (x0, y0, x1, y1) in spots:
        spot = (round(x0), round(x1), round((y0 + y1) / 2))
        if i not in marked.setdefault(spot, []):
            marked[spot].append(i)
    short = max([2 * _half(numbered(n)) + 6 - a for (a, _, _), n in marked.items()], default=0)
    pad = int(short) + 4 if short > 0 else 0
    if pad and part.width + pad <= WIDTH:  # room on the left for a badge before a place at the edge
        wider = Image.new("RGB", (part.width + pad, part.height), part.getpixel((0, 0)))
        wider.paste(part, (pad, 0))
        part = wider
        marked = {(a + pad, b + pad, mid): n for (a, b, mid), n in marked.items()}
    others = measure.sheet(part).boxes
    sides = {spot: _side(spot, numbered(numbers), others) for spot, numbers in marked.items()}
    part = _room(part, [b + 2 * _half(numbered(numbers)) + 6 for (a, b, _), numbers in marked.items()
                        if sides[(a, b, _)] > b])
    d = ImageDraw.Draw(part)
    for (a, b, mid), numbers in marked.items():
        _badge(d, (sides[(a, b, mid)], mid), numbered(numbers))
    return part, {i for numbers in marked.values() for i in numbers}


def _places_layers(part: Image.Image, box: Box, held: Sequence[tuple[int, Drawn]]) -> Optional[tuple[int, int]]:
    """(top, bottom) in `part` (the crop of `box`) of the layers that hold the places in it (render/fold.py
    `layers`), None when none does: what a wide window folds, and what is judged a map or not (a row of drawings
    under a map, Eclipse's turned hexes, by itself, not as part of the map above it)."""
    kept = [(top, bottom) for top, bottom in layers(part, WIDTH)
            if any(top <= d.box[1] - box[1] and d.box[3] - box[1] <= bottom for _, d in held)]
    return (kept[0][0], kept[-1][1]) if kept else None


def _least_cut(board: Image.Image, lo: int, hi: int, box: Box) -> int:
    """The left edge, between `lo` and `hi - WIDTH`, of the `WIDTH`-wide stretch of a map's band (`box`'s rows)
    whose sides cut the fewest texts (a tile's name, the camp's "CAMP" cut in two), nearest the band's middle
    among those."""
    seen = measure.sheet(board)
    across = [seen.boxes[i] for i in seen.overlapping((lo, box[1], hi, box[3]))]
    middle = (box[0] + box[2] - WIDTH) // 2

    def cuts(x: int) -> int:
        return sum(1 for a, _, c, _ in across if a < x < c or a < x + WIDTH < c)

    return min(range(lo, max(lo, hi - WIDTH) + 1, 4), key=lambda x: (cuts(x), abs(x - middle)))


def _copies(texts: Sequence[Drawn], drawn: Drawn) -> list[Drawn]:
    """The texts of a folded window that are the board's `drawn` moved: the same text drawn at the same place in
    the same font (a ring's "6: Rc" of Speakers, not of Traders below it), or the same text where none is."""
    same = [d for d in texts if d.text == drawn.text]
    moved = [d for d in same if d.xy == drawn.xy and d.font is drawn.font]
    return moved or same


def _side(spot: tuple[int, int, int], text: str, others: Sequence[tuple[float, float, float, float]]) -> float:
    """Where a badge's centre goes beside a place's text (`spot`: its left, right and middle): before it, unless
    there is no room or it would cover another text ("HOME" left of a tile's "C3"), then after it."""
    a, b, mid = spot
    half, r = _half(text), BADGE_PX * 0.8
    before, after = a - half - 3, b + half + 3

    def covers(x: float) -> bool:
        return any(o[0] < x + half and x - half < o[2] and o[1] < mid + r and mid - r < o[3]
                   for o in others if not (o[0] >= a - 1 and o[2] <= b + 1))  # the place's own text aside

    if a >= 2 * half + 6 and (not covers(before) or covers(after)):
        return before
    return after


def _room(part: Image.Image, ends: Sequence[float]) -> Image.Image:
    """`part` widened on the right, on its own edge's colour, up to the image's width, so that a badge drawn after
    a place at its right edge (`ends`: where each such badge ends) is not drawn over the place's text."""
    need = min(WIDTH, int(max(ends, default=0)))
    if need <= part.width:
        return part
    wider = Image.new("RGB", (need, part.height), part.getpixel((part.width - 1, 0)))
    wider.paste(part, (0, 0))
    return wider


def _distinct(places: Sequence[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """Each place once (several options name the same space)."""
    return list(dict.fromkeys(places))


def _outside(focus: Focus, missed: Sequence[int]) -> list[str]:
    if not missed or not focus.outside[0]:
        return []
    return [focus.outside[0 if len(missed) == 1 else 1].replace("{numbers}", numbered(missed))]


def compose(board: Image.Image, names: Mapping[str, str], focus: Focus,
            private: Sequence[Box] = (), key: Optional[Callable[[Sequence[str]], list[str]]] = None) -> Image.Image:
    """The focus image of a drawn `board` (its texts noted by render.measure); `private`: the bands of the board
    only the viewer sees (their hand), shown after their own area in a private view (`focus.mine`); `key`: the
    game's key to the abbreviations among the texts the image shows (`_key`), its lines under the board's parts."""
    ft, fx, fb = font(TITLE_PX, True), font(TEXT_PX), font(TEXT_PX, True)
    inner = WIDTH - 2 * MARGIN
    head = [row for line in focus.lines for row in _text_rows(line, ft, inner)]
    found = [(i, d) for i, d in anchors(board, focus.options) if i < OPTIONS_SHOWN]  # the finders read the board's
    # texts from its sheet, laid out once (render.measure.sheet)
    touched = [d.box for _, d in anchors(board, focus.touches)] if not found and focus.touches else []
    seats = list(focus.seats) or ([focus.seat] if focus.seat else [])
    name = names.get(focus.seat, focus.seat) if focus.seat else None
    titled = bool(found) and all(is_title(d) for _, d in found)  # no place named: sections' titles
    boxes = cover(board, [d.box for _, d in found] or _distinct(touched), WIDTH, titled,
                  section_numbers(focus.options, found) if titled else (),
                  [] if titled else section_titles(board, focus.options, found))  # the titles over named spaces
    if focus.mine:  # what only the viewer sees is shown first: a window over it would show it twice
        boxes = [b for b in boxes if not any(overlap(b, band) > 0.5 or overlap(band, b) > 0.5 for band in private)]
    windows = [focus_kept.window(board, box, found, titled, WIDTH, _window) for box in boxes]
    marked = set().union(*(m for _, m in windows)) if windows else set()
    shown_privately = {i for i, d in found if any(inside(d.box, band) for band in private)} if focus.mine else set()
    missed = sorted({i for i, _ in found} - marked - shown_privately)
    areas: list[Box] = []
    for seat in seats:  # each decider's row, once, unless a window shows it already
        area = player_area(board, names.get(seat, seat))
        if area is not None and not any(overlap(area, box) > 0.3 for box in boxes + areas):
            areas.append(area)
    tops = [band[1] for band in private if areas and areas[0][1] + 20 < band[1] < areas[0][3]]
    if tops:  # the viewer's area runs into what only they see (Flotilla's hand under their row): it ends above it
        areas[0] = (areas[0][0], areas[0][1], areas[0][2], min(tops) - 2)
    area = areas[0] if areas else None
    own = [focus_kept.folded(board, a, WIDTH) for a in areas] + [
        focus_kept.folded(board, band, WIDTH) for band in private if area is None or overlap(band, area) < 0.5]
    blocks = own + [w for w, _ in windows] if focus.mine else [w for w, _ in windows] + own
    if not blocks and not areas and name is None and board.width <= WIDTH:
        blocks = [board.crop((0, 0, board.width, min(board.height, WINDOW_H)))]
    legend = [row for line in (key([t.text for b in blocks for t in measure.visible(b)]) if key else [])
              for row in _text_rows(line, fx, inner)]
    shown = list(focus.options[:OPTIONS_SHOWN])
    rows = [(i, _text_rows(label, fx, inner - 40)) for i, label in enumerate(shown)]
    after = [row for line in list(_outside(focus, missed)) + list(focus.after) for row in _text_rows(line, fx, inner)]
    lh, th = round(TEXT_PX * 1.3), round(TITLE_PX * 1.3)
    height = MARGIN + th * len(head) + 8 + sum(b.height + 10 for b in blocks) + (lh * len(legend) + 8 if legend else 0)
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
    for block in blocks:
        canvas.paste(block, ((WIDTH - block.width) // 2, y))
        y += block.height + 10
    for row in legend:
        d.text((MARGIN, y), row, font=fx, fill=MUTED)
        y += lh
    if legend:
        y += 8
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


def _board(view: Any, names: Mapping[str, str], locale: str) -> Image.Image:
    return importlib.import_module(f"render.{view.game}").draw(view, names, [], locale=locale)  # type: ignore[no-any-return]


def _key(game: str, locale: str) -> Optional[Callable[[Sequence[str]], list[str]]]:
    """A game's key to the abbreviations its board draws (the `focus_key` of `render.<game>_key`, when the game
    has one: Flotilla's ring spaces, Eclipse's ships): the lines explaining those among the texts an image shows."""
    if importlib.util.find_spec(f"render.{game}_key") is None:
        return None
    explain = importlib.import_module(f"render.{game}_key").focus_key
    return lambda texts: list(explain(texts, locale))


def draw_focus(view: Any, names: Mapping[str, str], focus: Focus, locale: str = "en",
               public: Any = None) -> Image.Image:
    """The focus image of `view` (the game's renderer draws the board it is cut from).  `public`: in a player's
    own view (`focus.mine`), the public view, whose board tells what only they see (`private_bands`)."""
    board = _board(view, names, locale)
    private = private_bands(board, _board(public, names, locale)) if public is not None else []
    return compose(board, names, focus, private, _key(view.game, locale))


__all__ = ["Focus", "WIDTH", "anchors", "compose", "cover", "draw_focus", "player_area"]
