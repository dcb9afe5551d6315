"""Flotilla end and scoring (F62-F67, E10, E45, X5, X8), hidden information (F17), whole games."""
from __future__ import annotations

import json

import pytest

from rules.flotilla import ENGINE
from rules.flotilla.data import STARTERS
from rules.flotilla.effects import gain_vp
from rules.flotilla.scoring import breakdown, final_ranks, seal_awards
from rules.playout import iter_playout, play_random, playout_rng
from rules.text import tr

from .test_flotilla_kit import act, active, me, new


def test_F62_E10_supply_running_out_triggers_one_more_round():
    s = ENGINE.copy_state(new())
    s.supply = 3
    seat = active(s)
    gain_vp(s, me(s), 5)
    assert s.supply == 0 and s.reserve_used == 2 and me(s).vp == 5  # E11
    assert s.end_round == 2
    s.events = []
    # play on: round 1 finishes, round 2 is the final round, then the game is over
    for _ in range(8 * 50):
        if s.over:
            break
        s = act(s, "play:captain" if not s.todo else [m.id for m in ENGINE.legal_moves(s, active(s))][-1])
    assert s.over and s.round == 2 and ENGINE.to_act(s) == []  # F66
    assert ENGINE.outcome(s) is not None and seat in ENGINE.outcome(s).scores


def test_F67_X8_E45_round_limit():
    s = ENGINE.copy_state(new())
    s.round = 60
    s.supply = 37
    for _ in range(4):
        s = act(s, "play:captain", *(["turn:no"] if s.players[active(s)].side == "sink" else []))
    assert s.round == 61 and s.end_round == 61 and s.by_limit and s.supply == 37
    gain_vp(s, me(s), 40)
    assert s.supply == 0 and s.end_round == 61  # E45: running out in round 61 changes nothing
    for _ in range(4):
        s = act(s, "play:captain", *(["turn:no"] if s.players[active(s)].side == "sink" else []))
    assert s.over and ENGINE.outcome(s).summary.key == "flotilla.outcome_limit"


def test_F67_the_round_limit_is_explained_in_game_rules_in_both_languages():
    """F67: `/game rules` says the limit is the host's safeguard, when it triggers (end of round 60,
    round 61 final) and why (legal play can go on forever)."""
    en, es = tr(ENGINE.rules_help(), "en"), tr(ENGINE.rules_help(), "es")
    for words in ("safeguard", "not a rule of the physical game", "round 60", "round 61", "forever"):
        assert words in en, words
    for words in ("salvaguarda", "no una regla del juego físico", "ronda 60", "ronda 61", "para siempre"):
        assert words in es, words


def test_F63_final_scoring_parts():
    s = ENGINE.copy_state(new())
    p = s.players[s.order[0]]
    p.vp, p.coins, p.tox = 30, 14, 12
    p.barrels = {"p": 2, "y": 1, "r": 0, "b": 0}
    p.skiffs[0].cargo = ["b", "b"]
    b = breakdown(s)[p.seat]
    assert b == {"play": 30, "currency": 2, "barrels": 2, "toxicity": 0, "seals": 0}  # T=12: space 2 = 0
    p.tox = 40
    assert breakdown(s)[p.seat]["toxicity"] == -25  # F60, E32: the marker stays on space 7


def test_F64_X5_seal_majorities():
    s = ENGINE.copy_state(new(3))
    a, b, c = s.order
    for seat, seals, tox in ((a, 4, 10), (b, 4, 6), (c, 2, 0)):
        s.players[seat].seals["traders"] = seals
        s.players[seat].tox = tox
    w = seal_awards(s)
    assert (w[b]["traders"], w[a]["traders"], w[c]["traders"]) == (10, 5, 0)
    s.players[a].tox = 6
    w = seal_awards(s)
    assert (w[a]["traders"], w[b]["traders"], w[c]["traders"]) == (10, 10, 0)  # friendly tie: no 5


def test_F64_toxicity_breaks_only_the_tie_for_the_most_seals():
    """F64: "In case of a tie for the most Seals, the player with the least Toxicity breaks the
    tie. Further ties are friendly": players tied for second-most all get 5 VP, whatever their T."""
    s = ENGINE.copy_state(new(4))
    a, b, c, d = s.order
    for seat, seals, tox in ((a, 5, 20), (b, 3, 4), (c, 3, 9), (d, 1, 0)):
        s.players[seat].seals["founders"] = seals
        s.players[seat].tox = tox
    w = seal_awards(s)
    assert [w[x]["founders"] for x in (a, b, c, d)] == [10, 5, 5, 0]  # b and c tied for second
    # a tie for the most broken by T: the others tied for the most are next, all of them
    s.players[a].seals["founders"] = 3
    w = seal_awards(s)
    assert [w[x]["founders"] for x in (a, b, c, d)] == [5, 10, 5, 0]
    # without a seal there, a player takes no part (and a lone taker gets only the 10)
    for x in (b, c, d):
        s.players[x].seals["founders"] = 0
    assert [seal_awards(s)[x]["founders"] for x in (a, b, c, d)] == [10, 0, 0, 0]


