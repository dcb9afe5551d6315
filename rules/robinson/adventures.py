"""Adventure cards (R41, R43, R90, §3.11, §3.13) and Mystery draws (R92, R93).

An adventure card is drawn by the resolver (Friday takes 1 wound instead,
R84/E23).  A card with options waits in `s.pending` for the resolver's seat
(`adv:<i>` moves).  Cards sent to the event deck (→EV) are shuffled into it
(E24) and remember their drawer; their event half applies when drawn (R19, R90).
"""
from __future__ import annotations

import json
from typing import Iterable, TypedDict

from ..text import Msg, join
from . import effects
from .cont import later, paused, step, then
from .data import ADVENTURES, MYSTERY
from .frames import AdventureDone, CardStep, Mystery
from .state import RobinsonState
from .tallies import over, wound
from .texts import card as card_msg, char, m, sub

ICON_DECK = {"build": "B", "gather": "G", "explore": "E"}


def draw_from(s: RobinsonState, deck: str) -> str | None:
    """R95: an empty adventure deck is rebuilt from its discards; if none, no card."""
    cards = s.adv_decks[deck]
    if not cards and s.adv_discard[deck]:
        cards += s.adv_discard[deck]
        s.adv_discard[deck] = []
        s.rng.shuffle(cards)
    return cards.pop(0) if cards else None


def adventure(s: RobinsonState, action: str, actor: str, seat: str, face: bool) -> None:
    """R43: an adventure face or token draws one card (E2: one card at most)."""
    token = effects.take_token(s, action, "ADV")
    if not (face or token):
        return
    if actor == "Friday":
        s.events.append(m("ev.friday_adv"))
        wound(s, "Friday")
        return
    card = draw_from(s, action)
    if card is None:
        return
    s.events.append(m("ev.adventure", who=char(actor), card=card_msg(card)))
    if "space" in s.ctx:
        s.mem[card] = [s.ctx["space"]]
    if len(ADVENTURES[card].opts) == 1:
        choose(s, card, actor, 0)
    else:
        s.pending = {"card": card, "actor": actor, "seat": seat}


def choose(s: RobinsonState, card: str, actor: str, i: int) -> None:
    a = ADVENTURES[card]
    codes, to_event = a.opts[i]
    s.pending = None
    if not codes and not to_event:
        s.events.append(m("ev.adv_discard", card=card_msg(card)))
    if a.wound and "no_marker" not in codes:  # §3.13: a marker on the resolver
        s.chars[actor].special.append(a.wound)
        s.events.append(m("ev.special_wound", who=char(actor), part=sub("part", a.wound)))
    effects.apply(s, [c for c in codes if c != "no_marker"], card, actor)
    then(s, "adv_done", card, actor, "1" if to_event else "")  # a prompt on the way (E31): put away after it


@step("adv_done")
def _adv_done_step(s: RobinsonState, f: AdventureDone) -> None:
    adv_done(s, f.card, f.actor, bool(f.to_event))


def adv_done(s: RobinsonState, card: str, actor: str, to_event: bool) -> None:
    if to_event:
        to_event_deck(s, card, actor)
    else:
        s.adv_discard[ADVENTURES[card].deck].append(card)
        s.mem.pop(card, None)


def to_event_deck(s: RobinsonState, card: str, holder: str) -> None:
    """R90/E24: shuffled into the whole remaining event deck."""
    s.event_deck.append(card)
    s.rng.shuffle(s.event_deck)
    s.holders[card] = holder
    s.events.append(m("ev.to_event_deck", card=card_msg(card)))


def event_half(s: RobinsonState, card: str) -> None:
    """R19/R90: an adventure or mystery card drawn in the Event phase ("that tile" is the one
    remembered with the card, never the last action's: the action context is cleared)."""
    holder = s.holders.pop(card, None)
    s.ctx = {}
    if card.startswith("mystery:"):
        effects.apply(s, MYSTERY[card].event, card, holder)
    else:
        a = ADVENTURES[card]
        if a.wound and holder and a.wound in s.chars[holder].special:
            s.chars[holder].special.remove(a.wound)  # the marker goes with the event half
        effects.apply(s, a.event, card, holder)
    then(s, "half_done", card)  # a prompt on the way (E31): discarded after it


@step("half_done")
def _half_done_step(s: RobinsonState, f: CardStep) -> None:
    half_done(s, f.card)


def half_done(s: RobinsonState, card: str) -> None:
    if card.startswith("mystery:"):
        s.mystery_discard.append(card)
        return
    s.adv_discard[ADVENTURES[card].deck].append(card)
    s.mem.pop(card, None)


# ---------------------------------------------------------------- mystery (R92, R93)

def _mystery_card(s: RobinsonState, reshuffled: list[bool]) -> str | None:
    if not s.mystery_deck and s.mystery_discard and not reshuffled[0]:
        reshuffled[0] = True
        s.mystery_deck, s.mystery_discard = s.mystery_discard, []
        s.rng.shuffle(s.mystery_deck)
    return s.mystery_deck.pop(0) if s.mystery_deck else None


class MysteryDraw(TypedDict):
    """One M(n; quota) draw under way (saved as JSON in its `mystery` frame while a question waits)."""
    n: int  # cards to resolve at most
    quotas: dict[str, int]  # type -> cards of that type still to resolve
    r: str  # the drawer ("" for none)
    resolved: int
    aside: list[str]  # cards set aside, shuffled back at the end
    reshuffled: list[bool]  # [the discard was shuffled into the deck during this draw]
    ask: bool  # the drawer's seat may stop after each card (R92)


