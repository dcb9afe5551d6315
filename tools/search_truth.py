"""`bot.py bench truth`: how well the hard level judges single decisions, against each move's worth to the end.

Games of wins and losses need hundreds of games to tell two versions of the hard level apart.  This measures the
level one decision at a time instead.

* `--make FILE` replays greedy games of `--game` with `--players` (deals `--seed` on, `--deals` of them, every seat
  greedy as the bench's greedy seats play, `rules.bots.choose`), and at every `--every`-th decision with more than
  one candidate (the hard level's candidates, `rules.search.steps.candidates`, each a single move) values each
  candidate by `--passes` samples of what the seat cannot see (the engine's `resample`), the candidate played and
  then every seat greedy to the end of the game: the share of its opponents the seat finished ahead of (a tie
  half: `rules.search.values.outcome_values`, the search's own value), the candidates on the same samples
  (paired).  One JSON line per decision (seed, the decision's index, the seat, the greedy move, each
  candidate's value).  As the opponents are greedy, this is what a candidate is worth against them when the seat
  plays greedily after it: a lower bound for the hard level, and its target.  With `--chains` the decisions are
  the whole plans of Robinson instead (`macro_moves`): each seat's first planning decision of a round, its
  candidates the plans the hard level races, the greedy plan first; a co-operative game's value is the win.
* `--judge FILE` decides each of those decisions as the bench's hard seats do (`host.search_pool.timed_search` at
  `--budget-cpu`, then `rules.bots.settle`) and prints how often it departed from the greedy move, how often for a
  move worth more or less, the mean value gained over the greedy move per decision and the most a decision could
  gain (the best candidate's value; biased up by the values' own noise).  A plan is judged whole: the chosen
  first step with the steps the search planned after it (`rules.bots.planned_after`); a chain the set does not
  list is counted as unmatched and left out.  `--set KEY=VALUE` (repeatable) changes
  the game's search tuning for this table size first (`rules.search.config.SearchConfig` fields).

Figures are printed, never asserted; a decision of three-player Wayfinders at 60 passes costs about 45 s of CPU
to make, and judging 57 of them at 0.5 s about 30 s (docs/strength/README.md, Wayfinders).
"""
from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any, Iterator, Optional

from host.search_pool import timed_search
from rules import GAMES
from rules.bots import choose, planned_after, settle
from rules.contract import Engine
from rules.rng import Rng
from rules.search.ismcts import tuned
from rules.search.steps import candidates, determinize, leaf_rollout, play_chain
from rules.search.values import seat_values

TO_THE_END = {"policy_rounds": 10_000, "policy_moves": 1_000_000}


def decisions(engine: Engine[Any], players: int, seed: int) -> Iterator[tuple[int, str, Any, str]]:
    """(index, seat, state, greedy move) of each decision of a greedy game with more than one legal move."""
    state = engine.setup([f"p{i + 1}" for i in range(players)], seed)
    k = 0
    while not engine.is_over(state) and engine.to_act(state):
        seat = engine.to_act(state)[0]
        move = choose(engine, state, seat, "greedy", seed)  # as the bench's greedy seats play (tools/bot_games.py)
        if len(engine.move_ids(state, seat)) > 1:
            yield k, seat, state, move.id
            k += 1
        state = engine.apply(state, seat, move.id)


def worth(engine: Engine[Any], state: Any, seat: str, moves: list[str], passes: int,
          rng: Rng) -> tuple[dict[str, float], dict[str, float]]:
    """Each move's mean value for `seat` over `passes` samples, every seat greedy to the end after it, and its
    mean share of first place (a win 1, first shared by n seats 1/n): the search's value, and the bench's."""
    config = tuned(engine, len(state.seats), **TO_THE_END)
    total = {m: 0.0 for m in moves}
    first = {m: 0.0 for m in moves}
    for _ in range(passes):
        sample = determinize(engine, state, seat, rng)
        seed = rng.next64()
        for m in moves:
            end = leaf_rollout(engine, play_chain(engine, engine.copy_state(sample), seat, m), Rng.from_seed(seed), config)
            total[m] += seat_values(engine, end)[seat]
            first[m] += _first_share(engine, end, seat)
    return {m: v / passes for m, v in total.items()}, {m: v / passes for m, v in first.items()}


