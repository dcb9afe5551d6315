"""`python -m tools.palettes`: write each game's fixed board palette (render/palettes.json, read by
render/palettes.py).

Boards of random games of every game (2 to 5 players as each game allows, a few seeds, from the first move to
the end) and the decision in view of each of those positions (render/focus.py: a turn post's image, cut from
the board, on its own dark page with the options' badges), reduced to 256 colours (`palette_of`).
Deterministic: the same code draws the same palettes. Run it again when a game's art gets new colours; until
then such boards fall back to a palette of their own (render.common.palette_png).
"""
from __future__ import annotations

import argparse
import json
from typing import Optional

from PIL import Image

from host.boards import decision_focus
from render import render_board, renderer_for
from render.focus import draw_focus
from render.names import board_names
from render.common import palette_error
from render.palettes import PALETTES_FILE, palette_image
from rules import GAMES
from rules.playout import iter_playout, playout_rng

CAPTION = ["Someone played a card and moved a ship", "Player p1 must choose the next move"]


def boards(key: str, seeds: range, per_game: int, players: tuple[int, ...] = (2, 3, 4, 5)
           ) -> list[tuple[Image.Image, Image.Image]]:
    """Images of `key` before encoding, as their two half-size copies (`halves`), `per_game` positions spread
    over each random game: the board and, while someone is to act, the decision in view (English and Spanish
    by turns)."""
    module = __import__(renderer_for(key).__module__, fromlist=["to_png"])
    original, drawn = module.to_png, []
    module.to_png = lambda img, *a, **k: drawn.append(halves(img)) or b""
    engine = GAMES[key]
    try:
        for n in sorted({max(engine.min_players, min(engine.max_players, p)) for p in players}):
            seats = [f"p{i + 1}" for i in range(n)]
            names = board_names({s: f"Player {s}" for s in seats})
            for seed in seeds:
                steps = list(iter_playout(engine, engine.setup(seats, seed, None), playout_rng(seed)))
                for k in range(per_game):
                    state = steps[(len(steps) - 1) * k // max(1, per_game - 1)].after
                    view = engine.view(state, None)
                    render_board(view, names, CAPTION)
                    to_act = engine.to_act(state)
                    if to_act and engine.outcome(state) is None:
                        locale = ("en", "es")[k % 2]
                        focus = decision_focus(engine, state, to_act, CAPTION, names, locale)
                        drawn.append(halves(draw_focus(view, names, focus, locale)))
    finally:
        module.to_png = original
    return drawn


def halves(img: Image.Image) -> tuple[Image.Image, Image.Image]:
    """Two half-size copies of an image: every other pixel of every other row (its exact colours) and the
    average of each 2x2 block (its blends); a quarter of the memory each."""
    rgb = img.convert("RGB")
    size = (max(1, rgb.width // 2), max(1, rgb.height // 2))
    return rgb.resize(size, Image.Resampling.NEAREST), rgb.reduce(2)


def _stacked(images: list[Image.Image]) -> Image.Image:
    sheet = Image.new("RGB", (max(i.width for i in images), sum(i.height for i in images)))
    y = 0
    for img in images:
        sheet.paste(img, (0, y))
        y += img.height
    return sheet


def palette_of(pairs: list[tuple[Image.Image, Image.Image]]) -> bytes:
    """256 colours for all the images whose half-size copies (`halves`) are `pairs`: of the palettes Pillow's
    fast octree and its median cut make from either kind of copy (stacked), the one whose worst mean error per
    channel over the images is least. Neither wins everywhere: the octree spends colours on large areas,
    median cut keeps the exact edges of text on a dark page (Eclipse's decision images: 2.3 with the octree,
    0.3 with median cut)."""
    exact = [near for near, _ in pairs]
    best, best_error = b"", float("inf")
    for copies in (exact, [blend for _, blend in pairs]):
        sheet = _stacked(copies)
        for method in (Image.Quantize.FASTOCTREE, Image.Quantize.MEDIANCUT):
            colours = bytes(sheet.quantize(256, method=method).getpalette()[:768]).ljust(768, b"\0")
            fixed = palette_image(colours)
            worst = max(palette_error(img, img.quantize(palette=fixed, dither=Image.Dither.NONE)) for img in exact)
            if worst < best_error:
                best, best_error = colours, worst
    return best


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.palettes", description=__doc__)
    parser.add_argument("--seeds", type=int, default=3, help="random games per player count (default 3)")
    parser.add_argument("--boards", type=int, default=6, help="boards per random game (default 6)")
    args = parser.parse_args(argv)
    table = {}
    for key in sorted(GAMES):
        images = boards(key, range(100, 100 + args.seeds), args.boards)
        table[key] = palette_of(images).hex()
        print(f"{key}: 256 colours from {len(images)} images (boards and decisions)", flush=True)
    PALETTES_FILE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PALETTES_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
