"""Component names in both languages (house rule: what players read comes in English and Spanish).

Card ids ("event:Bear"), move ids and the stored state keep the English names; every card,
beast, invention and item is shown through `robinson.name.<deck>.<Name>`
(rules/robinson/locale/names.*.json), with the names the Spanish rulebook prints where it gives
them (the Spanish rulebook: "Cajas de comida" R11, "Pala" R7, "Tormenta" and "Colapso" in X1)."""
from __future__ import annotations

from render.robinson import draw
from rules.playout import iter_playout, playout_rng
from rules.robinson import events as EV
from rules.robinson.asks.fight import fight_or_ask
from rules.robinson.combat import fight_beast
from rules.robinson.data import ABILITIES, DISCOVERY, PLAYABLE, TERRAINS
from rules.robinson.names import DECK_NAMES, name_key
from rules.robinson.texts import card, m
from rules.robinson.texts import char
from rules.text import CATALOG, JOIN_KEY, SEAT_KEY, Msg
from tests.render.text_spy import drawn_texts
from tests.rules.robinson_kit import E, planning, play, tr

ES = CATALOG.table["es"]
EN = CATALOG.table["en"]


def test_every_component_has_a_name_in_both_languages():
    sizes = {deck: len(names) for deck, names in DECK_NAMES.items()}
    # §3.4-§3.13, 8 starting items + 7 kept; 32 inventions of Castaways, Jenny needs help!'s two (K3.10)
    # and Family Robinson's two (K6.9) and Cursed Island's two (K2.7)
    assert sizes == {"event": 73, "wreck": 3, "beast": 16, "invention": 40, "item": 15, "adv_build": 29,
                     "adv_gather": 28, "adv_explore": 30, "mystery": 20}
    shown = {"JennyRaft": "Jenny's Raft", "SacredBell": "Sacred Bell",  # K3.10, K2.7: ids without spaces
             "Torches": "Torches (not from the sheet)", "Lookout": "Lookout (not from the sheet)"}  # K5.8 placeholders
    for deck, names in DECK_NAMES.items():
        for name in names:
            key = name_key(deck, name)
            assert EN.get(key) == shown.get(name, name), key  # English shows the card's own name
            assert ES.get(key, "").strip(), f"no Spanish name for {key}"
    groups = [("terrain", TERRAINS), ("disc", DISCOVERY), ("ab", [k for k in ABILITIES]),
              ("char", list(PLAYABLE) + ["Friday", "Dog"]), ("cname", list(PLAYABLE) + ["Friday", "Dog"]),
              ("scenario", ["castaways", "jenny"])]
    for group, names in groups:
        for name in names:
            key = f"robinson.{group}.{name}"
            assert EN.get(key, "").strip() and ES.get(key, "").strip(), key
    assert ES["robinson.title"] == "Robinson Crusoe: Náufragos" and EN["robinson.title"] == "Robinson Crusoe: Castaways"


def test_the_spanish_rulebook_names_and_distinct_spanish_names_within_a_deck():
    given = {("wreck", "Food Crates"): "Cajas de comida", ("invention", "Shovel"): "Pala",
             ("invention", "Rope"): "Cuerda", ("invention", "Fire"): "Fuego", ("event", "Storm"): "Tormenta",
             ("mystery", "Collapse"): "Colapso", ("invention", "Spear"): "Lanza", ("invention", "Shortcut"): "Atajo"}
    for (deck, name), spanish in given.items():
        assert ES[name_key(deck, name)] == spanish
    for deck, names in DECK_NAMES.items():
        spanish = [ES[name_key(deck, n)] for n in names]
        assert len(set(spanish)) == len(spanish), f"two {deck} cards share a Spanish name"
    assert ES[name_key("event", "Fire")] != ES[name_key("invention", "Fire")]  # the event is a blaze, not the invention