def _first_share(engine: Engine[Any], end: Any, seat: str) -> float:
    outcome = engine.outcome(end)
    if outcome is None or outcome.ranks.get(seat) != 1:
        return 0.0
    return 1.0 / sum(1 for r in outcome.ranks.values() if r == 1)


def picked(engine: Engine[Any], players: int, deal: int, every: int,
           chains: bool = False) -> Iterator[tuple[int, str, Any, str, list[str], Rng]]:
    """(index, seat, state, greedy candidate, candidates, generator) of the deal's decisions a truth set values:
    every `every`-th decision between single moves; with `chains`, every `every`-th of each seat's first decision
    of a round between whole chains (a Robinson seat's plan, `macro_moves`: the hard level decides the whole plan
    there and plays the rest as planned, `rules.bots.planned_after`), the greedy plan being the first chain (the
    search's own order: the plan that opens with the greedy move, `rules.search.steps.candidates`)."""
    config = tuned(engine, players)
    turns: set[tuple[int, str]] = set()  # with `chains`: the (round, seat) whose plan decision was met
    for k, seat, state, greedy in decisions(engine, players, deal):
        if (chains and (engine.round_number(state), seat) in turns) or (not chains and k % every):
            continue
        rng = Rng.from_seed(deal * 1_000_003 + k)
        moves = [c for c, _ in candidates(engine, state, seat, rng, 0, config)]
        if len(moves) < 2 or any(" " in m for m in moves) != chains:  # one candidate, or not the kind asked for
            continue
        if chains:
            turns.add((engine.round_number(state), seat))
            if (len(turns) - 1) % every:
                continue
            greedy = moves[0]
        elif greedy not in moves:
            moves.insert(0, greedy)
        yield k, seat, state, greedy, moves, rng


def make(game: str, players: int, seed: int, deals: int, every: int, passes: int, out: Path,
         chains: bool = False) -> int:
    """Append the decisions `picked` of `deals` greedy games from `seed` to `out`, each candidate valued (`worth`)."""
    engine = GAMES[game]
    made = 0
    with out.open("a", encoding="utf-8") as f:
        for deal in range(seed, seed + deals):
            for k, seat, state, greedy, moves, rng in picked(engine, players, deal, every, chains):
                start = time.process_time()
                values, firsts = worth(engine, state, seat, moves, passes, rng)
                f.write(json.dumps({"game": game, "players": players, "seed": deal, "k": k, "seat": seat,
                                    "greedy": greedy, "values": values, "firsts": firsts, "passes": passes,
                                    "cpu": round(time.process_time() - start, 1)}) + "\n")
                f.flush()
                made += 1
    print(f"{made} decisions appended to {out}")
    return made


