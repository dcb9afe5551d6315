"""Where on a board the focus view looks (render/focus.py): the texts the options name, the windows that hold
them, the acting player's row or panel, and what only the viewer sees.

Everything here reads the texts a board noted on itself (render.measure), so nothing knows a game's layout.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Collection, Optional, Sequence

from PIL import Image

from . import measure
from .measure import Drawn
from .window_box import Box, bold as _bold, inside, lines_out, merged, numbered_row, trimmed, whole
from .window_edges import row_whole, unslivered

WINDOW_H = 380  # px: the first board window around the options (taller when its options need it)
WINDOW_MAX = 560  # px: the tallest a window grows to hold its options' places
EXTRA_H = 200  # px: the least height of a further window
WINDOWS_MAX = 3  # windows at most; places left beyond them are said in words
PAD = 40  # px kept around an option's place inside its window (its badge goes beside it)
AREA_H = 150  # px: the acting player's area
TITLE_MIN = 16  # px: a bold text at least this high is a title (a panel's, a row's); smaller ones are labels

_TOKEN = re.compile(r"[^\s·()\[\]:;]+")
_COORD = re.compile(r"-?\d+,-?\d+")
_PLACE = re.compile(r"-?\d+,-?\d+|\d{2,}|[A-Za-z]\d{1,2}")
PLACE_NOUNS = ("space", "casilla", "hex", "hexágono", "tile", "loseta")  # words that name a place
_NAMED_DIGIT = re.compile(r"\b(?:" + "|".join(PLACE_NOUNS) + r") (\d)(?!\d)(?![^\W\d_])(?! [^\W\d_])",
                          re.IGNORECASE)  # "space 6", "casilla 6:", not "space 6 wood"


@lru_cache(maxsize=4096)
def _tokens(text: str) -> frozenset[str]:
    """The words of a text as places are named (kept: boards draw the same texts move after move)."""
    return frozenset(t.strip(".,") if not _COORD.fullmatch(t.strip(".")) else t.strip(".")
                     for t in _TOKEN.findall(text))


@lru_cache(maxsize=4096)
def _lowered(text: str) -> frozenset[str]:
    """The words of a board text in lower case (kept, as `_tokens`)."""
    return frozenset(t.lower() for t in _tokens(text))


def _placeable(token: str) -> bool:
    """A word that can name a place on a board: a coordinate ("-4,3"), a grid square ("B3") or a number of two
    digits or more (a hex "222"); a count or a cost ("2¢", "3") names none."""
    return bool(_PLACE.fullmatch(token))


def _named_digits(label: str) -> set[str]:
    """The one-digit numbers a label names as places: a number right after a word that names a place in English
    or Spanish (`PLACE_NOUNS`: "Explore space 6: the Carpenter", "Explorar la casilla 6"); a count,
    a cost or an amount names none ("put 1 wood", "Sail 2", "discard 5", "Rotation 3", "(1 wood)")."""
    return set(_NAMED_DIGIT.findall(re.sub(r"\([^)]*\)", "", label)))


_SIGNED = re.compile(r"[+-]\d+")
_ITEM = re.compile(r"[^\W\d_]{4,}\S*[: ]")  # a line of a list's item: a word, then more ("Rest: Carpenter ✓")


def _lone_numbers(shown: Sequence[Drawn]) -> dict[int, str]:
    """The board texts that draw a one-digit number as a place (by position among `shown`): the number alone ("6", an unexplored
    space) or first before a "·" ("6·#1", space 6 holding tile 1); not a value on a scale, a number drawn in a row
    beside signed ones ("-1", "0", "+1": Robinson's Morale track), nor a list's index (the number alone, its
    item's line beginning just after it: Robinson's plan "1  Rest: Carpenter ✓"), which name no place."""
    signed = [d.box for d in shown if _SIGNED.fullmatch(d.text.strip())]
    items = [d.box for d in shown if _ITEM.match(d.text)]
    out: dict[int, str] = {}
    for k, drawn in enumerate(shown):
        head = drawn.text.split("·")[0].strip()
        if len(head) != 1 or not head.isdigit():
            continue
        x0, y0, x1, y1 = drawn.box
        reach = 3 * max(y1 - y0, 1.0)
        if any(b[1] < y1 and y0 < b[3] and b[0] - reach < x1 and x0 < b[2] + reach for b in signed):
            continue
        if drawn.text == head and any(b[1] < y1 and y0 < b[3] and x1 <= b[0] < x1 + reach for b in items):
            continue  # a list's index: the line of its item begins right after it ("1  Rest: Carpenter ✓")
        out[k] = head
    return out


def _stems(word: str) -> set[str]:
    """A word and its singulars by the English and Spanish plural endings ("Speakers", "Hangares", "Oradores")."""
    word = word.lower()
    out = {word}
    if word.endswith("s") and len(word) > 4:
        out.add(word[:-1])
    if word.endswith("es") and len(word) > 5:
        out.add(word[:-2])
    return out


def is_title(drawn: Drawn) -> bool:
    """A section's or a panel's title: bold, `TITLE_MIN` px or more, beginning with a capitalised word ("Hangars
    — …", "Pila de leña", "Tokens:"); not the second line of a bold text wrapped ("madera, 0 piel") nor a line
    of a section saying a value after a colon ("Izquierda: —", "Derecha: Cajas de comida")."""
    return (bool(re.match(r"[^\W\d_]{4,}", drawn.text)) and drawn.text[0].isupper() and _bold(drawn)
            and drawn.size >= TITLE_MIN and not re.match(r"[^:]*:\s*\S", drawn.text))


@lru_cache(maxsize=4096)
def _place_keys(text: str) -> tuple[str, ...]:
    """What a board text is found by when an option names a place: its words that can name one (`_placeable`, in
    lower case); kept, as `_tokens`."""
    return tuple(w for w in _lowered(text) if _placeable(w))


def _words(shown: Sequence[Drawn]) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """Where the board says each word that can name a place (in lower case) and each one-digit number it draws as
    a place (`_lone_numbers`): their positions among `shown`, in order."""
    words: dict[str, list[int]] = {}
    for k, drawn in enumerate(shown):
        for word in _place_keys(drawn.text):
            if word in words:
                words[word].append(k)
            else:
                words[word] = [k]
    whole: dict[str, list[int]] = {}
    for k, head in _lone_numbers(shown).items():
        whole.setdefault(head, []).append(k)
    return words, whole


def _titles(seen: measure.Sheet) -> list[int]:
    """The positions of the sheet's texts that are titles (`is_title`), found once per sheet."""
    if "titles" not in seen.memo:
        seen.memo["titles"] = [k for k, d in enumerate(seen.drawn) if is_title(d)]
    return seen.memo["titles"]  # type: ignore[no-any-return]


def _headings(seen: measure.Sheet) -> list[int]:
    """The positions of the sheet's bold texts `TITLE_MIN` px or more high, found once per sheet: titles, and
    lines as a score band's "alice 3 VP" (a player's name need not begin with a capital)."""
    if "headings" not in seen.memo:
        seen.memo["headings"] = [k for k, d in enumerate(seen.drawn) if _bold(d) and d.size >= TITLE_MIN]
    return seen.memo["headings"]  # type: ignore[no-any-return]


def anchors(board: Image.Image, options: Sequence[str], shown: Optional[list[Drawn]] = None
            ) -> list[tuple[int, Drawn]]:
    """(option index, board text) for every board text that names a place an option names: a coordinate or a
    number ("-4,3", hex "222", square "B3"; a one-digit one where the option names it as a place and the board
    draws it alone: `_named_digits`), of those the ones that say most of the option's words (a caption "101 ·
    turned 60°" rather than every "101" drawn), and of those the shortest (the square's own "C3", not a panel's
    "plane at C3"); when no option names one, a title the board draws in bold (`TITLE_MIN` px or more)
    whose first word an option says ("Speakers" for "Influence Speakers", "Hangars" for "hangar 1"), of those
    the ones with fewest words the option does not say ("Jenny", her panel, not the scenario "Jenny needs help!").  `shown`:
    the texts to look in (the board's visible texts when not given: its sheet, whose words are found once,
    `_words`, for every option and every reader)."""
    seen = measure.sheet(board) if shown is None else None
    if seen is not None:
        shown = seen.drawn
        if "words" not in seen.memo:
            seen.memo["words"] = _words(shown)
        words, whole = seen.memo["words"]
    else:
        assert shown is not None
        words, whole = _words(shown)
    said = [{t.lower() for t in _tokens(label)} for label in options]
    wanted = [{t for t in ws if _placeable(t)} for ws in said]
    digits = [_named_digits(label) for label in options]  # found only where the board draws the number alone
    titles = [shown[k] for k in _titles(seen)] if seen is not None else [d for d in shown if is_title(d)]
    out: list[tuple[int, Drawn]] = []
    for i, names in enumerate(wanted):  # the texts that say most of the option ("101 · turned 60°", not "101"),
        # then the shortest ("C3" on its tile, not a panel's "plane at C3"); short words ("to", "at") say nothing
        within = _section_spaces(shown, titles, options[i], digits[i]) if digits[i] else None
        at = sorted({k for name in names for k in words.get(name, ())} | (
            within if within is not None else {k for d in digits[i] for k in whole.get(d, ())}))
        seen_words = [(shown[k], _lowered(shown[k].text)) for k in at]
        scored = [((sum(1 for w in said[i] & seen if len(w) > 2 or not w.isalpha()), -len(seen)), drawn)
                  for drawn, seen in seen_words]
        best = max((n for n, _ in scored), default=(0, 0))
        out += [(i, drawn) for n, drawn in scored if n == best]
    if out:
        return sorted(out, key=lambda pair: shown.index(pair[1]))
    titled = [_label_words(label) for label in options]
    said_words = [{x for w in re.findall(r"[^\W\d_]+", label) for x in _stems(w)} for label in options]
    found: list[tuple[int, int, Drawn]] = []  # (option, words of the title the option does not say, title)
    for drawn in ([shown[k] for k in _titles(seen)] if seen is not None else [d for d in shown if is_title(d)]):
        first = _first_stems(drawn.text)
        if first:
            words = re.findall(r"[^\W\d_]+", drawn.text)
            found += [(i, sum(1 for w in words if not _stems(w) & said_words[i]), drawn)
                      for i, said in enumerate(titled) if first & said]
    fewest = {i: min(n for j, n, _ in found if j == i) for i, _, _ in found}  # the title that is the option's
    # name ("Jenny", her panel) rather than a longer one beginning with it (the scenario "Jenny needs help!")
    return [(i, drawn) for i, n, drawn in found if n == fewest[i]]


_SPACE_HEAD = re.compile(r"(\d{1,2})(?:\s*[:·]|$)")  # "3", "3: Ti", "6·#1": a space's number first
SECTION_W = 600  # px: how far right of its title a section is looked at for its spaces (a window's width)


def _label_words(label: str) -> set[str]:
    """An option's words of four letters or more, outside brackets, with their singulars (`_stems`): what it may
    name a section's title by ("Influence Speakers: …" -> "influence", "speakers", "speaker")."""
    return {x for w in re.findall(r"[^\W\d_]{4,}", re.sub(r"\([^)]*\)", "", label)) for x in _stems(w)}


def _first_stems(text: str) -> set[str]:
    """A title's first word of four letters or more, with its singulars ("Hangars — …" -> "hangars", "hangar");
    none when it begins with no such word."""
    first = re.match(r"[^\W\d_]{4,}", text)
    return _stems(first.group()) if first else set()


def _named_sections(titles: Sequence[Drawn], label: str) -> list[tuple[Drawn, tuple[float, float, float, float]]]:
    """The sections an option names by their one-word titles ("Influence Speakers: …" names "Speakers"), each with
    its region: below its title, above the next title under it, at most `SECTION_W` px right of it."""
    words = _label_words(label)
    out = []
    for title in titles:
        if not _first_stems(title.text) & words or len(re.findall(r"[^\W\d_]+", title.text)) != 1:
            continue
        x0, y0 = title.box[0] - 12, title.box[1] - 4
        x1 = title.box[0] + SECTION_W
        below = [t.box[1] for t in titles if t.box[1] > title.box[3] and t.box[0] < x1 and t.box[2] > x0]
        out.append((title, (x0, y0, x1, min(below, default=math.inf))))
    return out


def _section_spaces(shown: Sequence[Drawn], titles: Sequence[Drawn], label: str, digits: set[str]
                    ) -> Optional[set[int]]:
    """Where an option that names a section and a space in it ("Influence Speakers: space 3 → 4") finds that
    space: the texts of the section (`_named_sections`) that begin with the number ("3: Ti", or "3" alone), not a
    number drawn elsewhere (a market's slot "3", a count of barrels).  None when the option names no section the
    board titles, or none of those sections draws the number (Robinson's "Explore 2: Friday" names Friday's
    panel, and space 2 is on the island: found as before, anywhere on the board)."""
    named = _named_sections(titles, label)
    if not named:
        return None
    out: set[int] = set()
    for _, region in named:
        for k, d in enumerate(shown):
            head = _SPACE_HEAD.match(d.text)
            if head and head.group(1) in digits and inside(d.box, region):
                out.add(k)
    return out or None


def section_titles(board: Image.Image, options: Sequence[str], found: Sequence[tuple[int, Drawn]]
                   ) -> list[tuple[float, float, float, float]]:
    """The boxes of the titles of the sections that hold the places `found` for `options` when each option names
    its section (`_named_sections`: "Influence Speakers: space 3 → 4" found on "3: Ti", under "Speakers"): the
    windows hold them too, so that each badged space is seen under its section's name."""
    seen = measure.sheet(board)
    titles = [seen.drawn[k] for k in _titles(seen)]
    out: list[tuple[float, float, float, float]] = []
    for i, drawn in found:
        for title, region in _named_sections(titles, options[i]):
            if inside(drawn.box, region) and title.box not in out:
                out.append(title.box)
    return out


def _best(places: Sequence[tuple[float, float, float, float]], w: int, hmax: int
          ) -> tuple[int, float, float, float]:
    """(how many, centre x, top, bottom) of the most places one window `w` wide and at most `hmax` high holds."""
    best = (0, 0.0, 0.0, 0.0)
    for a, _, c, _ in places:
        cx = (a + c) / 2
        across = sorted((p for p in places if p[0] - PAD >= cx - w / 2 and p[2] + PAD <= cx + w / 2),
                        key=lambda p: p[1])
        for k, first in enumerate(across):
            held = [p for p in across[k:] if p[3] - first[1] + 2 * PAD <= hmax]
            if len(held) > best[0]:
                best = (len(held), cx, first[1], max(p[3] for p in held))
    return best


def section_numbers(options: Sequence[str], found: Sequence[tuple[int, Drawn]]) -> frozenset[int]:
    """The numbers the options name after their section's word (`anchors` found the options by the titles in
    `found`): "hangar 5" under the title "Hangars — …" (5), "hangar 7" under "Hangares — …"."""
    out: set[int] = set()
    for i, title in found:
        stems = _first_stems(title.text)
        out |= {int(n) for word, n in re.findall(r"([^\W\d_]+) (\d{1,2})(?!\d)", options[i]) if _stems(word) & stems}
    return frozenset(out)


def cover(board: Image.Image, places: Sequence[tuple[float, float, float, float]], w: int = 600,
          sections: bool = False, numbers: Collection[int] = (),
          context: Sequence[tuple[float, float, float, float]] = ()) -> list[Box]:
    """Windows of the board, each `w` wide (or the board's width), that hold every place (a text's box) of
    `places`, fewest first: the first at least `WINDOW_H` high and grown up to `WINDOW_MAX` to hold more, the
    further ones (up to `WINDOWS_MAX` in all) only as high as their places need, each moved up to end above a
    heading under its places that a row clear across the board sets apart (another section: Eclipse's score band,
    `_section_end`); each widened to hold whole every numbered place it shows (`whole`); windows that overlap are
    made one (`merged`: wider than `w`, the caller folds it).  `sections`: the places are sections' titles (anchors found no place named), so a window
    begins at its title, left and top, and ends above the next title below (what is above a title or left of it
    is another section's); `numbers`: the numbers the options name in those sections (`section_numbers`), each
    numbered place of them in a row the window shows taken in whole (`numbered_row`); `context`: texts a window
    takes in when it can and stays `w` wide and `WINDOW_MAX` high (the title of a section whose space it holds).
    Places none could hold are left out (the caller says so).  The board's texts are read from its sheet
    (`render.measure.sheet`), worked out once for every window."""
    left = list(places)
    out: list[Box] = []
    w = min(w, board.width)
    seen = measure.sheet(board)
    while left and len(out) < WINDOWS_MAX:
        n, cx, top, bottom = _best(left, w, WINDOW_MAX)
        if n == 0:  # a place wider than a window
            break
        h = min(board.height, max(WINDOW_H if not out else EXTRA_H, int(bottom - top) + 2 * PAD))
        x0 = int(min(max(0, cx - w / 2), board.width - w))
        if sections:  # the section's texts begin where its title does
            lefts = [p[0] for p in left if cx - w / 2 <= p[0] and p[2] <= cx + w / 2]
            x0 = int(min(max(0, min(lefts, default=x0 + 8) - 8), board.width - w))
            y0 = int(max(0, top - 8))
            below = [seen.boxes[k][1] for k in _titles(seen) if seen.boxes[k][1] > bottom + 8]
            y1 = int(min([board.height, y0 + h] + [_clear_above(board, x0, x0 + w, b) for b in below]))
        else:
            y0 = int(min(max(0, (top + bottom) / 2 - h / 2), board.height - h))
            y1 = y0 + h
            clear = _section_end(board, seen, bottom, y1 + PAD)
            if clear is not None:  # a heading under the places begins another section (a score band, apart from
                y1 = max(int(bottom) + 4, clear)  # them by a clear row): the window ends above it, as high
                y0 = max(0, y1 - h)
        x0, y0, x1, y1 = _with_context((x0, y0, x0 + w, y1), left, context, w)
        box = trimmed(board, (x0, y0, x1, y1), [p for p in left])
        if sections:  # the section's row of numbered places goes on past the window's edge: all of it
            box = numbered_row(board, box, numbers)
        box = unslivered(board, lines_out(board, whole(board, box, left, w), left))
        if sections:  # a row of boxes on the title's line (a character's track) is not cut at an edge
            box = row_whole(board, box, w)
        out.append(box)
        left = [p for p in left if not any(inside(p, b) for b in out)]
    return merged(out)


def _with_context(box: Box, places: Sequence[tuple[float, float, float, float]],
                  context: Sequence[tuple[float, float, float, float]], w: int) -> Box:
    """`box` moved or grown to take in each text of `context` just above or beside the places it holds (within
    `AREA_H` px), while it holds them all, stays `w` wide and at most `WINDOW_MAX` high: first moved to begin
    where those titles begin (a ring's panel from its left edge, not the map beside it), then up to them."""
    x0, y0, x1, y1 = box
    held = [p for p in places if inside(p, box)]
    near = [t for t in context if held and t[1] < y1 and t[3] > y0 - AREA_H]
    if near:  # the window begins where the titles do (not on the board beside their sections), if it still can
        start = int(min(t[0] for t in near)) - 8
        if max(p[2] for p in held) + PAD <= start + w and min(p[0] for p in held) >= start:
            x0, x1 = start, start + w
    for a, b, c, e in near:
        nx0 = int(min(x0, a - 8)) if a - 8 < x0 else x0
        nx0 = int(max(nx0, max(p[2] for p in held) + PAD - w))  # the places still held at the right
        ny0 = int(min(y0, b - 8))
        if nx0 <= a - 8 and c + 8 <= nx0 + w and y1 - ny0 <= WINDOW_MAX:
            x0, y0, x1 = nx0, ny0, nx0 + w
    return x0, y0, x1, y1


def _clear_above(board: Image.Image, x0: int, x1: int, y: float) -> int:
    """The lowest row above `y` (a title's top) where nothing is drawn between `x0` and `x1` (one colour): where a
    section above it ends, the title's own drawings (a legend's tokens) left out."""
    row = _clear_row(board, x0, x1, y)
    return int(y) - 6 if row is None else row


def _section_end(board: Image.Image, seen: measure.Sheet, bottom: float, limit: float) -> Optional[int]:
    """The clear row above the first heading (`_headings`) under `bottom` and above `limit` that a row clear across
    the whole board sets apart (a score band under a panel: the same row for every window over it); a heading the
    rows above cross (a tile's name on a map, a tile of the row below on a grid of islands) is passed over."""
    for top in sorted({seen.boxes[k][1] for k in _headings(seen) if bottom + 4 < seen.boxes[k][1] < limit}):
        row = _clear_row(board, 0, board.width, top)
        if row is not None:
            return row
    return None


def _clear_row(board: Image.Image, x0: int, x1: int, y: float) -> Optional[int]:
    """`_clear_above`'s row, or None when every row up to 40 px above `y` crosses a drawing (a map's tiles
    around a tile's name: no section begins there)."""
    for row in range(int(y) - 2, max(0, int(y) - 40), -1):
        if board.crop((x0, row, x1, row + 1)).getcolors(1) is not None:
            return row
    return None


def player_area(board: Image.Image, name: str) -> Optional[Box]:
    """The band under the last place the board draws `name` as a row's or panel's title: down to the next such
    title below, across to the next beside it (another player's panel) or the board's edge."""
    seen = measure.sheet(board)
    texts, boxes = seen.drawn, seen.boxes
    prefix, bracketed = name + " ", f"({name})"
    found = [k for k, d in enumerate(texts) if d.text == name or d.text.startswith(prefix) or bracketed in d.text]
    if not found:
        return None
    at = max(found, key=lambda k: (boxes[k][1], -boxes[k][0]))
    title = texts[at]
    x0, y0, _, y1 = boxes[at]
    least = title.size - 1  # as large as the title
    below = [b[1] for d, b in zip(texts, boxes)  # the next title down: about as far left
             if abs(b[0] - x0) < 60 and b[1] > y1 + 8 and d.size >= least]
    beside = [b[0] for d, b in zip(texts, boxes)  # the next title to the right, on the same line: another panel
              if abs(b[1] - y0) < 6 and b[0] > x0 + 80 and d.size >= least and _bold(d) == _bold(title)]
    bottom = min([y0 + AREA_H] + [b - 6 for b in below])  # up to the next row's or panel's title
    left = int(max(0, x0 - 50))
    right = int(min([board.width] + [b - 12 for b in beside]))
    top = int(max(0, y0 - 8))
    band = trimmed(board, (left, top, right, int(min(board.height, max(bottom, y1 + 8)))), [boxes[at]])
    held = [boxes[k] for k in seen.inside(band)]  # no empty stretch after the last text, nor under it
    return (band[0], band[1], int(min(band[2], max(b[2] for b in held) + 40)),
            int(min(band[3], max(b[3] for b in held) + 30)))


def private_bands(mine: Image.Image, public: Image.Image, most: int = 3) -> list[Box]:
    """The bands of a player's own board (`mine`) that draw what the public board does not (their hand, their
    hidden tiles), top to bottom, at most `most`: texts one below another within a line's height are one band."""
    seen = {(d.text, round(d.box[0]), round(d.box[1])) for d in measure.visible(public)}
    new = sorted((d for d in measure.visible(mine) if (d.text, round(d.box[0]), round(d.box[1])) not in seen),
                 key=lambda d: d.box[1])
    bands: list[list[float]] = []
    for d in new:
        a, b, c, e = d.box
        if bands and b <= bands[-1][3] + 30:
            band = bands[-1]
            band[0], band[2], band[3] = min(band[0], a), max(band[2], c), max(band[3], e)
        else:
            bands.append([a, b, c, e])
    return [(int(max(0, a - 10)), int(max(0, b - 8)), int(min(mine.width, c + 10)), int(min(mine.height, e + 8)))
            for a, b, c, e in bands[:most]]


def overlap(a: Box, b: Box) -> float:
    """The share of a's area inside b."""
    w = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    return w * h / max(1, (a[2] - a[0]) * (a[3] - a[1]))


__all__ = ["Box", "anchors", "cover", "inside", "is_title", "overlap", "player_area", "private_bands",
           "section_numbers", "section_titles"]
