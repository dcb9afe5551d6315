"""The token comes from the environment or `.env`, is never logged or echoed, and `.env` is git-ignored."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import bot

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.SECRET-token-value.never-print-me"

# `bot.py run` against a Discord that answers 401 to the login, through discord.py's own login code.
FAILING_LOGIN = r"""
import sys
import discord
from discord.http import HTTPClient

class Unauthorized:
    status = 401
    reason = "Unauthorized"

async def request(self, route, **kwargs):
    raise discord.HTTPException(Unauthorized(), {"message": "401: Unauthorized", "code": 0})

HTTPClient.request = request
import bot
sys.exit(bot.main(sys.argv[1:]))
"""


def test_repr_and_str_of_config_hide_the_token():
    config = bot.Config(token=TOKEN, db_path="x.db", dev_guild=None, log_level="DEBUG")
    for text in (repr(config), str(config), f"{config}", "%r" % (config,)):
        assert TOKEN not in text and "SECRET" not in text
    assert "token=set" in repr(config)


def test_token_is_read_from_env_file_and_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    env = tmp_path / ".env"
    env.write_text(f"# comment\nexport DISCORD_TOKEN='{TOKEN}'\n", encoding="utf-8")
    assert bot.Config.load(env).token == TOKEN
    monkeypatch.setenv("DISCORD_TOKEN", "from-environment")
    assert bot.Config.load(env).token == "from-environment"  # the environment wins


def test_failed_login_never_prints_the_token(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": TOKEN, "LOG_LEVEL": "DEBUG",
           "DATABASE_PATH": str(tmp_path / "g.db")}
    proc = subprocess.run([sys.executable, "-c", FAILING_LOGIN, "run"], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 2, out
    assert "Discord refused the token" in out, out  # it reached the login, failed there, and said so clearly
    assert "Traceback" not in out
    assert TOKEN not in out and "SECRET-token" not in out


def test_env_file_is_git_ignored():
    proc = subprocess.run(["git", "check-ignore", "-q", ".env"], cwd=ROOT)
    assert proc.returncode == 0