def judge(rows: list[dict[str, Any]], cpu: float, by: str = "values") -> dict[str, float]:
    """The hard level's choice at each row's decision and what it gained over the greedy move (module docstring),
    valued by the rows' `by`: "values" (the search's value) or "firsts" (the share of first place)."""
    gains, best, departed, better, worse, spent, unmatched = [], [], 0, 0, 0, 0.0, 0
    games: dict[tuple[str, int, int], dict[int, tuple[str, Any]]] = {}
    for row in rows:
        engine = GAMES[row["game"]]
        key = (row["game"], row["players"], row["seed"])
        if key not in games:
            games[key] = {k: (seat, state) for k, seat, state, _ in decisions(engine, row["players"], row["seed"])}
        seat, state = games[key][row["k"]]
        answer = timed_search(engine, state, seat, row["seed"], 0, cpu, None)
        spent += answer.cpu
        move = settle(engine, state, seat, engine.legal_moves(state, seat), answer.result, row["seed"])
        chosen = " ".join([move.id] + [m.id for m in planned_after(engine, state, seat, move, answer.result)])
        if " " in row["greedy"] and (answer.result is None or not answer.result.visits):
            chosen = row["greedy"]  # no pass finished within the budget: the greedy plan is played whole
        values = row[by]
        greedy = values[row["greedy"]]
        if chosen not in values:  # a whole chain the truth set did not list (its candidates differ): not judged
            unmatched += 1
            continue
        got = values[chosen]
        gains.append(got - greedy)
        best.append(max(values.values()) - greedy)
        if chosen != row["greedy"]:
            departed += 1
            better += int(got > greedy)
            worse += int(got < greedy)
    n = max(1, len(rows))
    return {"decisions": len(rows) - unmatched, "unmatched": unmatched, "departed": departed, "better": better, "worse": worse,
            "gain": statistics.mean(gains) if gains else 0.0, "most": statistics.mean(best) if best else 0.0,
            "cpu": spent / n}


def retune(game: str, players: int, pairs: list[str]) -> None:
    """`--set KEY=VALUE`: the game's search tuning for tables of `players` and more, in this process."""
    engine = GAMES[game]
    fields = tuned(engine, players)._asdict()
    more: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        if name not in fields or not value:
            raise SystemExit(f"--set wants a SearchConfig field and a value: {pair!r}")
        more[name] = type(fields[name])(json.loads(value))
    tuning = dict(engine.search_tuning)
    from_seats = dict(tuning.get("from_seats", {}))
    from_seats[players] = {**from_seats.get(players, {}), **more}
    tuning["from_seats"] = from_seats
    setattr(engine, "search_tuning", tuning)  # this process's engine only (a class default, read by `tuned`)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench truth", description=__doc__.split("\n\n")[0])
    parser.add_argument("--make", type=Path, metavar="FILE", help="append a truth set's decisions to FILE")
    parser.add_argument("--judge", type=Path, metavar="FILE", help="judge the hard level on FILE's decisions")
    parser.add_argument("--game", choices=sorted(GAMES), default="wayfinders")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1003)
    parser.add_argument("--deals", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="every K-th decision of a game (default 3)")
    parser.add_argument("--passes", type=int, default=60, help="samples per decision (default 60)")
    parser.add_argument("--chains", action="store_true",
                        help="make: only each seat's first decision of a round between whole chains (Robinson's plans)")
    parser.add_argument("--budget-cpu", type=float, default=0.5, help="the judged level's CPU a decision")
    parser.add_argument("--by", choices=("values", "firsts"), default="values",
                        help="judge by the search's value (default) or the share of first place")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    if args.make:
        make(args.game, args.players, args.seed, args.deals, args.every, args.passes, args.make, args.chains)
        return 0
    if not args.judge:
        parser.error("--make FILE or --judge FILE")
    rows = [json.loads(line) for line in args.judge.read_text(encoding="utf-8").splitlines() if line.strip()]
    for game, players in sorted({(r["game"], r["players"]) for r in rows}):
        retune(game, players, args.set)
    got = judge(rows, args.budget_cpu, args.by)
    print(f"{got['decisions']} decisions ({got['unmatched']:g} unmatched) at {args.budget_cpu:g} s CPU ({got['cpu']:.2f} s a decision)"
          f"{' with ' + ', '.join(args.set) if args.set else ''}, by {args.by}: departed from greedy {got['departed']} "
          f"(for a move worth more {got['better']}, less {got['worse']}); value gained over greedy "
          f"{got['gain']:+.3f} a decision, at most {got['most']:+.3f}")
    return 0


__all__ = ["decisions", "judge", "main", "make", "picked", "retune", "worth"]
