"""Every string in both languages.

1. Every catalog file in English has its Spanish twin and vice versa
   (`en.json`/`es.json`, `<feature>.en.json`/`<feature>.es.json`), with the same
   keys and, per key, the same `{placeholders}`.
2. Every catalog key written literally in the code of cogs/, host/, local/, tools/ and rules/
   (`msg("…")`, `t("…")`, `Refusal("…")`, a game's `m("…")`/`texts.m("…")` under its
   prefix) exists in both languages.

Engines not yet in rules.ENGINE_MODULES are work in progress: they are checked
once registered (like conformance).  Keys built at run time (f-strings) are
covered by the conformance tests, which translate every Msg of random games.
"""
from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

import host.i18n  # noqa: F401  (registers the host catalogs)
from rules import ENGINE_MODULES
from rules.text import CATALOG, LOCALES

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGES = {p.parent.name for p in (ROOT / "rules").glob("*/__init__.py")}


def checked_folders() -> list[Path]:
    folders = [ROOT / "rules" / "locale", ROOT / "host" / "locale"]
    folders += [ROOT / "rules" / name / "locale" for name in ENGINE_MODULES]
    return [f for f in folders if f.is_dir()]


def pairs(folder: Path) -> list[tuple[Path, Path]]:
    """(en file, es file) for every catalog in `folder`; a missing twin is a path that does not exist."""
    out = []
    for en in sorted(folder.glob("*en.json")):
        if en.name == "en.json" or en.name.endswith(".en.json"):
            out.append((en, en.with_name(en.name[: -len("en.json")] + "es.json")))
    for es in sorted(folder.glob("*es.json")):
        if es.name == "es.json" or es.name.endswith(".es.json"):
            en = es.with_name(es.name[: -len("es.json")] + "en.json")
            if not en.exists():
                out.append((en, es))
    return out


def placeholders(template: str) -> set[str]:
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in string.Formatter().parse(template) if field}


CATALOG_PAIRS = [pair for folder in checked_folders() for pair in pairs(folder)]


def test_the_catalogs_are_found():
    names = {str(en.relative_to(ROOT)) for en, _ in CATALOG_PAIRS}
    assert {"rules/locale/en.json", "host/locale/en.json", "host/locale/history.en.json",
            "host/locale/commands.en.json", "rules/wayfinders/locale/en.json"} <= names


@pytest.mark.parametrize("en,es", CATALOG_PAIRS, ids=[str(en.relative_to(ROOT)) for en, _ in CATALOG_PAIRS])
def test_both_languages_have_the_same_keys_and_placeholders(en: Path, es: Path):
    assert en.exists(), f"{en.relative_to(ROOT)} is missing (its Spanish twin exists)"
    assert es.exists(), f"{es.relative_to(ROOT)} is missing (its English twin exists)"
    a = json.loads(en.read_text(encoding="utf-8"))
    b = json.loads(es.read_text(encoding="utf-8"))
    only_en, only_es = sorted(set(a) - set(b)), sorted(set(b) - set(a))
    assert not only_en and not only_es, f"English only: {only_en}\nSpanish only: {only_es}"
    wrong = {k: (sorted(placeholders(a[k])), sorted(placeholders(b[k])))
             for k in a if placeholders(a[k]) != placeholders(b[k])}
    assert not wrong, f"placeholders differ (en, es): {wrong}"
    empty = sorted(k for k in a if not str(a[k]).strip() or not str(b[k]).strip())
    assert not empty, f"empty texts: {empty}"


# ---- keys written in the code ------------------------------------------------------------------------------

KEY = r'"([a-z][\w-]*(?:\.[\w-]+)+)"'
DIRECT = re.compile(r"(?<![\w.])(?:msg|t|Refusal|_refuse)\(\s*" + KEY)
PREFIXED = re.compile(r"(?<![\w])(?:T\.m|texts\.m|m)\(\s*\"([\w.-]+)\"")
PREFIX = re.compile(r'^(?:P|KEY_PREFIX)\s*=\s*"([a-z_]+\.)"', re.M)


def code_files() -> list[Path]:
    skip = {name for name in GAME_PACKAGES if name not in ENGINE_MODULES}
    files = [p for d in ("cogs", "host", "local", "tools") for p in (ROOT / d).rglob("*.py")] + list((ROOT / "rules").glob("*.py"))
    for name in ENGINE_MODULES:
        files += (ROOT / "rules" / name).rglob("*.py")
    return sorted(f for f in files if f.parent.name not in skip)


def used_keys() -> dict[str, set[str]]:
    """key -> files that use it literally."""
    found: dict[str, set[str]] = {}
    prefixes = {}
    for name in ENGINE_MODULES:
        texts = ROOT / "rules" / name / "texts.py"
        if texts.exists() and (hit := PREFIX.search(texts.read_text(encoding="utf-8"))):
            prefixes[name] = hit.group(1)
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(ROOT))
        for key in DIRECT.findall(text):
            found.setdefault(key, set()).add(rel)
        game = path.relative_to(ROOT / "rules").parts[0] if path.is_relative_to(ROOT / "rules") else None
        if game in prefixes:
            for key in PREFIXED.findall(text):
                found.setdefault(prefixes[game] + key, set()).add(rel)
    return found


def test_code_uses_keys_and_the_scan_sees_them():
    keys = used_keys()
    assert "host.refuse.stale_board" in keys and "history.refuse.running" in keys
    assert "wayfinders.outcome" in keys  # a game's own prefix


def test_every_key_used_in_code_exists_in_both_languages():
    table = CATALOG.table
    missing = {f"{key} ({loc}) in {', '.join(sorted(files))}"
               for key, files in used_keys().items() for loc in LOCALES if key not in table[loc]}
    assert not missing, "keys missing from the catalogs:\n" + "\n".join(sorted(missing))


# ---- final-score breakdown keys -----------------------------------------------------------------------------

def breakdown_keys(key: str) -> set[str]:
    """The breakdown keys of finished random games of one engine (each player count, two seeds)."""
    from rules import GAMES
    from rules.playout import play_random

    engine, found = GAMES[key], set()
    for n in range(engine.min_players, engine.max_players + 1):
        for seed in (1, 2):
            state, _ = play_random(engine, [f"s{i}" for i in range(n)], seed)
            outcome = engine.outcome(state)
            for parts in (outcome.breakdown if outcome else {}).values():
                found |= set(parts)
    return found


@pytest.mark.parametrize("key", sorted(ENGINE_MODULES))
def test_every_final_score_part_is_translated(key):
    """The final-scores field names each part of a score by `host.score.<part>` (cogs/posts.py): Eclipse and
    Flotilla showed raw "host.score.reputation" before."""
    table = CATALOG.table
    missing = sorted(f"host.score.{part} ({loc})" for part in breakdown_keys(key) for loc in LOCALES
                     if f"host.score.{part}" not in table[loc])
    assert not missing, f"{key}: score parts without a text: {missing}"
