"""The numbered tests of test_contract.py share random games recorded once per process (harness.py), per engine
and player count.  Listed test by test, each (engine, player count) appears in every numbered test, and the
two workers of `./test.sh` (pytest-xdist, worksteal: each takes a contiguous share of the list, an idle one the
tail of the other's) each recorded most of them, Eclipse with 5-6 players costing a minute a time.  Here the
file's tests are listed game by game instead (every numbered test of one engine and player count side by
side, in the same place of the collection), so one worker records each set, and a split can only cut one."""
from __future__ import annotations

import pytest

CONTRACT = "test_contract.py"


def recorded_set(item: pytest.Item) -> tuple[str, int]:
    """The recorded games an item of test_contract.py plays: its engine and player count (0: every count)."""
    params = getattr(item, "callspec", None)
    params = params.params if params is not None else {}
    return str(params.get("key", "")), int(params.get("n", 0))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    places = [i for i, item in enumerate(items) if item.path.name == CONTRACT]
    grouped = sorted((items[i] for i in places), key=recorded_set)  # stable: numbered order within a set
    for i, item in zip(places, grouped):
        items[i] = item
