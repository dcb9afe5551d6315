"""Long lists of moves one menu at a time (host/move_menus.py): Robinson's planning as the action (or its
target) first, then the pawns, every step one menu of at most 25 entries, every move reachable by exactly
one path, the move ids the engine's own."""
from __future__ import annotations

import random

import pytest

from host.move_menus import MENU_MAX, MoveGroup, menu, seat_menu
from rules import GAMES, Move
from rules.text import msg


def _moves(ids: list[str]) -> list[Move]:
    return [Move.of(i, msg("core.illegal.over")) for i in ids]


def _paths(ids: list[str]) -> dict:
    """`p:<action>.<target>:<pawns>` grouped by action then target, like Robinson's planning."""
    out = {}
    for i in ids:
        if i.startswith("p:"):
            _, key, _ = i.split(":")
            action = key.split(".")[0]
            out[i] = [(f"a.{action}", msg("core.illegal.over")), (f"t.{key}", msg("core.illegal.over"))]
    return out


def _reachable(moves: list[Move], paths: dict, entries: list, seen: list[str], depth: int = 0) -> int:
    """Walk every menu from `entries`: the moves reached (into `seen`) and the number of steps of the deepest."""
    assert len(entries) <= MENU_MAX
    deepest = depth + 1
    for entry in entries:
        if isinstance(entry, MoveGroup):
            inner = menu(moves, paths, within=entry.key)
            assert inner and len(inner) <= MENU_MAX and entry.size >= 2
            deepest = max(deepest, _reachable(moves, paths, inner, seen, depth + 1))
        else:
            seen.append(entry.id)
    return deepest


def test_a_short_list_is_not_grouped_and_a_group_of_one_is_its_move():
    ids = [f"p:g.{k}:c" for k in range(5)] + ["ok"]
    assert menu(_moves(ids), _paths(ids)) is None  # fits: the host shows it as before
    ids = [f"p:b.{k}:{pawns}" for k in range(12) for pawns in ("c", "cf")] + ["p:x.1:c", "ok"]
    moves, paths = _moves(ids), _paths(ids)
    top = menu(moves, paths)
    assert top is not None
    assert [e.key if isinstance(e, MoveGroup) else e.id for e in top] == [f"t.b.{k}" for k in range(12)] + ["p:x.1:c", "ok"]
    assert menu(moves, paths, within="t.b.3") == [m for m in moves if m.id.startswith("p:b.3:")]


def test_too_many_targets_fall_back_to_the_action_then_the_target():
    ids = [f"p:{a}.{k}:{pawns}" for a in "bg" for k in range(15) for pawns in ("c", "cf")] + ["ok"]
    moves, paths = _moves(ids), _paths(ids)
    top = menu(moves, paths)
    assert top is not None and [e.key if isinstance(e, MoveGroup) else e.id for e in top] == ["a.b", "a.g", "ok"]
    seen: list[str] = []
    assert _reachable(moves, paths, top, seen) == 3
    assert sorted(seen) == sorted(ids)
    assert menu(moves, paths, within="t.nothing") == []  # a group no longer offered: nothing to show


def _planning_positions(seeds: range, players: tuple[int, ...]):
    engine = GAMES["robinson"]
    for seed in seeds:
        for n in players:
            state = engine.setup([f"s{i}" for i in range(n)], seed)
            rng = random.Random(seed)
            for _ in range(250):
                if engine.is_over(state):
                    break
                seat = engine.to_act(state)[0]
                moves = engine.legal_moves(state, seat)
                if state.phase == "plan" and state.pending is None:
                    yield engine, state, seat, moves
                state = engine.apply(state, seat, rng.choice(moves).id)


@pytest.mark.parametrize("players", [(1,), (2,), (4,)])
def test_robinson_planning_menus_hold_at_most_25_and_reach_every_move_once(players):
    long_lists = 0
    for engine, state, seat, moves in _planning_positions(range(6), players):
        top = seat_menu(engine, state, seat, moves)
        if len(moves) <= MENU_MAX:
            assert top is None
            continue
        long_lists += 1
        assert top is not None, len(moves)
        seen: list[str] = []
        _reachable(moves, engine.menus(state, seat), top, seen)
        assert sorted(seen) == sorted(m.id for m in moves)  # each exactly once, ids unchanged
        assert any(isinstance(e, MoveGroup) for e in top)
    assert long_lists > 0  # the positions did reach long plans


def test_robinson_groups_only_new_stacks_while_planning():
    engine = GAMES["robinson"]
    for _, state, seat, moves in _planning_positions(range(2), (2,)):
        paths = engine.menus(state, seat)
        assert paths and all(i.startswith("p:") for i in paths)
        assert all([key[:2] for key, _ in path] == ["a.", "t."] for path in paths.values())
        break
    state = engine.setup(["s0", "s1"], 1)
    assert engine.menus(state, engine.to_act(state)[0]) == {}  # not planning: nothing grouped


@pytest.mark.parametrize("locale", ["en", "es"])
def test_robinson_solo_image_lists_the_groups_its_menu_shows(locale):
    """The decision in view names the planning options as the menu under it does (its groups, the targets),
    not the first of the long list of moves the menu hides."""
    from host.boards import decision_focus
    from host.limits import label
    from host.move_menus import entry_text

    checked = 0
    for engine, state, seat, moves in _planning_positions(range(3), (1,)):
        top = seat_menu(engine, state, seat, moves)
        if top is None:
            continue
        focus = decision_focus(engine, state, [seat], [], {}, locale)
        assert [label(o) for o in focus.options] == [label(entry_text(e, locale, {})) for e in top]
        assert list(focus.options) == [" ".join(entry_text(e, locale, {}).split()) for e in top]  # whole in the image
        assert any(isinstance(e, MoveGroup) for e in top)
        assert not any(o in focus.options for o in (entry_text(m, locale, {}) for m in moves[:3]
                                                     if not any(m is e for e in top)))
        checked += 1
        if checked >= 3:
            break
    assert checked


def test_robinson_menu_entries_never_read_the_same():
    """The Shelter, the Roof and the Palisade are paid in wood or in fur (R36): one target with both payments
    among its pawn choices, not two entries that both read "Build the Shelter (4 choices)…"."""
    from host.move_menus import entry_text

    menus_seen = shelters = 0
    for engine, state, seat, moves in _planning_positions(range(4), (1, 2)):
        top = seat_menu(engine, state, seat, moves)
        if top is None:
            continue
        paths = engine.menus(state, seat)
        for entries in [top] + [menu(moves, paths, within=e.key) for e in top if isinstance(e, MoveGroup)]:
            texts = [entry_text(e, "en", {}) for e in entries]
            assert len(texts) == len(set(texts)), sorted(t for t in texts if texts.count(t) > 1)
            menus_seen += 1
        both = {m.id.split(":")[1] for m in moves if m.id.startswith("p:b.shelter.")}
        groups = [e for e in top if isinstance(e, MoveGroup) and e.key.startswith("t.b.shelter")]
        if both == {"b.shelter.w", "b.shelter.f"} and groups:
            assert len(groups) == 1
            inner = [entry_text(e, "en", {}) for e in menu(moves, paths, within=groups[0].key)]
            assert any("wood)" in t for t in inner) and any("fur)" in t for t in inner), inner
            shelters += 1
    assert menus_seen and shelters  # long plans and a Shelter payable both ways were reached
