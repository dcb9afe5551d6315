"""The scenario discovery tokens (robinson-scenarios.md K0.7, K2.8, K3.11): Cursed Island's and Jenny's
own four replace Castaways' four scenario-symbol tokens, each with its effect.  Games are edited
directly to reach the case (robinson_kit)."""
from __future__ import annotations

from rules.robinson import marks
from rules.robinson.data import SCENARIOS as BLOCKS
from rules.robinson.scenarios import cursed, jenny
from rules.robinson.island import has_shelter

from .robinson_kit import E, confirm_all, every, game, ids, play, rest_the_rest, texts, tr

CASTAWAYS_FOUR = {"Castaway Herbs", "Oil", "Pirate Sabre", "Medallion"}
CURSED_FOUR = {"Cultist Candle", "Strange Vial", "Carved Bell", "Ritual Knife"}
JENNY_FOUR = {"Jenny Herbs", "Ruined Hut", "Old Pistol", "Tough Vines"}


def holding(key: str, *toks: str, n: int = 1):
    s = game(n, 1, scenario=key)
    assert s.phase == "plan"
    s.tokens = list(toks)
    return s


def test_k0_7_k2_8_k3_11_the_scenarios_draw_their_own_four_tokens():
    for key, four in (("cursed_island", CURSED_FOUR), ("jenny", JENNY_FOUR)):
        for seed in (1, 2):
            stack = game(2, seed, scenario=key).disc_stack
            assert four <= set(stack) and not CASTAWAYS_FOUR & set(stack), key
    assert CASTAWAYS_FOUR <= set(game(2, 1).disc_stack)  # Castaways keeps its own
    assert len(game(2, 1, scenario="jenny").disc_stack) == len(game(2, 1).disc_stack)


def test_k2_8_k3_11_the_fan_clone_tokens_are_marked_proposed_in_the_data():
    assert any(p.startswith("K2.8") for p in BLOCKS["cursed_island"]["proposed"])
    assert any(p.startswith("K3.11") for p in BLOCKS["jenny"]["proposed"])


def test_k2_8_strange_vial_builds_the_medicine_free():
    s = holding("cursed_island", "Strange Vial")
    wood = dict(s.avail)
    s = E.apply(s, "p1", "tk:Strange_Vial")
    assert "Medicine" in s.built and s.tokens == [] and s.avail == wood
    s.tokens = ["Strange Vial"]
    assert "tk:Strange_Vial" not in every(s, "p1")  # the Medicine is built already: nothing to do


def test_k2_8_carved_bell_takes_off_up_to_2_fog():
    s = holding("cursed_island", "Carved Bell")
    assert "tk:Carved_Bell" not in every(s, "p1")  # no fog on the island: nothing to take off
    for sp in (2, 6, 11):
        marks.add(s, sp, cursed.FOG)
    s = E.apply(s, "p1", "tk:Carved_Bell")
    assert s.tokens == [] and s.pending is not None and s.pending["kind"] == "unfog"  # K2.7's choice
    assert tr(E.prompt(s, "p1")) == "Carved Bell: choose the fog to take off (2 markers to take)"
    s = play(s, ("p1", "uf:11"), ("p1", "uf:6"))  # the seat's own picks, not the default order
    assert marks.spaces_with(s, cursed.FOG) == [2]
    assert "2 fog markers are taken off" in texts(s)


def test_k2_8_cultist_candle_is_a_one_use_neutral_pawn_for_any_action_but_threat():
    s = holding("cursed_island", "Cultist Candle", n=2)
    fp = s.seats[s.fp]
    mine = every(s, fp)
    assert any(mid.startswith("p:x.") and mid.endswith(":ck") for mid in mine)  # an Explore, sure with it
    assert any(mid.startswith("p:b.") and mid.endswith(":ck") for mid in mine)  # a Build
    assert any(mid.startswith("p:thr.") for mid in mine)  # the Food Crates wait in the threat space...
    assert not any(mid.startswith("p:thr.") and "k" in mid.rsplit(":", 1)[1] for mid in mine)  # ...never with it
    assert not any(mid.startswith("p:") and mid.rsplit(":", 1)[1].startswith("k") for mid in mine)  # never alone
    other = next(x for x in s.seats if x != fp)
    assert not any(mid.startswith("p:") and "k" in mid.rsplit(":", 1)[1] for mid in every(s, other))  # the FP's
    explore = next(mid for mid in mine if mid.startswith("p:x.") and mid.endswith(":ck"))
    s = play(s, (fp, explore))
    assert s.plan[-1].pawns[1] == "Candle" and s.plan[-1].base == 2  # 2 pawns: a sure Explore
    s = rest_the_rest(s)
    assert "Cultist Candle" not in s.tokens  # used up once the plan is carried out
    assert "Cultist Candle is used" in texts(s)


