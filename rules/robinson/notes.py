"""What the things in play do, in plain words: the threat cards in the threat spaces, the
items, built inventions and discovery tokens the group holds, and for `/game me` the seat's character and its abilities.

A threat card's text is made from its own R91 codes (`code_words`, the same codes the interpreter runs,
rules/robinson/effects/), so the words follow what the engine does; items, tokens and abilities, whose
effects are code in abilities.py rather than data, have one hand-written line each (`about.*` keys in
locale/explain.*.json).  `notes(s, seat)` is the engine's `notes` hook: (heading, lines) sections."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..text import Msg, join
from .data import ABILITIES, CHARACTERS, EVENTS, INVENTIONS, WRECKAGE
from .state import RobinsonState
from .texts import card, char, m, sub

WHO = {"All": "all", "R": "r", "FP": "fp"}
WHERE = {"B": "build", "G": "gather", "E": "explore", "Build": "build", "Gather": "gather", "Explore": "explore",
         "Hunt": "hunt", "Camp": "camp"}
BY_HAND = {"Fire", "Dam"}  # inventions whose codes do not say all (the goal; a one-off gain)
UNLIMITED = 99  # a kept treasure's "uses" when it has no limit (§3.12)


def code_words(code: Any) -> Msg:
    """One R91 code of a card (sheet §3.9) as a short phrase (`say.*` keys)."""
    if isinstance(code, dict):  # "A or B" (R91, E15): the chooser picks one
        return m("say.or", what=join([codes_words(opt) for opt in code["or"]], " / "))
    op, _, arg = code.partition(":")
    parts = arg.split(":") if arg else []
    if op == "res":
        n = int(parts[1])
        key = "say.res_gain" if n > 0 else "say.res_lose_ifp" if len(parts) > 2 else "say.res_lose"
        return m(key, n=abs(n), res=sub("res", parts[0]))
    if op == "D":
        n = int(parts[0])
        return sub("say.det_gain" if n > 0 else "say.det_lose", WHO[parts[1]], n=abs(n))
    if op == "wnd":
        return sub("say.wound", WHO[parts[1] if len(parts) > 1 else "R"], n=int(parts[0]))
    if op == "M":
        return m("say.morale_up" if int(arg) > 0 else "say.morale_down", n=abs(int(arg)))
    if op == "trk":
        n = int(parts[1])
        return m("say.track_up" if n > 0 else "say.track_down", track=sub("track", parts[0]), n=abs(n))
    if op == "rp":
        return m("say.rp_up" if int(arg) > 0 else "say.rp_down", n=abs(int(arg)))
    if op == "tok":
        return m("say.token", tok=sub("tok", parts[0]), where=sub("act", WHERE[parts[1]]))
    if op == "wx":
        return m("say.weather_token", wx=sub("wx", arg))
    if op in ("unexpl", "back"):
        return sub("say", op, terrain=sub("terrain", arg))
    if op == "exh":
        if parts[0] == "adj":
            return m("say.exhaust_adj", n=int(parts[1]))
        return m("say.exhaust_nearest", src=sub("say.kind", parts[1]))
    if op in ("flip", "inv_disc"):
        return sub("say", op, n=int(arg))
    if op == "noprod":
        return m("say.noprod", what=sub("prod", arg))
    if op == "noabil":
        return m("say.noabil")
    return sub("say", op)  # a code of one card: its own hand-written phrase


def codes_words(codes: Any) -> Msg:
    """A card half's codes in order; "nothing" when it has none."""
    codes = list(codes)
    return join([code_words(c) for c in codes], ", ") if codes else m("say.nothing")


def _cost(e: Any) -> Msg | None:
    if not e.cost:
        return None
    what = {"W": m("say.res_n", n=1, res=sub("res", "W")), "W2": m("say.res_n", n=2, res=sub("res", "W")),
            "W|Fur": m("say.wood_or_fur")}.get(e.cost) or m("say.res_n", n=1, res=sub("res", e.cost))
    if e.free_with:
        return m("say.cost_free_with", what=what, item=card("invention:" + e.free_with))
    return m("say.cost", what=what)


