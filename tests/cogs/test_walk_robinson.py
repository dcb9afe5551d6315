"""`python -m tools.walk_robinson` plays a Robinson scenario on the local table as people would: the greedy bot's
choice for each seat, sent through the board's buttons and menus (My view's while several plan at once), and the
game on the table is the very game `bench bots` plays with the same seed."""
from __future__ import annotations

import asyncio
import io
from pathlib import Path

from host.tables import TableService
from local.components import Pressable
from rules import GAMES
from rules.bots import choose
from storage import open_store
from tools.walk_robinson import _find, greedy_seeds, main, seed_line, seeds_tally, walk_game


def _greedy_moves(scenario: str, players: int, seed: int, count: int) -> list[str]:
    """The first `count` moves of the greedy table's game, as `rules.bot_match.play_match` plays them."""
    engine = GAMES["robinson"]
    seats = [f"p{i + 1}" for i in range(players)]
    state = engine.setup(seats, seed, engine.parse_options({"scenario": scenario}))
    out = []
    for _ in range(count):
        seat = engine.to_act(state)[0]
        move = choose(engine, state, seat, "greedy", seed=seed)
        out.append(move.id)
        state = engine.apply(state, seat, move.id)
    return out


def test_the_item_found_is_this_versions_button_or_option_else_the_group_holding_the_move():
    items = [Pressable("old", "mv:3:6:ok", 2), Pressable("confirm", "mv:3:7:ok", 2),
             Pressable("Hunt (8 choices)", "ms:3:7:0", 3, value="@h"),
             Pressable("Rest", "ms:3:7:0", 3, value="p:r:c"), Pressable("My view", "pv:3", 2)]
    assert _find(items, "ok", 3, 7, set()) == 2  # the stale board's button is never clicked
    assert _find(items, "p:r:c", 3, 7, set()) == 4
    assert _find(items, "p:h.burn.4:cc", 3, 7, {"h"}) == 3
    assert _find(items, "p:h.burn.4:cc", 3, 7, {"x"}) is None
    assert _find(items, "ok", 3, 8, set()) is None


def test_two_players_plan_at_once_through_my_view_and_play_the_bench_game(tmp_path):
    log = io.StringIO()
    walk = asyncio.run(walk_game("cannibal_island", 2, 1, str(tmp_path / "g.db"), str(tmp_path / "out"), log,
                                 max_moves=8))
    assert walk.refused == []
    assert (walk.pressed, walk.typed, walk.moves) == (8, 0, 8)  # every move a click, none typed
    assert "press" in log.getvalue() and "# My view" in log.getvalue()
    assert walk.check.endswith("clean")
    assert walk.won is None  # not over yet
    kept = [Path(p) for p in walk.images]  # each board as posted, though the board is edited in place
    assert len(kept) >= 8 and len({p.read_bytes() for p in kept}) > 1 and all(p.parent.name == "walk" for p in kept)
    store = open_store(tmp_path / "g.db")
    try:
        logged = [m.move_id for m in TableService(store).games.moves(1)]
    finally:
        store.close()
    assert logged == _greedy_moves("cannibal_island", 2, 1, 8)


def test_seeds_are_listed_with_the_greedy_tables_result(capsys):
    rows = greedy_seeds("cannibal_island", 1, 1, 2)
    assert [r.seed for r in rows] == [1, 2]
    assert all(r.moves > 0 for r in rows)
    assert main(["seeds", "--scenario", "cannibal_island", "--players", "1", "--first", "1", "--count", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [f"cannibal_island 1 seed {r.seed}: {'won' if r.won else 'lost'} in {r.moves} moves "
                         f"(round {r.round}: {r.end})" for r in rows]
    assert lines[2].startswith(f"cannibal_island 1 player(s), 2 games: won {sum(r.won for r in rows)}, lost ")


def test_a_lost_castaways_game_says_how_it_ended_and_the_woodpile_it_left():
    """Seeds 1-10 solo: seed 7 runs out of rounds (R96: the end of round 12) with the woodpile unfinished
    (S3: 15 wood in five stages), seed 10 ends before round 12 with a death (R76); the tally counts each kind."""
    rows = greedy_seeds("castaways", 1, 1, 10)
    by_seed = {r.seed: r for r in rows}
    assert (by_seed[7].won, by_seed[7].round, by_seed[7].end) == (False, 12, "time")
    assert by_seed[7].pile < 15
    assert by_seed[10].end.startswith("death:") and by_seed[10].round < 12
    assert seed_line("castaways", 1, by_seed[7]).endswith(f"(round 12: time, woodpile {by_seed[7].pile} of 15)")
    won = [r for r in rows if r.won]
    assert won and all(r.end == "goal" and 10 <= r.round <= 12 for r in won)  # S5: the win from round 10 on
    assert all("woodpile" not in seed_line("castaways", 1, r) for r in won)
    tally = seeds_tally("castaways", 1, rows)
    times = sum(r.end == "time" for r in rows)
    assert tally.startswith(f"castaways 1 player(s), 10 games: won {len(won)}, lost {10 - len(won)} (")
    assert f"time {times}" in tally and times >= 1


def test_a_recorded_line_is_clicked_instead_of_the_greedy_bots_moves(tmp_path):
    """`play --line`: the moves of a line (here the hard level's second plan for alice's first round, which
    the greedy bot does not play) are clicked as recorded, seat by seat."""
    from rules.robinson.bot.alternatives import plans

    engine = GAMES["robinson"]
    state = engine.setup(["p1", "p2"], 3, engine.parse_options({"scenario": "family_robinson"}))
    line = []
    while not line or engine.to_act(state)[0] != "p1" or state.phase != "plan":
        seat = engine.to_act(state)[0]
        move = choose(engine, state, seat, "greedy", seed=3).id
        line.append((seat, move))
        state = engine.apply(state, seat, move)
    greedy, other = plans(engine, state, "p1", 2)[:2]
    assert other != greedy
    line += [("p1", m) for m in other]
    walk = asyncio.run(walk_game("family_robinson", 2, 3, str(tmp_path / "g.db"), str(tmp_path / "out"),
                                 io.StringIO(), max_moves=len(line), line=line))
    assert walk.refused == [] and walk.typed == 0 and walk.check.endswith("clean")
    store = open_store(tmp_path / "g.db")
    try:
        logged = [(m.seat, m.move_id) for m in TableService(store).games.moves(1)]
    finally:
        store.close()
    assert logged == line
