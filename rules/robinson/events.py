"""Event phase (R18-R21): the draw, the adventure/book icon, the threat track."""
from __future__ import annotations

from . import effects
from .adventures import event_half
from .asks.fight import fight_or_ask
from .cont import ahead, later, paused, run, step, then
from .data import EVENTS, SCENARIOS, EventCard
from .frames import CardStep, Step
from .state import RobinsonState
from .tallies import fp_char
from .texts import card as card_msg, m

ICON_DECK = {"B": "build", "G": "gather", "E": "explore"}


def event_card(card: str) -> EventCard:
    return EVENTS[card.partition(":")[2]]


def slide_off(s: RobinsonState, card: str) -> None:
    """R20(c): a card pushed out of the left space applies its threat effect (Wreckage: none, R49)."""
    s.events.append(m("ev.slide", card=card_msg(card)))
    if card.startswith("event:"):
        effects.apply(s, event_card(card).slide, card)
        then(s, "slid", card)
    else:
        slid(s, card)


@step("slid")
def _slid_step(s: RobinsonState, f: CardStep) -> None:
    slid(s, f.card)


def slid(s: RobinsonState, card: str) -> None:
    s.mem.pop(card, None)
    for t, c in list(s.unexplored_terrain.items()):
        if c == card:  # E33: permanent once the card has slid off
            s.unexplored_terrain[t] = "permanent"


@step("place")
def _place_step(s: RobinsonState, f: CardStep) -> None:
    place(s, f.card)


def place(s: RobinsonState, card: str) -> None:
    """R20(c): the right space takes the card; the left one slides off."""
    left, right = s.threat
    s.threat = [right, card]
    if left:
        slide_off(s, left)


def event_phase(s: RobinsonState, morale: bool = False) -> None:
    """R94 Dangerous Night fight first, then R19-R21; with `morale`, the Morale phase follows.
    A prompt on the way (E31) stops the phase; it goes on after the answer (cont.py)."""
    ahead(s, "dn", "evdraw", *(["morale"] if morale else []))
    run(s)


@step("dn")
def _dangerous_night(s: RobinsonState, f: Step) -> None:
    """R94: the beast set aside by Dangerous Night is fought by the FP before the draw."""
    if s.set_aside:
        beast, s.set_aside = s.set_aside, None
        fight_or_ask(s, fp_char(s), beast=beast)


@step("evdraw")
def draw(s: RobinsonState, f: Step | None = None) -> None:
    """R19: event halves of adventure/mystery cards, until an event card comes up (R20)."""
    while s.event_deck:  # R19: every draw removes a card
        card = s.event_deck.pop(0)
        s.events.append(m("ev.draw", card=card_msg(card)))
        if not card.startswith("event:"):
            event_half(s, card)  # R19: apply its event half, discard it, draw again
            if paused(s):
                later(s, "evdraw")
                return
            continue
        resolve_event(s, card)
        return
    s.events.append(m("ev.deck_empty"))  # R21


def resolve_event(s: RobinsonState, card: str) -> None:
    """R20 (a)-(c) for a drawn event card; its choices are asked on the way (E31)."""
    e = event_card(card)
    book: tuple[str, ...] = ()
    if e.icon == "book":
        book = tuple(SCENARIOS[s.options.scenario].get("book", ()))  # K0.5 (M1): the scenario's Book effect first, then the event's
        s.events.append(m("ev.book_scenario" if book else "ev.book"))  # R20(a): the book icon; S6: no effect in Castaways
    else:
        effects.put_token(s, ICON_DECK[e.icon], "ADV")
    effects.apply(s, book + tuple(e.draw), card)
    then(s, "place", card)
