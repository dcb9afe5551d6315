"""`bot.py bench pace`: why Flotilla bot tables last as long as they do, and whether a variant of the bot is faster.

Engine only, every seat playing the bot's policy (rules/flotilla/bot.py; `--policy hard`, the default: the hard
level's own policy, which the search follows in 95 % of its decisions, so these tables run at an all-hard table's
pace; `--policy greedy`: the greedy level), deals `--seed` on.  Printed for the policy as it is:

* the round each game ended in (F62 the VP supply, F67 the round-60 safeguard) and the VP supply left by round;
* each seat's turns by the card played and its side (the Captain's Rally, F18, included): share of turns, VP gained
  in the turn, share of turns that scored nothing; the hand left when a seat Rallies;
* the VP by the kind of step that scored them (objectives, influence, builds, market), per ten rounds, and the
  currency a seat holds at a turn's start;
* the round each seat turned Skyside (F19), and the objectives no one took by the end, per side, with their VP (F9,
  D16): VP the supply held that no one could score.

`--try prof.save=0.5` (a field of the policy's profile, rules/flotilla/bot_profile.py, or `bot.CONST=V`, `sky.CONST=V`:
a constant of `rules.flotilla.bot` or `.bot_sky`; as many as wanted): the variant in every seat
(its end rounds) and in one seat among default ones, that seat rotating through every position of each deal (its
wins with their 95 % interval and its mean rank).  The variant's constants are set before each of its decisions
and the defaults back before every other seat's, so both bots play in one process without a copy of either.
"""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict
from contextlib import contextmanager
from typing import Any, Iterator, Optional

from rules.bots import bot_rng
from rules.flotilla import ENGINE, bot, bot_sky
from rules.flotilla.bot_profile import GREEDY, HARD, Profile
from rules.flotilla.state import FlotillaState
from rules.flotilla.view import objectives_left

from .search_bench import interval

MODULES = {"bot": bot, "sky": bot_sky}
POLICIES = {"hard": HARD, "greedy": GREEDY}
PROFILE = "prof"  # a variant's name for a field of the policy's profile
Variant = dict[tuple[str, str], float]  # (module or "prof", constant or field) -> value


def parse_variant(pairs: list[str]) -> Variant:
    """`["prof.save=0.5", "bot.COIN_LO=0.1"]` -> {("prof", "save"): 0.5, ("bot", "COIN_LO"): 0.1}; an unknown
    module, constant or field is refused."""
    out: Variant = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        mod, _, const = name.partition(".")
        known = const in Profile._fields if mod == PROFILE else mod in MODULES and hasattr(MODULES[mod], const)
        if not known or not value:
            raise SystemExit(f"--try wants prof.FIELD=VALUE or MODULE.CONSTANT=VALUE with MODULE bot or sky: {pair!r}")
        out[(mod, const)] = float(value)
    return out


def varied(prof: Profile, variant: Optional[Variant]) -> Profile:
    """`prof` with the profile fields `variant` sets."""
    fields = {f: type(getattr(prof, f))(v) for (m, f), v in (variant or {}).items() if m == PROFILE}
    return prof._replace(**fields)


class Tally:
    """What the default seats did: turns by card, VP by step, Rallies, supply and currency by round."""

    def __init__(self) -> None:
        self.turns: dict[tuple[str, str], list[int]] = defaultdict(list)  # (side, card) -> VP of each turn
        self.by_step: Counter[tuple[int, str]] = Counter()  # (ten-round bracket, step kind) -> VP
        self.rally_hands: Counter[int] = Counter()  # cards left in hand beside the Captain
        self.supply: dict[int, list[int]] = defaultdict(list)
        self.coins: dict[int, list[int]] = defaultdict(list)
        self.seat_games = 0
        self.turned: list[int] = []  # the round each seat turned Skyside (F19)
        self.never_turned = 0
        self.untaken: Counter[str] = Counter()  # side -> objectives left in the stacks at the end (F9)
        self.untaken_vp: Counter[str] = Counter()  # side -> their printed VP (D16)


def _step(move_id: str) -> str:
    kind = move_id.split(":")[0]
    return ":".join(move_id.split(":")[:2]) if kind == "tx" else kind


