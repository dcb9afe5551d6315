"""Effects that take what the players do not have (R79, R81, R91, E4, §3.9): "if possible" only where
the card's text says so (Termites' wood, Ravishing Hurricane's exhaust, Ravishing Windstorm's
Weapon; Hard Work's food among the adventures); everything else is unfulfilled demand."""
from __future__ import annotations

from rules.robinson.data import EVENTS
from rules.robinson.effects import apply as apply_codes
from rules.robinson.state import Spot
from tests.rules.robinson_kit import game

# The readings of every event effect that takes something (draw and slide-off, §3.9), compared with
# the card texts: "if possible" (ifp) where the card says so, else unfulfilled demand (R79).
IF_POSSIBLE = {("Termites", "draw"), ("Termites", "slide"), ("Ravishing Hurricane", "draw"),
               ("Ravishing Windstorm", "draw")}


def takes(code) -> bool:
    """A loss of resources or a track level, or sources to exhaust."""
    return isinstance(code, str) and (code.startswith("exh:") or code.startswith(("res:", "trk:")) and ":-" in code)


def test_r91_every_taking_event_effect_is_marked_if_possible_exactly_where_its_card_says_so():
    marked = set()
    for name, e in EVENTS.items():
        for half in ("draw", "slide"):
            for code in getattr(e, half):
                if takes(code) and code.endswith(":ifp"):
                    marked.add((name, half))
    assert marked == IF_POSSIBLE


def in_event_phase(n: int = 2):
    s = game(n)
    s.phase = "event"
    return s


def test_r81_termites_takes_wood_if_possible_no_wound_without_wood():
    for half in ("draw", "slide"):
        s = in_event_phase()
        s.avail["W"] = 0
        apply_codes(s, getattr(EVENTS["Termites"], half), "event:Termites")
        assert s.avail["W"] == 0 and all(c.wounds == 0 for c in s.chars.values())
        s.avail["W"] = 2
        apply_codes(s, getattr(EVENTS["Termites"], half), "event:Termites")
        assert s.avail["W"] == 1


def test_r81_ravishing_hurricane_with_no_explored_tile_next_to_the_camp_does_nothing():
    s = in_event_phase()
    assert not [sp for sp in s.island if sp != s.camp]  # only the camp's tile is explored
    apply_codes(s, EVENTS["Ravishing Hurricane"].draw, "event:Ravishing Hurricane")
    assert all(c.wounds == 0 for c in s.chars.values())
    s.island[6] = Spot(tile=4)  # fish and wood next to the camp: one is exhausted (asked, E14)
    apply_codes(s, EVENTS["Ravishing Hurricane"].draw, "event:Ravishing Hurricane")
    assert s.pending["kind"] == "exh" and s.pending["ifp"] == "1"


def test_r79_devastation_says_no_if_possible_so_missing_sources_wound_everyone():
    s = in_event_phase()
    apply_codes(s, EVENTS["Devastation"].draw, "event:Devastation")  # exh 2 adjacent, none there
    assert all(c.wounds == 2 for n, c in s.chars.items() if n != "Friday")  # E4: 1 wound per missing source
