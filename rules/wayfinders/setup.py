"""A new game (W4-W8) and the variant options (W40, W41)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from ..rng import Rng
from .grid import ISLAND_CELLS, START_FACE_UP
from .islands import BY_BACK, ISLANDS, TOKENS_PER_COLOUR
from .payment import draw
from .state import COLOURS, HOME, Cell, Player, WayfindersOptions, WayfindersState

STANDARD_MIX = (9, 8, 7)  # W5: red, blue, yellow
HANGARS_IN_USE = {2: 4, 3: 6, 4: 8}  # W7
HANGAR_SIZE = 3
START_CUBES = 9  # W8: 10 cubes, one on the home island
START_WORKERS = 5


def parse_options(raw: BaseModel | dict[str, Any] | None) -> WayfindersOptions:
    """Options as a validated model; any invalid value or combination raises ValueError."""
    if isinstance(raw, WayfindersOptions):
        opts = raw
    else:
        if isinstance(raw, BaseModel):
            raw = raw.model_dump()
        try:
            opts = WayfindersOptions.model_validate(raw or {})
        except ValidationError as exc:
            raise ValueError(f"invalid Wayfinders options: {exc}") from exc
    check_options(opts)
    return opts


def check_options(opts: WayfindersOptions) -> None:
    """W40: at most one advanced setup (mix, random mix, fixed layout); W41 combines with any."""
    chosen = [name for name, on in (("mix", opts.mix is not None), ("random_mix", opts.random_mix),
                                    ("layout", opts.layout is not None)) if on]
    if len(chosen) > 1:
        raise ValueError(f"choose at most one advanced setup, got {' + '.join(chosen)}")
    if opts.mix is not None:
        r, b, y = opts.mix
        if any(not 0 <= k <= 15 for k in opts.mix):
            raise ValueError(f"each back in the mix must be 0-15 tiles, got red {r}, blue {b}, yellow {y}")
        if r + b + y != 24:
            raise ValueError(f"the mix must total 24 tiles (red+blue+yellow), got {r}+{b}+{y}={r + b + y}")
    if opts.layout is not None:
        cells = set(opts.layout)
        missing = sorted(set(ISLAND_CELLS) - cells)
        extra = sorted(cells - set(ISLAND_CELLS))
        if missing or extra:
            raise ValueError(f"a fixed layout names one island for each of the 24 non-home cells; "
                             f"missing {missing or 'none'}, not allowed {extra or 'none'}")
        ids = list(opts.layout.values())
        unknown = sorted({i for i in ids if i not in ISLANDS})
        if unknown:
            raise ValueError(f"unknown island id(s) in the layout: {', '.join(unknown)}")
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"island ids in a layout must be distinct; repeated: {', '.join(dup)}")


def _deal(opts: WayfindersOptions, rng: Rng) -> dict[str, str]:
    """Cell -> island id for the 24 non-home cells (W5, W40)."""
    if opts.layout is not None:
        return dict(opts.layout)
    if opts.random_mix:
        pool = sorted(ISLANDS)
        rng.shuffle(pool)
        tiles = pool[:24]
    else:
        r, b, y = opts.mix if opts.mix is not None else STANDARD_MIX
        tiles = []
        for back, k in (("red", r), ("blue", b), ("yellow", y)):
            stack = list(BY_BACK[back])
            rng.shuffle(stack)
            tiles += stack[:k]
    rng.shuffle(tiles)
    return dict(zip(ISLAND_CELLS, tiles))


def new_game(seats: list[str], seed: int, options: Any = None) -> WayfindersState:
    if not 2 <= len(seats) <= 4:
        raise ValueError(f"Wayfinders needs 2-4 players, got {len(seats)}")
    if len(set(seats)) != len(seats):
        raise ValueError("seats must be distinct")
    opts = parse_options(options)
    rng = Rng.from_seed(seed)
    n = len(seats)
    first = rng.below(n)  # W8 RULING: first player at random from the seed
    order = seats[first:] + seats[:first]
    layout = _deal(opts, rng)
    board = {HOME: Cell(island=None, face_up=True, slots=list(order))}
    for cell in ISLAND_CELLS:
        board[cell] = Cell(island=layout[cell], face_up=(not opts.exploration) or cell in START_FACE_UP)
    board = {c: board[c] for c in sorted(board, key=lambda c: (c[1], c[0]))}
    bag = {c: TOKENS_PER_COLOUR for c in COLOURS}
    players = {}
    for seat in order:  # W6: one starting token each, in turn order
        hand = {c: 0 for c in COLOURS}
        for t in draw(bag, rng, 1):
            hand[t] += 1
        players[seat] = Player(seat=seat, hand=hand, workers=START_WORKERS, cubes=START_CUBES, plane=HOME)
    hangars = [draw(bag, rng, HANGAR_SIZE) for _ in range(HANGARS_IN_USE[n])]  # W7: hangar 1 first
    return WayfindersState(
        seats=list(seats), seed=seed, rng=rng, options=opts, order=order, board=board,
        hangars=hangars, workers=[[] for _ in hangars], bag=bag,
        players={s: players[s] for s in seats}, turn=0, round=1, phase="action",
    )
