"""`bot.py cluster`: restarts a process that exits, with a doubling backoff, and forwards SIGTERM."""
from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import bot
from storage.partitions import Layout
from tools.cluster import Supervisor, commands_for

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


def _settle(sup: Supervisor) -> None:
    for child in sup.children:
        if child.proc is not None:
            child.proc.wait(timeout=30)


def test_an_exiting_process_is_restarted_after_a_doubling_backoff_reset_by_a_stable_run():
    clock = Clock()
    sup = Supervisor([[sys.executable, "-c", "raise SystemExit(3)"]], stable=60.0, clock=clock)
    child = sup.children[0]
    sup._spawn(child)
    waits = []
    for _ in range(4):
        _settle(sup)
        sup.step()  # noticed: not restarted before its time
        waits.append(child.restart_at - clock.now)
        clock.now += waits[-1] - 0.01
        sup.step()
        assert child.proc is None
        clock.now += 0.01
        sup.step()
        assert child.proc is not None
    assert waits == [1.0, 2.0, 4.0, 8.0] and child.restarts == 4
    _settle(sup)
    clock.now += 61  # it ran a minute before exiting: back to the first delay
    sup.step()
    assert child.restart_at - clock.now == 1.0
    assert Supervisor([], max_delay=60).delay(12) == 60


def test_sigterm_is_forwarded_to_every_process_and_the_supervisor_exits_cleanly(tmp_path):
    child = textwrap.dedent("""
        import signal, sys, time, pathlib
        mark = pathlib.Path(sys.argv[1])
        signal.signal(signal.SIGTERM, lambda *a: (mark.write_text("stopped"), sys.exit(0)))
        mark.with_suffix(".up").write_text("up")
        while True:
            time.sleep(0.05)
    """)
    marks = [tmp_path / f"p{i}.mark" for i in range(2)]
    runner = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from tools.cluster import Supervisor
        cmds = [[sys.executable, "-c", {child!r}, m] for m in {[str(m) for m in marks]!r}]
        sys.exit(Supervisor(cmds, grace=20).run(poll=0.05))
    """)
    sup = subprocess.Popen([sys.executable, "-c", runner])
    deadline = time.monotonic() + 60
    while not all(m.with_suffix(".up").exists() for m in marks) and time.monotonic() < deadline:
        time.sleep(0.05)
    sup.send_signal(signal.SIGTERM)
    assert sup.wait(timeout=60) == 0
    assert [m.read_text() for m in marks] == ["stopped", "stopped"]


def test_a_configuration_error_stops_the_fleet_instead_of_restarting(tmp_path, monkeypatch):
    Layout(tmp_path / "c", 16).save()
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    sup = Supervisor(commands_for(str(tmp_path / "c"), 4, 2, 1), grace=20)
    assert sup.run(poll=0.05) == 2  # `bot.py run` without a token exits 2 in both processes
    assert all(c.restarts == 0 for c in sup.children)


def test_cluster_command_plans_one_run_per_shard_range(tmp_path, capsys):
    Layout(tmp_path / "c", 16).save()
    plans = commands_for(str(tmp_path / "c"), 4, 2, 1)
    assert [c[c.index("--shard-ids") + 1] for c in plans] == ["0,1", "2,3"]
    assert all(c[2:4] == ["run", "--cluster"] for c in plans)
    assert bot.main(["cluster", "--cluster", str(tmp_path / "c"), "--shard-count", "32"]) == 2
    assert "divide" in capsys.readouterr().err
