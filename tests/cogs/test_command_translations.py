"""Slash commands in Spanish: the translator (cogs/translator.py) and the payloads synced to Discord.

When this fails with "no Spanish for ...", add the named `cmd.*` key to
host/locale/commands.en.json (the exact English in the code) and
commands.es.json (or a game's own host/locale/<game>_commands.*.json); see the
key scheme in cogs/translator.py.
"""
from __future__ import annotations

import asyncio

import discord
import pytest
from discord import app_commands

from bot import make_bot
from cogs.translator import CommandTranslator, keys_for, lookup, match
from rules import GAMES

SPANISH = (discord.Locale.spain_spanish.value, discord.Locale.latin_american_spanish.value)


def valid_name(name: str) -> bool:
    """Discord's rule for chat-input names: ^[-_\\p{L}\\p{N}]{1,32}$, lowercase where the script has case."""
    return 1 <= len(name) <= 32 and all(ch.isalnum() or ch in "-_" for ch in name) and name == name.lower()


@pytest.fixture(scope="module")
def translated(tmp_path_factory):
    async def build():
        bot = make_bot(str(tmp_path_factory.mktemp("db") / "games.db"))
        await bot.setup_hook()
        assert isinstance(bot.tree.translator, CommandTranslator)
        out = [await cmd.get_translated_payload(bot.tree, bot.tree.translator) for cmd in bot.tree.get_commands()]
        await bot.close()
        return out

    return asyncio.run(build())


def _nodes(node, path=""):
    """(path, node, is_command) for every command, group and option."""
    here = f"{path}/{node['name']}"
    yield here, node, True
    for opt in node.get("options", []):
        if opt.get("type") in (1, 2):
            yield from _nodes(opt, here)
        else:
            yield f"{here}:{opt['name']}", opt, False


def test_every_command_and_option_has_spanish(translated):
    missing = []
    for root in translated:
        for path, node, _ in _nodes(root):
            for field in ("name", "description"):
                loc = node.get(f"{field}_localizations") or {}
                for lang in SPANISH:
                    if not loc.get(lang):
                        missing.append(f"{path} {field}: {node[field]!r}")
            for choice in node.get("choices", []):
                if not all((choice.get("name_localizations") or {}).get(lang) for lang in SPANISH):
                    missing.append(f"{path} choice {choice['name']!r}")
    assert not sorted(set(missing)), "no Spanish for:\n" + "\n".join(sorted(set(missing)))


def test_localized_names_and_descriptions_fit_discords_rules(translated):
    for root in translated:
        for path, node, is_command in _nodes(root):
            for lang, name in (node.get("name_localizations") or {}).items():
                assert valid_name(name), (path, lang, name)
            for lang, text in (node.get("description_localizations") or {}).items():
                assert 1 <= len(text) <= 100, (path, lang, len(text), text)
            for choice in node.get("choices", []):
                for lang, name in (choice.get("name_localizations") or {}).items():
                    assert 1 <= len(name) <= 100, (path, lang, name)
            if is_command:
                # siblings keep distinct names in every language (Discord refuses duplicates)
                children = node.get("options", [])
                for lang in SPANISH:
                    names = [(c.get("name_localizations") or {}).get(lang, c["name"]) for c in children]
                    assert len(names) == len(set(names)), (path, lang, names)
    tops = {lang: [(r.get("name_localizations") or {}).get(lang, r["name"]) for r in translated] for lang in SPANISH}
    for lang, names in tops.items():
        assert len(names) == len(set(names)), (lang, names)


def test_spanish_for_a_few_commands(translated):
    top = {r["name"]: r for r in translated}
    game = top["game"]
    assert game["name_localizations"]["es-ES"] == "partida"
    assert game["name_localizations"]["es-419"] == "partida"
    assert game["description_localizations"]["es-ES"] == "Juega a juegos de mesa en este servidor"
    subs = {o["name"]: o for o in game["options"]}
    assert subs["new"]["name_localizations"]["es-ES"] == "nueva"
    assert subs["replay"]["name_localizations"]["es-ES"] == "repetición"
    new_game = {o["name"]: o for o in subs["new"]["options"]}["game"]
    assert new_game["name_localizations"]["es-ES"] == "juego"
    # the list of games is built at import time: the translation follows it
    assert new_game["description_localizations"]["es-ES"] == "Qué juego: " + ", ".join(sorted(GAMES))
    join_game = {o["name"]: o for o in subs["join"]["options"]}["game"]
    assert join_game["name_localizations"]["es-ES"] == "partida"
    assert top["play"]["name_localizations"]["es-419"] == "jugar"
    # English and other locales are left alone
    assert "en-US" not in game["name_localizations"] and "fr" not in game["name_localizations"]


def test_translator_answers_only_spanish():
    async def go():
        tr = CommandTranslator()

        class Cmd:
            qualified_name = "game status"

        ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, Cmd())
        es = await tr.translate(app_commands.locale_str("status"), discord.Locale.spain_spanish, ctx)
        us = await tr.translate(app_commands.locale_str("status"), discord.Locale.american_english, ctx)
        return es, us

    assert asyncio.run(go()) == ("estado", None)


def test_stale_english_falls_back_instead_of_a_wrong_translation():
    assert lookup("The current board and whose decision it is", ["cmd.game.status.desc"], "es")
    assert lookup("The board now, changed wording", ["cmd.game.status.desc"], "es") is None
    assert match("Which game: {games}", "Which game: a, b") == {"games": "a, b"}
    assert match("Which game: {games}", "Pick a game") is None


def test_option_keys_fall_back_to_the_shared_ones():
    class Command:
        qualified_name = "game join"

    class Param:
        command = Command()
        name = "game"

    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.parameter_name, Param())
    assert keys_for(ctx) == ["cmd.game.join.opt.game.name", "cmd.opt.game.name"]
