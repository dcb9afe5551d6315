"""The replay's shared palette (render/replay.py `shared_palette`): an octree of the final board and three boards
spread over the game.  A viewer sees the boards as drawn (each decoded frame within the boards' palette bound of
its full-colour board), and the named Flotilla game's replay, the largest of the four games, stays under
800,000 bytes (`bot.py bench replay` prints every game's)."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

from render.common import PALETTE_MAX_ERROR, PLAYER_STYLES
from render.names import board_names
from render.replay import (FRAME_WIDTH, PALETTE_COLOURS, _scaled, board_image, palette_samples, replay_gif,
                           sample_indices, shared_palette, steady_layout)
from rules import GAMES
from rules.playout import iter_playout, playout_rng
from tools.replay_bench import named_history

NAMES = {"p1": "Ana", "p2": "Bo", "p3": "Cy"}


def _boards(key: str, seed: int, frames: int) -> list[tuple[object, list[str]]]:
    """`frames` public boards spread over a random game of `key` for three seats, each with a two-line caption."""
    engine = GAMES[key]
    seats = list(NAMES)
    start = engine.setup(seats, seed, None)
    states = [start] + [step.after for step in iter_playout(engine, start, playout_rng(seed))]
    return [(engine.view(states[k], None), [f"move {k}", " "]) for k in sample_indices(len(states), frames)]


def _full_colour(boards: list[tuple[object, list[str]]]) -> list[Image.Image]:
    """Each board as the replay draws it (the layout fitted to the final board), scaled, in full colour."""
    drawn = board_names(NAMES)
    with steady_layout(boards[-1][0]):
        return [_scaled(board_image(view, drawn, caption, "en"), FRAME_WIDTH) for view, caption in boards]


def test_the_palette_is_taken_from_boards_spread_over_the_game_and_ends_with_the_last():
    assert palette_samples(48) == [12, 24, 36, 47]
    assert palette_samples(3) == [0, 1, 2] and palette_samples(1) == [0] and palette_samples(0) == []


def test_every_player_colour_and_no_more_than_the_palettes_colours():
    boards = [Image.merge("RGB", [Image.effect_noise((300, 200), 60 + 20 * c + k) for c in range(3)]) for k in range(4)]
    palette = shared_palette(boards).getpalette() or []
    colours = [tuple(palette[i:i + 3]) for i in range(0, 3 * PALETTE_COLOURS, 3)]
    assert colours[-len(PLAYER_STYLES):] == [s.rgb for s in PLAYER_STYLES]
    assert len(set(colours)) > PALETTE_COLOURS // 2  # the noise fills the table with colours of its own


@pytest.mark.parametrize("key", ["flotilla", "eclipse"])
def test_a_viewer_sees_every_board_as_drawn(key):
    boards = _boards(key, 3, 10)
    gif = Image.open(io.BytesIO(replay_gif(boards, NAMES, "en")))
    decoded = [frame.convert("RGB") for frame in ImageSequence.Iterator(gif)]
    full = _full_colour(boards)
    assert len(decoded) == len(full) == 10
    for shown, drawn in zip(decoded, full):
        error = ImageStat.Stat(ImageChops.difference(shown.crop((0, 0, *drawn.size)), drawn)).mean
        assert max(error) <= PALETTE_MAX_ERROR


def test_the_named_flotilla_game_replays_in_under_800_000_bytes():
    built = named_history("flotilla")  # seed 7, four players: 812 moves
    assert (built.moves, built.frames) == (812, 48)
    assert len(built.replay) <= 800_000
