"""The buttons and select options of a message the bot posted, as plain dicts: what `press N` can click."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional


@dataclass
class Pressable:
    """A numbered thing ``press N`` can click: a button, or one option of a select menu."""

    label: str
    custom_id: str
    component_type: int          # 2 button, 3 string select
    value: Optional[str] = None  # the option value for a select
    disabled: bool = False
    placeholder: str = ""


def walk(components: list[dict[str, Any]]):
    for comp in components or []:
        yield comp
        yield from walk(comp.get("components") or [])
        if isinstance(comp.get("accessory"), dict):
            yield from walk([comp["accessory"]])


def button_label(comp: dict[str, Any]) -> str:
    label = comp.get("label") or ""
    emoji = comp.get("emoji") or {}
    name = emoji.get("name") if isinstance(emoji, dict) else None
    if name and not emoji.get("id"):
        label = f"{name} {label}".strip()
    elif name:
        label = f":{name}: {label}".strip()
    return label or comp.get("custom_id", "?")


def pressables(components: list[dict[str, Any]]) -> list[Pressable]:
    """Everything pressable, in reading order: buttons first by row, then select options."""
    out: list[Pressable] = []
    selects: list[dict[str, Any]] = []
    for comp in walk(components):
        if comp.get("type") == 2 and comp.get("custom_id") and comp.get("style") not in (5, 6):
            out.append(Pressable(label=button_label(comp), custom_id=comp["custom_id"], component_type=2,
                                 disabled=bool(comp.get("disabled"))))
        elif comp.get("type") == 3:
            selects.append(comp)
    for sel in selects:
        for opt in sel.get("options") or []:
            label = opt.get("label") or opt.get("value")
            emoji = opt.get("emoji") or {}
            if isinstance(emoji, dict) and emoji.get("name") and not emoji.get("id"):
                label = f"{emoji['name']} {label}"
            out.append(Pressable(label=label, custom_id=sel["custom_id"], component_type=3, value=opt.get("value"),
                                 disabled=bool(sel.get("disabled")), placeholder=sel.get("placeholder") or ""))
    return out


__all__ = ["Pressable", "button_label", "pressables", "walk"]
