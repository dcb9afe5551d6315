"""Digests of seeded random Eclipse playouts: the before/after check of the engine's behaviour.

`python -m tests.rules.eclipse_baseline.digests` rewrites `digests.json` (run it only on purpose:
the file records what the engine did before a refactoring, and `test_eclipse_baseline.py` compares
the engine against it).  A digest is the sha256 of the final state's JSON with sorted keys (field
order is not behaviour) and of the English text of every event of the game, one per line.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rules.eclipse import ENGINE
from rules.playout import iter_playout, playout_rng
from rules.text import tr

HERE = Path(__file__).parent
DIGESTS = HERE / "digests.json"
GAMES_PER_COUNT = 4
PLAYER_COUNTS = range(2, 7)


def semantic_json(state) -> str:
    return json.dumps(json.loads(ENGINE.dump(state)), sort_keys=True, separators=(",", ":"))


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def playout(n: int, seed: int):
    """The final state, the event texts and the moves of one seeded random game of n players."""
    state = ENGINE.setup([f"p{i}" for i in range(1, n + 1)], seed)
    texts = [tr(e) for e in state.events]
    moves = 0
    for step in iter_playout(ENGINE, state, playout_rng(seed)):
        texts += [tr(e) for e in step.after.events]
        state = step.after
        moves += 1
    return state, texts, moves


def digest(n: int, seed: int) -> dict:
    state, texts, moves = playout(n, seed)
    return {"players": n, "seed": seed, "moves": moves, "state": sha(semantic_json(state)),
            "events": sha("\n".join(texts))}


def seeds(n: int) -> list[int]:
    return [1000 * n + k for k in range(GAMES_PER_COUNT)]


def all_digests() -> list[dict]:
    return [digest(n, s) for n in PLAYER_COUNTS for s in seeds(n)]


if __name__ == "__main__":
    DIGESTS.write_text(json.dumps(all_digests(), indent=1) + "\n")
