"""The bot within Discord's limits: texts that grow are built to fit (six players' final scores,
labels cut at a word with "…"), checked by the local table's validating transport (local/limits.py)."""
from __future__ import annotations

import asyncio

import pytest

from cogs.posts import build_turn_post
from host.limits import label, pack_lines
from host.tables import Actor, TableService
from local.limits import problems
from rules.playout import play_random
from storage import open_store

LONG = "Ꮃ" * 4 + "abcdefghijklmnopqrstuvwxyz"  # 30 characters: names are clipped at 32 anyway


def test_a_label_is_cut_at_a_word_with_an_ellipsis():
    text = "Build the shelter with two planks and the rope, then send the explorer to the far hill at dawn"
    cut = label(text)
    assert len(cut) <= 80 and cut.endswith("…") and text.startswith(cut[:-1])
    assert text[len(cut) - 1] == " "  # the next character was a space: no word is cut in two
    assert label("short") == "short"
    assert label("x" * 120) == "x" * 79 + "…"  # a single overlong word is cut where it must be


def test_pack_lines_never_splits_a_line_and_fills_fields():
    lines = [f"{i}. " + "y" * 400 for i in range(6)]
    packed = pack_lines(lines)
    assert all(len(p) <= 1024 for p in packed) and len(packed) == 3
    assert "\n".join(packed) == "\n".join(lines)


@pytest.mark.parametrize("locale", ["en", "es"])
def test_six_eclipse_players_final_scores_fit_and_are_translated(tmp_path, locale):
    service = TableService(open_store(str(tmp_path / "g.db")))
    try:
        actors = [Actor(user_id=100 + i, name=f"{LONG}{i}", guild_id=1) for i in range(6)]
        table = service.new_game(actors[0], "eclipse", guild_id=1, channel_id=5)
        for a in actors[1:]:
            table = service.join(a, table)
        table = service.start(actors[0], table)
        table.state, _ = play_random(table.engine, [s.seat for s in table.seats], 4)
        table.game.status = "finished"
        post = build_turn_post(table, locale, [], b"")
    finally:
        service.store.close()
    data = post.embed.to_dict()
    assert problems({"embeds": [data]}) == []
    scores = "\n".join(f["value"] for f in data["fields"])
    assert "host.score" not in scores and scores.count("\n") == 5  # six lines, none cut
    for i in range(6):
        assert f"{LONG}{i}" in scores
    assert ("reputation" if locale == "en" else "reputación") in scores


def _menu_ids(rows: list[dict]) -> tuple[list[str], list[str]]:
    """(move ids offered by the menus, custom ids of page buttons) of a message's components."""
    values = [o["value"] for r in rows for c in r["components"] if c["type"] == 3 for o in c["options"]]
    pages = [c["custom_id"] for r in rows for c in r["components"] if c["type"] == 2]
    return values, pages


@pytest.mark.parametrize("n", [21, 125, 134, 260])
def test_every_move_is_reachable_through_paged_menus(n):
    """A solo Robinson planning step had 134 moves and menus held 125; now four menus a page and a
    "more moves" button whose custom id carries the page, until every move was offered once."""
    from cogs.views import move_components
    from rules import Move
    from rules.text import msg

    moves = [Move(id=f"plan:{i}", text=msg("host.select.placeholder", a=i, b=i, n=n)) for i in range(n)]

    async def go():
        seen, page, visited = [], 0, set()
        while page not in visited:
            visited.add(page)
            rows = move_components(7, 3, moves, "es", names={}, page=page).to_components()
            assert problems({"components": rows}) == []
            values, buttons = _menu_ids(rows)
            seen += values
            if not buttons:
                break
            assert len(buttons) == 1 and buttons[0].startswith("pg:7:3:")
            page = int(buttons[0].rsplit(":", 1)[1])
        return seen

    seen = asyncio.run(go())
    assert sorted(seen) == sorted(m.id for m in moves) and len(seen) == n


@pytest.mark.parametrize("n", [20, 21, 100, 101, 125, 260])
def test_a_boards_my_view_button_always_fits_beside_its_moves(n):
    """Every running board carries "My view" (`pv:<game>`) and "Full board" (`fb:<game>`): with 20 buttons they
    are the 21st and 22nd, with menus they share the last row with the page button (four menus a page from 101
    moves on), and every move stays reachable."""
    from cogs.views import move_components
    from rules import Move
    from rules.text import msg

    moves = [Move(id=f"plan:{i}", text=msg("host.select.placeholder", a=i, b=i, n=n)) for i in range(n)]

    async def go():
        seen, page, visited = [], 0, set()
        while page not in visited:
            visited.add(page)
            rows = move_components(7, 3, moves, "en", names={}, page=page, view_button=True).to_components()
            assert problems({"components": rows}) == []
            ids = [c["custom_id"] for r in rows for c in r["components"] if c["type"] == 2]
            assert ids[-2:] == ["pv:7", "fb:7"] and ids.count("pv:7") == 1 and ids.count("fb:7") == 1
            seen += [c.split(":", 3)[3] for c in ids if c.startswith("mv:")]
            values, _ = _menu_ids(rows)
            seen += values
            pages = [c for c in ids if c.startswith("pg:")]
            if not pages:
                break
            page = int(pages[0].rsplit(":", 1)[1])
        return seen

    seen = asyncio.run(go())
    assert sorted(seen) == sorted(m.id for m in moves) and len(seen) == n
