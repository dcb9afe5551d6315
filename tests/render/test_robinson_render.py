"""Robinson Crusoe board image (render/robinson.py) from real game views."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from render import render_board
from render.robinson_panels import AMBER, CROSS_BLUE, _card
from rules.playout import iter_playout, playout_rng
from rules.robinson import ENGINE as E

NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Chiara", "p4": "Dmitri"}
CAPTION = ["Bob placed the Cook on Gather.", "Alice, Bob: place your pawns, then confirm."]


def state_at(n: int, seed: int, round_: int):
    s = E.setup([f"p{i + 1}" for i in range(n)], seed)
    for step in iter_playout(E, s, playout_rng(seed)):
        s = step.after
        if s.round >= round_ and s.phase == "plan" and s.plan:
            break
    return s


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("locale", ["en", "es"])
def test_png_is_phone_sized_and_under_1_5_mb(n, locale):
    view = E.view(state_at(n, 7, 3))
    data = render_board(view, NAMES, CAPTION, locale=locale)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 1_500_000
    img = decode(data)
    assert img.width == 1400 and 900 <= img.height <= 1700


def test_final_states_render_too():
    from rules.playout import play_random
    final, _ = play_random(E, ["p1", "p2"], 3)
    assert E.outcome(final) is not None
    assert render_board(E.view(final), NAMES, None)[:4] == b"\x89PNG"


def test_every_board_label_is_translated():
    from render.robinson import draw
    from rules.text import CATALOG
    seen: list[str] = []
    import rules.text as text
    original = text.tr

    def spy(m, locale="en", names=None):
        out = original(m, locale, names)
        if out == getattr(m, "key", None):
            seen.append(out)
        return out
    import render.robinson as R
    import render.robinson_island as RI
    import render.robinson_panels as RP
    for mod in (R, RI, RP):
        mod.tr = spy
    try:
        draw(E.view(state_at(3, 5, 4)), NAMES, CAPTION, "es")
    finally:
        for mod in (R, RI, RP):
            mod.tr = original
    assert not seen, seen
    assert CATALOG.table["es"]


@pytest.mark.parametrize("locale,note", [("en", "needs 1 more pawn"), ("es", "falta 1 peón")])
def test_r38_a_stack_waiting_for_another_players_pawn_is_drawn_dashed_with_what_it_lacks(locale, note):
    from render.robinson_panels import BAD
    from rules.text import msg, tr
    from tests.rules.robinson_kit import planning, play
    s = play(planning(3), ("p1", "p:thr.1.2:c"), ("p2", "p:camp:c"))  # a 2-pawn threat action, 1 pawn so far
    view = E.view(s)
    assert [st["waiting"] for st in view.plan] == [1, 0]
    assert tr(msg("robinson.img.waiting_one"), locale) == note
    short = decode(render_board(view, NAMES, None, locale=locale))
    whole = decode(render_board(view.model_copy(update={"plan": [dict(st, waiting=0) for st in view.plan]}),
                                NAMES, None, locale=locale))
    assert short.size == whole.size
    band = (0, short.height - 60, 1400, short.height)  # the plan's row
    left, right = (0, short.height - 60, 690, short.height), (700, short.height - 60, 1400, short.height)

    def red(img, box):
        return sum(n for n, px in img.crop(box).getcolors(1 << 20) if px == BAD)
    assert red(short, left) > 200 and red(whole, band) == 0  # the dashed outline and the note, in red
    assert red(short, right) == 0  # the complete stack beside it is drawn as before


def drawn_texts(view, locale):
    """The board drawn from `view`, and every text its three drawing modules translated on the way; a key left
    untranslated fails here."""
    import render.robinson as R
    import render.robinson_island as RI
    import render.robinson_panels as RP
    import rules.text as text
    seen: list[str] = []
    drawn: list[str] = []
    original = text.tr

    def spy(m, locale="en", names=None):
        out = original(m, locale, names)
        drawn.append(out)
        if out == getattr(m, "key", None):
            seen.append(out)
        return out
    for mod in (R, RI, RP):
        mod.tr = spy
    try:
        img = R.draw(view, NAMES, CAPTION, locale)
    finally:
        for mod in (R, RI, RP):
            mod.tr = original
    assert not seen, seen
    return img, drawn


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("rescued", [0, 2])
def test_k3_4_jenny_needs_help_draws_her_track_and_the_numbered_totems(locale, rescued):
    """robinson-scenarios.md K0.1 (the scenario under the title), K0.6 (totem numbers), K3.4 (Jenny's
    track: her wounds in red, the box that kills her last), every label translated."""
    s = E.setup(["p1", "p2"], 3, {"scenario": "jenny"})
    s.island[2] = s.island[s.camp].model_copy(update={"tile": 6})  # tile 6 has a totem
    s.totems = {2: 1}
    s.jenny.wounds, s.jenny.rescued = 5, rescued
    view = E.view(s)
    assert view.scenario == "jenny" and view.jenny == {"wounds": 5, "life": 11, "rescued": rescued}
    assert view.pile_needs == []  # no woodpile outside Castaways
    img, drawn = drawn_texts(view, locale)
    assert {"en": "totem 1", "es": "tótem 1"}[locale] in drawn
    assert {"en": "Jenny needs help!", "es": "¡Jenny necesita ayuda!"}[locale] in drawn
    assert "Jenny" in drawn and {"en": "Woodpile", "es": "Pila de leña"}[locale] not in drawn  # in its place
    red = sum(1 for x in range(868, 1390) for y in range(img.height) if img.getpixel((x, y)) == (178, 34, 34))
    assert red > 5 * 200  # her 5 wounds, each a filled box


@pytest.mark.parametrize("locale", ["en", "es"])
def test_k6_family_robinson_draws_the_wasteland_the_dealt_inventions_and_the_goal(locale):
    """robinson-scenarios.md K6.8 (a black wasteland marker on its tile), K6.1 (the dealt inventions
    starred, the goal and its progress), K6.4 (the children's food tonight), every label translated."""
    from rules.robinson import marks
    s = E.setup(["p1", "p2"], 3, {"scenario": "family_robinson"})
    s.island[2] = s.island[s.camp].model_copy(update={"tile": 6})
    marks.add(s, 2, "wasteland")
    s.built += s.dealt[:3]
    s.round = 9
    view = E.view(s)
    assert view.marks == {2: ["wasteland"]} and view.family["built"] == 3 and view.family["children"] == 3
    assert sum(i.get("goal", False) for i in view.inventions) == 9
    img, drawn = drawn_texts(view, locale)
    assert {"en": "wasteland", "es": "erial"}[locale] in drawn
    assert {"en": "★ Dealt inventions 3/9", "es": "★ Inventos repartidos 3/9"}[locale] in " ".join(drawn)
    assert {"en": "Tonight the children eat 3 food", "es": "Esta noche los niños comen 3 de comida"}[locale] in drawn
    green = sum(1 for x in range(868, 1390) for y in range(img.height) if img.getpixel((x, y)) == (46, 125, 50))
    assert green > 3 * 200  # 3 of the 9 boxes filled


@pytest.mark.parametrize("locale", ["en", "es"])
def test_k2_cursed_island_draws_counted_fog_and_crosses_the_temple_and_the_goal(locale):
    """robinson-scenarios.md K2.1 (crosses n of 5), K2.3 and M3 (fog and crosses counted, also on
    unexplored and face-down spaces), K2.5/K2.6 (totem 1 the temple), every label translated."""
    from rules.robinson import marks
    from rules.robinson.scenarios import cursed
    from rules.robinson.state import Spot
    s = E.setup(["p1", "p2"], 3, {"scenario": "cursed_island"})
    s.island[6], s.island[11] = Spot(tile=4), Spot(tile=1, face_up=False)
    s.totems = {6: 1}
    cursed.place_temple(s)
    for sp in (6, 3, 11):
        marks.add(s, sp, "fog")
    marks.add(s, s.camp, "cross")
    marks.add(s, 12, "cross")
    marks.add(s, 12, "cross")
    view = E.view(s)
    assert view.temple == {"space": 6, "from": 2, "searched": 0, "crosses": 1, "to_win": 5, "fog": 3}
    img, drawn = drawn_texts(view, locale)
    fog, cross, temple = {"en": ("fog", "cross", "temple"), "es": ("niebla", "cruz", "templo")}[locale]
    assert drawn.count(fog) == 3 and drawn.count(cross) == 2 and temple in drawn  # the ×2 is drawn after it
    assert {"en": "Crosses on 1 of 5 tiles at the end of a round win",
            "es": "Cruces en 1 de 5 losetas al final de una ronda: victoria"}[locale] in drawn
    blue = sum(1 for x in range(868, 1390) for y in range(img.height) if img.getpixel((x, y)) == CROSS_BLUE)
    assert blue > 200  # one cross box filled in the side panel


@pytest.mark.parametrize("locale", ["en", "es"])
def test_k5_cannibal_island_draws_villages_the_city_burned_totems_and_the_goal(locale):
    """robinson-scenarios.md K5.4 (village badges), K5.5 (a burned totem's black badge), K5.6 (the City's
    badge), K5.1 (the goal panel: villages standing and burned, the burning's strength, the City)."""
    from rules.robinson import marks
    from rules.robinson.scenarios import cannibal
    from rules.robinson.state import Spot
    s = E.setup(["p1", "p2"], 3, {"scenario": "cannibal_island"})
    s.island[6], s.island[2] = Spot(tile=6), Spot(tile=2)
    s.totems = {6: 1, 2: 2}
    marks.add(s, 6, "village")
    marks.add(s, 2, "black")
    s.round = 4
    cannibal.city_flip(s)
    view = E.view(s)
    assert view.cannibal == {"villages": [4, 6], "burned": 1, "city_space": 4, "city_round": 4, "city_up": True,
                             "city_burned": False, "strength": 6}
    _, drawn = drawn_texts(view, locale)
    village, city, burned = {"en": ("village", "City", "burned"), "es": ("aldea", "Ciudad", "quemada")}[locale]
    assert drawn.count(village) >= 2 and city in drawn and burned in drawn
    assert {"en": "The City of Cannibals stands on space 4: burn it",
            "es": "La Ciudad de los caníbales está en la casilla 4: quémala"}[locale] in drawn
    assert {"en": "2 villages stand · 1 burned · burning strength 6",
            "es": "2 aldeas en pie · 1 quemada · fuerza de la quema 6"}[locale] in drawn


@pytest.mark.parametrize("locale", ["en", "es"])
def test_r46_an_invention_built_this_action_phase_is_drawn_built_in_amber(locale, monkeypatch):
    """R46: an invention built this Action phase works from its end, but it is built: the board marks it ■
    (in amber until it works), never · "not yet"; Jenny's winning Lifeboat (K3.1) ends the game in that state."""
    s = E.setup(["p1"], 14, {"scenario": "jenny"})
    s.future_built.append("Lifeboat")
    drawn: list[tuple[str, object]] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append((str(text), kwargs.get("fill")))
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    render_board(E.view(s), NAMES, CAPTION, locale=locale)
    name = _card("invention:Lifeboat", locale)
    assert ("■ " + name, AMBER) in drawn
    assert not any(text == "· " + name for text, _ in drawn)
