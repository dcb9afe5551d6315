"""Passing for a player who asked for it: `/eclipse autopass on` (a seat's `seats.autopass` flag) lets the host
play the game's passing move (`Engine.auto_pass`: Eclipse's "pass again" when a passed player's turn comes round,
Eclipse E28) as soon as that decision is theirs.  The bot seats' driver plays it (cogs/bot_driver.py) with
`TableService.play_seat`: the same rules and the same version-guarded transaction as a typed move; the move is
an undo point (its seat is no longer to act), so no later undo takes it back."""
from __future__ import annotations

from storage.routed import prefs_of

from .tables import Refusal, Table, TableService, game_title


def autopass_to_act(table: Table) -> list[tuple[str, str]]:
    """(seat, move id) for each seat to act now whose player asked to be passed for, at a decision the game
    passes for them."""
    if table.game.status != "active" or table.state is None:
        return []
    wanted = {s.seat for s in table.seats if s.autopass and not s.is_bot}
    out = []
    for seat in table.to_act:
        if seat in wanted and (move_id := table.engine.auto_pass(table.state, seat)) is not None:
            out.append((seat, move_id))
    return out


def set_autopass(service: TableService, table: Table, user_id: int, on: bool) -> Table:
    """Turn passing-for-them on or off for the user's seat in `table`'s game; refused (nothing changed) when the
    game offers no such pass or the user has no seat there.  The table as it stands after."""
    if not table.engine.offers("auto_pass"):
        raise Refusal("autopass.refuse.not_offered", title=game_title(table.game))
    if not prefs_of(service.store).set_autopass(table.game.id, user_id, on):
        raise Refusal("host.refuse.not_player")
    return service.table(table.game.id)


__all__ = ["autopass_to_act", "set_autopass"]