def fox_hunt(key: str, *toks: str):
    """A 1-player game's hunt stack confirmed, waiting for the hunter's `go`, the tokens held."""
    s = holding(key, *toks)
    s.hunt_deck = ["beast:Fox"]
    s.weapon = 0
    s = play(s, ("p1", "p:hunt:cc"))
    from rules.robinson.plan import free_pawns
    while free_pawns(s, "p1").get("c"):
        s = E.apply(s, "p1", "p:rest:c")
    if "Friday" in s.chars:
        while free_pawns(s, "p1").get("f"):
            s = E.apply(s, "p1", "p:rest:f")
    s = confirm_all(s)
    while s.queue and s.queue[0].action != "hunt":
        s = E.apply(s, E.to_act(s)[0], "go")
    return s


def test_k2_8_ritual_knife_is_kept_and_gives_3_weapon_for_a_wound():
    s = fox_hunt("cursed_island", "Ritual Knife")
    hunter = s.queue[0].pawns[0]
    base = fox_hunt("cursed_island")
    assert "go:tk.Ritual_Knife" in ids(s, "p1") and "go:tk.Ritual_Knife" not in ids(base, "p1")
    s = E.apply(s, "p1", "go:tk.Ritual_Knife")
    base = E.apply(base, "p1", "go")
    assert s.tokens == ["Ritual Knife"]  # kept
    fox_wounds = base.chars[hunter].wounds
    assert fox_wounds >= 1 and s.chars[hunter].wounds == 1  # the knife's wound, no wound from the fox
    assert "Ritual Knife is used" in texts(s)


def test_k3_11_old_pistol_gives_3_weapon_for_one_fight_and_goes():
    s = fox_hunt("jenny", "Old Pistol")
    hunter = s.queue[0].pawns[0]
    s = E.apply(s, "p1", "go:tk.Old_Pistol")
    assert s.tokens == [] and s.chars[hunter].wounds == 0


def test_k3_11_herbs_heal_one_wound_of_a_character_or_of_rescued_jenny():
    s = holding("jenny", "Jenny Herbs")
    who = s.seat_char["p1"]
    assert not any(mid.startswith("tk:Jenny_Herbs") for mid in every(s, "p1"))  # nobody is wounded
    s.chars[who].wounds = 2
    s = E.apply(s, "p1", f"tk:Jenny_Herbs:{who}")
    assert s.chars[who].wounds == 1 and s.tokens == []
    s.tokens = ["Jenny Herbs"]
    jenny.track(s).wounds = 4
    assert "tk:Jenny_Herbs:Jenny" not in every(s, "p1")  # not rescued yet: nothing affects her (K3.5)
    jenny.track(s).rescued = 1
    s = E.apply(s, "p1", "tk:Jenny_Herbs:Jenny")
    assert jenny.track(s).wounds == 3


def test_k3_11_ruined_hut_gives_2_wood_on_arrival():
    from rules.robinson.effects import arrive
    s = holding("jenny")
    w = s.avail["W"]
    arrive(s, ["Ruined Hut"])
    assert s.avail["W"] == w + 2 and s.tokens == []


def test_k3_11_tough_vines_raise_the_palisade_with_a_shelter_only():
    s = holding("jenny", "Tough Vines")
    s.shelter = False
    assert not has_shelter(s)  # the Beach of the start has no natural shelter
    assert "tk:Tough_Vines" not in every(s, "p1")
    s.shelter = True
    pal = s.palisade
    s = E.apply(s, "p1", "tk:Tough_Vines")
    assert s.palisade == pal + 1 and s.tokens == []


def test_k2_8_k3_11_game_rules_name_the_tokens_and_their_proposed_parts_in_both_languages():
    for key, en_words, es_words in (
            ("cursed_island", ("Cultist Candle", "Strange Vial", "Carved Bell", "Ritual Knife", "PROPOSED too: all four"),
             ("Vela del culto", "Vial extraño", "Campana tallada", "Cuchillo ritual", "PROPUESTO: las cuatro")),
            ("jenny", ("Herbs", "Ruined Hut", "Old Pistol", "Tough Vines", "PROPOSED too: the Ruined Hut"),
             ("Hierbas", "Cabaña en ruinas", "Pistola vieja", "Lianas resistentes", "PROPUESTO: la Cabaña"))):
        en, es = tr(E.rules_help({"scenario": key}), "en"), tr(E.rules_help({"scenario": key}), "es")
        assert all(w in en for w in en_words) and "Castaways' are used" not in en, key
        assert all(w in es for w in es_words) and "se usan las de Náufragos" not in es, key
