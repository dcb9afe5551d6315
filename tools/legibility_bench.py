"""`python bot.py bench legibility`: how a turn post's image reads on a phone, measured.

Discord shows an image about 400 px wide on a phone; a text reads there when it is at least 9 px high, i.e.
when its height is at least 2.25 % of the image's width (`render.measure.MIN_RATIO`).  For each game, decision
images (the decision in view a running board posts: render/focus.py, with its options as the host lists them,
host/boards.py `decision_focus`; and the acting player's own view, "My view": `private_focus`) of random
positions (every state where someone decides, sampled along random games) are drawn while `render.measure`
notes every text on them; printed per game and kind: the images, the smallest text height divided by the
image's width (and the position that gave it), the median image's smallest, the widths, how many images cut a
text at their left or right edge (a window's side through a word: the first few positions named), and the same
measure of the whole board for comparison.
"""
from __future__ import annotations

import argparse
import importlib
import statistics
from typing import Any, Iterator, Optional

from PIL import Image

from host.boards import decision_focus, private_focus
from render import measure
from render.focus import draw_focus
from render.names import board_names
from rules import GAMES
from rules.playout import iter_playout, playout_rng

NAMES = {"p1": "Alice", "p2": "Bartholomew", "p3": "Chiara", "p4": "Dmitri", "p5": "Eun-ji", "p6": "Farid"}
CAPTION = ["Bartholomew played and the board changed.", "Chiara: it is your decision now."]


def positions(game: str, seeds: list[int], per_game: int) -> Iterator[tuple[int, int, Any, Any, list[str]]]:
    """(seed, move number, engine, state, seats to act) of `per_game` positions spread along each random game."""
    engine = GAMES[game]
    for seed in seeds:
        state = engine.setup([f"p{i + 1}" for i in range(engine.board_players())], seed)
        states = [state] + [step.after for step in iter_playout(engine, state, playout_rng(seed))]
        deciding = [(k, s) for k, s in enumerate(states) if engine.to_act(s)]
        for n in range(per_game):
            k, s = deciding[(n * len(deciding)) // per_game]
            yield seed, k, engine, s, list(engine.to_act(s))


def decision_image(engine: Any, state: Any, to_act: list[str], locale: str) -> Image.Image:
    """The decision in view of `state`, as a running board posts it (its texts noted: render.measure)."""
    names = board_names(NAMES)
    focus = decision_focus(engine, state, to_act, CAPTION, names, locale)
    return draw_focus(engine.view(state, None), names, focus, locale)


def private_image(engine: Any, state: Any, seat: str, locale: str) -> Image.Image:
    """`seat`'s own view at phone scale ("My view", cogs/private_view.py): their area and what only they see,
    then their options when the decision is theirs (its texts noted: render.measure)."""
    names = board_names(NAMES)
    moves = engine.legal_moves(state, seat) if seat in engine.to_act(state) else []
    lines = [f"{engine.key} · {names.get(seat, seat)}", CAPTION[1]]
    focus = private_focus(engine, state, seat, lines, names, locale, moves)
    return draw_focus(engine.view(state, seat), names, focus, locale, engine.view(state, None))


def cut_texts(img: Image.Image) -> list[str]:
    """The texts of an image that run past its left or right edge (a window's side cutting a word)."""
    return [d.text for d in measure.visible(img) if d.box[0] < -1 or d.box[2] > img.width + 1]


def measure_game(game: str, seeds: list[int], per_game: int, locale: str, private: bool = False) -> dict[str, Any]:
    ratios, widths, worst, cut = [], set(), None, []
    for seed, k, engine, state, to_act in positions(game, seeds, per_game):
        img = (private_image(engine, state, to_act[0], locale) if private
               else decision_image(engine, state, to_act, locale))
        r = measure.smallest(img)
        ratios.append(r)
        widths.add(img.width)
        if worst is None or r < worst[0]:
            worst = (r, seed, k)
        if cut_texts(img):
            cut.append((seed, k))
    assert worst is not None
    return {"images": len(ratios), "smallest": worst[0], "where": worst[1:], "median": statistics.median(ratios),
            "widths": sorted(widths), "cut": cut}


def renderer_module(game: str) -> Any:
    return importlib.import_module(f"render.{game}")


def full_board_ratio(game: str, seed: int, locale: str) -> float:
    engine = GAMES[game]
    state = engine.setup([f"p{i + 1}" for i in range(engine.board_players())], seed)
    states = [state] + [step.after for step in iter_playout(engine, state, playout_rng(seed))]
    board = renderer_module(game).draw(engine.view(states[len(states) // 2], None),
                                                           board_names(NAMES), CAPTION, locale=locale)
    return measure.smallest(board)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench legibility", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=3, help="random games per game (default 3)")
    parser.add_argument("--per-game", type=int, default=8, help="positions drawn along each random game (default 8)")
    parser.add_argument("--locale", default="en", choices=("en", "es"))
    parser.add_argument("--only", help="one game")
    args = parser.parse_args(argv)
    games = [args.only] if args.only else list(GAMES)
    print(f"decision images at phone scale: smallest text height / image width (at least {measure.MIN_RATIO:.2%}:"
          f" {measure.PHONE_MIN_TEXT} px at {measure.PHONE_WIDTH} px wide)")
    failing = 0
    for game in games:
        whole = full_board_ratio(game, 1, args.locale)
        for kind, private in (("decision", False), ("my view", True)):
            got = measure_game(game, list(range(1, args.seeds + 1)), args.per_game, args.locale, private)
            ok = got["smallest"] >= measure.MIN_RATIO
            failing += not ok
            print(f"  {game:<11} {kind:<8} {got['images']:>3} images  smallest {got['smallest']:.2%} "
                  f"(seed {got['where'][0]}, move {got['where'][1]})  median {got['median']:.2%}  "
                  f"width {'/'.join(map(str, got['widths']))} px  {'ok' if ok else 'TOO SMALL'}"
                  f"  texts cut at an edge in {len(got['cut'])}"
                  + (f" (seed, move: {', '.join(f'{a} {b}' for a, b in got['cut'][:3])})" if got["cut"] else "")
                  + (f"   whole board: {whole:.2%}" if not private else ""))
    return 1 if failing else 0


__all__ = ["cut_texts", "decision_image", "main", "measure_game", "positions", "private_image"]
