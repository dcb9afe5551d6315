"""`bot.py local --guild NAME` and `--dm`: the real bot, one process per command."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def local(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(BOT), "local", "--db", str(tmp_path / "games.db"), "--out", str(tmp_path / "out"),
           *args]
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120, cwd=tmp_path)


def lines(done: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_two_servers_and_a_dm_from_the_command_line(tmp_path):
    opened = local(tmp_path, "--json", "--as", "alice", "/game new game:wayfinders")
    assert opened.returncode == 0, opened.stderr
    assert {(d["guild"], d["channel"]) for d in lines(opened)} == {("local", "local"), ("local", "wayfinders-1")}

    far = local(tmp_path, "--json", "--guild", "B", "--as", "mallory", "/game join game:1")
    assert far.returncode == 1
    assert [(d["guild"], d["ephemeral"], d["content"]) for d in lines(far)] == [("B", True, "There is no game #1.")]

    dm = local(tmp_path, "--json", "--dm", "--as", "mallory", "--locale", "es", "/game list everywhere:true")
    assert dm.returncode == 1
    [reply] = lines(dm)
    assert reply["guild"] is None and reply["ephemeral"] and "mensaje directo" in reply["content"]

    thread = local(tmp_path, "--guild", "B", "--channel", "wayfinders-1", "/game status")
    assert thread.returncode == 1 and "no channel or thread called 'wayfinders-1'" in thread.stderr


def test_interactive_table_switches_servers_and_to_a_dm(tmp_path):
    script = "\n".join([
        "/game new game:wayfinders",
        "guild B",
        "as mallory /game list everywhere:true",
        "complete /game join game:",
        "dm",
        "/game status game:1",
        "guild local",
        "/game list everywhere:true",
        "help",
        "quit",
    ]) + "\n"
    done = local(tmp_path, "--as", "alice", stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "(new server) now in B, #local" in out
    assert "[B #local] (only you) No open or running games here." in out and "(no suggestions)" in out
    assert "not in a direct message" in out
    assert "now in server local, #local" in out and out.count("Wayfinders #1") >= 3
    assert "guild NAME" in out and "Servers: local, B" in out


def test_each_server_keeps_its_own_locale_for_posts_delivered_later(tmp_path):
    """A Spanish server B and the English default one: a board server `local` owes after 503s, delivered by the
    next run, which acts in B with `--guild-locale es`, is still in English, and B's posts stay Spanish in a run
    without `--guild-locale` (the fake Discord had given every server the locale of the run, en-US by default)."""
    spanish = local(tmp_path, "--json", "--guild", "B", "--guild-locale", "es", "--as", "carol",
                    "/game new game:wayfinders")
    assert spanish.returncode == 0, spanish.stderr
    assert any(d["guild"] == "B" and "Wayfinders" in d["content"] and "Unirme" in json.dumps(d["components"])
               for d in lines(spanish))
    for who, line in (("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                      ("alice", "/game start game:1")):  # each server numbers its own games
        done = local(tmp_path, "--as", who, line)
        assert done.returncode == 0, done.stdout + done.stderr
    first = "alice" if "@alice" in done.stdout else "bob"
    moved = local(tmp_path, "--faults", "503x6", "--as", first, "--channel", "wayfinders-1", "press 1")
    assert "Your move is saved" in moved.stdout  # its board owed to server `local`

    later = local(tmp_path, "--json", "--guild", "B", "--guild-locale", "es", "--as", "carol", "/game status game:1")
    assert later.returncode == 0, later.stderr
    owed = [json.dumps(d, ensure_ascii=False) for d in lines(later) if d["guild"] == "local" and d["files"]]
    assert owed and all("Game #1 · move 1 ·" in d and "jugada" not in d for d in owed)  # not "Partida #1 · jugada 1"
    again = local(tmp_path, "--json", "--guild", "B", "--as", "dan", "/game join game:1")
    assert any(d["guild"] == "B" and not d["ephemeral"] and "Wayfinders #1** — jugadores (2" in d["content"]
               for d in lines(again)), again.stdout


def test_a_blank_server_name_is_a_clear_error(tmp_path):
    done = local(tmp_path, "--guild", " ", "--guild-locale", "es", "/game list")
    assert done.returncode == 2 and "--guild takes a server's name" in done.stderr and "Traceback" not in done.stderr
