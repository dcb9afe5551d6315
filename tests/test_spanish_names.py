"""Spanish output of Flotilla and Eclipse names its components in Spanish (house rule: what players
read comes in English and Spanish; ids in moves and state stay English).

Flotilla: objective sets and ocean tiles by their Spanish names (tile "yellow-02" reads
"amarillo-02"), dive icons in Spanish letters (D9: depletion = A, agotamiento), the board's ring
and track abbreviations and depth letters from the catalog (S/D/A reads S/P/A: Somero, Profundo,
Abismo, as the Spanish rulebook names the depths).  Eclipse: "del/al hexágono" (no "de el"), and
the galaxy and player boards draw sides, techs, parts and ships in Spanish."""
from __future__ import annotations

import re

import pytest

from render.eclipse import draw as draw_galaxy
from render.eclipse_board import draw_board
from render.flotilla import draw as draw_flotilla
from render.flotilla_panels import short
from rules import GAMES
from rules.flotilla import texts as FT
from rules.flotilla.data import BOARD, TILES
from rules.playout import iter_playout, playout_rng
from rules.text import JOIN_KEY, SEAT_KEY, Msg, tr
from tests.render.text_spy import drawn_texts


def _texts(key: str, seeds: tuple[int, ...], players: int):
    """Every event, label and prompt Msg of random games of `key`."""
    engine = GAMES[key]
    for seed in seeds:
        state = engine.setup([f"p{i + 1}" for i in range(players)], seed)
        yield from state.events
        for step in iter_playout(engine, state, playout_rng(seed)):
            yield from step.after.events
            for seat in engine.to_act(step.after):
                yield from (mv.text for mv in engine.legal_moves(step.after, seat))


def _raw(x, out: set[str]) -> None:
    if isinstance(x, Msg):
        for k, v in x.args.items():
            if not (x.key in (SEAT_KEY, JOIN_KEY) and k in ("id", "sep")):
                _raw(v, out)
    elif isinstance(x, str):
        out.add(x)


def test_flotilla_never_passes_a_tile_or_objective_id_as_text():
    ids = set(TILES) | set(BOARD.objectives)
    raw: set[str] = set()
    spanish = []
    for msg in _texts("flotilla", (1, 2), 3):
        _raw(msg, raw)
        if msg.key in ("flotilla.ev.placed", "flotilla.ev.objective", "flotilla.move.pl"):
            spanish.append(tr(msg, "es"))
    assert not raw & ids, sorted(raw & ids)[:10]
    text = "\n".join(spanish)
    assert not re.search(r"\b(purple|yellow|blue|red)-\d\d\b", text)
    assert re.search(r"\b(morado|amarillo|azul|rojo)-\d\d\b", text)


def test_flotilla_spanish_names_of_tiles_objectives_and_dive_icons():
    assert tr(FT.tile("yellow-02"), "es") == "amarillo-02" and tr(FT.tile("yellow-02"), "en") == "yellow-02"
    assert tr(FT.objective("market-hall"), "es") == "Lonja"
    faces = FT.dive_faces(["BD", "BBT", "R"])  # D9 icons: D = depletion
    assert tr(faces, "en") == "BD BBT R" and tr(faces, "es") == "BA BBT R"
    ring = BOARD.rings["speakers"]
    assert [short(t, "en") for t in ring] != [short(t, "es") for t in ring]
    survivor = next(t for t in BOARD.survivor_tracks["I"] if any(x.name == "vp" for x in t))
    assert short(survivor, "es").endswith("PV") and short(survivor, "en").endswith("V")


def _late(key: str, players: int, seed: int, moves: int):
    engine = GAMES[key]
    state = engine.setup([f"p{i + 1}" for i in range(players)], seed)
    for step in iter_playout(engine, state, playout_rng(seed)):
        state = step.after
        if step.index >= moves:
            break
    return engine, state


def test_flotilla_board_abbreviations_and_depths_in_spanish(monkeypatch):
    engine, state = _late("flotilla", 3, 4, 60)
    from render.flotilla import _static
    from render.flotilla_map import grid_layer
    _static.cache_clear()  # the cached layers are drawn again, so their texts are seen
    grid_layer.cache_clear()
    drawn = drawn_texts(monkeypatch)
    draw_flotilla(engine.view(state), {}, None, "es")
    board = {w for t in drawn for w in re.split(r"[\s:]+", t)}  # ring spaces read "3: Lo"
    assert {"Lo", "Rl", "Sp"} <= board and not {"Ti", "Rc1V", "Sv"} & board
    assert any("S/P/A profundidad" in t for t in drawn)
    assert any(re.fullmatch(r"[SPA]•*", t) for t in drawn) and not any(re.fullmatch(r"D•*", t) for t in drawn)


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5)])
def test_eclipse_spanish_texts_contract_de_el_and_a_el(players, seed):
    texts = [tr(m, "es") for m in _texts("eclipse", (seed,), players)]
    assert not [t for t in texts if re.search(r"\b(de|a) el\b", t)]
    assert any("del hexágono" in t for t in texts)


def test_eclipse_boards_draw_spanish_sides_techs_parts_and_ships(monkeypatch):
    engine, state = _late("eclipse", 2, 4, 150)
    drawn = drawn_texts(monkeypatch)
    draw_galaxy(engine.view(state), {"p1": "Ana", "p2": "Bea"}, None, "es")
    rows = [t for t in drawn if t.startswith(("Ana (", "Bea ("))]
    assert rows and all("terran" not in t for t in rows)
    storage = [t for t in drawn if t.startswith("Dinero ")]  # each player's second line (in words)
    assert len(storage) == 2 and all(" · Ciencia " in t and "Science" not in t for t in storage)
    drawn.clear()
    draw_board(engine.view(state, "p1"), "p1", {"p1": "Ana"}, "es")
    board = "\n".join(drawn)
    assert "Interceptor (" in board and "Acorazado (" in board and "Cañón de iones" in board
    for english in ("ion cannon", "nuclear source", "dreadnought", "built)"):
        assert english not in board, english
