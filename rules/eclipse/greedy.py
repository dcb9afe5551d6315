"""A greedy Eclipse bot (rules.bots "greedy" level): simple knowledge of the game.

It colonises whenever it can, takes actions only while it can pay their upkeep
(counting what spare Materials and Science would trade for, E21, E70), prefers
research, influence only when a hex can be taken (E37), exploring early while a
position is open, building when Materials pile up (monoliths first), keeps
Discovery tiles it cannot use well, and settles bankruptcy by trading before
giving up its least valuable hex (E71).  In battle it takes the suggested hits
and, from the exact odds (E98, when small enough to compute at once), retreats
when it is likely to lose (E58), and on a Move step seeks a battle it is likely
to win and avoids one it is likely to lose (E108).  Ties are broken by its own
seeded generator.  It always picks one of the listed legal moves.
"""
from __future__ import annotations

from ..contract import Move
from ..rng import Rng
from .battle.game_odds import chance, move_odds
from .board import production, trade_rate
from .data import HEXES, RESOURCES, TABLES, TECHS
from .frames import STACK, Fight
from .moves import can_start, explore_positions, influence_targets
from .state import EclipseState, Player


def _spare(p: Player, after_action: bool = True) -> int:
    """Money left after the next Upkeep (E70) if one more disc leaves the track now."""
    track = p.track - (1 if after_action else 0)
    return p.storage[0] + production(p, 0) - TABLES.upkeep[min(max(track, 0), 13)]


def _surplus(p: Player) -> int:
    """Money that trading spare Materials and Science would bring (E21), keeping some of each."""
    rate = trade_rate(p)
    return max(0, p.storage[2] - 8) // rate + max(0, p.storage[1] - 10) // rate


def _trade(p: Player, arg: str, k: str) -> float:
    """E21/E71: turn spare Materials (then Science) into Money rather than lose a hex or an action."""
    pay, _, get = arg.partition(":")
    if get != "money" or pay == "money":
        return -5.0
    keep = 0 if k == "upkeep" else (8 if pay == "materials" else 10)
    short = _spare(p, after_action=False) < 0 if k == "upkeep" else -_surplus(p) <= _spare(p) < 0
    if not short or p.storage[RESOURCES.index(pay)] - trade_rate(p) < keep:
        return -5.0
    return 30.0 if pay == "materials" else 29.0


def _score(state: EclipseState, seat: str, mid: str) -> float:
    p = state.players[seat]
    head, _, arg = mid.partition(":")
    if p.species is None:  # species choice
        return 0.0
    spare = _spare(p)
    top = STACK.top(state.stack)
    k = top.kind if top is not None else ""
    if head == "col":
        return 100.0
    if head == "tr":
        return _trade(p, arg, k)
    if head == "act":
        if spare + _surplus(p) < 0:
            return -10.0
        if not can_start(state, seat, arg):
            return -5.0  # E26 RULING: legal, but it would only cost a disc and its upkeep
        base = {"research": 8, "influence": 7, "explore": 9 if state.round <= 5 else 3, "build": 5,
                "upgrade": 3, "move": 1}[arg]
        if arg == "research" and p.storage[1] < 5:
            base = 0
        if arg == "influence" and not any(t != "track" for t in influence_targets(state, seat, "track")):
            base = -1  # E37: no hex to take; only worth it for the colony-ship flips
        if arg == "explore" and not explore_positions(state, seat):
            base = -1
        if arg == "build":
            base = 10 if p.storage[2] >= 12 else 5 if p.storage[2] >= 5 else 0
        return base - 2 * p.discs_acted
    if head == "react":
        return -8.0
    if head == "pass":
        return 0.0
    if head == "res":
        return TECHS[arg.replace("-", " ")].cost
    if head in ("to", "ctl", "disc"):
        if arg in ("no", "track"):
            return -1.0
        hid = arg if head == "to" else getattr(STACK.top(state.stack), "placed", None) or ""
        return 10.0 + (HEXES[hid].vp + len(HEXES[hid].squares) if hid in HEXES else 0)
    if head == "from":
        return 5.0 if arg == "track" else -2.0
    if head == "pl":
        hid = arg.split(":")[0]
        return 10.0 + HEXES[hid].vp + len(HEXES[hid].squares) - 3 * HEXES[hid].ancients
    if head == "bld":
        what = arg.partition(":")[0]
        return {"monolith": 9, "orbital": 6, "dreadnought": 5, "cruiser": 4, "interceptor": 3, "starbase": 2}[what]
    if head == "dsc":
        return 1.0 if arg == "use" else 0.5
    if head == "give":
        return -HEXES[arg].vp - sum(state.hexes[arg].cubes)
    if head in ("auto", "attack", "accept"):  # combat (E112-E113): suggested hits, stand and fight
        return 2.0
    if head == "rep":  # E114: keep the best tile (a swap only when it gains)
        vals = [int(x) for x in arg.split(":") if x.isdigit()]
        return -1.0 if not vals else vals[0] - (vals[1] if len(vals) > 1 else 0) - (0.5 if len(vals) > 1 else 0)
    if head == "stop":
        return -0.5
    if head in ("ret", "undo"):
        return -3.0
    return 0.0


BOT_WORK = 40_000  # the largest odds the bot computes for a decision (odds.MAX_WORK units, ~0.1 s)
RETREAT_BELOW = 0.25  # retreat (E58) when the chance of winning the battle is lower
SEEK, AVOID = 0.6, 0.4  # a Move step into a battle won at least / lost at least this often


def _fight_scores(state: EclipseState, seat: str, ids: list[str]) -> dict[str, float]:
    """Scores from the exact odds (E98) for retreats (E58) and Move steps into battles (E108)."""
    out: dict[str, float] = {}
    retreats = [i for i in ids if i.startswith("retreat:")]
    if retreats:
        p = chance(state, seat, STACK.top_as(state.stack, Fight).hex, BOT_WORK)
        if p is not None and p < RETREAT_BELOW:
            out.update((i, 3.0) for i in retreats)  # above attack (2.0)
    if any(i.startswith("go:") for i in ids):
        for o in move_odds(state, seat, BOT_WORK):
            if seat in (o.attacker, o.defender):
                p = o.win if seat == o.attacker else 1.0 - o.win
                out[f"go:{o.hex}"] = 2.0 if p >= SEEK else -2.0 if p < AVOID else 0.0
    return out


def greedy_move(state: EclipseState, seat: str, moves: list[Move], rng: Rng) -> Move:
    fight = _fight_scores(state, seat, [mv.id for mv in moves]) if state.phase in ("action", "combat") else {}
    scored = [(fight[mv.id] if mv.id in fight else _score(state, seat, mv.id), mv) for mv in moves]
    best = max(s for s, _ in scored)
    top = [mv for s, mv in scored if s == best]
    return top[rng.below(len(top))]
