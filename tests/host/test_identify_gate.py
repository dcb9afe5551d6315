"""Identifies take turns per max_concurrency bucket across the processes of one host (host/identify_gate.py)."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from host.identify_gate import IdentifyGate

ROOT = Path(__file__).resolve().parents[2]


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


def test_each_bucket_waits_its_interval_and_buckets_do_not_wait_for_each_other(tmp_path):
    clock = FakeTime()
    gate = IdentifyGate(tmp_path, max_concurrency=2, interval=5.0, clock=lambda: clock.now, sleep=clock.sleep)
    assert gate.wait_turn(0) == 1000.0 and gate.wait_turn(1) == 1000.0  # buckets 0 and 1: no wait
    assert clock.slept == []
    clock.now += 2.0
    assert gate.wait_turn(2) == 1005.0  # bucket 0 again: the rest of its 5 s
    assert clock.slept == [3.0]
    assert gate.wait_turn(3) == 1005.0  # bucket 1 identified at 1000: its 5 s are over by now
    assert clock.slept == [3.0]
    clock.now -= 3600  # a clock set back waits one interval at most
    gate.wait_turn(4)
    assert clock.slept == [3.0, 5.0]


def test_two_processes_share_one_bucket_and_never_identify_within_the_interval(tmp_path):
    script = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {str(ROOT)!r})
        from host.identify_gate import IdentifyGate
        gate = IdentifyGate({str(tmp_path)!r}, max_concurrency=2, interval=0.3)
        for shard in map(int, sys.argv[1:]):
            print(shard, gate.wait_turn(shard), flush=True)
    """)
    procs = [subprocess.Popen([sys.executable, "-c", script, *shards], stdout=subprocess.PIPE, text=True)
             for shards in (["0", "2", "4"], ["6", "8", "1"])]
    lines = [line.split() for proc in procs for line in proc.communicate(timeout=60)[0].splitlines()]
    assert all(proc.returncode == 0 for proc in procs)
    bucket0 = sorted(float(at) for shard, at in lines if int(shard) % 2 == 0)
    assert len(bucket0) == 5 and len(lines) == 6
    gaps = [b - a for a, b in zip(bucket0, bucket0[1:])]
    assert min(gaps) >= 0.3 - 1e-6, gaps
