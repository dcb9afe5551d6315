"""Private information stays private, for every engine in rules.GAMES.

Random games (PRIVACY_GAMES, default 100 per engine, over every player count; a longer sweep:
`PRIVACY_GAMES=1000 ./test.sh tests/conformance/test_privacy.py`) are played, and
after every move every public text the bot writes (turn post, buttons and selects, board
caption, `/game log` line, replay caption: tests/conformance/privacy.py) is searched for the
hidden items of the states before and after it that the public view does not show (Flotilla's
hand cards, Eclipse's face-down Discovery tiles and reputation values).  Every seat's view
differs from `view(state, None)` only in declared private fields, hidden there.
"""
from __future__ import annotations

import os

import pytest

from rules import GAMES, Engine
from rules.playout import iter_playout, playout_rng

from .privacy import check_views, hidden_items, leaks, public_texts

GAMES_PER_ENGINE = int(os.environ.get("PRIVACY_GAMES", "100"))
SPANISH_EVERY = 10  # one game in ten is written in Spanish
# Each engine's TestHints (privacy_stride, privacy_cap) keep it under a minute of CPU on one core
# (measured on a shared machine, 200 games: Eclipse 52 s, Flotilla 34 s, Wayfinders 30 s, Robinson
# 28 s; on a slower one 95, 62, 53 and 76 s, so the suite plays 100): long random games check every
# stride-th ordinary move, Flotilla's (round limit, ~600 moves) also stop after 200 moves in nine
# games out of ten.
MAX_REPORT = 10


def seat_count(engine: Engine, game: int) -> int:
    return engine.min_players + game % (engine.max_players - engine.min_players + 1)


def privacy_failures(engine: Engine, games: int, seed_base: int = 0, stride: int = 1,
                     cap: int | None = None, limit: int = MAX_REPORT) -> list[str]:
    """Leaks and view problems over `games` random games (empty when private information stays private).

    Checked: the start, the last move, every move made at or leading to a private decision
    (`Engine.is_private`: its event lines must not tell what was chosen, its post must show no
    option), and every `stride`-th other move (offset per game, so every position gets checked).
    With `cap`, nine games in ten stop after `cap` moves (every tenth is played to its end)."""
    out: list[str] = []
    for g in range(games):
        seed = seed_base + g
        seats = [f"p{i + 1}" for i in range(seat_count(engine, g))]
        locale = "es" if g % SPANISH_EVERY == SPANISH_EVERY - 1 else "en"
        where = f"{engine.key} {len(seats)}p seed={seed} {locale}"
        state = engine.setup(seats, seed)
        public, problems = check_views(engine, state)
        out += [f"{where} setup: {p}" for p in problems]
        hidden = hidden_items(engine, [state], public, locale)
        out += [f"{where} setup: {x}" for x in leaks(hidden, public_texts(engine, None, "", None, state, 0, locale))]
        for i, before, seat, move, after in iter_playout(engine, state, playout_rng(seed)):
            if cap is not None and i >= cap and g % 10 != 9:
                break
            sampled = (i + g) % stride == 0
            if not sampled and not engine.is_private(before, seat) and not engine.outcome(after) \
                    and not any(engine.is_private(after, s) for s in engine.to_act(after)):
                continue
            public, problems = check_views(engine, after, seats=sampled)
            out += [f"{where} move {i + 1} ({seat} {move.id}): {p}" for p in problems]
            hidden = hidden_items(engine, [before, after], public, locale, move)
            texts = public_texts(engine, before, seat, move, after, i + 1, locale)
            out += [f"{where} move {i + 1} ({seat} {move.id}): {x}" for x in leaks(hidden, texts)]
            if len(out) > limit:
                return out
    return out


@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_public_text_reveals_private_information(key):
    stride, cap = GAMES[key].test_hints.privacy_stride, GAMES[key].test_hints.privacy_cap
    failures = privacy_failures(GAMES[key], GAMES_PER_ENGINE, stride=stride, cap=cap)
    assert not failures, f"{len(failures)} leak(s):\n" + "\n".join(failures[:MAX_REPORT])


@pytest.mark.parametrize("key,games,cap,kinds", [("flotilla", 2, 40, {"hand card"}),
                                                 ("eclipse", 3, None, {"Discovery tile", "reputation value"})])
def test_the_check_finds_the_leaks_of_public_private_decisions(key, games, cap, kinds, monkeypatch):
    """Without the privacy marking (as before the privacy work) the hand, the Discovery tile and the
    reputation values were on the public buttons ("Play Captain", "Use the Discovery tile: Axion
    Computer", "Keep the reputation tile worth 4"): the check must see each kind."""
    monkeypatch.setattr(type(GAMES[key]), "is_private", lambda self, state, seat: False)
    failures = privacy_failures(GAMES[key], games, cap=cap, limit=10**6)
    assert {f.split(": ", 1)[1].split(" '")[0] for f in failures} == kinds, failures[:MAX_REPORT]
    assert all(" in component: " in f for f in failures), [f for f in failures if " in component: " not in f]
