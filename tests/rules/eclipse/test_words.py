"""Eclipse: the sub-steps of a chained action are told by their label, in both languages.

Every label, event and log line of every engine is checked for ids, keys and placeholders over random playouts
by tests/conformance/test_words.py; this file holds what only Eclipse has.
"""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.text import join, msg, seat_ref, tr

from ..test_eclipse_kit import game, home, play


def test_sub_steps_are_told_by_their_label():
    """E107 (Build: what, then where), E104 (Influence: from, then to): the first step of each
    chain is told by its label, in both languages."""
    s = game(["terran union", "terran alliance"])
    seat = s.turn
    s.players[seat].storage[2] = 10
    hid = home(s, seat)
    s = play(s, "act:build", f"bld:interceptor:{hid}")  # E107: one step, told by the build itself
    assert [tr(e, "en", {seat: "Ann"}) for e in s.events] == [f"Ann builds an Interceptor in hex {hid}."]
    assert [tr(e, "es", {seat: "Ann"}) for e in s.events] == [f"Ann construye Interceptor en el hexágono {hid}."]
    s = game(["terran union", "terran alliance"])
    seat = s.turn
    hid = home(s, seat)
    s = play(s, "act:influence", f"from:{hid}")
    assert tr(s.events[0], "en", {seat: "Ann"}) == f"Ann: Take a disc from hex {hid}."
    assert tr(s.events[0], "es", {seat: "Ann"}) == f"Ann: Tomar un disco del hexágono {hid}."


def test_a_public_move_leaves_an_event():
    """E26 (an action is a public choice): Build is told to the table, so /game log never shows its id."""
    s = game(["terran union", "terran alliance"])
    seat = s.turn
    after = E.apply(s, seat, "act:build")
    assert after.events and all("act:build" not in tr(e, loc, {}) for e in after.events for loc in ("en", "es"))


def test_the_final_summary_agrees_with_the_number_of_winners():
    """E76 (players still tied after the tie-break share the rank): "Ann wins", "Ann, Bob win", in both languages."""
    one = msg("eclipse.outcome", winners=join([seat_ref("p1")]), n=1, points=30)
    two = msg("eclipse.outcome", winners=join([seat_ref("p1"), seat_ref("p2")]), n=2, points=30)
    names = {"p1": "Ann", "p2": "Bob"}
    assert tr(one, "en", names) == "Ann wins with 30 VP." and tr(two, "en", names) == "Ann, Bob win with 30 VP."
    assert tr(one, "es", names) == "Ann gana con 30 PV." and tr(two, "es", names) == "Ann, Bob ganan con 30 PV."


def test_the_explore_prompt_follows_the_steps_of_the_action():
    """E34-E36: after drawing, the prompt asks to place that hex (or discard it); after placing, about the disc."""
    s = game(["terran union", "terran alliance"])
    seat = s.turn
    s = play(s, "act:explore")
    pos = next(m.id for m in E.legal_moves(s, seat) if m.id.startswith("exp:"))
    s = play(s, pos)
    drawn = s.stack[-1].drawn
    said = tr(E.prompt(s, seat), "en", {})
    assert said.startswith(f"Explore: place hex {drawn[0]} at {pos[4:]}") and "discard" in said, said
    assert tr(E.prompt(s, seat), "es", {}).startswith(f"Explorar: coloca el hexágono {drawn[0]} en {pos[4:]}")
    placing = [m.id for m in E.legal_moves(s, seat) if m.id.startswith("pl:")]
    assert placing  # this seed's first position takes its hex
    s = play(s, placing[0])
    assert s.stack[-1].placed and "influence disc" in tr(E.prompt(s, seat), "en", {})
