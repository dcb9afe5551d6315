"""A game's title in the reader's language (house rule: English and Spanish).

Robinson's title names its scenario ("Castaways", "Náufragos" in Spanish) through the game's
catalog key `robinson.title`; the other games keep their brand names in every language."""
from __future__ import annotations

import json

from tests.cogs.test_deadlines import Clock, Table, run


def text(replies) -> str:
    return "\n".join(r.content + " " + json.dumps(r.embeds, ensure_ascii=False) for r in replies)


def test_robinson_title_in_spanish_posts_replies_rules_and_autocomplete(tmp_path):
    async def go():
        async with Table(tmp_path, Clock(), locale="es-ES", guild_locale="es-ES") as s:
            out = await s.cmd("alice", "/game new game:robinson bots:1")
            assert not out.refused, out.errors
            started = await s.cmd("alice", "/game start game:1", "robinson-1")
            assert not started.refused, started.errors
            said = text(out) + text(started)
            assert "Robinson Crusoe: Náufragos #1" in said and "Castaways" not in said
            board = next(r for r in started if r.embeds and r.files)
            assert board.embeds[0]["title"] == "Robinson Crusoe: Náufragos #1"
            rules = await s.cmd("alice", "/game rules name:robinson")
            assert rules[0].embeds[0]["title"] == "Robinson Crusoe: Náufragos"
            games = await s.t.complete("alice", "/game rules name:rob", "local")
            assert [name for name, _ in games] == ["Robinson Crusoe: Náufragos (1–4)"]
            listed = await s.t.complete("alice", "/game status game:1", "local")
            assert listed and listed[0][0].startswith("Robinson Crusoe: Náufragos #1")
            refused = await s.cmd("alice", "/game join game:1", "robinson-1")  # already running
            assert refused.refused and "Robinson Crusoe: Náufragos #1" in text(refused)
    run(go())


def test_english_titles_and_brand_names_stay(tmp_path):
    async def go():
        async with Table(tmp_path, Clock()) as s:
            out = await s.cmd("alice", "/game new game:robinson bots:1")
            assert "Robinson Crusoe: Castaways #1" in text(out)
        async with Table(tmp_path / "es", Clock(), locale="es-ES", guild_locale="es-ES") as s:
            out = await s.cmd("alice", "/game new game:flotilla bots:1")
            assert "**Flotilla #1**" in text(out)
    (tmp_path / "es").mkdir()
    run(go())


def test_a_jenny_game_is_titled_by_its_scenario_and_its_rules_tell_that_scenario(tmp_path):
    """robinson-scenarios.md K0.1: `/robinson new scenario:jenny` opens scenario 3; its posts, its board and
    `/game rules` in its thread name it, in the reader's language, with its PROPOSED parts."""
    async def go():
        async with Table(tmp_path, Clock(), locale="es-ES", guild_locale="es-ES") as s:
            out = await s.cmd("alice", "/robinson new scenario:jenny")
            assert not out.refused, out.errors
            started = await s.cmd("alice", "/game start game:1", "robinson-1")
            assert not started.refused, started.errors
            said = text(out) + text(started)
            assert "Robinson Crusoe: ¡Jenny necesita ayuda! #1" in said and "Náufragos #1" not in said
            rules = await s.cmd("alice", "/game rules", "robinson-1")
            assert rules[0].embeds[0]["title"] == "Robinson Crusoe: ¡Jenny necesita ayuda! #1"
            assert "Bote salvavidas" in text(rules) and "PROPUESTO" in text(rules)
            general = await s.cmd("alice", "/game rules name:robinson")
            assert general[0].embeds[0]["title"] == "Robinson Crusoe: Náufragos" and "Jenny" not in text(general)
    run(go())
