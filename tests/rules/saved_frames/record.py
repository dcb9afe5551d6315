"""States saved by the engines before their decision stacks became typed frames (rules/decisions.py).

`python tests/rules/saved_frames/record.py` run from a checkout of that earlier code (it imports the
`rules` package of the working directory) writes `<game>/<shape>.json`: for Eclipse and Flotilla, one
running game per kind of pending frame, for Robinson one per kind of continuation step next to run
while a prompt waits (its continuations became frames later; a `-deep` shape holds three or more
steps) (the state exactly as `ENGINE.dump` wrote it, what the games table holds), and
`continuations.json`: the digest of the random moves each state goes on with.
`record.py robinson` records one game's states only (the others' files stay as they are).
Run it only on purpose: the files hold what the earlier engines wrote.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, ".")

from rules import GAMES  # noqa: E402
from rules.playout import iter_playout, playout_rng  # noqa: E402

HERE = Path(__file__).parent
RUNS = {"eclipse": [(n, s) for n in (2, 3, 4, 5, 6) for s in range(6)],
        "flotilla": [(n, s) for n in (3, 4, 5) for s in range(8)],
        "robinson": [(n, s) for n in (1, 2, 3, 4) for s in range(100)]}
FRAMES = {"eclipse": "stack", "flotilla": "todo", "robinson": "cont"}  # the state's field holding the frames
CONTINUE = 60  # random moves played on from each saved state


def pending_kind(key: str, state) -> str | None:
    """The kind of the pending frame, read from the saved JSON (either era's shape)."""
    data = json.loads(GAMES[key].dump(state))
    frames = data[FRAMES[key]]
    if not frames:
        return None
    if key == "robinson":  # the step run first after the answer to the pending prompt
        return frames[0][0] if data["pending"] else None
    if key == "flotilla":
        return frames[0][0]
    top = frames[-1]  # Eclipse: the kind and the optional working keys it holds (an action's steps)
    extra = sorted(x for x in top if x not in ("k", "seat", "left", "q", "todo", "hex", "tile", "kinds"))
    return "+".join([top["k"], *extra]) if top["k"] in ("explore", "move", "upgrade", "build", "influence") else top["k"]


def continuation(key: str, text: str, seed: int) -> str:
    """The digest of CONTINUE random moves from the saved state `text`: ids, texts, events and the state after."""
    engine = GAMES[key]
    h = hashlib.sha256()
    state = engine.load(text)
    for i, step in enumerate(iter_playout(engine, state, playout_rng(seed))):
        h.update(f"|{step.seat}|{step.move.id}|{int(step.move.barrier)}|".encode())
        h.update(step.move.text.model_dump_json().encode())
        for e in step.after.events:
            h.update(e.model_dump_json().encode())
        state = step.after
        if i + 1 >= CONTINUE:
            break
    h.update(json.dumps(json.loads(engine.dump(state)), sort_keys=True).encode())
    return h.hexdigest()[:16]


def collect(key: str) -> dict[str, str]:
    engine = GAMES[key]
    found: dict[str, str] = {}
    for n, seed in RUNS[key]:
        state = engine.setup([f"p{i}" for i in range(n)], 7000 + seed, None)
        for step in iter_playout(engine, state, playout_rng(seed)):
            k = pending_kind(key, step.after)
            data = json.loads(engine.dump(step.after))
            depth = len(data[FRAMES[key]])
            shape = f"{k}-deep" if k is not None and depth >= 3 and f"{k}-deep" not in found else k
            if shape is not None and shape not in found and engine.to_act(step.after):
                found[shape] = engine.dump(step.after)
            if key == "robinson" and k is not None:  # a step kind seen only below the first
                for deeper in {f[0] for f in data["cont"][1:]} - {s.split("-")[0] for s in found}:
                    found.setdefault(f"{deeper}-below", engine.dump(step.after))
    return found


def main(only: list[str]) -> None:
    recorded = HERE / "continuations.json"
    digests: dict[str, str] = json.loads(recorded.read_text()) if only else {}
    for key in only or RUNS:
        folder = HERE / key
        folder.mkdir(exist_ok=True)
        for shape, text in sorted(collect(key).items()):
            (folder / f"{shape}.json").write_text(text)
            digests[f"{key}/{shape}"] = continuation(key, text, 1)
        print(key, len(list(folder.glob("*.json"))), "states")
    recorded.write_text(json.dumps(digests, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
