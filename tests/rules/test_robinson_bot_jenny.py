"""The greedy bot and Jenny needs help! (docs/rules/robinson-scenarios.md K3): it reads the goal's
steps through the scenario registry (Scenario.goal) and plays the Rope, the Raft, the rescue, then
the Lifeboat.  Win rates are printed by `bot.py bench bots --option scenario=jenny`, never asserted."""
from __future__ import annotations

from rules.bots import choose
from rules.robinson.bot.planning import plan_move
from rules.robinson.bot.worth import Worth, ward_cost
from rules.robinson.scenarios import SCENARIOS, jenny
from rules.rng import Rng

from .robinson_kit import E, game


def jenny_plan(n: int = 1, seed: int = 1):
    s = game(n, seed, scenario="jenny")
    assert s.phase == "plan"
    return s


def play(players: int, seed: int):
    """A whole greedy game; the round of the Raft's build and of the rescue (with Jenny's wounds then)."""
    s = game(players, seed, scenario="jenny")
    raft_in = rescue = None
    for _ in range(3000):
        if not E.to_act(s):
            break
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, choose(E, s, seat, "greedy", seed).id)
        if raft_in is None and jenny.RAFT in s.built + s.future_built:
            raft_in = s.round
        if rescue is None and jenny.rescued(s):
            rescue = (s.jenny.rescued, s.jenny.wounds)
    return s, raft_in, rescue


def test_k3_6_the_greedy_bot_builds_the_raft_then_rescues_jenny_in_a_later_round():
    s, raft_in, rescue = play(1, 3)
    assert raft_in == 3  # K3.10: the Rope built first, then the Raft
    assert rescue == (4, 6)  # K3.6: the very next round; K3.5: 2 wounds in each of the 3 Nights before it
    assert s.jenny.rescued > raft_in
    assert s.result is not None and s.round <= 8  # K3.2


def test_k0_9_only_jenny_has_a_goal_for_the_bot_castaways_keeps_its_woodpile():
    assert SCENARIOS["castaways"].goal is None
    assert Worth(game(1, 1)).steps == {}
    assert SCENARIOS["jenny"].goal is not None


def test_k3_5_her_last_rescue_round_follows_her_wounds():
    s = jenny_plan()
    assert jenny.last_rescue_round(s) == 6  # unrescued she dies in round 6's Night (11th wound, K3.4)
    s.jenny.wounds = 9
    assert jenny.last_rescue_round(s) == s.round  # 2 more in this Night kill her
    s.jenny.wounds = 8
    assert jenny.last_rescue_round(s) == s.round + 1


def test_k3_the_goal_steps_go_rope_raft_rescue_lifeboat():
    s = jenny_plan()
    steps = jenny.goal_steps(s)
    assert {"b.inv.Rope", "b.inv.Knife", "b.inv.JennyRaft"} <= set(steps) and jenny.RESCUE not in steps
    s.built += ["Rope", jenny.RAFT]
    steps = jenny.goal_steps(s)
    assert jenny.RESCUE in steps and "b.inv.Rope" not in steps and "b.inv.JennyRaft" not in steps
    s.jenny.rescued = s.round
    assert set(jenny.goal_steps(s)) == {"b.inv.Lifeboat", "b.inv.Knife"}  # K3.10: Rope + Knife
    s.jenny.wounds = 9  # too late for the Raft: no step can rescue her any more
    s.jenny.rescued = 0
    s.built.remove(jenny.RAFT)
    assert "b.inv.JennyRaft" not in jenny.goal_steps(s)


def test_k3_10_the_goal_keeps_the_raft_and_lifeboat_costs_in_stock():
    s = jenny_plan()
    assert jenny.goal_stock(s) == {"W": 8, "Fur": 4}  # Raft 2 wood; Lifeboat 6 wood + 4 fur
    s.built.append(jenny.RAFT)
    assert jenny.goal_stock(s) == {"W": 6, "Fur": 4}
    s.avail["W"], s.avail["Fur"] = 6, 4
    stocked = Worth(s)
    assert stocked.stock_gap == {"W": 0, "Fur": 0}
    s.avail["W"] = 2
    short = Worth(s)
    assert short.stock_gap["W"] == 4
    assert short.wood_later > stocked.wood_later  # wood short of the goal's builds is dearer


def test_k3_6_with_the_raft_built_the_bot_plans_the_rescue_first():
    s = jenny_plan(1, 2)
    s.built += ["Rope", jenny.RAFT]
    assert jenny.can_rescue(s)
    assert plan_move(s, "p1", Rng.from_seed(1)).startswith(f"p:{jenny.RESCUE}:")


def test_k3_7_rescued_jenny_eats_and_her_wounds_weigh_on_the_camp():
    s = jenny_plan()
    before = Worth(s)
    s.jenny.rescued, s.jenny.wounds = s.round, 8
    after = Worth(s)
    assert after.food_need[0][0] == before.food_need[0][0] + 1  # K3.7: she eats 1 food at Night
    assert after.hurt_all > before.hurt_all  # she takes the no-shelter and weather wounds too
    # K3.12: with less life left than the characters she goes hungry last, so the last meal missed is hers
    assert len(after.hungry) == len(before.hungry) + 1
    assert after.hungry[-1] == ward_cost(jenny.DEATH - 8, 2) and after.hungry[:-1] == before.hungry
    for c in s.chars.values():
        c.wounds = 9  # 4 or fewer left to each, 11 to Jenny: she has the most, so she goes hungry first
    s.jenny.wounds = 0
    assert Worth(s).hungry[0] == ward_cost(jenny.DEATH, 2)


def test_bench_bots_plays_the_scenario_given_as_an_option():
    from rules.bot_match import coop_rates
    from tools.bot_bench import report
    jenny_fig = coop_rates(E, 2, levels=("random",), players=1, seed=3, options={"scenario": "jenny"})
    castaways = coop_rates(E, 2, levels=("random",), players=1, seed=3)
    assert jenny_fig.moves != castaways.moves  # K3.2: 8 rounds, not Castaways' 12
    lines = report("robinson", 1, 1, 3, {"scenario": "jenny"}, ("random",))
    assert "scenario=jenny" in lines[0] and lines[1].startswith("random: ") and len(lines) == 3
