"""A new game: set-up R1-R15 and Castaways S1, S8; option `choose_characters` (R2, E31)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError

from ..rng import Rng
from .data import (ADVENTURES, MYSTERY, DISCOVERY, EVENTS, POOL_INVENTIONS,
                   START_INVENTIONS, START_ITEMS, START_SPACE, START_TILE, TILES, WRECKAGE, BEASTS)
from .scenarios import SCENARIOS
from .state import Char, Jenny, RobinsonOptions, RobinsonState, Spot

POOL_ON_BOARD = 5  # R5


def parse_options(raw: BaseModel | dict[str, Any] | None) -> RobinsonOptions:
    if isinstance(raw, RobinsonOptions):
        return raw
    if isinstance(raw, BaseModel):
        raw = raw.model_dump()
    try:
        return RobinsonOptions.model_validate(raw or {})
    except ValidationError as exc:
        raise ValueError(f"invalid Robinson Crusoe options: {exc}") from exc


def event_deck(rng: Rng, rounds: int, difficulty: str) -> list[str]:
    """R10: ceil(rounds/2) from each of the Book and adventure-icon piles; easy/hard shift 2."""
    books = [n for n, e in EVENTS.items() if e.icon == "book"]
    advs = [n for n, e in EVENTS.items() if e.icon != "book"]
    rng.shuffle(books)
    rng.shuffle(advs)
    half = -(-rounds // 2)
    shift = {"normal": 0, "easy": 2, "hard": -2}[difficulty]
    deck = ["event:" + n for n in books[:half - shift] + advs[:half + shift]]
    rng.shuffle(deck)
    return deck


def new_game(seats: list[str], seed: int, options: BaseModel | dict[str, Any] | None = None) -> RobinsonState:
    opts = parse_options(options)
    n = len(seats)
    if not 1 <= n <= 4:
        raise ValueError("Robinson Crusoe takes 1 to 4 players (R1)")
    if len(set(seats)) != n:
        raise ValueError("seats must be distinct")
    rng = Rng.from_seed(seed)
    seat_char: dict[str, str] = {}
    if not opts.choose_characters:  # R2: dealt at random (else picked in seat order: `choose`)
        pool = char_pool(n)
        rng.shuffle(pool)
        seat_char = {s: pool[i] for i, s in enumerate(seats)}
    chars = {c: Char(name=c, seat=s) for s, c in seat_char.items()}
    if n <= 2:  # R14, R15: Friday with 1-2 players
        chars["Friday"] = Char(name="Friday")
    # R5: 9 starting + 5 random pool inventions; the rest is the invention deck (top visible).
    # K6.3: Family Robinson deals 9 of them, its goal's (K6.1).
    scen = SCENARIOS[opts.scenario]
    on_board = int(scen.extra.get("pool_on_board", POOL_ON_BOARD))
    pool_inv = list(POOL_INVENTIONS)
    rng.shuffle(pool_inv)
    dealt = sorted(pool_inv[:on_board], key=POOL_INVENTIONS.index)
    inv_board = list(START_INVENTIONS) + dealt
    inv_deck = pool_inv[on_board:]
    # R6: adventure decks are kept shuffled by their own module; beasts here.
    beasts = ["beast:" + b for b in BEASTS]
    rng.shuffle(beasts)
    # R7: tile 8 on the start space with the camp; the other 10 shuffled.
    stack = [t for t in TILES if t != START_TILE]
    rng.shuffle(stack)
    # K5.3 (M9): a tile set aside face down on its space (Cannibal Island's tile 4, the City to come).
    island = {START_SPACE: Spot(tile=START_TILE)}
    for space, tile in scen.extra.get("face_down", {}).items():
        stack.remove(tile)
        island[int(space)] = Spot(tile=tile, face_up=False)
    # R8: 2 of 8 starting items, 2 uses each; K0.3/K3.3: a scenario may take some out of the game.
    items = [i for i in START_ITEMS if i not in scen.removed_items]
    rng.shuffle(items)
    if scen.start_items:  # K5.3: fixed starting items; the others are the unused ones
        items = list(scen.start_items) + [i for i in items if i not in scen.start_items]
    # R9: discovery tokens (with the Castaways symbols, S6; K0.7: a scenario's own four instead), shuffled.
    symbols = scen.extra.get("discovery", {})
    disc = [symbols.get(name, name) for name, k in DISCOVERY.items() for _ in range(k)]
    rng.shuffle(disc)
    deck = event_deck(rng, scen.rounds, opts.difficulty)  # K0.2
    adv: dict[str, list[str]] = {}
    for d in ("build", "gather", "explore"):  # R6
        adv[d] = [c for c, a in ADVENTURES.items() if a.deck == d]
        rng.shuffle(adv[d])
    mystery = list(MYSTERY)
    rng.shuffle(mystery)
    wreck = "Food Crates"
    if opts.random_wreckage:  # R11 variant
        wreck = rng.choice(sorted(WRECKAGE))
    dog = n == 1 or (n == 2 and opts.dog_with_two)
    state = RobinsonState(
        seats=list(seats), seed=seed, rng=rng, options=opts, chars=chars, seat_char=seat_char,
        island=island, camp=START_SPACE, island_stack=stack,
        disc_stack=disc, event_deck=deck, threat=[None, "wreck:" + wreck], beast_deck=beasts,
        inv_board=inv_board, inv_deck=inv_deck,
        items={i: 2 for i in items[:2]}, unused_items=items[2:],
        action_tokens={a: [] for a in ("threat", "hunt", "build", "gather", "explore", "camp")},
        dog=dog, adv_decks=adv, adv_discard={d: [] for d in adv}, mystery_deck=mystery,
        phase="setup" if opts.choose_characters else "event",
        jenny=Jenny() if opts.scenario == "jenny" else None,
        dealt=dealt if opts.scenario == "family_robinson" else [],
    )
    return state


def char_pool(n: int) -> list[str]:
    """R2: 1-2 players use Carpenter, Cook, Explorer; 3-4 players all four."""
    return ["Carpenter", "Cook", "Explorer"] + (["Soldier"] if n >= 3 else [])


def chooser(s: RobinsonState) -> str | None:
    """Option `choose_characters` (R2, E31): the next seat, in seat order, still to pick."""
    return next((x for x in s.seats if x not in s.seat_char), None)


def choosable(s: RobinsonState) -> list[str]:
    taken = set(s.seat_char.values())
    return [c for c in char_pool(len(s.seats)) if c not in taken]


def choose(s: RobinsonState, seat: str, name: str | None) -> bool:
    """The seat takes `name` (None: one at random, the E31 default); True once every seat has one."""
    left = choosable(s)
    if name is None:
        name = left[s.rng.below(len(left))]
    s.seat_char[seat] = name
    s.chars[name] = Char(name=name, seat=seat)
    order = [s.seat_char[x] for x in s.seats if x in s.seat_char] + [c for c in s.chars if c == "Friday"]
    s.chars = {c: s.chars[c] for c in order}  # seat order, Friday last (as when dealt)
    return chooser(s) is None
