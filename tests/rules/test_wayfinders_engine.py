"""Wayfinders engine contract: JSON, replay, purity, barriers, texts, view (W42), W41 hiding."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.contract import Engine, Move
from rules.rng import Rng
from rules.text import CATALOG, tr
from rules.wayfinders import ENGINE as E
from rules.wayfinders.state import WayfindersState

from .wayfinders_kit import fly_build, game, moves, play

PKG = Path(__file__).resolve().parents[2] / "rules" / "wayfinders"
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}")


def random_game(n, seed, options=None, bias=9):
    """Yield (state, seat, move, next_state) along a random game biased to building (E16)."""
    s = E.setup([f"p{i + 1}" for i in range(n)], seed, options)
    r = Rng.from_seed(seed * 31 + 7)
    while E.to_act(s):
        seat = E.to_act(s)[0]
        ms = E.legal_moves(s, seat)
        builds = [m for m in ms if m.id.startswith("build")]
        m = r.choice(builds) if builds and r.below(10) < bias else r.choice(ms)
        nxt = E.apply(s, seat, m.id)
        yield s, seat, m, nxt
        s = nxt


GAMES = [(2, 1, None), (3, 2, {"exploration": True}), (4, 3, {"random_mix": True}),
         (4, 4, {"mix": (4, 12, 8), "exploration": True})]


@pytest.mark.parametrize("n, seed, options", GAMES)
def test_json_round_trip_and_replay_are_exact(n, seed, options):
    """State JSON round-trips exactly; setup + the same move ids replays to the identical dump."""
    log = []
    last = None
    for i, (s, seat, m, nxt) in enumerate(random_game(n, seed, options)):
        log.append((seat, m.id))
        if i % 7 == 0:
            d = E.dump(s)
            back = E.load(d)
            assert back == s and E.dump(back) == d
            assert [x.model_dump() for x in E.legal_moves(back, seat)] == [x.model_dump() for x in E.legal_moves(s, seat)]
        last = nxt
    assert last.phase == "over"
    d = E.dump(last)
    assert E.load(d) == last and E.dump(E.load(d)) == d
    s = E.setup([f"p{i + 1}" for i in range(n)], seed, options)
    for seat, mid in log:
        s = E.apply(s, seat, mid)
    assert E.dump(s) == d


@pytest.mark.parametrize("n, seed, options", GAMES[:3])
def test_apply_is_pure_and_earlier_states_never_change(n, seed, options):
    """apply never touches its input, and later moves never change earlier states (copy-on-write)."""
    kept = []
    for s, seat, m, nxt in random_game(n, seed, options):
        kept.append((s, E.dump(s)))
    for s, d in kept:
        assert E.dump(s) == d


class _DeepCopy(type(E)):  # type: ignore[misc]
    """Wayfinders with the contract's own copy (a pydantic deep copy) instead of fast_copy."""

    copy_state = Engine.copy_state


def test_fast_apply_equals_the_base_class_apply():
    """The copy-on-write copy_state gives exactly the states of a pydantic deep copy."""
    deep = _DeepCopy()
    for s, seat, m, nxt in random_game(3, 5, {"exploration": True}):
        base = deep.apply(s, seat, m.id)
        assert E.dump(base) == E.dump(nxt)
        assert E.find_move(s, seat, m.id) == m
    copy = E.copy_state(s)
    assert isinstance(copy, WayfindersState) and copy == s and copy is not s


@pytest.mark.parametrize("n, seed, options", GAMES)
def test_barriers_mark_every_draw_and_reveal(n, seed, options):
    """Every move that draws from the bag (refill, W39) or reveals tiles (W41) is a barrier;
    a non-barrier move never consumes randomness."""
    for s, seat, m, nxt in random_game(n, seed, options):
        revealed = any(nxt.board[c].face_up and not s.board[c].face_up for c in s.board)
        if not m.barrier:
            assert nxt.rng.state == s.rng.state, m.id
            assert not revealed, m.id
        if revealed or nxt.rng.state != s.rng.state:
            assert m.barrier, m.id


@pytest.mark.parametrize("n, seed, options", GAMES[:2])
def test_move_ids_labels_and_texts(n, seed, options):
    """Ids are short and stable (<= 40 chars, no spaces, unique); labels are the English
    rendering of the Msg; every text renders in English and Spanish without raw keys."""
    for s, seat, m, nxt in random_game(n, seed, options):
        ms = E.legal_moves(s, seat)
        assert len({x.id for x in ms}) == len(ms)
        for x in ms:
            assert len(x.id) <= 40 and " " not in x.id
            assert x.label == tr(x.text) and x == Move.of(x.id, x.text, x.barrier)
            _renders(x.text)
        for e in nxt.events:
            _renders(e)
        _renders(E.prompt(s, seat))
    out = E.outcome(nxt)
    _renders(out.summary)


def _renders(text):
    for loc in ("en", "es"):
        out = tr(text, loc)
        assert out.strip() and not out.startswith("wayfinders.") and not PLACEHOLDER.search(out), (loc, out)


