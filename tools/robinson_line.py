"""`python -m tools.robinson_line`: look for a winning line of a Robinson Crusoe game, seed by seed.

A tool, not a player: a Robinson game is a function of its seed (the generator lives in the state), so a
search that plays candidate moves on the game's true state sees the draws to come (the tiles, the event
cards, the dice) as no player and no bot can.  It is a beam search over the planning decisions (R30-R38):
at each seat's planning the candidates are the hard level's plans (`rules/robinson/bot/alternatives.py`,
what `search_hooks.macro_moves` offers: the greedy plan and its closest alternatives), every other
decision is the greedy bot's; after each layer of planning decisions only the `beam` best states are kept,
ranked by how alive the castaways are and how far the scenario's goal is (for Family Robinson, K6.1: the
dealt inventions built and the inventions they need, the Shelter, Roof, Palisade and Weapon; K6.4: food
for the children's meals to come).

::

    python -m tools.robinson_line --scenario family_robinson --players 1 --seeds 1-20 --out line.json

The first won line is written to `--out` as JSON: the scenario, the seed, the seats and the moves as
`[seat, move id]` pairs in the order played; `python -m tools.walk_robinson play --line FILE` clicks them on
the local table.  Each seed tried prints its result, the states expanded and the CPU seconds it took.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from rules import GAMES
from rules.bots import bot_rng
from rules.robinson.bot.alternatives import complete, planning, plans
from rules.robinson.bot.planning import scored
from rules.rng import Rng
from rules.unvalidated import construct
from rules.robinson.combat import built
from rules.robinson.data import CHARACTERS, INVENTIONS
from rules.robinson.island import explored_terrains, has_shelter
from rules.robinson.scenarios import family
from rules.robinson.state import RobinsonState

SCENARIOS = ("castaways", "jenny", "family_robinson", "cursed_island", "cannibal_island")


@dataclass
class Node:
    """A game on its way: the state and the moves that reached it, as (seat, move id)."""

    state: RobinsonState
    line: list[tuple[str, str]]


def advance(engine: Any, node: Node, seed: int, limit: int = 5000) -> Node:
    """`node` played on by the greedy bot (as `bench bots` plays: `rules.bots.choose`'s generator) until the game
    ends or the first seat to act is planning."""
    s, line = node.state, list(node.line)
    for _ in range(limit):
        to_act = engine.to_act(s)
        if not to_act or s.result is not None:
            break
        seat = to_act[0]
        if planning(engine, s, seat):
            break
        mid = engine.greedy_move(s, seat, bot_rng(seed, s.moves_made, seat)).id
        s = engine.apply(s, seat, mid)
        line.append((seat, mid))
    return Node(s, line)


def _needs(names: list[str]) -> set[str]:
    """The inventions `names` need, all the way down (R5's requirements: scenarios/family.py `needed`)."""
    return set(family.needed(names))


def score(s: RobinsonState) -> float:
    """How good a state looks to the search (higher is better): alive and on the way to the goal."""
    if s.result == "won":
        return 1e9
    if s.result == "lost":
        return -1e9
    v = 0.0
    lives = []
    for c in s.chars.values():
        if c.seat is None or c.dead:
            continue
        left = CHARACTERS[c.name].life - c.wounds
        lives.append(left)
        v += 0.5 * min(left, 8)
    v -= 6.0 * max(0, 4 - min(lives, default=0)) + 1.0 * max(0, -s.morale)
    food = s.avail["F"] + s.avail["NF"]
    camp = float(has_shelter(s)) * 8 + min(s.roof, 2) * 4 + min(s.palisade, 1) * 6 + min(s.weapon, 1) * 6
    v += camp
    if family.playing(s):
        dealt = s.dealt
        have = set(s.built) | set(s.future_built)  # built, even while an event switches them off (R91)
        v += 20.0 * sum(1 for n in dealt if n in have)
        needs = _needs(dealt)
        for n in needs - set(dealt):  # a needed invention is worth more the more dealt ones wait on it
            if n in have:
                v += 8.0 + 8.0 * sum(1 for d in dealt if d not in have and n in _needs([d]))
        seen = explored_terrains(s)  # the terrains the builds still to come need (R5), worth what waits on them
        for n in set(dealt) | needs:
            if n not in have:
                terrains = {t for m in _needs([n]) | {n} for t in INVENTIONS[m].needs if t not in INVENTIONS}
                v += 8.0 * len(terrains & seen)
        meals = sum(family.mouths_in(s, r) for r in (s.round, s.round + 1)) + len(lives)
        v += 3.0 * min(food, meals) + 0.3 * food
        stock = family.goal_stock(s)
        v += 2.0 * min(s.avail["W"], stock["W"] + 2) + 2.0 * min(s.avail["Fur"], stock["Fur"])
    else:
        v += 1.5 * min(food, 4) + 0.5 * s.avail["W"]
    return v


def firsts(engine: Any, s: RobinsonState, seat: str) -> list[list[str]]:
    """Plans that open with a stack on each target the greedy bot would weigh (its best pawns there), completed
    by the greedy bot: the gathering, exploring and building it ranked too low to place first."""
    by_target: dict[str, list[tuple[float, str]]] = {}
    for v, mid in scored(s, seat):
        if mid.startswith("p:") and not mid.startswith("p:rest"):
            by_target.setdefault(mid.rpartition(":")[0], []).append((v, mid))
    out = []
    for options in by_target.values():
        for mid in [max(options)[1]]:
            try:
                after = engine.apply(s, seat, mid)
            except Exception:
                continue
            out.append(complete(engine, after, seat, [mid], construct(Rng, state=s.moves_made)))
    return out


def builds(engine: Any, s: RobinsonState, seat: str) -> list[list[str]]:
    """Plans that place 1, 2, then 3 builds first (`b.` targets: the inventions, the Shelter, Roof, Palisade
    and Weapon), each time the greedy bot's best-worth build on a target not taken yet, either with its best
    pawns or with one pawn (a roll, whose dice the search sees), completed by the greedy bot."""
    out = []
    for single in (False, True):
        chain: list[str] = []
        t = s
        for _ in range(3):
            used = {m.rpartition(":")[0] for m in chain}
            pick = [(v, mid) for v, mid in scored(t, seat) if mid.startswith("p:b.")
                    and mid.rpartition(":")[0] not in used and (not single or len(mid.rpartition(":")[2]) == 1)]
            if not pick:
                break
            mid = max(pick)[1]
            try:
                t = engine.apply(t, seat, mid)
            except Exception:
                break
            chain.append(mid)
            out.append(complete(engine, t, seat, list(chain), construct(Rng, state=s.moves_made)))
    return out


def wanted(engine: Any, s: RobinsonState, seat: str) -> list[list[str]]:
    """For Family Robinson (K6.1): a plan opening with each goal invention (dealt, or needed by a dealt one)
    not built, with one pawn and with the most pawns the seat may put there, completed by the greedy bot."""
    if not family.playing(s):
        return []
    have = set(s.built) | set(s.future_built)
    goal = {n for n in set(s.dealt) | _needs(s.dealt) if n not in have}
    by_target: dict[str, list[str]] = {}
    for move in engine.legal_moves(s, seat):
        parts = move.id.split(":")
        if len(parts) == 3 and parts[0] == "p" and parts[1].startswith("b.inv.") \
                and parts[1].split(".")[2] in goal:
            by_target.setdefault(parts[1], []).append(move.id)
    out = []
    for ids in by_target.values():
        for mid in sorted({min(ids, key=len), max(ids, key=len)}):
            out.append(complete(engine, engine.apply(s, seat, mid), seat, [mid], construct(Rng, state=s.moves_made)))
    return out


def candidates(engine: Any, s: RobinsonState, seat: str, width: int) -> list[list[str]]:
    """The hard level's plans, then the build-first, goal-first and target-first ones, each distinct plan once."""
    out, seen = [], set()
    for chain in plans(engine, s, seat, width) + builds(engine, s, seat) + wanted(engine, s, seat) \
            + firsts(engine, s, seat):
        key = tuple(sorted(chain))
        if key not in seen:
            seen.add(key)
            out.append(chain)
    return out


def signature(s: RobinsonState) -> str:
    """What two states share when they came out the same (the beam keeps one of them)."""
    return repr((s.round, s.phase, sorted(s.built), sorted(s.avail.items()), sorted(s.island),
                 [(c.name, c.wounds, c.det, c.dead) for c in s.chars.values()], s.roof, s.palisade, s.weapon,
                 s.shelter, s.morale, s.moves_made))


def children(engine: Any, node: Node, seed: int, width: int) -> list[Node]:
    """The nodes after each of the first seat's candidate plans, each played on to the next planning."""
    s = node.state
    seat = engine.to_act(s)[0]
    out = []
    for chain in candidates(engine, s, seat, width):
        t, line = s, list(node.line)
        for mid in chain:
            t = engine.apply(t, seat, mid)
            line.append((seat, mid))
        out.append(advance(engine, Node(t, line), seed))
    return out


def search(scenario: str, players: int, seed: int, beam: int, width: int, verbose: bool = False) -> tuple[Optional[Node], int, Node]:
    """The first won line the beam finds for `seed` (or None), the nodes expanded and the best node seen."""
    engine = GAMES["robinson"]
    options = engine.parse_options({"scenario": scenario})
    seats = [f"p{i + 1}" for i in range(players)]
    start = advance(engine, Node(engine.setup(seats, seed, options), []), seed)
    frontier, expanded, best = [start], 0, start
    while frontier:
        kids: list[Node] = []
        for node in frontier:
            expanded += 1
            for kid in children(engine, node, seed, width):
                if kid.state.result == "won":
                    return kid, expanded, kid
                if kid.state.result is None:
                    kids.append(kid)
                elif (kid.state.round, score(kid.state)) > (best.state.round, score(best.state)):
                    best = kid
        seen: set[str] = set()
        frontier = []
        for kid in sorted(kids, key=lambda n: -score(n.state)):
            key = signature(kid.state)
            if key in seen:
                continue
            seen.add(key)
            frontier.append(kid)
            if len(frontier) >= beam:
                break
        if frontier:
            best = frontier[0]
            if verbose:
                f = frontier[0].state
                print(f"  round {f.round}: {len(kids)} alive, best {score(f):.1f} "
                      f"(dealt built {sum(1 for n in f.dealt if n in f.built)}, most in beam "
                      f"{max(sum(1 for n in k.state.dealt if n in k.state.built) for k in frontier)}), "
                      f"built {f.built}", file=sys.stderr, flush=True)
    return None, expanded, best


def dumps(scenario: str, seed: int, players: int, line: list[tuple[str, str]]) -> str:
    """A line as its file holds it: JSON, one move a row."""
    head = json.dumps({"game": "robinson", "scenario": scenario, "seed": seed,
                       "seats": [f"p{i + 1}" for i in range(players)]})
    moves = ",\n".join(json.dumps([seat, move]) for seat, move in line)
    return head[:-1] + ', "moves": [\n' + moves + "\n]}\n"


def parse_seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.robinson_line", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scenario", choices=SCENARIOS, default="family_robinson")
    parser.add_argument("--players", type=int, default=1, choices=(1, 2, 3, 4))
    parser.add_argument("--seeds", default="1-10", help="seeds to try, e.g. 1-20 or 3,7,11")
    parser.add_argument("--beam", type=int, default=24, help="states kept after each planning layer")
    parser.add_argument("--width", type=int, default=5, help="candidate plans per planning decision")
    parser.add_argument("--out", default=None, help="write the first won line here (JSON)")
    parser.add_argument("--verbose", action="store_true", help="print each layer's best state")
    parser.add_argument("--all", action="store_true", help="go on after the first won seed")
    args = parser.parse_args(argv)
    found = 0
    for seed in parse_seeds(args.seeds):
        t0 = time.process_time()
        won, expanded, best = search(args.scenario, args.players, seed, args.beam, args.width, args.verbose)
        cpu = time.process_time() - t0
        s = best.state
        if won is None:
            print(f"seed {seed}: no win; best reached round {s.round} ({s.result or 'alive'}, "
                  f"{sum(1 for n in s.dealt if built(s, n))} dealt built); {expanded} expanded, {cpu:.1f} s CPU",
                  flush=True)
            continue
        found += 1
        print(f"seed {seed}: WON in round {won.state.round}, {len(won.line)} moves; {expanded} expanded, "
              f"{cpu:.1f} s CPU", flush=True)
        if args.out and found == 1:
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            Path(args.out).write_text(dumps(args.scenario, seed, args.players, won.line))
        if not args.all:
            break
    return 0 if found else 1


if __name__ == "__main__":
    sys.exit(main())
