"""Discord's limits on what a bot sends: message payloads and application command definitions.

Discord answers a payload over any of these with a 400 (Invalid Form Body); the fake Discord of the
protocol test (fake_discord.py) does the same, naming what was over.
"""
from __future__ import annotations

import re
from typing import Any

import discord


# ---- messages ------------------------------------------------------------------------------
def _embed_problems(embed: dict[str, Any], where: str) -> list[str]:
    problems = []
    sizes = {"title": 256, "description": 4096}
    total = 0
    for key, limit in sizes.items():
        text = embed.get(key) or ""
        total += len(text)
        if len(text) > limit:
            problems.append(f"{where}.{key} has {len(text)} characters (limit {limit})")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append(f"{where} has {len(fields)} fields (limit 25)")
    for i, f in enumerate(fields):
        name, value = f.get("name") or "", f.get("value") or ""
        total += len(name) + len(value)
        if not name or len(name) > 256:
            problems.append(f"{where}.fields[{i}].name has {len(name)} characters (1-256)")
        if not value or len(value) > 1024:
            problems.append(f"{where}.fields[{i}].value has {len(value)} characters (1-1024)")
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    total += len(footer) + len(author)
    if len(footer) > 2048:
        problems.append(f"{where}.footer.text has {len(footer)} characters (limit 2048)")
    if len(author) > 256:
        problems.append(f"{where}.author.name has {len(author)} characters (limit 256)")
    if total > 6000:
        problems.append(f"{where} has {total} characters in all (limit 6000)")
    return problems


def _component_problems(rows: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(rows) > 5:
        problems.append(f"{len(rows)} action rows (limit 5)")
    ids: list[str] = []
    for r, row in enumerate(rows):
        items = row.get("components") or []
        if row.get("type") != 1 or not items:
            problems.append(f"components[{r}] is not a non-empty action row")
        selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
        if selects and len(items) > 1:
            problems.append(f"components[{r}] holds a select with other components")
        if len(items) > 5:
            problems.append(f"components[{r}] has {len(items)} components (limit 5)")
        for c, item in enumerate(items):
            where = f"components[{r}][{c}]"
            if "custom_id" in item:
                ids.append(item["custom_id"])
                if not 1 <= len(item["custom_id"]) <= 100:
                    problems.append(f"{where}.custom_id has {len(item['custom_id'])} characters (1-100)")
            if item.get("type") == 2:
                label = item.get("label") or ""
                if len(label) > 80:
                    problems.append(f"{where}.label has {len(label)} characters (limit 80)")
                if not label and not item.get("emoji"):
                    problems.append(f"{where} has neither label nor emoji")
                if ("url" in item) == ("custom_id" in item) and item.get("style") != 6:
                    problems.append(f"{where} needs exactly one of url or custom_id")
            if item.get("type") == 3:
                options = item.get("options") or []
                if not 1 <= len(options) <= 25:
                    problems.append(f"{where} has {len(options)} options (1-25)")
                for o, option in enumerate(options):
                    for key in ("label", "value", "description"):
                        text = option.get(key) or ""
                        if len(text) > 100 or (key != "description" and not text):
                            problems.append(f"{where}.options[{o}].{key} has {len(text)} characters (limit 100)")
                if len(item.get("placeholder") or "") > 150:
                    problems.append(f"{where}.placeholder over 150 characters")
    if len(ids) != len(set(ids)):
        problems.append(f"custom ids repeated in one message: {sorted(i for i in ids if ids.count(i) > 1)}")
    return problems


def message_problems(payload: dict[str, Any], files: int = 0) -> list[str]:
    """What in a message payload (create, edit, interaction reply or follow-up) Discord would refuse."""
    problems = []
    content = payload.get("content") or ""
    if len(content) > 2000:
        problems.append(f"content has {len(content)} characters (limit 2000)")
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (limit 10)")
    for i, embed in enumerate(embeds):
        problems += _embed_problems(embed, f"embeds[{i}]")
    if sum(sum(len(e.get(k) or "") for k in ("title", "description")) for e in embeds) > 6000:
        problems.append("embeds over 6000 characters in all")
    problems += _component_problems(payload.get("components") or [])
    if files > 10:
        problems.append(f"{files} files (limit 10)")
    return problems


# ---- application commands -----------------------------------------------------------------------------
NAME = re.compile(r"^[-_\w]{1,32}$")
LOCALES = {locale.value for locale in discord.Locale}


def _localized(item: dict[str, Any], key: str, low: int, high: int, where: str, lower: bool = False) -> list[str]:
    problems = []
    texts = {"default": item.get(key)}
    texts.update(item.get(f"{key}_localizations") or {})
    for locale, text in texts.items():
        text = text or ""
        if locale != "default" and locale not in LOCALES:
            problems.append(f"{where} {key}: {locale!r} is not a Discord locale")
        if not low <= len(text) <= high:
            problems.append(f"{where} {key} ({locale}) has {len(text)} characters ({low}-{high}): {text!r}")
        if key == "name" and (not NAME.match(text) or (lower and text != text.lower())):
            problems.append(f"{where} name ({locale}) {text!r} is not 1-32 lowercase word characters")
    return problems


def command_problems(commands: list[dict[str, Any]]) -> list[str]:
    """What in a bulk command overwrite (PUT .../commands) Discord would refuse."""
    problems = []
    chat = [c for c in commands if c.get("type", 1) == 1]
    if len(chat) > 100:
        problems.append(f"{len(chat)} chat input commands (limit 100)")
    names = [c["name"] for c in commands]
    if len(names) != len(set(names)):
        problems.append(f"command names repeated: {names}")

    def walk(item: dict[str, Any], where: str, is_command: bool) -> None:
        chat_input = not is_command or item.get("type", 1) == 1
        problems.extend(_localized(item, "name", 1, 32, where, lower=chat_input))
        if chat_input:
            problems.extend(_localized(item, "description", 1, 100, where))
        options = item.get("options") or []
        if len(options) > 25:
            problems.append(f"{where} has {len(options)} options (limit 25)")
        seen_optional = False
        for option in options:
            if option.get("type") not in (1, 2):
                if option.get("required") and seen_optional:
                    problems.append(f"{where}: required option {option['name']} after an optional one")
                seen_optional = seen_optional or not option.get("required")
            choices = option.get("choices") or []
            if len(choices) > 25:
                problems.append(f"{where} {option['name']} has {len(choices)} choices (limit 25)")
            for choice in choices:
                for locale, text in {"default": choice.get("name"), **(choice.get("name_localizations") or {})}.items():
                    if not 1 <= len(text or "") <= 100:
                        problems.append(f"{where} {option['name']} choice ({locale}) {text!r} not 1-100 characters")
                if isinstance(choice.get("value"), str) and len(choice["value"]) > 100:
                    problems.append(f"{where} {option['name']} choice value over 100 characters")
            walk(option, f"{where} {option['name']}", False)

    def size(item: dict[str, Any]) -> int:  # the characters Discord counts toward a command's 4,000
        own = len(item.get("name") or "") + len(item.get("description") or "")
        own += sum(len(c.get("name") or "") + len(str(c.get("value") or "")) for c in item.get("choices") or [])
        return own + sum(size(o) for o in item.get("options") or [])

    for command in commands:
        walk(command, f"/{command['name']}", True)
        if size(command) > 4000:
            problems.append(f"/{command['name']} has {size(command)} characters in all (limit 4000)")
    return problems


__all__ = ["command_problems", "message_problems"]
