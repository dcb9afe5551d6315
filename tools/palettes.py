"""`python -m tools.palettes`: write each game's fixed board palette (render/palettes.json, read by
render/palettes.py).

Boards of random games of every game (2 to 5 players as each game allows, a few seeds, from the first move to
the end), halved and stacked into one image per game, reduced to 256 colours (Pillow's fast octree, as a
board's own palette is).  Deterministic: the same code draws the same palettes.  Run it again when a game's art
gets new colours; until then such boards fall back to a palette of their own (render.common.palette_png).
"""
from __future__ import annotations

import argparse
import json
from typing import Optional

from PIL import Image

from render import render_board, renderer_for
from render.names import board_names
from render.palettes import PALETTES_FILE
from rules import GAMES
from rules.playout import iter_playout, playout_rng

CAPTION = ["Someone played a card and moved a ship", "Player p1 must choose the next move"]


def boards(key: str, seeds: range, per_game: int, players: tuple[int, ...] = (2, 3, 4, 5)) -> list[Image.Image]:
    """Full-colour boards of `key` (the images before encoding), `per_game` spread over each random game."""
    module = __import__(renderer_for(key).__module__, fromlist=["to_png"])
    original, drawn = module.to_png, []
    module.to_png = lambda img, *a, **k: drawn.append(img.copy()) or b""
    engine = GAMES[key]
    try:
        for n in sorted({max(engine.min_players, min(engine.max_players, p)) for p in players}):
            seats = [f"p{i + 1}" for i in range(n)]
            names = board_names({s: f"Player {s}" for s in seats})
            for seed in seeds:
                steps = list(iter_playout(engine, engine.setup(seats, seed, None), playout_rng(seed)))
                for k in range(per_game):
                    state = steps[(len(steps) - 1) * k // max(1, per_game - 1)].after
                    render_board(engine.view(state, None), names, CAPTION)
    finally:
        module.to_png = original
    return drawn


def palette_of(images: list[Image.Image]) -> bytes:
    """256 colours for all of `images` (their half-size copies stacked)."""
    halves = [img.convert("RGB").reduce(2) for img in images]
    sheet = Image.new("RGB", (max(h.width for h in halves), sum(h.height for h in halves)))
    y = 0
    for half in halves:
        sheet.paste(half, (0, y))
        y += half.height
    colours = bytes(sheet.quantize(256, method=Image.Quantize.FASTOCTREE).getpalette()[:768])
    return colours.ljust(768, b"\0")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.palettes", description=__doc__)
    parser.add_argument("--seeds", type=int, default=3, help="random games per player count (default 3)")
    parser.add_argument("--boards", type=int, default=6, help="boards per random game (default 6)")
    args = parser.parse_args(argv)
    table = {}
    for key in sorted(GAMES):
        images = boards(key, range(100, 100 + args.seeds), args.boards)
        table[key] = palette_of(images).hex()
        print(f"{key}: 256 colours from {len(images)} boards", flush=True)
    PALETTES_FILE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {PALETTES_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
