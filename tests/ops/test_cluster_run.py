"""`bot.py run --cluster DIR --shard-count S --shard-ids a,b`: one process of a fleet, on its partitions only."""
from __future__ import annotations

import asyncio

import bot
from cogs.game_bot import make_bot
from host.config import Config
from storage.partitions import Layout


def _config(tmp_path) -> Config:
    return Config(token=None, db_path=str(tmp_path / "unused.db"), dev_guild=None, log_level="INFO")


def test_run_refuses_shard_plans_that_do_not_own_whole_partitions(tmp_path, capsys):
    Layout(tmp_path / "c", 16).save()
    for argv, says in ((["--shard-count", "3"], "power of two"),
                       (["--cluster", str(tmp_path / "c"), "--shard-count", "32"], "divide"),
                       (["--shard-ids", "1"], "need --shard-count"),
                       (["--shard-count", "4", "--shard-ids", "1"], "needs --cluster"),
                       (["--cluster", str(tmp_path / "c"), "--shard-count", "4", "--shard-ids", "4"], "outside"),
                       (["--shard-count", "4", "--shard-ids", "x"], "invalid literal")):
        assert bot.main(["run", *argv]) == 2
        assert says in capsys.readouterr().err
    config = _config(tmp_path)
    assert bot.cluster_options(["--cluster", str(tmp_path / "c"), "--shard-count", "4", "--shard-ids", "1,3"],
                               config) is None
    assert (config.shard_count, config.shard_ids, config.cluster_dir) == (4, [1, 3], str(tmp_path / "c"))
    plain = _config(tmp_path)
    assert bot.cluster_options([], plain) is None  # the default: one process, one file, every shard
    assert (plain.shard_count, plain.shard_ids, plain.cluster_dir) == (None, None, None)


def test_a_cluster_process_opens_only_its_partitions_and_runs_only_its_shards(tmp_path):
    Layout(tmp_path / "c", 16).save()
    config = _config(tmp_path)
    assert bot.cluster_options(["--cluster", str(tmp_path / "c"), "--shard-count", "4", "--shard-ids", "1,3",
                                "--identify-concurrency", "2"], config) is None

    async def build():
        made = make_bot(config=config, board_workers=0)
        try:
            return (made.shard_count, made.shard_ids, made.store.owned(), made.identify_gate.max_concurrency,
                    made.rest_budget.rate)
        finally:
            await made.close()

    count, ids, owned, concurrency, rate = asyncio.run(build())
    assert (count, ids, concurrency) == (4, [1, 3], 2)
    assert rate == 50 * 0.9 / 2  # half the shards: under half of the bot's 50 requests/s
    assert owned == [p for p in range(16) if p % 4 in (1, 3)]
    files = sorted(int(p.stem.split("-")[1]) for p in (tmp_path / "c").glob("part-*.db"))
    assert files == owned and not (tmp_path / "unused.db").exists()
