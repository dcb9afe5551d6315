"""Event phase (R18-R21): the draw, the adventure/book icon, the threat track."""
from __future__ import annotations

from . import effects
from .adventures import event_half
from .combat import fight_beast
from .data import EVENTS
from .prims import fp_char, over
from .state import RobinsonState
from .texts import card as card_msg, m

ICON_DECK = {"B": "build", "G": "gather", "E": "explore"}


def event_card(card: str):
    return EVENTS[card.partition(":")[2]]


def slide_off(s: RobinsonState, card: str) -> None:
    """R20(c): a card pushed out of the left space applies its threat effect (Wreckage: none, R49)."""
    s.events.append(m("ev.slide", card=card_msg(card)))
    if card.startswith("event:"):
        effects.apply(s, event_card(card).slide, card)
    s.mem.pop(card, None)
    for t, c in list(s.unexplored_terrain.items()):
        if c == card:  # E33: permanent once the card has slid off
            s.unexplored_terrain[t] = "permanent"


def place(s: RobinsonState, card: str) -> None:
    """R20(c): the right space takes the card; the left one slides off."""
    left, right = s.threat
    s.threat = [right, card]
    if left:
        slide_off(s, left)


def event_phase(s: RobinsonState) -> None:
    """R94 Dangerous Night fight first, then R19-R21."""
    if s.set_aside:
        beast, s.set_aside = s.set_aside, None
        fight_beast(s, fp_char(s), beast)
        if over(s):
            return
    while s.event_deck:  # R19: every draw removes a card
        card = s.event_deck.pop(0)
        s.events.append(m("ev.draw", card=card_msg(card)))
        if not card.startswith("event:"):
            event_half(s, card)  # R19: apply its event half, discard it, draw again
            if over(s):
                return
            continue
        if choices(card):  # E31: the FP's seat chooses before the card resolves
            s.pending = {"kind": "event", "seat": s.seats[s.fp], "card": card}
            return
        resolve_event(s, card)
        return
    s.events.append(m("ev.deck_empty"))  # R21


def choices(card: str) -> list[object]:
    """The options of a drawn event card's choice ("A or B", Roof or Palisade), if any."""
    for code in event_card(card).draw:
        if isinstance(code, dict):
            return list(code["or"])
        if code in ("rp:-1", "halfrp"):
            return ["roof", "pal"]
    return []


def resolve_event(s: RobinsonState, card: str, choice: int | None = None) -> None:
    """R20 (a)-(c) for a drawn event card; `choice` answers its group choice."""
    e = event_card(card)
    if e.icon == "book":
        effects.apply(s, ("book",), card)
    else:
        effects.put_token(s, ICON_DECK[e.icon], "ADV")
    if choice is not None:
        s.ctx["choice"] = str(choice)
    effects.apply(s, e.draw, card)
    s.ctx.pop("choice", None)
    if over(s):
        return
    place(s, card)
