"""`bot.py invite`: the invite URL carries the two scopes and exactly the permissions the README asks for."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import main as bot_main
from cogs.invite import NEEDED, invite_url, needed_permissions

README = Path(__file__).resolve().parents[2] / "README.md"

# Discord's documented bit of each permission (developer docs, "Permissions"), independent of discord.py.
DISCORD_BITS = {"View Channels": 10, "Send Messages": 11, "Embed Links": 14, "Attach Files": 15,
                "Read Message History": 16, "Create Public Threads": 35, "Create Private Threads": 36,
                "Send Messages in Threads": 38}


def readme_permissions() -> list[str]:
    text = " ".join(README.read_text(encoding="utf-8").split())
    found = re.search(r"and these permissions: (.*?)\.", text)
    assert found, "the README's invite step lists the permissions"
    return [p.strip() for p in found.group(1).split(",")]


def test_the_permissions_are_exactly_those_the_readme_lists():
    assert readme_permissions() == list(NEEDED)
    perms = needed_permissions()
    assert all(getattr(perms, flag) for flag in NEEDED.values())
    assert not perms.manage_threads and not perms.manage_messages and not perms.administrator


def test_the_integer_is_the_sum_of_discords_bits():
    assert set(DISCORD_BITS) == set(NEEDED)
    assert needed_permissions().value == sum(1 << bit for bit in DISCORD_BITS.values()) == 377957239808


def test_the_readme_gives_the_url_form_and_the_command():
    text = README.read_text(encoding="utf-8")
    value = needed_permissions().value
    assert f"https://discord.com/oauth2/authorize?client_id=ID&scope=bot+applications.commands&permissions={value}" \
        in text
    assert "bot.py invite --client-id ID" in text


def test_bot_py_invite_prints_the_url(capsys):
    assert bot_main(["invite", "--client-id", "123456789012345678"]) == 0
    out = capsys.readouterr().out.strip()
    assert out == ("https://discord.com/oauth2/authorize?client_id=123456789012345678"
                   "&scope=bot+applications.commands&permissions=377957239808")
    assert out == invite_url("123456789012345678")


@pytest.mark.parametrize("bad", ["", "12", "１２３４５６７８９０１２３４５６７", "9" * 4400, "123456789012345678&scope=x"])
def test_a_malformed_client_id_is_refused_with_a_clear_line(bad, capsys):
    assert bot_main(["invite", "--client-id", bad]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "15 to 20 digits" in captured.err
    with pytest.raises(ValueError):
        invite_url(bad)