def play(seed: int, players: int, variant_seat: Optional[str] = None, variant: Optional[Variant] = None,
         tally: Optional[Tally] = None, prof: Profile = HARD) -> FlotillaState:
    """One game of `prof`'s policy in every seat; `variant_seat` plays with `variant`'s constants, every other seat
    with the defaults."""
    mine = varied(prof, variant)
    seats = [f"p{i + 1}" for i in range(players)]
    state = ENGINE.setup(seats, seed, None)
    turn: Optional[list[Any]] = None  # [seat, card, VP at its start, side]
    with _restored(variant or {}) as defaults:
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            _set(variant if seat == variant_seat else defaults)
            move = bot.greedy_move(ENGINE, state, seat, bot_rng(seed, state.moves_made, seat),
                                   mine if seat == variant_seat else prof)
            if tally is not None:
                turn = _count(tally, state, seat, move.id, turn)
            before = {s: p.vp for s, p in state.players.items()}
            side = state.players[seat].side
            state = ENGINE.apply(state, seat, move.id)
            if tally is not None:
                for s, p in state.players.items():
                    if p.vp != before[s]:
                        tally.by_step[(min(3, (state.round - 1) // 10), _step(move.id))] += p.vp - before[s]
                if side != state.players[seat].side:
                    tally.turned.append(state.round)
    if tally is not None:
        _count_end(tally, state)
    return state


def _count_end(tally: Tally, state: FlotillaState) -> None:
    """The seats that never turned, and the objectives still stacked with their VP (F9, D16)."""
    tally.seat_games += len(state.players)
    tally.never_turned += sum(1 for p in state.players.values() if p.side == "sink")
    for side, stacks in objectives_left(state).items():
        for values in stacks.values():
            tally.untaken[side] += len(values)
            tally.untaken_vp[side] += sum(values)


def _count(tally: Tally, state: FlotillaState, seat: str, move_id: str, turn: Optional[list[Any]]) -> Any:
    """Counts a turn when the next one starts (no pending step) and its card once played."""
    if state.todo:
        return turn
    if turn is not None:
        tally.turns[(turn[3], turn[1])].append(state.players[turn[0]].vp - turn[2])
    p = state.players[seat]
    card = move_id.split(":")[1]
    if card == "captain":
        tally.rally_hands[len(p.hand) - 1] += 1
    tally.supply[state.round].append(state.supply)
    tally.coins[state.round].append(p.coins)
    return [seat, card, p.vp, p.side]


def report(tally: Tally, rounds: list[int], limit_games: int) -> list[str]:
    lines = [f"end round: median {statistics.median(rounds)}, mean {statistics.mean(rounds):.1f}, "
             f"{min(rounds)}-{max(rounds)}; ended by the round limit (F67): {limit_games}"]
    total = sum(len(v) for v in tally.turns.values())
    every = [vp for v in tally.turns.values() for vp in v]
    lines.append(f"turns: {total}, VP a turn {statistics.mean(every):.2f}, "
                 f"turns scoring nothing {sum(1 for x in every if x == 0) / total:.0%}")
    for (side, card), vps in sorted(tally.turns.items(), key=lambda kv: -len(kv[1])):
        if len(vps) / total >= 0.01:
            lines.append(f"  {side} {card:16s} {len(vps) / total:5.1%} of turns, {statistics.mean(vps):5.2f} VP, "
                         f"nothing in {sum(1 for x in vps if x == 0) / len(vps):.0%}")
    lines.append("Rallies by the cards left in hand: " + ", ".join(
        f"{n}: {c}" for n, c in sorted(tally.rally_hands.items())))
    for b in range(4):
        vp = {k: v for (bb, k), v in tally.by_step.items() if bb == b}
        if vp:
            lines.append(f"VP a seat in rounds {10 * b + 1}{'-' + str(10 * b + 10) if b < 3 else '+'}: " + ", ".join(
                f"{k} {v / tally.seat_games:.1f}" for k, v in sorted(vp.items(), key=lambda kv: -kv[1])))
    lines.append("supply by round: " + ", ".join(
        f"{r}: {statistics.mean(v):.0f}" for r, v in sorted(tally.supply.items()) if r % 5 == 0))
    lines.append("currency at a turn's start by round: " + ", ".join(
        f"{r}: {statistics.mean(v):.0f}" for r, v in sorted(tally.coins.items()) if r % 5 == 0))
    if tally.turned:
        lines.append(f"turned Skyside in round: median {statistics.median(tally.turned)}, "
                     f"{min(tally.turned)}-{max(tally.turned)}; seats that never turned: {tally.never_turned}")
    if rounds:
        lines.append("objectives no one took, a table: " + ", ".join(
            f"{side} {tally.untaken[side] / len(rounds):.1f} ({tally.untaken_vp[side] / len(rounds):.0f} VP)"
            for side in sorted(tally.untaken)))
    return lines


def head_to_head(variant: Variant, players: int, seed: int, deals: int, prof: Profile = HARD) -> str:
    wins, ranks, others, games = 0.0, [], [], 0
    for s in range(seed, seed + deals):
        for pos in range(players):
            me = f"p{pos + 1}"
            outcome = ENGINE.outcome(play(s, players, me, variant, prof=prof))
            assert outcome is not None
            winners = outcome.winners()
            wins += 1 / len(winners) if me in winners else 0.0
            ranks.append(outcome.ranks[me])
            others += [r for x, r in outcome.ranks.items() if x != me]
            games += 1
    return (f"variant in one seat among default ones: won {wins:g} of {games} ({wins / games:.0%}, 95 %: "
            f"{interval(wins, games)}; fair share {1 / players:.0%}), mean rank {statistics.mean(ranks):.2f} "
            f"(default seats {statistics.mean(others):.2f})")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench pace", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="tables of the policy as it is (default 40)")
    parser.add_argument("--policy", choices=sorted(POLICIES), default="hard",
                        help="the hard level's own policy (default) or the greedy level")
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--seed", type=int, default=1, help="the first deal (default 1)")
    parser.add_argument("--try", dest="variant", action="append", default=[], metavar="MODULE.CONSTANT=VALUE",
                        help="a variant (prof.save=0.5, sky.KIT=1.0); repeat for several constants")
    parser.add_argument("--deals", type=int, default=25, help="deals of the head to head (default 25)")
    args = parser.parse_args(argv)
    variant = parse_variant(args.variant)
    prof = POLICIES[args.policy]
    t0 = time.process_time()
    tally = Tally()
    ends = [play(s, args.players, tally=tally, prof=prof) for s in range(args.seed, args.seed + args.games)]
    print(f"Flotilla, {args.players} seats of the {args.policy} policy, seeds {args.seed}-{args.seed + args.games - 1}:")
    for line in report(tally, [s.round for s in ends], sum(1 for s in ends if s.by_limit)):
        print(line)
    if variant:
        name = " ".join(f"{m}.{c}={v:g}" for (m, c), v in variant.items())
        rounds = [_all_variant(s, args.players, variant, prof) for s in range(args.seed, args.seed + args.games)]
        print(f"{name}: every seat, end round median {statistics.median(rounds)}, mean {statistics.mean(rounds):.1f}, "
              f"{min(rounds)}-{max(rounds)}")
        print(f"{name}: {head_to_head(variant, args.players, args.seed, args.deals, prof)}")
    print(f"{time.process_time() - t0:.0f} s CPU")
    return 0


def _all_variant(seed: int, players: int, variant: Variant, prof: Profile) -> int:
    """The end round of a game with the variant in every seat."""
    with _restored(variant):
        _set(variant)
        return play(seed, players, prof=varied(prof, variant)).round


def _set(constants: Optional[Variant]) -> None:
    for (mod, const), value in (constants or {}).items():
        if mod != PROFILE:
            setattr(MODULES[mod], const, value)


@contextmanager
def _restored(variant: Variant) -> Iterator[Variant]:
    """The defaults of the module constants `variant` names (yielded), set back however the block ends."""
    defaults = {k: getattr(MODULES[k[0]], k[1]) for k in variant if k[0] != PROFILE}
    try:
        yield defaults
    finally:
        _set(defaults)


__all__ = ["Tally", "head_to_head", "main", "parse_variant", "play", "report"]
