"""The Flotilla bot (rules/flotilla/bot.py), the greedy level and the hard level's policy (bot_profile.py): legal,
reproducible, and blind to dice and draws to come."""
from __future__ import annotations

from rules.bots import bot_rng, choose
from rules.flotilla import ENGINE
from rules.flotilla.bot import evaluate
from rules.flotilla.bot_profile import GREEDY, HARD
from rules.rng import Rng


def _greedy_states(seed: int, every: int = 9, limit: int = 10_000):
    s = ENGINE.setup(["a", "b", "c", "d"], seed)
    out = []
    i = 0
    while ENGINE.to_act(s) and i < limit:
        seat = ENGINE.to_act(s)[0]
        if i % every == 0:
            out.append(s)
        m = choose(ENGINE, s, seat, "greedy", seed=seed)
        assert m.id in {x.id for x in ENGINE.legal_moves(s, seat)}
        s = ENGINE.apply(s, seat, m.id)
        i += 1
    return out, s


def test_greedy_never_looks_at_the_dice_or_draws_to_come():
    """Two states that differ only in the random generator get the same decision."""
    states, _ = _greedy_states(77, every=5, limit=300)
    for s in states:
        seat = ENGINE.to_act(s)[0]
        other = ENGINE.copy_state(s)
        other.rng = Rng(state=(s.rng.state * 6364136223846793005 + 1) % (1 << 64))
        assert choose(ENGINE, s, seat, "greedy", seed=5).id == choose(ENGINE, other, seat, "greedy", seed=5).id