def _req(e: Any) -> Msg | None:
    if not e.req:
        return None
    if e.req.startswith("Wpn"):
        return m("say.req_weapon", n=int(e.req[3:]))
    return m("say.req_item", item=card("invention:" + e.req))


def threat_line(threat: str) -> Msg:
    """A card in a threat space: what dealing with it needs and gives (R47-R49), and what happens if it is
    pushed off the track (R20)."""
    deck, _, name = threat.partition(":")
    if deck == "wreck":
        w = WRECKAGE[name]
        return m("about.wreck", card=card(threat), small=codes_words(w["small"]), large=codes_words(w["large"]))
    e = EVENTS[name]
    needs = [m("say.pawns", n=e.pawns)] + [x for x in (_req(e), _cost(e)) if x is not None]
    return m("about.threat", card=card(threat), needs=join(needs, ", "), reward=codes_words(e.reward),
             slide=codes_words(e.slide))


def item_line(name: str, uses: int) -> Msg:
    what = sub("about.item", name)
    if uses >= UNLIMITED:
        return m("about.item_kept", item=card("item:" + name), what=what)
    return m("about.item_uses", item=card("item:" + name), n=uses, what=what)


def invention_line(name: str, castaways: bool = True) -> Msg:
    """A built invention (R59, §3.6): its track codes in words, else its hand-written line.  The Fire's line
    names Castaways' goal (S5), so in another scenario (`castaways` False) it is its track code alone."""
    effect = INVENTIONS[name].effect
    by_hand = BY_HAND if castaways else BY_HAND - {"Fire"}
    if effect and name not in by_hand and all(c.startswith("trk:") for c in effect):
        what = codes_words(effect)
    else:
        what = sub("about.inv", name)
    return m("about.invention", item=card("invention:" + name), what=what)


def token_line(name: str, n: int) -> Msg:
    return m("about.token", tok=sub("disc", name), n=n, what=sub("about.tok", name))


def ability_line(s: RobinsonState, who: str, ab: str) -> Msg:
    c = s.chars[who]
    state = "used" if ab in c.used else "blocked" if "noabil" in s.limits.get(who, []) else \
        "short" if c.det < ABILITIES[ab].cost else "ready"
    return m("about.ability", name=sub("about.abname", ab), cost=ABILITIES[ab].cost, what=sub("about.ab", ab),
             state=sub("about.ab_state", state))


def character_line(s: RobinsonState, who: str) -> Msg:
    c = s.chars[who]
    personal = CHARACTERS[who].personal
    return m("about.character", who=char(who), left=CHARACTERS[who].life - c.wounds, life=CHARACTERS[who].life,
             det=c.det, item=card("invention:" + personal) if personal else m("say.nothing"),
             built=sub("about.built", "yes" if personal in s.built else "no"))


def group_sections(s: RobinsonState) -> list[tuple[Msg, list[Msg]]]:
    out: list[tuple[Msg, list[Msg]]] = []
    if s.items:
        out.append((m("about.head.items"), [item_line(k, v) for k, v in s.items.items()]))
    if s.built:
        out.append((m("about.head.inventions"), [invention_line(k, s.options.scenario == "castaways") for k in s.built]))
    if s.tokens:
        out.append((m("about.head.tokens"), [token_line(k, v) for k, v in Counter(s.tokens).items()]))
    return out


def notes(s: RobinsonState, seat: str | None = None) -> list[tuple[Msg, list[Msg]]]:
    """The public board's explanations (seat None): threats in play, items, tokens; a seat's (`/game me`):
    its character and abilities, then the threats, the group's items and tokens (R98: all of it is public; the
    public post shows them only when they change, so `/game me` always does)."""
    threats = [threat_line(t) for t in s.threat if t]
    public = ([(m("about.head.threats"), threats)] if threats else []) + group_sections(s)
    who = None if seat is None else s.seat_char.get(seat)
    if who is None:
        return public
    mine = [ab for ab, a in ABILITIES.items() if a.owner == who]
    return [(m("about.head.character"), [character_line(s, who)]),
            (m("about.head.abilities"), [ability_line(s, who, ab) for ab in mine])] + public
