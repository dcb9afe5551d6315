"""Every image the bot posts over seeded random games of every game (turn posts, whole boards) is byte for byte
the one recorded in `data/post_digests.json`: making the drawing cheaper (folding, cached layers and panels)
changes no pixel.  A change meant to alter the images records them again: `python -m tests.render.post_digests`."""
from __future__ import annotations

import json

import pytest

from tests.render.post_digests import PLAYS, RECORD, post_digests


@pytest.mark.parametrize("key,players", PLAYS)
def test_random_games_post_the_recorded_images(key: str, players: int) -> None:
    recorded = json.loads(RECORD.read_text())[f"{key}/{players}"]
    drawn = post_digests(key, players)
    changed = [i for i, (a, b) in enumerate(zip(recorded, drawn)) if a != b]
    assert len(drawn) == len(recorded)
    assert not changed, f"{key}, {players} players: images {changed} differ from the record"
