"""Flotilla: the board read at a glance on a phone.

Boards of real games (start, pending placement, rotation, sail, build, final; English and Spanish):
every text at least 14 px high at native size, the image at most 1,400 px wide, no text over another
text, every cell's coordinate as the moves name it, every tile and target inside the map, the
pending decision's cells highlighted, the tile to place drawn in each rotation with the buttons'
words, a key to the ring abbreviations, and a final board that agrees with the final scores."""
from __future__ import annotations

import functools

import pytest
from PIL import ImageDraw

from render.flotilla import BODY_H, KEY_H, MAP_W, _static, draw
from render.flotilla_map import TARGET_RGB, cells_in, centre, fit, grid_layer
from render.flotilla_panels import KEPT_ROWS, space_key
from rules.flotilla import ENGINE
from rules.playout import iter_playout, playout_rng
from rules.text import tr

NAMES = {"s1": "Alice", "s2": "Bob", "s3": "Chiara", "s4": "Dmitri", "s5": "Eve"}
CAPTION = ["Bob played the Trader and bought 2 red barrels.", "Chiara: play one of your crew cards."]
KINDS = ("place", "cell", "rot", "sail", "bcell", "brot")


@functools.lru_cache(maxsize=None)
def boards(players: int = 4, seed: int = 7) -> dict[str, object]:
    """name -> state: the start, the first state (after round 6) pending each of KINDS with a real
    choice, and the final state."""
    s0 = ENGINE.setup([f"s{i + 1}" for i in range(players)], seed)
    out: dict[str, object] = {"start": s0}
    for step in iter_playout(ENGINE, s0, playout_rng(seed)):
        st = step.after
        kind = st.todo[0].kind if st.todo else None
        if kind in KINDS and kind not in out and st.round > 6 and len(ENGINE.legal_moves(st, ENGINE.to_act(st)[0])) > 2:
            out[kind] = st
    out["final"] = st
    return out


