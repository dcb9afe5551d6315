"""The /robinson shortcuts compose exactly the engine's move ids (R30-R38 grammar)."""
from __future__ import annotations

from cogs.robinson_cog import COG, lead_move, plan_move, support_move
from rules.robinson.state import Spot
from tests.rules.robinson_kit import ids, planning


def test_plan_shortcut_ids_are_legal_moves():
    s = planning(3)
    s.avail.update(W=9, Fur=9)
    s.shelter = True
    s.island[6] = Spot(tile=4)
    legal = set(ids(s, "p1"))
    for mid in (plan_move("build", "roof", 2, pay="fur"), plan_move("build", "weapon"),
                plan_move("gather", "6 fish"), plan_move("explore", "2"),
                plan_move("threat", "right wreck", 2), plan_move("rest"), plan_move("camp"),
                plan_move("build", "shovel")):
        assert mid in legal, mid
    s = planning(3)
    s.avail.update(W=9)
    assert plan_move("build", "shelter", 2) in ids(s, "p2")


def test_friday_and_dog_letters():
    assert plan_move("hunt", "", 1, friday=True) == "p:hunt:cf"
    assert plan_move("explore", "5", 1, dog=True) == "p:x.5:cd"
    assert plan_move("rest", "", 0, friday=True, friday_leads=True) == "p:rest:f"


def test_cog_is_a_group_named_robinson():
    assert COG.__cog_group_name__ == "robinson"


def test_r38_support_and_lead_shortcuts_compose_legal_moves():
    from tests.rules.robinson_kit import play
    s = planning(3)
    s.hunt_deck = ["beast:Birds"]
    assert plan_move("hunt", "", 1) == "p:hunt:c" and "p:hunt:c" in ids(s, "p1")
    s = play(s, ("p1", "p:hunt:c"))
    assert support_move(1) in ids(s, "p2")
    s = play(s, ("p2", support_move(1, "me")))
    assert lead_move(1, s.seat_char["p2"].lower()) in ids(s, "p1")
    assert lead_move(1, "cocinero") == "t:0:Cook" and support_move(2, "Viernes") == "s:1:f"


def test_k6_5_the_reclamation_shortcut_composes_legal_moves():
    from rules.robinson import marks
    from tests.rules.robinson_kit import game
    s = game(2, 1, scenario="family_robinson")
    s.island[6] = Spot(tile=4, exhausted=["wood"])
    marks.add(s, 6, "wasteland")
    assert plan_move("reclaim", "6 waste", 2) == "p:r.6.waste:cc"
    assert plan_move("reclaim", "6 wasteland", 1, friday=True) == "p:r.6.waste:cf"
    assert plan_move("reclaim", "6 wood", 2) == "p:r.6.wood:cc"
    fp = s.seats[s.fp]
    legal = set(ids(s, fp))
    for mid in ("p:r.6.waste:cc", "p:r.6.waste:cf", "p:r.6.wood:cc"):
        assert mid in legal, mid
