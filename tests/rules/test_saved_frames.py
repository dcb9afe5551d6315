"""Games saved before the decision stacks became typed frames (rules/decisions.py) load and go on
unchanged: each state of tests/rules/saved_frames (one per kind of pending frame, written by the
earlier Eclipse and Flotilla engines, and one per continuation step Robinson left behind a prompt,
written by its engine before its continuations became frames; see record.py there) loads, saves again as the same JSON, and
plays on with the same moves, texts, events and resulting state as the engine before the frames plays
it.  continuations.json was recorded by the earlier engines and re-recorded once for Eclipse after the
Eclipse E26 ruling (every action legal with a disc on the track) changed which moves a random game picks;
the engine without frames but with that ruling gave the same 84 digests as the framed one.  The Eclipse digests were
re-recorded again when Eclipse asked fewer questions (Eclipse E99 forced steps taken by the engine, Build's piece and hex in
one option, Eclipse E107, and the colony-ship question asked once, Eclipse E104); the saved states themselves are unchanged and a
Build saved between its two old steps still goes on with `at:<hex>`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import GAMES
from rules.decisions import ArrayFrame, Frame
from tests.rules.saved_frames.record import FRAMES, HERE, continuation

RECORDED = json.loads((HERE / "continuations.json").read_text())
SAVED = sorted(HERE.glob("*/*.json"))


def _key(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_every_kind_of_pending_frame_is_covered():
    kinds = {p.stem.split("+")[0].removesuffix("-deep") for p in SAVED}
    assert {"species", "turn", "explore", "influence", "build", "upgrade", "move", "research", "fight", "rep",
            "popatk", "cube", "dipl", "ambc", "upkeep", "control", "disco"} <= kinds  # Eclipse
    assert {"sail", "infl", "place", "cell", "rot", "keep", "build", "bcell", "brot", "reroll", "wild"} <= kinds
    robinson = {p.stem.split("-")[0] for p in SAVED if p.parent.name == "robinson"}
    assert {"adv_done", "codes", "evdraw", "half_done", "items", "morale", "mystery", "place", "prompt", "slid",
            "stroke", "threat_done"} <= robinson  # every continuation step a random game leaves behind a prompt
    assert set(RECORDED) == {_key(p) for p in SAVED}


@pytest.mark.parametrize("path", SAVED, ids=_key)
def test_a_saved_state_loads_into_typed_frames_and_saves_the_same_json(path):
    engine = GAMES[path.parent.name]
    text = path.read_text()
    state = engine.load(text)
    frames = getattr(state, FRAMES[path.parent.name])
    assert frames and all(isinstance(f, (Frame, ArrayFrame)) for f in frames)
    assert engine.dump(state) == text  # byte for byte: the games table holds the same row
    assert engine.dump(engine.copy_state(state)) == engine.dump(state)


@pytest.mark.parametrize("path", SAVED, ids=_key)
def test_a_saved_game_goes_on_as_the_earlier_engine_played_it(path):
    assert continuation(path.parent.name, path.read_text(), 1) == RECORDED[_key(path)]
