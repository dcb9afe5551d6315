"""The fake Discord's limit checks (tests/protocol/discord_limits.py) refuse what Discord refuses."""
from __future__ import annotations

from tests.protocol.discord_limits import command_problems, message_problems


def button(custom_id: str, label: str = "Go") -> dict:
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


def test_a_message_within_the_limits_passes():
    rows = [{"type": 1, "components": [button(f"b{r}{i}") for i in range(5)]} for r in range(5)]
    embed = {"title": "t" * 256, "description": "d" * 4096, "fields": [{"name": "n", "value": "v" * 1024}]}
    assert message_problems({"content": "x" * 2000, "embeds": [embed], "components": rows}, files=10) == []


def test_message_limits_are_each_caught():
    assert message_problems({"content": "x" * 2001})
    assert message_problems({"embeds": [{"title": "t" * 257}]})
    assert message_problems({"embeds": [{"description": "d" * 4097}]})
    assert message_problems({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]})
    assert message_problems({"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]})
    assert message_problems({"embeds": [{"description": "d" * 4000, "fields": [{"name": "n", "value": "v" * 1024}] * 3}]})
    assert message_problems({"components": [{"type": 1, "components": [button("a")]}] * 6})
    assert message_problems({"components": [{"type": 1, "components": [button(f"b{i}") for i in range(6)]}]})
    assert message_problems({"components": [{"type": 1, "components": [button("a", "l" * 81)]}]})
    assert message_problems({"components": [{"type": 1, "components": [button("c" * 101)]}]})
    assert message_problems({"components": [{"type": 1, "components": [button("same"), button("same")]}]})
    select = {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": str(i)} for i in range(26)]}
    assert message_problems({"components": [{"type": 1, "components": [select]}]})
    assert message_problems({}, files=11)


def command(**changes) -> dict:
    return {"name": "game", "description": "Play a game", "type": 1,
            "name_localizations": {"es-ES": "partida"}, "description_localizations": {"es-ES": "Juega"},
            "options": [], **changes}


def test_command_limits_are_each_caught():
    assert command_problems([command()]) == []
    assert command_problems([command(name="Game")])
    assert command_problems([command(name="g" * 33)])
    assert command_problems([command(description="d" * 101)])
    assert command_problems([command(description_localizations={"es-ES": "d" * 101})])
    assert command_problems([command(name_localizations={"es-ES": "Partida"})])
    assert command_problems([command(description_localizations={"es-ES": ""})])
    assert command_problems([command(description_localizations={"es": "Juega"})])  # not a Discord locale
    options = [{"type": 3, "name": f"o{i}", "description": "x"} for i in range(26)]
    assert command_problems([command(options=options)])
    choices = [{"name": f"c{i}", "value": str(i)} for i in range(26)]
    assert command_problems([command(options=[{"type": 3, "name": "o", "description": "x", "choices": choices}])])
    sub = {"type": 1, "name": "new", "description": "d" * 101}
    assert command_problems([command(options=[sub])])
