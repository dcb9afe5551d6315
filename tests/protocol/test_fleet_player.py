"""The fleet bench's player (tools/fleet_play.py) reaches every move a board offers.  A decision of more moves
than buttons hold is a select menu (cogs/views.py): a player that clicked move buttons only found none of the
new board, clicked a stale button of the board before, and left the game stuck (an uncapped random game
stopped at version 59 in a fleet run)."""
from __future__ import annotations

from cogs.views import BUTTONS_MAX, move_components
from rules import Move
from rules.text import msg
from tools.fleet_play import decisions


def board(moves: int) -> dict:
    listed = [Move(id=f"fly:C{n}", text=msg("host.button.my_moves")) for n in range(moves)]
    view = move_components(7, 59, listed, "en", names={}, view_button=True)
    assert view is not None
    return {"components": view.to_components()}


def test_a_short_decision_is_its_buttons():
    found = decisions(board(3))
    assert found == [(f"mv:7:59:fly:C{n}", None) for n in range(3)]


def test_a_long_decision_is_every_entry_of_its_menus():
    moves = BUTTONS_MAX + 12
    found = decisions(board(moves))
    assert sorted(value for _, value in found) == sorted(f"fly:C{n}" for n in range(moves))
    assert all(custom.startswith("ms:7:59:") for custom, _ in found)
