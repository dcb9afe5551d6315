"""The turn post explains the threat cards in play (R20, R47-R49), the items (R8, R87) and the
discovery tokens (§3.8) in the reader's language, within Discord's limits however crowded the board; and
`/game me` explains the player's character and abilities with their cost (R83, §3.10)."""
from __future__ import annotations

import asyncio

import pytest

from bot import make_bot
from cogs.posts import build_turn_post
from host.limits import EMBED_FIELD_VALUE, EMBED_TOTAL, embed_text_size
from host.tables import Actor, TableService
from local import LocalTable
from local.limits import problems
from rules.robinson.data import DISCOVERY, INVENTIONS, START_ITEMS
from storage import open_store

HEAD = {"en": ("Threats in play", "Items the group holds", "Discovery tokens the group holds"),
        "es": ("Amenazas en juego", "Objetos del grupo", "Fichas de descubrimiento del grupo")}


@pytest.fixture
def table(tmp_path):
    service = TableService(open_store(str(tmp_path / "g.db")))
    actors = [Actor(user_id=100 + i, name=f"player{i}", guild_id=1) for i in range(2)]
    t = service.new_game(actors[0], "robinson", guild_id=1, channel_id=5)
    t = service.join(actors[1], t)
    yield service.start(actors[0], t)
    service.store.close()


def fields_of(table, locale: str) -> tuple[dict, dict[str, str]]:
    data = build_turn_post(table, locale, list(table.state.events), b"").embed.to_dict()
    assert problems({"embeds": [data]}) == []
    out: dict[str, str] = {}
    for f in data.get("fields", []):
        out[f["name"]] = (out[f["name"]] + "\n" + f["value"]) if f["name"] in out else f["value"]
    return data, out


@pytest.mark.parametrize("locale", ["en", "es"])
def test_r49_the_first_post_explains_the_wreckage_threat_and_the_items(table, locale):
    data, fields = fields_of(table, locale)
    threats, items, _ = HEAD[locale]
    assert fields[threats].startswith({"en": "Food Crates. To deal with it: 1 pawn for +1 food",
                                       "es": "Cajas de comida. Para resolverla: 1 peón por +1 de comida"}[locale])
    assert len(fields[items].split("\n")) == len(table.state.items) == 2  # R8: two starting items


@pytest.mark.parametrize("locale", ["en", "es"])
def test_a_crowded_board_stays_within_the_limits_and_keeps_the_threats(table, locale):
    s = table.state
    s.threat = ["event:High Water", "event:Predators in the Woods"]
    s.items = {name: 2 for name in START_ITEMS} | {"Sabre": 99, "Helmet": 99, "Blankets": 3, "Old Rifle": 1}
    s.tokens = [t for t in DISCOVERY for _ in range(DISCOVERY[t])]
    s.built = [k for k, v in INVENTIONS.items() if v.kind in ("start", "pool")]  # 26 items (R59)
    data, fields = fields_of(table, locale)
    assert embed_text_size(data) <= EMBED_TOTAL and all(len(f["value"]) <= EMBED_FIELD_VALUE for f in data["fields"])
    threats, items, tokens = HEAD[locale]
    assert len(fields[threats].split("\n")) == 2
    assert len(fields[items].split("\n")) == len(s.items)  # a section is shown whole or not at all
    assert tokens not in fields or len(fields[tokens].split("\n")) == len(DISCOVERY)


def test_r83_game_me_explains_the_character_abilities_and_items(tmp_path):
    async def go():
        db = str(tmp_path / "games.db")
        t = LocalTable(lambda path: make_bot(path), db, out_dir=str(tmp_path / "out"))
        await t.start()
        try:
            assert not (await t.command("alice", "/robinson new")).refused
            assert not (await t.command("bob", "/game join game:1")).refused
            out = await t.command("alice", "/game start")
            thread = [m for m in out if m.files and not m.ephemeral][-1].channel
            me = await t.command("alice", "/game me", thread)
            assert not me.refused and all(m.ephemeral for m in me)
            embeds = [e for m in me for e in m.embeds]
            assert problems({"embeds": embeds}) == []
            names = [f["name"] for e in embeds for f in e.get("fields", [])]
            assert names[:2] == ["Your character", "Your abilities (once per round each)"]
            abilities = next(f["value"] for e in embeds for f in e["fields"] if f["name"] == names[1])
            assert len(abilities.split("\n")) == 4 and " determination: " in abilities
            assert "Items the group holds" in names
        finally:
            await t.close()
    asyncio.run(go())


def test_notes_give_way_whole_sections_when_the_narration_is_long(table):
    """The narration (up to 4,096 characters) comes first; the notes take what is left of the 6,000, the
    threats first, and a section that does not fit is left out whole rather than cut."""
    s = table.state
    s.threat = ["event:High Water", "event:Predators in the Woods"]
    s.items = {name: 2 for name in START_ITEMS}
    s.tokens = [t for t in DISCOVERY for _ in range(DISCOVERY[t])]
    data = build_turn_post(table, "en", [], b"", lines=["x" * 340] * 12).embed.to_dict()
    assert problems({"embeds": [data]}) == [] and embed_text_size(data) <= EMBED_TOTAL
    names = [f["name"] for f in data["fields"]]
    assert "Threats in play" in names and "Discovery tokens the group holds" not in names
