"""The night outside the camp (R74, E38, R94): what the character gained in its actions this
round, discovery tokens included, waits in its personal supply, not in Future."""
from __future__ import annotations

from rules.robinson import adventures, phases
from rules.robinson.effects import apply as apply_codes
from tests.rules.robinson_kit import E, confirm_all, ids, planning, play, texts


def explorer_game():
    for seed in range(60):
        s = planning(3, seed)
        seat = next((x for x, c in s.seat_char.items() if c == "Explorer"), None)
        if seat is not None:
            return s, seat
    raise AssertionError("no game with the Explorer")


def lost_on_top(s) -> None:
    s.adv_decks["explore"].remove("adv_explore:Lost")
    s.adv_decks["explore"].insert(0, "adv_explore:Lost")
    s.action_tokens["explore"] = ["ADV"]  # R43: the next Explore draws a card whatever the dice


def rest_others(s, seat):
    for other in s.seats:
        if other != seat:
            s = play(s, (other, "p:rest:c"), (other, "p:rest:c"))
    return s


def test_e38_the_explorers_discovery_token_goes_to_its_supply_then_to_available_next_round():
    s, seat = explorer_game()
    s.island_stack.remove(2)
    s.island_stack.insert(0, 2)  # tile 2: Mountains, natural shelter, 1 discovery token (§3.2)
    s.disc_stack.remove("Old Machete")
    s.disc_stack.insert(0, "Old Machete")
    lost_on_top(s)
    s = play(s, (seat, "p:x.2:cc"))
    s = confirm_all(rest_others(s, seat))
    s = E.apply(s, E.to_act(s)[0], "go")  # the Explore resolves first (R39)
    ex = s.chars["Explorer"]
    assert ex.out and ex.kept == ["Old Machete"]  # R74: not in Future
    assert "Old Machete" not in s.future_tokens
    while s.phase == "resolve" and s.result is None:
        s = E.apply(s, E.to_act(s)[0], "go")
    assert "Old Machete" not in s.tokens  # the end of the Action phase does not bring it (R46)
    s.avail["F"] = 9
    while s.round == 1 and s.result is None:
        seat_now = E.to_act(s)[0]
        pick = "stay" if "stay" in ids(s, seat_now) else ids(s, seat_now)[-1] if s.pending else ids(s, seat_now)[0]
        s = E.apply(s, seat_now, pick)
    assert s.round == 2 and not s.chars["Explorer"].out
    assert "Old Machete" in s.tokens and s.chars["Explorer"].kept == []  # R94 (1): back to Available


def test_r74_food_gathered_earlier_this_round_is_kept_outside_and_eaten_there():
    s, seat = explorer_game()
    s.island[6] = s.island[7].model_copy(update={"tile": 4})  # Hills: fish and wood, next to the camp
    lost_on_top(s)
    s = play(s, (seat, "p:g.6.fish:c"), (seat, "p:x.2:c"))
    s.plan[0].base = s.plan[1].base = 2  # sure successes: the test is about the card, not the dice
    s = confirm_all(rest_others(s, seat))
    s = E.apply(s, E.to_act(s)[0], "go")  # Gather (R39 order: before Explore)
    assert s.future["F"] == 1 and s.chars["Explorer"].gained == {"F": 1}
    s = E.apply(s, E.to_act(s)[0], "go")  # Explore: Lost, a night outside
    ex = s.chars["Explorer"]
    assert ex.out and ex.supply["F"] == 1 and s.future["F"] == 0
    s.phase, s.queue = "night", []
    wounds = ex.wounds
    s.avail["F"] = 5
    phases.night_meals(s)
    assert s.chars["Explorer"].supply["F"] == 0 and s.chars["Explorer"].wounds == wounds  # ate its own food


def test_r74_a_token_found_while_already_outside_goes_to_the_supply():
    s, seat = explorer_game()
    ex = s.chars["Explorer"]
    ex.out = True
    s.phase, s.actor = "resolve", "Explorer"
    s.disc_stack.insert(0, "Fallen Tree")
    from rules.robinson.effects import draw_discovery
    draw_discovery(s, 1)
    assert ex.kept == ["Fallen Tree"] and s.future_tokens == []
    s.phase = "night"
    s.actor = None
    wood = s.avail["W"]
    s.round += 1
    phases.start_round(s)
    assert s.avail["W"] == wood + 1  # R45: "on arrival" converts as it reaches Available


def test_r45_a_token_found_in_camp_still_waits_in_future():
    s, seat = explorer_game()
    s.phase, s.actor = "resolve", "Explorer"
    s.disc_stack.insert(0, "Old Machete")
    from rules.robinson.effects import draw_discovery
    draw_discovery(s, 1)
    assert s.future_tokens == ["Old Machete"] and s.chars["Explorer"].found == ["Old Machete"]


def outside_drawing(top: list[str]):
    """The Explorer resolving an action while spending the night outside, the Mystery deck's top
    cards set."""
    s, seat = explorer_game()
    ex = s.chars["Explorer"]
    ex.out = True
    s.phase, s.actor = "resolve", "Explorer"
    for card in reversed(top):
        s.mystery_deck.remove(card)
        s.mystery_deck.insert(0, card)
    return s, ex


def next_round(s):
    s.phase, s.actor = "night", None
    s.round += 1
    phases.start_round(s)
    return s


def test_r74_a_treasure_card_drawn_outside_waits_in_the_supply_until_the_next_round():
    """R74 keeps "resources, tokens, cards" in the personal supply: a kept treasure (Old Rifle)
    is not the group's item until the character is back (R94); a one-shot one's resources
    (Cave with Furs) wait there too."""
    s, ex = outside_drawing(["mystery:Old Rifle"])
    adventures.treasure(s, "Explorer")  # R93
    assert "Old Rifle" not in s.items and ex.treasures == {"Old Rifle": 1}
    seen = next(c for c in E.view(s).characters if c["name"] == "Explorer")
    assert seen["treasures"] == {"Old Rifle": 1}  # R98: shown to everyone meanwhile
    s, ex = outside_drawing(["mystery:Cave with Furs"])
    adventures.treasure(s, "Explorer")
    assert ex.supply["Fur"] == 2 and s.future["Fur"] == 0
    s, ex = outside_drawing(["mystery:Old Rifle"])
    adventures.treasure(s, "Explorer")
    s = next_round(s)
    assert s.items["Old Rifle"] == 1 and s.chars["Explorer"].treasures == {}
    assert "the group now holds the Old Rifle" in texts(s)


def test_r74_a_treasure_found_earlier_this_round_follows_its_finder_outside():
    s, ex = outside_drawing(["mystery:Helmet"])
    ex.out = False
    adventures.treasure(s, "Explorer")  # in camp: the group's at once [ruling]
    assert "Helmet" in s.items
    apply_codes(s, ["night_out"], "adv_explore:Lost", "Explorer")  # later in the round: Lost
    assert ex.out and "Helmet" not in s.items and ex.treasures == {"Helmet": 99}
    s = next_round(s)
    assert "Helmet" in s.items


def test_r74_trap_door_takes_the_treasure_from_the_supply_of_a_drawer_outside():
    s, ex = outside_drawing(["mystery:Old Rifle", "mystery:Trap Door"])
    adventures.mystery(s, 2, {"treasure": 1, "trap": 1}, "Explorer", stop_early=False)
    assert ex.treasures == {} and "Old Rifle" not in s.items
    assert "mystery:Old Rifle" in s.mystery_discard