def test_locales_have_the_same_keys_and_real_spanish():
    en = json.loads((PKG / "locale" / "en.json").read_text(encoding="utf-8"))
    es = json.loads((PKG / "locale" / "es.json").read_text(encoding="utf-8"))
    assert set(en) == set(es)
    differ = sum(1 for k in en if en[k] != es[k])
    assert differ > 0.85 * len(en)
    for k in en:
        assert set(PLACEHOLDER.findall(en[k])) == set(PLACEHOLDER.findall(es[k])), k
    rules_en = en["wayfinders.rules"]
    for word in ("PROPOSED", "unofficial", "propeller", "parachute", "tire", "headset", "fuel can", "exploration"):
        assert word in rules_en
    assert "PROPUESTO" in es["wayfinders.rules"] and "no oficial" in es["wayfinders.rules"]
    assert tr(E.rules_help()) == rules_en
    assert CATALOG.template("wayfinders.res.V", "es") == "bidón de combustible (V, violeta)"


def test_no_forbidden_imports_in_the_engine():
    """No global random, clock, discord, PIL or sqlite anywhere in rules/wayfinders."""
    bad = re.compile(r"^\s*(import|from)\s+(random|time|datetime|discord|PIL|sqlite3|sqlite_utils)\b", re.M)
    for path in PKG.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not bad.search(text), path.name
        assert len(text.splitlines()) < 400, path.name


def test_to_act_and_moves_only_for_the_seat_to_act():
    s = game(3)
    assert E.to_act(s) == ["p1"]
    assert E.legal_moves(s, "p2") == [] and E.legal_moves(s, "nobody") == []
    with pytest.raises(Exception, match="not your decision"):
        E.apply(s, "p2", "return")
    with pytest.raises(Exception, match="not a player"):
        E.apply(s, "zz", "return")


def test_w42_view_is_public_except_face_down_tiles():
    """W42: hands, hangars, workers, cubes, effects and bag counts are public; face-down tiles hidden."""
    s = game(2, exploration=True, C2="res03", E5="per13")
    s.board["E5"].face_up = True
    s.board["E5"].slots = ["p1"]
    s.players["p1"].cubes = 8
    s.workers[0] = ["p2"]
    s.players["p2"].workers = 4
    pub, mine, theirs = E.view(s), E.view(s, "p1"), E.view(s, "p2")
    assert pub.viewer is None and mine.viewer == "p1"
    strip = lambda v: v.model_dump(exclude={"viewer"})  # noqa: E731
    assert strip(pub) == strip(mine) == strip(theirs)
    cells = {c.cell: c for c in pub.cells}
    assert [c.cell for c in pub.cells][:3] == ["A1", "B1", "C1"] and len(pub.cells) == 25
    c2 = cells["C2"]
    assert (c2.island, c2.back, c2.colour, c2.cost, c2.vp, c2.effect, c2.n) == ("res03", "red", "G", "BRY", 4, "draw", 2)
    a1 = cells["A1"]
    assert not a1.face_up and a1.island is None and a1.colour is None and a1.cost is None and a1.effect is None
    assert cells["C3"].home and cells["C3"].slots == ["p1", "p2"] and cells["C3"].planes == ["p1", "p2"]
    p1 = pub.players[0]
    assert p1.effects == ["wildcard:R"] and p1.islands == ["E5"] and p1.cubes == 8 and p1.hand_limit == 3
    assert pub.players[1].workers_on_board == 1 and pub.players[1].workers_supply == 4
    assert pub.bag == s.bag and pub.bag_total == sum(s.bag.values())
    assert pub.hangars == s.hangars and pub.workers == s.workers and pub.to_act == ["p1"]
    assert pub.phase == "action" and pub.round == 1 and not pub.final_round and pub.last_hangar == 4
    assert "res" not in json.dumps([c.model_dump() for c in pub.cells if not c.face_up])


def test_view_tracks_the_flight_path():
    s = fly_build(game(2, C2="res07"), "p1", "C3", "RR")
    s = play(s, "fly:C2", "fly:C3")
    assert E.view(s).flown == ["C2", "C3"]
    assert E.view(play(s, "end")).flown == ["C2", "C3"]  # kept for the turn's picture


def test_every_rule_ruling_and_scenario_is_cited_by_a_test():
    """Each of W1-W42, E1-E16 and T1-T9 is named in a test function's name (e.g. test_w14_...)."""
    cited = set()
    for path in Path(__file__).parent.glob("test_wayfinders_*.py"):
        for name in re.findall(r"def (test_\w+)\(", path.read_text(encoding="utf-8")):
            cited |= {t.upper() for t in re.findall(r"_([wet]\d+)(?=_|$)", name)}
    want = {f"W{i}" for i in range(1, 43)} | {f"E{i}" for i in range(1, 17)} | {f"T{i}" for i in range(1, 10)}
    assert not sorted(want - cited, key=lambda x: (x[0], int(x[1:])))
    assert moves(fly_build(game(2), "p1", "C3", ""))["end"].id == "end"


def test_w1_w8_our_own_data_is_declared_in_game_rules_and_the_readme():
    """W1, W8: the 12 tokens of each type and the random first player are this project's own data, not the
    rulebook's: `/game rules` says so in both languages, and the README's table of what is ours."""
    from rules.wayfinders.islands import TOKENS_PER_COLOUR
    assert TOKENS_PER_COLOUR == 12
    en, es = tr(E.rules_help(), "en"), tr(E.rules_help(), "es")
    assert "the 12 tokens of each type" in en and "first player is drawn at random (our rule" in en
    assert "las 12 fichas de cada tipo" in es and "el jugador inicial se sortea (regla nuestra" in es
    readme = (PKG.parents[1] / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| **Wayfinders** |"))
    assert "12 tokens of each type" in row and "random first player" in row
