"""The engine core (rules.contract.Engine) that the four games and the toy game run on."""
from __future__ import annotations

import pytest

from rules import GAMES
from rules.contract import OPTIONAL_HOOKS, UNKNOWN_MOVE, Engine, IllegalMove, Move, Option
from rules.playout import playout_rng, random_move

from .toy_game import TOY


def test_optional_hooks_are_declared_and_offers_says_which_a_game_supplies():
    assert all(callable(getattr(Engine, h)) for h in OPTIONAL_HOOKS)
    assert not any(TOY.offers(h) for h in OPTIONAL_HOOKS)
    assert all(GAMES[k].offers("playout_weight") and GAMES[k].offers("greedy_move") for k in GAMES)
    assert GAMES["wayfinders"].offers("running_scores") and not GAMES["eclipse"].offers("running_scores")
    assert GAMES["robinson"].offers("timeout_move") and not GAMES["flotilla"].offers("timeout_move")
    assert all(GAMES[k].offers("round_number") for k in GAMES)  # every game has rounds (followers' pings)
    assert (TOY.coop, TOY.scenario, TOY.conformance_seeds) == (None, None, None)
    assert GAMES["robinson"].coop is True
    with pytest.raises(ValueError):
        TOY.offers("apply")  # a method of the core, not an optional hook


def test_the_defaults_mean_not_offered():
    s = TOY.setup(["a", "b"], 1)
    seat = TOY.to_act(s)[0]
    assert TOY.greedy_move(s, seat, s.rng) is None
    assert TOY.running_scores(s) is None and TOY.timeout_move(s, seat) is None
    assert TOY.explain(s, seat, "zzz") is None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_legal_moves_are_the_options_with_their_labels(key):
    engine = GAMES[key]
    s = engine.setup([f"p{i}" for i in range(engine.max_players)], 3)
    seat = engine.to_act(s)[0]
    opts = list(engine.options(s, seat))
    assert opts and all(isinstance(o, Option) for o in opts)
    assert engine.legal_moves(s, seat) == [Move.of(o.id, engine.label(s, seat, o), o.barrier) for o in opts]
    other = next((x for x in s.seats if x not in engine.to_act(s)), None)
    if other is not None:
        assert engine.legal_moves(s, other) == []


def test_a_refusal_carries_the_games_explanation_as_a_msg():
    """W10 (Wayfinders' explain.py): the reason, not the generic text; the state is untouched."""
    engine = GAMES["wayfinders"]
    s = engine.setup(["p1", "p2"], 4)
    before = engine.dump(s)
    seat = engine.to_act(s)[0]
    with pytest.raises(IllegalMove) as exc:
        engine.apply(s, seat, "place:99")
    assert exc.value.text.key == "wayfinders.illegal.hangar" and exc.value.text.args["h"] == "99"
    with pytest.raises(IllegalMove) as exc:
        engine.step(s, seat, "nonsense")
    assert exc.value.text.key == UNKNOWN_MOVE
    assert engine.dump(s) == before


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_guard_chain(key):
    engine = GAMES[key]
    s = engine.setup([f"p{i}" for i in range(max(2, engine.min_players))], 5)
    seat = engine.to_act(s)[0]
    move_id = engine.legal_moves(s, seat)[0].id
    for who, why in (("nobody", "core.illegal.not_player"),
                     *((x, "core.illegal.not_your_turn") for x in s.seats if x not in engine.to_act(s))):
        with pytest.raises(IllegalMove) as exc:
            engine.apply(s, who, move_id)
        assert exc.value.text.key == why
    with pytest.raises(IllegalMove) as exc:
        engine.find_move(engine.abandon(s), seat, move_id)
    assert exc.value.text.key == "core.illegal.over"


def test_the_round_number_starts_at_one_and_never_goes_back():
    """Followers are pinged when it grows (host/follows.py): it must count up through a whole game."""
    for key, engine in GAMES.items():
        seats = [f"p{i + 1}" for i in range(max(2, engine.min_players))]
        state, rng = engine.setup(seats, 5), playout_rng(5)
        rounds = [engine.round_number(state)]
        for _ in range(400):
            if engine.outcome(state) is not None:
                break
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, random_move(engine, state, seat, rng).id)
            rounds.append(engine.round_number(state))
        assert rounds[0] == 1 and rounds == sorted(rounds) and rounds[-1] > 1, key