def test_greedy_is_reproducible_and_evaluate_is_pure():
    a, end_a = _greedy_states(78, every=50)
    b, end_b = _greedy_states(78, every=50)
    assert ENGINE.dump(end_a) == ENGINE.dump(end_b)
    s = a[len(a) // 2]
    before = ENGINE.dump(s)
    evaluate(s, s.order[0], GREEDY)
    evaluate(s, s.order[0], HARD)
    assert ENGINE.dump(s) == before


def test_greedy_builds_next_to_its_own_colour_F41_F42():
    """A ready kit (a reserve tile and its barrels) is built, on the cell where B (F42) is largest."""
    from rules.flotilla.hexes import is_hub, neighbours
    from rules.flotilla.sky import build_cells

    from .test_flotilla_kit import chain, me, put_tile
    from .test_flotilla_sky import skyside
    s, seat = skyside()
    home = me(s).home
    n1 = next(c for c in neighbours(home) if not is_hub(c))
    put_tile(s, n1, "red-09", seat, face="sky")
    me(s).tiles, me(s).barrels = ["red-02"], {"p": 0, "y": 0, "r": 1, "b": 0}
    s = chain(s, "founders-1-settler-a", [["build", 1]])
    assert choose(ENGINE, s, seat, "greedy").id == "bt:red-02"
    s = ENGINE.apply(s, seat, "bt:red-02")
    cells = build_cells(s, seat)
    assert any(c not in neighbours(n1) for c in cells)  # a worse cell exists
    cell = choose(ENGINE, s, seat, "greedy").id.split(":")[1]
    assert cell in neighbours(n1)  # B = 2, not 1


def test_greedy_skyside_spends_spare_coins_on_barrels_its_tiles_need_F33():
    """With no objective left to save for, a Skysider buys the barrels its reserve tiles cost."""
    from .test_flotilla_kit import chain
    from .test_flotilla_sky import skyside
    s, seat = skyside()
    s.objectives["sky"] = {k: 3 for k in s.objectives["sky"]}  # every Skyside stack is empty
    s = chain(s, "trader", [["trans", 3, 0]], tiles=["red-02"], coins=60)
    assert choose(ENGINE, s, seat, "greedy").id == "tx:buy:r"


def _card_choices(seed: int, limit: int = 400):
    states, _ = _greedy_states(seed, every=1, limit=limit)
    return [s for s in states if not s.todo and ENGINE.to_act(s)]


def _policy(state, seat, seed):
    return ENGINE.search_policy(state, seat, bot_rng(seed, state.moves_made, seat))


def test_a_card_is_judged_by_what_its_sampled_turn_adds_to_the_seat_blind_to_draws_F17():
    """bot_turn: the card is played on a sampled state, the seat's own greedy steps follow until its turn is over
    (F17: the turn passes), and WEIGHT times the change in `evaluate` counts; the real state's generator is never
    read, so a state that differs only in it gets the same gain."""
    from rules.flotilla import bot_turn
    from rules.flotilla.bot import greedy_move
    s = _card_choices(79)[3]
    seat = ENGINE.to_act(s)[0]
    seen = []

    def value(state, who, prof):
        seen.append(state)
        return evaluate(state, who, prof)

    move = ENGINE.legal_moves(s, seat)[0].id
    gain = bot_turn.turn_gain(ENGINE, s, seat, move, Rng(state=3), HARD, greedy_move, value)
    first, last = seen[0], seen[-1]
    assert first is s and last is not s and len(seen) == 2
    assert not last.todo or ENGINE.to_act(last) != [seat]  # the seat's turn is played out
    assert last.players[seat].hand != s.players[seat].hand or last.playing != s.playing  # the card was played
    assert gain == bot_turn.WEIGHT * (evaluate(last, seat, HARD) - evaluate(s, seat, HARD))
    other = ENGINE.copy_state(s)
    other.rng = Rng(state=(s.rng.state * 6364136223846793005 + 1) % (1 << 64))
    assert bot_turn.turn_gain(ENGINE, other, seat, move, Rng(state=3), HARD, greedy_move, evaluate) == gain


def test_the_turn_ahead_changes_which_card_the_hard_policy_plays(monkeypatch):
    """Without the sampled turns (WEIGHT 0) the heuristic alone picks a different card in some of a game's
    card choices: the turn ahead is what decides them."""
    from rules.flotilla import bot_turn
    states = _card_choices(80)
    chosen = [_policy(s, ENGINE.to_act(s)[0], 5).id for s in states]
    monkeypatch.setattr(bot_turn, "WEIGHT", 0.0)
    alone = [_policy(s, ENGINE.to_act(s)[0], 5).id for s in states]
    assert len(states) >= 20 and sum(a != b for a, b in zip(chosen, alone)) >= 3


def test_the_greedy_level_is_one_ply_and_the_turn_ahead_is_the_hard_policys_own(monkeypatch):
    """bot_profile: the engine's greedy level never plays a turn ahead (its cards are valued by their terms
    alone), the hard level's policy (`search_policy`) does, and the two choose differently in a game."""
    from rules.flotilla import bot as flotilla_bot
    calls = []
    real = flotilla_bot.turn_gain
    monkeypatch.setattr(flotilla_bot, "turn_gain", lambda *a: calls.append(a[5]) or real(*a))
    states = _card_choices(81)
    greedy = [choose(ENGINE, s, ENGINE.to_act(s)[0], "greedy", seed=5).id for s in states]
    assert calls == []
    policy = [_policy(s, ENGINE.to_act(s)[0], 5).id for s in states]
    assert calls and set(calls) == {HARD}
    assert sum(a != b for a, b in zip(greedy, policy)) >= 3
    assert GREEDY.turn_round > HARD.turn_round and GREEDY.coins_full > HARD.coins_full and GREEDY.site == 0


def test_a_free_skyside_site_is_worth_the_hard_policys_site_up_to_the_outposts_left_while_objectives_remain_F31():
    """HARD.site: each free construction site counts (an outpost that floats costs more, F32), no more of them
    than outposts left; a ready reserve tile that carries a site counts KIT times that; nothing once every Skyside
    objective is taken, and nothing for the greedy level (GREEDY.site 0)."""
    from rules.flotilla.bot_sky import KIT, sky_value
    from rules.flotilla.data import TILES
    from rules.flotilla.effects import sites
    from rules.flotilla.sky import build_cost

    from .test_flotilla_kit import me
    from .test_flotilla_sky import skyside
    s, seat = skyside()
    with_site = next(t for t, tile in TILES.items() if tile.site and tile.colour == "r")
    me(s).tiles, me(s).barrels = [with_site], {"p": 0, "y": 0, "r": build_cost(s, with_site), "b": 0}
    free = min(len(sites(s, seat)), 6 - me(s).outposts)
    assert free >= 1
    before = sky_value(s, seat, HARD.site)
    assert before - sky_value(s, seat, GREEDY.site) == HARD.site * free + KIT * HARD.site
    s.objectives["sky"] = {k: 3 for k in s.objectives["sky"]}  # every Skyside stack is empty
    assert before - sky_value(s, seat, HARD.site) == HARD.site * free + KIT * HARD.site