def test_r11_r5_planning_labels_name_the_cards_in_spanish():
    s = planning(2)
    assert s.threat[1] == "wreck:Food Crates" and "Shovel" in s.inv_board  # R11, R5
    moves = {mv.id: mv for mv in E.legal_moves(s, "p1")}
    threat, shovel = moves["p:thr.1.1:c"], moves["p:b.inv.Shovel:c"]  # ids stay English
    assert tr(threat.text, "es").startswith("Acción de amenaza sobre Cajas de comida")
    assert tr(shovel.text, "es").startswith("Construir el invento Pala")
    assert "Food Crates" in threat.label and "Shovel" in shovel.label  # English unchanged
    assert "Food Crates" not in tr(threat.text, "es") and "Shovel" not in tr(shovel.text, "es")


def test_r19_r51_events_and_fights_name_cards_and_beasts_in_spanish():
    s = planning(3)
    s.shelter, s.roof = True, 3
    s.event_deck = ["adv_gather:Weather Breakdown", "event:Fight", "event:Termites"]
    s.holders = {"adv_gather:Weather Breakdown": "Cook"}
    EV.event_phase(s)  # X1: an adventure card's event half, then the event card itself
    text = "\n".join(tr(e, "es") for e in s.events)
    assert "Empeora el tiempo" in text and "Evento: Pelea." in text and "Fight" not in text
    s.events, s.weapon = [], 9
    who = next(iter(s.chars))
    fight_beast(s, who, "beast:Bear")  # R51 with a Beast-deck card
    fight_or_ask(s, who, stats="5:0:0:0", title="Furious Tiger")  # a Mystery creature, stored by its bare name
    text = "\n".join(tr(e, "es") for e in s.events)
    assert "lucha contra Oso" in text and "lucha contra Tigre furioso" in text
    assert "fights Bear" in "\n".join(tr(e, "en") for e in s.events)


def _raw_names(x, found: set[str], names: set[str]) -> None:
    if isinstance(x, Msg):
        if x.key in (SEAT_KEY, JOIN_KEY):
            x = Msg(key="", args={k: v for k, v in x.args.items() if k not in ("id", "sep")})
        for v in x.args.values():
            _raw_names(v, found, names)
    elif isinstance(x, str) and x in names:
        found.add(x)


def test_no_component_reaches_a_player_by_its_raw_english_name():
    """Every Msg of random and bot games: a component name is never a plain string argument
    (it would read in English in a Spanish sentence)."""
    names = {n for ns in DECK_NAMES.values() for n in ns} | set(TERRAINS) | set(DISCOVERY)
    found: set[str] = set()
    for seed, n in ((1, 1), (2, 2), (3, 3), (4, 4), (5, 2)):
        state = E.setup([f"p{i + 1}" for i in range(n)], seed)
        rng = playout_rng(seed)
        for step in iter_playout(E, state, rng):
            for msg in step.after.events:
                _raw_names(msg, found, names)
            for seat in E.to_act(step.after):
                _raw_names(E.prompt(step.after, seat), found, names)
                for mv in E.legal_moves(step.after, seat):
                    _raw_names(mv.text, found, names)
        state = E.setup(["p1", "p2"], seed)
        while E.to_act(state):  # a bot game reaches the later rounds' cards
            seat = E.to_act(state)[0]
            state = E.apply(state, seat, E.greedy_move(state, seat, rng).id)
            for msg in state.events:
                _raw_names(msg, found, names)
    assert not found, sorted(found)


def test_the_board_image_draws_spanish_names(monkeypatch):
    s = planning(2)
    s.threat = ["event:Storm", "wreck:Food Crates"]
    s = play(s, ("p1", "p:b.inv.Shovel:cc"), ("p1", "p:thr.1.1:f"))
    drawn = drawn_texts(monkeypatch)
    draw(E.view(s), {"p1": "Ana", "p2": "Bea"}, None, "es")
    board = "\n".join(drawn)
    for spanish in ("Izquierda: Tormenta", "Derecha: Cajas de comida", "Construir Pala", "Amenaza Cajas de comida"):
        assert spanish in board, spanish
    assert any(t.endswith("□ Pala") or t.endswith("· Pala") for t in drawn)  # the inventions panel
    for english in ("Storm", "Food Crates", "Shovel"):
        assert english not in board, english
    drawn.clear()
    draw(E.view(s), {"p1": "Ana", "p2": "Bea"}, None, "en")
    assert "Left: Storm" in "\n".join(drawn) and any(t.endswith(" Shovel") for t in drawn)