class Spy:
    """Every text drawn: (text, font size, bounding box)."""

    def __init__(self, monkeypatch):
        grid_layer.cache_clear()  # cached layers are drawn again, so their texts are seen
        _static.cache_clear()
        monkeypatch.setattr(KEPT_ROWS, "size", 0)  # the players' rows drawn in place, at the page's coordinates
        self.texts: list[tuple[str, int, tuple[int, int, int, int]]] = []
        self.grid: set[str] = set()  # coordinates drawn on the grid layer
        real = ImageDraw.ImageDraw.text
        spy = self

        def text(d, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
            if str(text).strip():
                x0, y0, x1, y1 = d.textbbox(xy, text, font=font, anchor=anchor)
                on_layer = d.im.size == spy.layer  # the map's cached grid layer: to page coordinates
                dx, dy = spy.offset if on_layer else (0, 0)
                if on_layer:
                    spy.grid.add(str(text))
                spy.texts.append((str(text), font.size, (x0 + dx, y0 + dy, x1 + dx, y1 + dy)))
            return real(d, xy, text, fill, font, anchor, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        top = 56 + 24 * len(CAPTION)
        self.offset, self.layer = (0, top), (MAP_W, BODY_H - KEY_H)

    def strings(self) -> list[str]:
        return [t for t, _, _ in self.texts]

    def visible(self, view) -> list[tuple[str, int, tuple[int, int, int, int]]]:
        """The texts left visible: the grid layer's coordinate of a cell that a tile or a highlight
        then paints over (opaque) is hidden, and a text drawn again on the very same spot (the
        marked space of a track) counts once."""
        covered = {t.cell for t in view.tiles} | set(view.targets)
        out, seen, layer_seen = [], set(), set()
        for text, size, box in self.texts:
            if text in self.grid and text in covered and (text, box) not in layer_seen:
                layer_seen.add((text, box))  # the first of a covered cell's labels is the layer's
                continue
            if (text, box) not in seen:
                seen.add((text, box))
                out.append((text, size, box))
        return out


def overlapping(texts) -> list[tuple[str, str]]:
    boxes = sorted(texts, key=lambda t: t[2][1])
    out = []
    for i, (a, _, (ax0, ay0, ax1, ay1)) in enumerate(boxes):
        for b, _, (bx0, by0, bx1, by1) in boxes[i + 1:]:
            if by0 >= ay1:
                break
            if bx0 < ax1 and ax0 < bx1:
                out.append((a, b))
    return out


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("name", ["start", *KINDS, "final"])
def test_text_at_least_14px_none_over_another_and_phone_width(monkeypatch, name, locale):
    state = boards()[name]
    spy = Spy(monkeypatch)
    view = ENGINE.view(state, None)
    img = draw(view, NAMES, CAPTION, locale)
    assert img.width <= 1400
    small = [(t, size) for t, size, _ in spy.texts if size < 14]
    assert not small, small[:5]
    shown = spy.visible(view)
    assert len(shown) > 200 and not overlapping(shown), overlapping(shown)[:5]
    assert all(0 <= x0 and 0 <= y0 and x1 <= img.width and y1 <= img.height for _, _, (x0, y0, x1, y1) in spy.texts)


def test_own_view_with_the_hand_is_legible_too(monkeypatch):
    state = boards()["cell"]
    spy = Spy(monkeypatch)
    view = ENGINE.view(state, state.order[0])
    draw(view, NAMES, CAPTION, "es")
    assert min(size for _, size, _ in spy.texts) >= 14 and not overlapping(spy.visible(view))


def _map_box(view) -> tuple[int, int, int, int]:
    top = 56 + 24 * len(CAPTION)
    return (0, top, MAP_W, top + BODY_H - KEY_H)


@pytest.mark.parametrize("name", ["start", *KINDS, "final"])
def test_every_cell_shows_its_coordinate_and_the_map_holds_every_tile(monkeypatch, name):
    view = ENGINE.view(boards()[name], None)
    spy = Spy(monkeypatch)
    draw(view, NAMES, CAPTION)
    box = _map_box(view)
    cells = cells_in(box, fit(view, box))
    wanted = {t.cell for t in view.tiles} | set(view.targets)
    assert wanted <= set(cells)  # nothing drifts out of the map (over the key below it)
    drawn = spy.strings()
    assert set(cells) <= set(drawn)  # every cell of the grid, empty or not, is labelled "q,r"
    g = fit(view, box)
    for cell in cells:  # ... inside the lower half of its own hexagon
        cx, cy = centre(cell, g.size, g.ox, g.oy)
        for x0, y0, x1, y1 in {b for t, _, b in spy.texts if t == cell}:
            assert cx - g.size < x0 and x1 < cx + g.size and cy < y0 and y1 < cy + g.size, cell


def test_the_cells_of_a_pending_placement_are_highlighted_and_named_as_the_moves():
    state = boards()["cell"]
    view = ENGINE.view(state, None)
    moves = ENGINE.legal_moves(state, ENGINE.to_act(state)[0])
    assert sorted(view.targets) == sorted(m.id.split(":")[1] for m in moves)
    assert all(m.label.endswith(f" at {m.id.split(':')[1]}") for m in moves)  # "Place yellow-17 at 1,3"
    img = draw(view, NAMES, CAPTION)
    box = _map_box(view)
    g = fit(view, box)
    for cell in view.targets:
        cx, cy = centre(cell, g.size, g.ox, g.oy)
        assert img.getpixel((int(cx), int(cy - g.size * 0.6))) == TARGET_RGB
    empty = next(c for c in cells_in(box, g) if c not in view.targets and c not in {t.cell for t in view.tiles})
    cx, cy = centre(empty, g.size, g.ox, g.oy)
    assert img.getpixel((int(cx), int(cy - g.size * 0.6))) != TARGET_RGB


def test_the_sail_targets_are_the_cells_the_skiffs_can_reach():
    state = boards()["sail"]
    view = ENGINE.view(state, None)
    moves = ENGINE.legal_moves(state, ENGINE.to_act(state)[0])
    reach = {m.label.rsplit(" to ", 1)[1].split()[0] for m in moves if " to " in m.label}
    assert reach and set(view.targets) == reach


@pytest.mark.parametrize("name", ["rot", "brot"])
@pytest.mark.parametrize("locale", ["en", "es"])
def test_the_tile_is_drawn_in_each_rotation_with_the_buttons_words(monkeypatch, name, locale):
    state = boards()[name]
    moves = ENGINE.legal_moves(state, ENGINE.to_act(state)[0])
    spy = Spy(monkeypatch)
    draw(ENGINE.view(state, None), NAMES, CAPTION, locale)
    drawn = spy.strings()
    for m in moves:  # "Rotation 2" under a picture; the button reads "Rotation 2" or "Rotation 2 (wedge top)"
        shown = [t for t in drawn if tr(m.text, locale).startswith(t) and t[-1].isdigit()]
        assert shown, (tr(m.text, locale), drawn[:40])


@pytest.mark.parametrize("locale", ["en", "es"])
def test_ring_abbreviations_are_explained_in_the_readers_language(monkeypatch, locale):
    spy = Spy(monkeypatch)
    draw(ENGINE.view(boards()["start"], None), NAMES, CAPTION, locale)
    key = " ".join(spy.strings())
    words = {"en": ("recruit", "seal", "barrel", "survivor"), "es": ("recluta", "sello", "barril", "supervivientes")}
    assert all(w in key for w in words[locale]) and space_key(locale).split()[0] in key


def test_the_final_board_agrees_with_the_final_scores(monkeypatch):
    state = boards()["final"]
    outcome = ENGINE.outcome(state)
    spy = Spy(monkeypatch)
    draw(ENGINE.view(state, None), NAMES, CAPTION)
    drawn = spy.strings()
    winner = NAMES[outcome.winners()[0]]
    assert any(t.startswith(f"winner: {winner}, {outcome.scores[outcome.winners()[0]]} points") for t in drawn)
    rows = [t for t in drawn if t.startswith("#")]
    by_rank = sorted(outcome.scores, key=lambda s: (outcome.ranks[s], state.order.index(s)))
    assert rows == [f"#{outcome.ranks[s]} {NAMES[s]}" for s in by_rank]
    finals = [t for t in drawn if t.startswith("Final score ")]
    assert finals == [f"Final score {outcome.scores[s]} ({outcome.breakdown[s]['play']} VP in play)" for s in by_rank]
    # no row shows the in-game stats line ("73¢  ·  93 VP  ·  …") any more
    assert not [t for t in drawn for p in state.players.values() if t.startswith(f"{p.coins}¢  ·  {p.vp} VP")]


def test_every_edge_of_the_grid_is_drawn():
    """No blobs: the edge between two empty Hub cells, and between two empty sea cells, is a line."""
    from render.flotilla_map import SEA_EDGE, edge_mid
    view = ENGINE.view(boards()["start"], None)
    img = draw(view, NAMES, CAPTION)
    box = _map_box(view)
    g = fit(view, box)
    occupied = {t.cell for t in view.tiles}
    edges = 0
    for cell in cells_in(box, g):
        q, r = map(int, cell.split(","))
        east = f"{q + 1},{r}"
        if cell in occupied or east in occupied:
            continue
        hub = max(abs(q), abs(r), abs(q + r)) <= 3 and max(abs(q + 1), abs(r), abs(q + 1 + r)) <= 3
        sea = max(abs(q), abs(r), abs(q + r)) > 3 and max(abs(q + 1), abs(r), abs(q + 1 + r)) > 3
        if not (hub or sea):
            continue
        cx, cy = centre(cell, g.size, g.ox, g.oy)
        mx, my = edge_mid(cx, cy, g.size, 0)  # edge 0 faces E: shared with the east neighbour
        pixels = {img.getpixel((round(mx) + dx, round(my + 6))) for dx in (-1, 0, 1)}
        assert ((120, 132, 146) if hub else SEA_EDGE) in pixels, (cell, pixels)
        edges += 1
    assert edges > 100
