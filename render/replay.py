"""Animated replay of a game's boards (pure: board images in, GIF bytes out).

Generic over every game: frames are the game's own board renderer applied to
public views (`render.<game>.draw` when the module offers a PIL image, else its
PNG decoded).  A long game is *sampled*: at most `MAX_FRAMES` boards, always
the first and the last, the rest evenly spread over the moves, so a 300-move
game stays small and quick to build.  Frames are scaled down and share one
palette (`shared_palette`: the final board, the fullest one, beside three boards
spread over the game), so the GIF encoder only stores what changed between two
frames.
"""
from __future__ import annotations

import importlib
import io
from contextlib import nullcontext
from typing import Any, Callable, ContextManager, Iterable, Iterator, Mapping, Optional, Sequence

from PIL import Image, ImageChops

from . import render_board
from .common import PLAYER_STYLES
from .gif import global_table_only
from .names import board_names

MAX_FRAMES = 48
FRAME_WIDTH = 680  # half the Wayfinders board: a box-filter reduce, fast and sharp enough
FRAME_MS = 700
FIRST_MS = 1500
LAST_MS = 5000
MAX_BYTES = 8 * 1000 * 1000  # Discord's upload limit without boosts is 8-10 MB; stay under the lower figure


def sample_indices(n: int, max_frames: int = MAX_FRAMES) -> list[int]:
    """Which of `n` boards (0 = set-up, n-1 = final) to show: all if few, else evenly spread, ends kept."""
    if n <= 0:
        return []
    if n <= max_frames:
        return list(range(n))
    if max_frames < 2:
        return [n - 1]
    step = (n - 1) / (max_frames - 1)
    picks = sorted({round(k * step) for k in range(max_frames)})
    picks[0], picks[-1] = 0, n - 1
    return picks


def _renderer_hook(view: Any, name: str) -> Any:
    """The function `name` of the game's renderer module (`render.<game>`), or None."""
    game = getattr(view, "game", None)
    if isinstance(game, str) and game.isidentifier():
        try:
            return getattr(importlib.import_module(f"render.{game}"), name, None)
        except ModuleNotFoundError:
            return None
    return None


def steady_layout(final_view: Any) -> ContextManager[Any]:
    """The renderer's `steady_map(final_view)` when it offers one: while it lasts, the boards keep the layout
    the final board needs (Flotilla's map keeps one scale instead of zooming out as it grows, so a frame
    stores only what changed); else nothing."""
    steady = _renderer_hook(final_view, "steady_map")
    return steady(final_view) if steady is not None else nullcontext()


def board_image(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]], locale: str) -> Image.Image:
    """The board of `view` as a PIL image: the renderer's `draw` if it has one, else its PNG decoded."""
    draw = _renderer_hook(view, "draw")
    if draw is not None:
        img = draw(view, names, caption, locale=locale)
        if isinstance(img, Image.Image):
            return img
    png = render_board(view, names, caption, locale=locale)
    return Image.open(io.BytesIO(png))


def _scaled(img: Image.Image, width: int) -> Image.Image:
    img = img.convert("RGB")
    if img.width <= width:
        return img
    factor = img.width // width
    if factor >= 2:
        img = img.reduce(factor)
        if img.width <= width:
            return img
    height = max(1, round(img.height * width / img.width))
    return img.resize((width, height), Image.Resampling.BILINEAR, reducing_gap=2.0)


def encode_gif(frames: Sequence[Image.Image], *, width: int = FRAME_WIDTH, frame_ms: int = FRAME_MS,
               first_ms: int = FIRST_MS, last_ms: int = LAST_MS, max_bytes: int = MAX_BYTES) -> bytes:
    """An endlessly looping GIF of `frames` (any sizes: each is scaled to `width` and padded to the tallest).

    Raises ValueError when even a smaller version would not fit `max_bytes`."""
    if not frames:
        raise ValueError("no frames")
    samples = [frames[k] for k in palette_samples(len(frames))]
    return _fit(lambda: iter(frames), samples, width, frame_ms, first_ms, last_ms, max_bytes)