def mystery(s: RobinsonState, n: int, quotas: dict[str, int], r: str | None, stop_early: bool = True) -> None:
    """M(n; quota): resolve matching cards, set the others aside, shuffle those back.
    After each resolved card, while more could come, the drawer's seat chooses to go on or stop
    (`my:go` / `my:stop`, R92); R93's treasure draw (`stop_early=False`) never asks."""
    s.ctx["treasures"] = ""
    s.ctx.pop("stop", None)
    _draw(s, {"n": n, "quotas": quotas, "r": r or "", "resolved": 0, "aside": [], "reshuffled": [False],
              "ask": stop_early})


def _draw(s: RobinsonState, d: MysteryDraw) -> None:
    quotas = d["quotas"]
    r = d["r"] or None
    while d["resolved"] < d["n"] and any(v > 0 for v in quotas.values()) and not over(s):
        card = _mystery_card(s, d["reshuffled"])
        if card is None:
            break
        mc = MYSTERY[card]
        slot = mc.type if quotas.get(mc.type, 0) > 0 else \
            "creature_trap" if mc.type != "treasure" and quotas.get("creature_trap", 0) > 0 else None
        if slot is None:
            d["aside"].append(card)
            continue
        quotas[slot] -= 1
        d["resolved"] += 1
        s.events.append(m("ev.mystery", card=card_msg(card)))
        effects.apply(s, mc.now, card, r)
        if paused(s):  # a fight's weapon bonuses are asked (E31): the draw goes on after them
            later(s, "mystery", card, json.dumps(d), s.ctx.get("treasures", ""), s.ctx.pop("stop", ""))
            return
        if _after_card(s, d, card):
            return
    _end_draw(s, d)


@step("mystery")
def _mystery_step(s: RobinsonState, f: Mystery) -> None:
    d: MysteryDraw = json.loads(f.draw)
    s.ctx["treasures"] = f.treasures
    if f.stop:
        s.ctx["stop"] = f.stop
    if not _after_card(s, d, f.card):
        _draw(s, d)


def _after_card(s: RobinsonState, d: MysteryDraw, card: str) -> bool:
    """A resolved card is put away; then the drawer's seat may stop (R92).  True: the draw waits
    for that answer."""
    mc = MYSTERY[card]
    r = d["r"] or None
    quotas = d["quotas"]
    if mc.type == "treasure":
        s.ctx["treasures"] += card + ";"
    if mc.ev:
        to_event_deck(s, card, r or "")
    elif mc.type != "treasure":
        s.mystery_discard.append(card)
    if s.ctx.pop("stop", None) or over(s):
        d["n"] = d["resolved"]
        return False
    if d["ask"] and d["resolved"] < d["n"] and any(v > 0 for v in quotas.values()) and (s.mystery_deck or s.mystery_discard):
        holder = s.chars[r].seat if r and r in s.chars else None
        s.pending = {"kind": "mystery", "seat": holder or s.seats[s.fp], "r": d["r"], "n": str(d["n"]),
                     "resolved": str(d["resolved"]), "aside": ";".join(d["aside"]),
                     "quotas": ",".join(f"{k}={v}" for k, v in quotas.items()),
                     "reshuffled": "1" if d["reshuffled"][0] else "", "treasures": s.ctx.get("treasures", "")}
        return True
    return False


def _end_draw(s: RobinsonState, d: MysteryDraw) -> None:
    if over(s):
        return
    s.mystery_deck += d["aside"]
    if d["aside"]:
        s.rng.shuffle(s.mystery_deck)
    s.ctx.pop("treasures", None)


def mystery_answer(s: RobinsonState, go_on: bool) -> None:
    """R92: the drawer's seat goes on drawing or stops (the set-aside cards are shuffled back)."""
    p = s.pending
    assert p is not None and p.get("kind") == "mystery"
    s.pending = None
    s.ctx["treasures"] = p["treasures"]
    _, quotas = parse_quota("0:" + p["quotas"])
    d: MysteryDraw = {"n": int(p["n"]), "quotas": quotas, "r": p["r"], "resolved": int(p["resolved"]),
                      "aside": [c for c in p["aside"].split(";") if c], "reshuffled": [bool(p["reshuffled"])], "ask": True}
    if not go_on:
        d["n"] = d["resolved"]
    s.events.append(m("ev.mystery_go" if go_on else "ev.mystery_stop"))
    _draw(s, d)


def treasure(s: RobinsonState, r: str | None) -> None:
    """R93: turn over cards until a treasure; nothing if none is left after one reshuffle."""
    mystery(s, 1, {"treasure": 1}, r, stop_early=False)


def parse_quota(arg: str) -> tuple[int, dict[str, int]]:
    n, _, q = arg.partition(":")
    quotas = {k: int(v) for k, v in (p.split("=") for p in q.split(","))}
    return int(n), quotas


def describe(codes: Iterable[str], to_event: bool) -> Msg:
    """A short label for an adventure option."""
    parts = [sub("code.trk", c.split(":")[1]) if c.startswith("trk:") else sub("code", c.split(":")[0])
             for c in codes if c != "no_marker"]
    if not parts:
        parts = [m("code.discard")] if not to_event else [m("code.nothing")]
    if to_event:
        parts.append(m("code.to_event"))
    return join(parts, ", ")