def test_the_plan_shortcut_takes_an_invention_by_its_spanish_name():
    from cogs.robinson_cog import plan_move
    from rules.robinson.names import invention_named
    assert invention_named("pala") == invention_named("Shovel") == "Shovel"
    assert invention_named("Trampa de foso") == "Pit" and invention_named("mastil") == "Mast"  # accents optional
    assert invention_named("Pelea") is None
    s = planning(2)
    assert plan_move("build", "Pala", 2) == plan_move("build", "shovel", 2) == "p:b.inv.Shovel:cc"
    assert "p:b.inv.Shovel:cc" in {mv.id for mv in E.legal_moves(s, "p1")}  # R5: the Shovel starts on the board


def test_r86_the_dog_is_named_in_a_sentence_with_its_article_as_the_characters_are():
    """A plan's label and a line name the Dog as they name the Cook ("Explore space 6: the Cook, the Dog"), in
    both languages; the board's character panel keeps the bare name."""
    assert [tr(char(c)) for c in ("Cook", "Dog")] == ["the Cook", "the Dog"]
    assert [tr(char(c), "es") for c in ("Cook", "Dog")] == ["el Cocinero", "el Perro"]
    assert CATALOG.table["en"]["robinson.cname.Dog"] == "Dog"


def test_items_and_tokens_in_a_sentence_have_their_article_as_the_dog_does():
    """Every invention, item and discovery token has its form after the definite article (`<key>.the`): English
    "the Lifeboat", Spanish by the noun's gender ("el Bote salvavidas", "la Cruz", "las Semillas"); a sentence
    asks for it with `{item:the}` ("the Cook builds the Lifeboat.", "the Plough reclaims the wasteland ...")."""
    from rules.robinson.texts import card, sub
    names = [name_key("invention", n) for n in DECK_NAMES["invention"]] + [
        name_key("item", n) for n in DECK_NAMES["item"]] + [f"robinson.disc.{n}" for n in DISCOVERY]
    for key in names:
        possessive = "'s " in EN[key]  # "Jenny's Raft" takes no article
        assert EN[key + ".the"] == (EN[key] if possessive else "the " + EN[key]), key
        article, _, rest = ES[key + ".the"].partition(" ")
        assert article in ("el", "la", "los", "las") and rest == ES[key], key
    lifeboat = Msg(key="robinson.ev.invented_now", args={"who": char("Cook"), "item": card("invention:Lifeboat")})
    assert (tr(lifeboat, "en"), tr(lifeboat, "es")) == ("the Cook builds the Lifeboat.",
                                                         "el Cocinero construye el Bote salvavidas.")
    plough = Msg(key="robinson.ev.reclaim_waste", args={"who": sub("disc", "Plough"), "space": 6})
    assert (tr(plough, "en"), tr(plough, "es")) == ("the Plough reclaims the wasteland on space 6.",
                                                    "el Arado recupera el erial de la casilla 6.")
    cook = Msg(key="robinson.ev.reclaim_waste", args={"who": char("Cook"), "space": 6})
    assert tr(cook, "en").startswith("the Cook reclaims")  # a character keeps the article it has: no "the the"


AGREEING = ("robinson.ev.built", "robinson.ev.flip", "robinson.ev.inv_board", "robinson.ev.item_back",
            "robinson.ev.item_outside")


def test_a_name_that_may_be_plural_is_not_the_subject_of_a_verb():
    """Card names are singular or plural ("the Lifeboat", "the Bricks"; "los Ladrillos"), and the catalog does not
    say which: the lines that tell what became of a card name it where no verb agrees with it ("In use from now on:
    the Bricks.", "En uso desde ahora: los Ladrillos."), never "the Bricks now works" / "los Ladrillos ya funciona"."""
    for key in AGREEING:
        for table in (EN, ES):
            template = table[key]
            assert "{item:the}" in template, key
            after = template.split("{item:the}", 1)[1]
            assert after in (".", " outside the camp, for the group once {who} is back.",
                             " fuera del campamento, para el grupo cuando vuelva."), (key, template)
    built = m("ev.built", item=card("invention:Bricks"))
    assert (tr(built, "en"), tr(built, "es")) == ("In use from now on: the Bricks.", "En uso desde ahora: los Ladrillos.")
