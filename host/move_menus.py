"""A long list of moves offered one menu at a time: the engine's groups (`Engine.menus`: Robinson's planning
under its action, then its target, the pawns last), each step one menu of at most MENU_MAX entries.

The move ids stay the engine's own (replays, digests and `/play` are unchanged): a group is only a way to reach
them, and a click on a group shows the next menu of the moves under it (cogs/views.py `MoveGroupSelect`)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Union

from rules import Move
from rules.text import Msg

from .i18n import t, tm

MENU_MAX = 25  # the options of one Discord select menu
GROUP_MARK = "@"  # a select value naming a group (no move id starts with it)


@dataclass(frozen=True)
class MoveGroup:
    """A group of moves offered as one entry: its key (`Engine.menus`), its words and how many moves it holds."""

    key: str
    text: Msg
    size: int

    @property
    def value(self) -> str:
        return GROUP_MARK + self.key


Entry = Union[Move, MoveGroup]


def _entries(moves: list[Move], paths: dict[str, list[tuple[str, Msg]]], depth: int) -> list[Entry]:
    """The moves grouped by their group at `depth` (moves without one stand alone); a group of one move is that
    move."""
    entries: list[Entry] = []
    index: dict[str, int] = {}
    members: dict[str, list[Move]] = {}
    for move in moves:
        path = paths.get(move.id, [])
        if len(path) <= depth:
            entries.append(move)
            continue
        key, text = path[depth]
        if key not in index:
            index[key] = len(entries)
            entries.append(MoveGroup(key, text, 0))
            members[key] = []
        members[key].append(move)
    out: list[Entry] = []
    for entry in entries:
        if isinstance(entry, MoveGroup):
            inside = members[entry.key]
            out.append(inside[0] if len(inside) == 1 else MoveGroup(entry.key, entry.text, len(inside)))
        else:
            out.append(entry)
    return out


def menu(moves: list[Move], paths: dict[str, list[tuple[str, Msg]]], within: Optional[str] = None,
         limit: int = MENU_MAX) -> Optional[list[Entry]]:
    """One menu for `moves` (those under group `within` when given): the moves themselves when they fit in
    `limit`, else the finest grouping that fits (the deepest level first: two steps where two suffice).  At the
    top, None when the moves fit anyway (no groups needed) or when no grouping fits (the host pages them); inside
    a group that no grouping fits, its moves (paged).  [] for a group no longer offered."""
    depth = 0
    if within is not None:
        found = [i for m in moves for i, (key, _) in enumerate(paths.get(m.id, [])) if key == within]
        if not found:
            return []
        depth = found[0] + 1
        moves = [m for m in moves if any(key == within for key, _ in paths.get(m.id, []))]
    if len(moves) <= limit:
        return list(moves) if within is not None else None
    deepest = max((len(paths.get(m.id, [])) for m in moves), default=0)
    for level in range(deepest - 1, depth - 1, -1):
        entries = _entries(moves, paths, level)
        if len(entries) <= limit:
            return entries
    return list(moves) if within is not None else None  # inside a group: its moves, paged by the host


def seat_menu(engine: Any, state: Any, seat: str, moves: list[Move], within: Optional[str] = None
              ) -> Optional[list[Entry]]:
    """`menu` of `seat`'s moves with the engine's groups (None: the game offers none here, or no grouping is
    needed)."""
    paths = engine.menus(state, seat)
    if not paths:
        return None
    return menu(moves, paths, within)


def entry_text(entry: Entry, locale: str, names: Mapping[str, str]) -> str:
    """An entry's words as its menu option says them: a move's label, or a group's words and how many choices it
    holds (the post's image lists the same words: host/boards.py `decision_focus`)."""
    if isinstance(entry, MoveGroup):
        return t("menus.group", locale, what=tm(entry.text, locale, names), n=entry.size)
    return tm(entry.text, locale, names)


def group_text(engine: Any, state: Any, seat: str, key: str) -> Optional[Msg]:
    """The words of group `key` of `seat`'s moves now, or None when no such group is offered now."""
    paths: dict[str, list[tuple[str, Msg]]] = engine.menus(state, seat)
    for path in paths.values():
        for k, text in path:
            if k == key:
                return text
    return None


__all__ = ["Entry", "GROUP_MARK", "MENU_MAX", "MoveGroup", "entry_text", "group_text", "menu", "seat_menu"]
