"""Automatic steps of the decision chain: gains, ring and survivor bonuses, draws,
the market adjustment, turning Skyside.  Every function changes the active
player only (engine.copy_state gives that player a private copy)."""
from __future__ import annotations

from typing import Any, Callable

from . import texts
from .data import BOARD, CARDS, TILES, Term
from .frames import CHAIN, Count, Draw, FlotillaFrame, Guild, Place, Return, Step, of_term
from .state import FACE, OUTPOST, OWNER, TILE, FlotillaState, Player

MAX_SEALS = 10  # F61
RANDOM_FRAMES = frozenset({"draw_place", "draw_keep", "tile", "dive", "dive_roll", "research"})


def active(state: FlotillaState) -> str:
    return state.order[state.turn]


def me(state: FlotillaState) -> Player:
    return state.players[state.order[state.turn]]


def event(state: FlotillaState, key: str, **args: Any) -> None:
    state.events.append(texts.m(key, seat=texts.seat(active(state)), **args))


# ---- gains -------------------------------------------------------------------

def gain_vp(state: FlotillaState, p: Player, n: int) -> None:
    """F62/E10/E11: VP come from the supply, then from the reserve; the supply reaching 0 triggers the end."""
    if n <= 0:
        return
    take = min(n, state.supply)
    state.supply -= take
    state.reserve_used += n - take
    p.vp += n
    if take and state.supply == 0 and state.end_round is None:
        state.end_round = state.round + 1
        state.events.append(texts.m("ev.supply_out", round=state.end_round))


def frames_of(terms: tuple[Term, ...], guild: str | None = None) -> list[FlotillaFrame]:
    """Ring, survivor, artifact or objective terms as chain frames (D11)."""
    return [of_term(t.name, t.a, t.b, guild) for t in terms]


# ---- automatic frames (each already removed from the chain) ----------------------

def _coin(state: FlotillaState, f: Count) -> None:
    me(state).coins += f.n


def _income(state: FlotillaState, f: Count) -> None:
    me(state).coins += f.n
    event(state, "ev.income", n=f.n)


def _vp(state: FlotillaState, f: Count) -> None:
    gain_vp(state, me(state), f.n)


def _survivor(state: FlotillaState, f: Count) -> None:
    bonus: list[FlotillaFrame] = []
    track = BOARD.survivor_tracks[state.survivor_track]
    for _ in range(f.n):  # F58: the disc moves, the active player gains each space entered
        state.survivor = (state.survivor + 1) % len(track)
        bonus += frames_of(track[state.survivor])
    event(state, "ev.survivor", space=state.survivor)
    CHAIN.push(state.todo, *bonus)


def _seal(state: FlotillaState, f: Guild) -> None:  # F28
    p = me(state)
    if sum(p.seals.values()) < MAX_SEALS:
        p.seals[f.banner] += 1
        event(state, "ev.seal", guild=texts.guild(f.banner))
    else:
        gain_vp(state, p, 2)


def _recruit(state: FlotillaState, f: Guild) -> None:  # F28, E4, E29
    p = me(state)
    guild = f.banner
    stack = state.stacks[guild]
    if stack:
        state.stacks[guild] = stack[1:]
        p.hand.append(stack[0])
        event(state, "ev.recruit", guild=texts.guild(guild))
    else:
        gain_vp(state, p, 2)


def _tile(state: FlotillaState, f: Count) -> None:  # F28 ocean tile bonus
    p = me(state)
    got = draw(state, p, 1)
    if got and p.side == "sink":  # E34: this tile only, whatever else was drawn this turn
        CHAIN.push(state.todo, Place.of(1, got[0]))
    elif got:
        p.tiles = p.tiles + got
        state.drawn = [t for t in state.drawn if t not in got]


def _draw_place(state: FlotillaState, f: Draw) -> None:  # F38, F39
    if draw(state, me(state), f.n):
        CHAIN.push(state.todo, Place.of(f.then, ""))


def _return(state: FlotillaState, f: Return) -> None:  # F39: the tiles not placed or kept go back to the bag
    back = [t for t in state.drawn if t == f.tile] if f.tile else state.drawn
    state.bag = sorted(state.bag + back)
    state.drawn = [t for t in state.drawn if t not in back]