def test_F65_tie_breaks():
    s = ENGINE.copy_state(new(3))
    a, b, c = s.order
    scores = {a: 50, b: 50, c: 50}
    s.players[a].tox, s.players[b].tox, s.players[c].tox = 3, 3, 4
    s.players[a].hand = s.players[a].hand + ["speakers-1-envoy-a"]
    ranks = final_ranks(s, scores)
    assert ranks[a] == 1 and ranks[b] == 2 and ranks[c] == 3
    s.players[b].hand = s.players[b].hand + ["speakers-1-envoy-b"]
    s.players[a].coins = s.players[b].coins = 9
    assert final_ranks(s, scores)[b] == 1 == final_ranks(s, scores)[a]  # shared victory
    assert final_ranks(s, scores)[c] == 3  # competition ranks: a shared first is followed by 3


def test_F65_three_fully_tied_then_one_behind_rank_1_1_1_4():
    """F65: a full tie shares the rank and the next player's rank skips the places."""
    s = ENGINE.copy_state(new(4))
    a, b, c, d = s.order
    for x in s.order:
        s.players[x].tox, s.players[x].coins = 2, 7
    assert final_ranks(s, {a: 40, b: 40, c: 40, d: 12}) == {a: 1, b: 1, c: 1, d: 4}


def test_F17_hidden_hands_in_every_public_view_of_random_games():
    for seed in range(3):
        s = new(4, seed)
        for step in iter_playout(ENGINE, s, playout_rng(seed)):
            st = step.after
            if step.index % 7:
                continue
            public = ENGINE.view(st, None)
            assert all(pv.hand is None for pv in public.players)
            text = public.model_dump_json()
            for seat in st.order:
                own = ENGINE.view(st, seat)
                assert [pv.hand is not None for pv in own.players] == [s2 == seat for s2 in st.order]
                assert sorted(own.players[st.order.index(seat)].hand) == sorted(st.players[seat].hand)
            hidden = {c for p in st.players.values() for c in p.hand if c not in STARTERS}
            for pv in public.players:
                assert pv.hand_size == len(st.players[pv.seat].hand)
            for card in hidden:  # a recruited card in a hand appears nowhere publicly (unless public elsewhere)
                elsewhere = any(card in p.discard for p in st.players.values()) or card in \
                    [v for v in public.stack_tops.values()]
                assert elsewhere or f'"{card}"' not in text


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_reach_a_real_end(n):
    final, log = play_random(ENGINE, [f"s{i}" for i in range(n)], 11)
    out = ENGINE.outcome(final)
    assert final.over and out is not None and len(out.scores) == n
    assert json.loads(ENGINE.dump(final))["over"] is True
    assert final.round <= 61


def test_some_random_player_turns_skyside_and_builds():
    turned = built = 0
    for seed in range(4):
        final, log = play_random(ENGINE, ["a", "b", "c", "d"], seed)
        turned += sum(p.side == "sky" for p in final.players.values())
        built += sum(1 for e in final.board.values() if e[5] == "sky" and e[0] != "start")
    assert turned and built


def _bot_game(levels: dict[str, str], seed: int):
    from rules.bots import choose
    s = ENGINE.setup(list(levels), seed)
    while ENGINE.to_act(s):
        seat = ENGINE.to_act(s)[0]
        s = ENGINE.apply(s, seat, choose(ENGINE, s, seat, levels[seat], seed=seed).id)
    return s


def test_greedy_bot_beats_random_players():
    """rules.bots "greedy" (rules/flotilla/bot.py) against two random players (3p is the smallest table, F1)."""
    wins = sum(ENGINE.outcome(_bot_game({"g": "greedy", "r1": "random", "r2": "random"}, 700 + k)).ranks["g"] == 1
               for k in range(12))
    assert wins >= 9  # >= 70 %


def test_greedy_table_turns_skyside_and_builds():
    s = _bot_game({"a": "greedy", "b": "greedy", "c": "greedy", "d": "greedy"}, 901)
    assert any(p.side == "sky" for p in s.players.values())
    assert any(e[5] == "sky" and e[0] != "start" for e in s.board.values())
    assert ENGINE.outcome(s) is not None