def palette_samples(n: int) -> list[int]:
    """Which of `n` frames the shared palette is made from: three spread over the game (a quarter, half and
    three quarters of the way), then the last, each once."""
    return sorted({n * k // 4 for k in (1, 2, 3)} | {n - 1}) if n > 0 else []


def _fit(draw_all: Callable[[], Iterator[Image.Image]], samples: Sequence[Image.Image], width: int, frame_ms: int,
         first_ms: int, last_ms: int, max_bytes: int) -> bytes:
    """Encode the frames `draw_all()` yields at `width`, narrower (frames drawn again) until it fits `max_bytes`;
    the shared palette comes from `samples` (`palette_samples`, drawn up front)."""
    while True:
        data = _encode(draw_all(), samples, width, frame_ms, first_ms, last_ms)
        if len(data) <= max_bytes:
            return data
        if width <= 240:
            raise ValueError(f"replay too large: {len(data)} bytes")
        width = int(width * 0.75)


UNCHANGED = 255  # palette index of "same pixel as the frame before" (transparent, frames never disposed)


def _delta(prev: Image.Image, cur: Image.Image) -> Image.Image:
    """`cur` with every pixel equal to `prev`'s made transparent: long runs of one index compress to nearly nothing."""
    a = Image.frombytes("L", prev.size, prev.tobytes())
    b = Image.frombytes("L", cur.size, cur.tobytes())
    changed = ImageChops.difference(a, b).point(lambda v: 255 if v else 0)
    same = Image.new("L", cur.size, UNCHANGED)
    out = Image.composite(b, same, changed)
    frame = Image.frombytes("P", cur.size, out.tobytes())
    frame.putpalette(cur.getpalette())
    return frame


PALETTE_COLOURS = 216  # with the player colours; fewer than 255 map more of the blends of anti-aliased text alike


def shared_palette(samples: Sequence[Image.Image]) -> Image.Image:
    """`PALETTE_COLOURS` colours (index 255 stays free: "unchanged"): every player colour exactly, so no two
    players ever share one (a seat with little on the final board would otherwise lose its colour to a
    neighbour's), and the rest an octree of `samples` side by side (the final board and three boards spread over
    the game: colours that come and go during a game, a header's or a panel's, get entries of their own).

    The octree over several boards, not a median cut of the final one alone, maps frames both closer to their
    full colours (Flotilla's 812-move game: mean error per channel 1.4 against 2.1) and into fewer, longer runs
    of one index (its GIF 6 % smaller)."""
    players = [c for style in PLAYER_STYLES for c in style.rgb]
    n = PALETTE_COLOURS - len(PLAYER_STYLES)
    width, height = max(s.width for s in samples), max(s.height for s in samples)
    side_by_side = Image.new("RGB", (width * len(samples), height))
    for k, sample in enumerate(samples):
        side_by_side.paste(sample, (width * k, 0))
    palette = side_by_side.quantize(n, method=Image.Quantize.FASTOCTREE)
    entries = (palette.getpalette() or [])[: 3 * n]
    entries += entries[-3:] * (n - len(entries) // 3) if entries else [0, 0, 0] * n
    palette.putpalette(entries + players)
    return palette


def _encode(frames: Iterator[Image.Image], samples: Sequence[Image.Image], width: int, frame_ms: int,
            first_ms: int, last_ms: int) -> bytes:
    """Each frame is scaled and quantised as soon as it arrives, so only small paletted frames are ever kept.

    The shared palette (`shared_palette`) comes from `samples`, given up front."""
    palette = shared_palette([_scaled(sample, width) for sample in samples])
    # (frame, index of its bottom-left colour: a shorter frame is padded below with its own page colour, so the
    # padding continues the page instead of showing as a band of the header's colour)
    paletted: list[tuple[Image.Image, int]] = []
    for frame in frames:
        scaled = _scaled(frame, width)
        del frame
        p = scaled.quantize(palette=palette, dither=Image.Dither.NONE)
        paletted.append((p, p.getpixel((0, p.height - 1))))  # type: ignore[arg-type]
    w = max(p.width for p, _ in paletted)
    h = max(p.height for p, _ in paletted)
    canvas = []
    for p, fill in paletted:
        if p.size != (w, h):
            pad = Image.new("P", (w, h), fill)
            pad.putpalette(p.getpalette())
            pad.paste(p, (0, 0))
            p = pad
        canvas.append(p)
    frames_out = [canvas[0]]
    for prev, cur in zip(canvas, canvas[1:]):
        frames_out.append(_delta(prev, cur))
    durations = [frame_ms] * len(frames_out)
    durations[0] = max(frame_ms, first_ms)
    durations[-1] = max(frame_ms, last_ms)
    buf = io.BytesIO()
    frames_out[0].save(buf, "GIF", save_all=True, append_images=frames_out[1:], duration=durations, loop=0,
                       optimize=False, disposal=1, transparency=UNCHANGED)
    return global_table_only(buf.getvalue())  # every frame's palette is the shared one: no table per frame


def replay_gif(boards: Iterable[tuple[Any, Sequence[str]]], names: Mapping[str, str], locale: str = "en",
               **encode: Any) -> bytes:
    """GIF of already-sampled `(view, caption lines)` boards, drawn in `locale`.

    Boards are drawn one at a time and each is scaled down and quantised before the next is drawn (the final
    board first and the palette's other samples, scaled down at once, for the palette): a 48-frame replay never
    holds more than one full-size board."""
    boards = list(boards)
    if not boards:
        raise ValueError("no frames")
    drawn = board_names(names)
    last_view, last_caption = boards[-1]
    last = board_image(last_view, drawn, last_caption, locale)
    options = {"width": FRAME_WIDTH, "frame_ms": FRAME_MS, "first_ms": FIRST_MS, "last_ms": LAST_MS,
               "max_bytes": MAX_BYTES, **encode}
    samples = [last]
    with steady_layout(last_view):
        for k in palette_samples(len(boards))[:-1]:
            view, caption = boards[k]
            samples.insert(-1, _scaled(board_image(view, drawn, caption, locale), options["width"]))

    def draw_all() -> Iterator[Image.Image]:
        with steady_layout(last_view):
            for view, caption in boards[:-1]:
                yield board_image(view, drawn, caption, locale)
        yield last

    return _fit(draw_all, samples, **options)

__all__ = ["MAX_FRAMES", "MAX_BYTES", "PALETTE_COLOURS", "board_image", "encode_gif", "palette_samples", "replay_gif",
           "sample_indices", "shared_palette"]