AUTO_EFFECTS: dict[str, Callable[[FlotillaState, Any], None]] = {
    "coin": _coin, "income": _income, "vp": _vp, "survivor": _survivor, "seal": _seal, "recruit": _recruit,
    "tile": _tile, "draw_place": _draw_place, "return": _return,
    "adjust": lambda state, f: adjust_market(state, me(state)), "rally": lambda state, f: rally(state, me(state)),
    "end": lambda state, f: finish_card(state, me(state))}


def draw(state: FlotillaState, p: Player, n: int) -> list[str]:
    """F38: draw n random tiles (or what remains) and take the toxicity of every one (E5)."""
    got: list[str] = []
    bag = list(state.bag)
    for _ in range(min(n, len(bag))):
        got.append(bag.pop(state.rng.below(len(bag))))
    state.bag = bag
    state.drawn = state.drawn + got
    tox = sum(TILES[t].tox for t in got)
    p.tox += tox
    if got:
        event(state, "ev.draw", n=len(got), tox=tox)
    return got


def ring_bonus(guild: str, space: int) -> list[FlotillaFrame]:
    return frames_of(BOARD.rings[guild][space - 1], guild)


# ---- the market (F33-F35) ------------------------------------------------------

def adjust_market(state: FlotillaState, p: Player) -> None:
    """F34/E14: markers move after the transactions; over- and underflow pay VP per step."""
    top = len(BOARD.market_track)
    vp = 0
    market = dict(state.market)
    for c, n in state.bought.items():
        v = market[c] + n
        vp += 2 * max(0, v - top)
        market[c] = min(top, v)
    for c, n in state.sold.items():
        v = market[c] - n
        vp += max(0, 1 - v)
        market[c] = max(1, v)
    state.market = market
    state.bought, state.sold = {}, {}
    if vp:
        event(state, "ev.flow", vp=vp)
    gain_vp(state, p, vp)


# ---- sites (F31) -----------------------------------------------------------------

def sites(state: FlotillaState, seat: str) -> list[str]:
    """Available construction sites of `seat`: islands Sinkside, sites Skyside, the starting tile's site."""
    out = []
    for cell, e in state.board.items():
        if e[OWNER] != seat or e[OUTPOST]:
            continue
        t = e[TILE]
        if t == "start" or (TILES[t].island if e[FACE] == "sink" else TILES[t].site):
            out.append(cell)
    return out


def outpost_cost(state: FlotillaState, p: Player) -> int:
    return max(0, BOARD.outpost_cost[p.side][p.outposts] - state.mods.get("outpost_minus", 0))


# ---- Captain (F18-F20) ---------------------------------------------------------------

def rally(state: FlotillaState, p: Player) -> None:
    p.hand = p.hand + p.discard
    p.discard = []
    event(state, "ev.rally")
    if p.side == "sink":
        CHAIN.push(state.todo, Step.make("turn"))


def turn_skyside(state: FlotillaState, p: Player) -> None:
    """F20: skiffs sold 6¢ each (cargo lost); ocean tiles to the reserve (outposts float);
    the starting tile and the board flip; crew flips (all in hand after the Rally)."""
    lost = sum(len(s.cargo) for s in p.skiffs)
    p.coins += BOARD.skiff_sale * len(p.skiffs)
    sold = len(p.skiffs)
    p.skiffs = []
    p.skiff_reserve = 0
    board = dict(state.board)
    for cell, e in state.board.items():
        if e[OWNER] != p.seat:
            continue
        if e[TILE] == "start":
            board[cell] = [e[0], e[1], e[2], 0, e[4], "sky"]
        else:
            p.tiles.append(e[TILE])
            p.floating += e[OUTPOST]
            del board[cell]
    state.board = board
    p.side = "sky"
    event(state, "ev.turned", skiffs=sold, lost=lost, tiles=len(p.tiles))


def finish_card(state: FlotillaState, p: Player) -> None:
    """F14.3: the card goes onto the discard pile; F18: the Captain returns to hand."""
    card = state.playing
    if card is not None:
        if CARDS[card].kind == "captain":
            p.hand.append(card)
        else:
            p.discard.append(card)
    state.playing = None
    state.copying = None
