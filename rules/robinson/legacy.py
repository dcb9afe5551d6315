"""Stored games from before the continuation points (cont.py) keep a legal move after the upgrade.

The old engine stopped on a drawn event card whose draw effect holds a choice ("A or B", Roof or
Palisade, ½Roof or ½Palisade) with `pending = {"kind": "event", "seat", "card"}`, before anything
of that card was applied; its answer `ev:<i>` then applied the icon (R20a), the effect with the
choice (R20b), placed the card (R20c) and ran the Morale phase.  Today the same moment is the
asks/ prompt of that choice, after the icon, with the card's placing and the Morale phase left in
`s.cont`.  `upgrade` rewrites the old form into exactly that (plain data, no rule runs, no
randomness), so the seat answers with the same `ev:<i>` and the game goes on (R97).

Stacks stored before R88's carriers (`Stack.tok`) were planned with a time-consuming or +1 wood
token charging every stack of its kind; the old engine removed a time-consuming token when the first
stack of its action resolved, and a +1 wood token when any build paying wood succeeded.  `carriers`
marks, for each such token, the first stack of its kind (plan order, or R39 order once queued) as the
one that carries it, so the round ends as the old engine would have played it.
"""
from __future__ import annotations

import json
from typing import Any

from .data import EVENTS

ICON_DECK = {"B": "build", "G": "gather", "E": "explore"}  # R20(a): the adventure token's deck


def choice_at(draw: tuple[Any, ...]) -> int | None:
    """The index of the draw effect's choice code, if it has one."""
    for i, code in enumerate(draw):
        if isinstance(code, dict) or code == "halfrp" or (isinstance(code, str) and code.startswith("rp:")):
            return i
    return None


def upgrade(data: Any) -> Any:
    """The state's raw data with an old drawn-event prompt rewritten in the new form."""
    if not isinstance(data, dict):
        return data
    p = data.get("pending")
    if not isinstance(p, dict) or p.get("kind") != "event":
        return data
    card = p["card"]
    e = EVENTS[card.partition(":")[2]]
    i = choice_at(e.draw)
    if i is None or i != 0:  # every such card's choice is its first code (tested): nothing ran before
        raise ValueError(f"cannot upgrade the old prompt of {card}")
    data = dict(data)
    if e.icon != "book":  # R20(a) comes before the effect; the book icon has no effect (S6)
        tokens = {k: list(v) for k, v in (data.get("action_tokens") or {}).items()}
        deck = tokens.setdefault(ICON_DECK[e.icon], [])
        if "ADV" not in deck:  # R88: never two identical tokens on a space
            deck.append("ADV")
        data["action_tokens"] = tokens
    code = e.draw[0]  # the prompt asks.ask would have set (same keys, same order, E31 default first)
    kind = "or" if isinstance(code, dict) else "halfrp" if code == "halfrp" else "rp"
    n = len(code["or"]) if isinstance(code, dict) else 2
    new = {"kind": kind, "seat": p["seat"], "card": card, "r": "",
           "answers": ";".join(str(k) for k in range(n)), "default": "ev:0"}
    if isinstance(code, dict):  # kind "or"
        new["opts"] = json.dumps(code["or"])
    elif kind == "rp":
        new["n"] = code.partition(":")[2]
    data["pending"] = new
    rest = list(e.draw[1:])
    data["cont"] = ([["codes", card, "", json.dumps(rest)]] if rest else []) + \
        [["place", card], ["morale"]] + list(data.get("cont") or [])
    return data


def carriers(data: dict[str, Any]) -> dict[str, Any]:
    """Old stacks (no `tok`) get the R88 tokens of their action spaces, one carrier per token."""
    data = dict(data)
    tokens = data.get("action_tokens") or {}
    for field in ("plan", "queue"):
        stacks = [dict(st, tok=list(st.get("tok") or [])) for st in data.get(field) or []]
        for where, toks in tokens.items():
            for tok in toks:
                for st in stacks:
                    part = st.get("target", "").split(".")[1:2]
                    if tok == "TC" and st["action"] == where or tok == "XW" and st["action"] == "build" and \
                            (st.get("pay") or {}).get("W") and where in ("build", *part):
                        st["tok"].append(f"{where}.{tok}")
                        break
        data[field] = stacks
    return data
