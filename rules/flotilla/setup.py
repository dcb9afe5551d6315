"""A new game (F1-F12) and its options."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from ..rng import Rng
from .data import ARTIFACTS, BOARD, CARDS, COLOURS, GUILDS, OBJECTIVE_SETS, STARTERS, TILES
from .hexes import dock
from .state import FlotillaOptions, FlotillaState, Player, Skiff

MIN_PLAYERS, MAX_PLAYERS = 3, 5  # F1


def parse_options(raw: BaseModel | dict[str, Any] | None, players: int | None = None) -> FlotillaOptions:
    if isinstance(raw, FlotillaOptions):
        opts = raw
    else:
        if isinstance(raw, BaseModel):
            raw = raw.model_dump()
        try:
            opts = FlotillaOptions.model_validate(raw or {})
        except ValidationError as exc:
            raise ValueError(f"invalid Flotilla options: {exc}") from exc
    sets = opts.objective_sets
    if sets is not None:
        bad = [s for s in sets if s not in OBJECTIVE_SETS]
        if bad or len(set(sets)) != len(sets):
            raise ValueError(f"objective_sets: unknown or repeated sets {bad or sets}")
        if players is not None and len(sets) != 2 * players:
            raise ValueError(f"objective_sets: give {2 * players} sets (P Sinkside, then P Skyside)")
    return opts


def _crew_stacks(rng: Rng, players: int) -> dict[str, list[str]]:
    """F11: per guild and tier keep P random cards; shuffled Tier 1 on top of shuffled Tier 2."""
    stacks: dict[str, list[str]] = {}
    for g in GUILDS:
        tiers = []
        for tier in (1, 2):
            cards = [c.id for c in CARDS.values() if c.guild == g and c.tier == tier]
            rng.shuffle(cards)
            tiers.append(cards[:players])
        stacks[g] = tiers[0] + tiers[1]
    return stacks


def new_game(seats: list[str], seed: int, options: Any = None) -> FlotillaState:
    n = len(seats)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"Flotilla takes {MIN_PLAYERS}-{MAX_PLAYERS} players (F1), not {n}")
    opts = parse_options(options, n)
    rng = Rng.from_seed(seed)
    first = rng.below(n)  # F2: seat 1 chosen at random, then clockwise (the seats' order)
    order = seats[first:] + seats[:first]
    # F9 objectives: P sets Sinkside, P further sets Skyside
    if opts.objective_sets is not None:
        sets = list(opts.objective_sets)
    else:
        sets = list(OBJECTIVE_SETS)
        rng.shuffle(sets)
    objectives = {"sink": {s: 0 for s in sets[:n]}, "sky": {s: 0 for s in sets[n:2 * n]}}
    # F10 artifacts: one random of each guild colour leaves the game
    artifacts: list[str] = []
    for g in GUILDS:
        mine = [a for a in ARTIFACTS if a.startswith(g + "-")]
        mine.pop(rng.below(len(mine)))
        artifacts += mine
    stacks = _crew_stacks(rng, n)
    berths = dock(n)
    board: dict[str, list[Any]] = {}
    players: dict[str, Player] = {}
    for i, seat in enumerate(order):  # F7, F12
        home = berths[i]
        board[home] = ["start", 0, seat, 0, 0, "sink"]
        players[seat] = Player(
            seat=seat, home=home, coins=BOARD.start_coins[i], barrels={c: 0 for c in COLOURS},
            skiffs=[Skiff(cell=home)], skiff_reserve=3, seals={g: 0 for g in GUILDS},
            ring={g: 6 for g in GUILDS}, hand=list(STARTERS))
    return FlotillaState(
        seats=list(seats), seed=seed, rng=rng, options=opts, order=order, players=players, board=board,
        bag=sorted(TILES), artifact_bag=sorted(artifacts), slotted={g: [] for g in GUILDS}, stacks=stacks,
        objectives=objectives, market=dict(BOARD.market_start), dials={g: 1 for g in GUILDS},
        survivor_track="I" if n == 3 else "II", supply=BOARD.vp_supply_per_player * n)
