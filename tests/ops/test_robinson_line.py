"""`python -m tools.robinson_line`: the line finder plays candidate plans on a game's true state (it sees the
seeded draws, as no player does) and writes the first won line as moves by seat, which replay through the engine
from the seed's set-up to the same win."""
from __future__ import annotations

import json

from rules import GAMES
from rules.robinson.bot.alternatives import planning
from tools.robinson_line import Node, advance, main, parse_seeds, score

E = GAMES["robinson"]


def _setup(scenario: str, players: int, seed: int):
    return E.setup([f"p{i + 1}" for i in range(players)], seed, E.parse_options({"scenario": scenario}))


def test_the_greedy_bot_plays_on_until_the_first_seat_to_act_plans():
    node = advance(E, Node(_setup("family_robinson", 2, 3), []), 3)
    seat = E.to_act(node.state)[0]
    assert planning(E, node.state, seat) and node.state.round == 1 and node.state.result is None
    again = advance(E, node, 3)
    assert again.line == node.line  # nothing to play before a planning decision


def test_a_won_state_ranks_above_every_state_in_play_and_a_lost_one_below():
    s = _setup("family_robinson", 1, 3)
    won, lost = s.model_copy(update={"result": "won"}), s.model_copy(update={"result": "lost"})
    assert score(won) > score(s) > score(lost)


def test_seeds_are_read_as_ranges_and_lists():
    assert parse_seeds("1-3,7") == [1, 2, 3, 7]


def test_the_line_found_is_written_by_seat_and_replays_to_the_win(tmp_path, capsys):
    out = tmp_path / "line.json"
    assert main(["--scenario", "cannibal_island", "--players", "1", "--seeds", "1", "--beam", "1", "--width", "1",
                 "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("seed 1: WON in round ")
    kept = json.loads(out.read_text())
    assert (kept["scenario"], kept["seed"], kept["seats"]) == ("cannibal_island", 1, ["p1"])
    s = _setup("cannibal_island", 1, 1)
    for seat, move in kept["moves"]:
        assert seat in E.to_act(s)
        s = E.apply(s, seat, move)
    assert s.result == "won" and not E.to_act(s)
