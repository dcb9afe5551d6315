"""The turn: play one card (F13-F16), resolve its chain, end the turn and the game (F62, F66, F67).

`todo` frames resolve front first.  Automatic frames run at once; a decision
frame waits for the player unless it has a single option (E7), which the
engine takes itself.  When the chain is empty the card is finished and the
next seat plays.
"""
from __future__ import annotations

from typing import Any, Callable

from ..decisions import Moves
from .data import BOARD, CARDS
from .decide import DECISIONS, Opt, card_options, card_terms, decide, options, with_barriers
from . import dive as DV, research as RS, sky as SK
from .effects import AUTO_EFFECTS, event, frames_of, me
from .frames import CHAIN, Count, Dive, FlotillaFrame, Research, Step
from .narrate import narration

# the automatic frames: what each kind does (the move map of rules/decisions.py)
AUTO: Moves[Callable[[FlotillaState, Any], None]] = Moves(
    {"dive": DV.start_dive, "dive_roll": DV.roll, "tox": DV.add_tox, "draw_keep": SK.draw_keep,
     "score_build": SK.score_build, "research": RS.roll, "research_wilds": RS.wilds, "research_pay": RS.pay,
     **AUTO_EFFECTS})
MODIFIERS = ("outpost_minus", "cost_minus", "abyss", "ignore_tox", "reroll", "reroll_any", "set", "copy")
from .state import FlotillaState
from . import texts


def seat_to_act(state: FlotillaState) -> str | None:
    if state.over or state.abandoned:
        return None
    return state.order[state.turn]


def current_options(state: FlotillaState) -> list[Opt]:
    if state.over or state.abandoned:
        return []
    if not state.todo:
        return card_options(state, state.order[state.turn])
    return with_barriers(state, options(state, state.todo[CHAIN.at]))


def play(state: FlotillaState, opt: Opt) -> None:
    """Apply a chosen option, then run the chain to the next decision."""
    if opt[1] == "play":
        start_card(state, *opt[2])
    else:
        said = narration(state, opt)  # read before the decision changes what it tells
        if said is not None:
            state.events.append(said)
        decide(state, state.todo[CHAIN.at], opt)
    run(state)


def start_card(state: FlotillaState, card_id: str, target: str | None) -> None:
    """F14: Sail or Income first, then the ability's parts in printed order, then the discard."""
    p = me(state)
    hand = list(p.hand)
    hand.remove(card_id)
    p.hand = hand
    state.playing = card_id
    state.bought, state.sold, state.traded, state.mods = {}, {}, {}, {}
    source = card_id
    if target is not None:  # F22-F24: the Scholar resolves the copied card
        source = state.players[target].discard[-1]
        state.copying = source
        event(state, "ev.copy", card=texts.card(source), target=texts.seat(target))
    else:
        event(state, "ev.play", card=texts.card(card_id))
    frames: list[FlotillaFrame] = []
    c = CARDS[source]
    if c.kind != "scholar":  # F23: copying a Scholar does nothing
        if p.side == "sink" and c.sail:
            frames.append(Count.make("sail", c.sail))
        elif p.side == "sky" and c.income:
            frames.append(Count.make("income", c.income))
        ts = card_terms(source, p.side)
        mod = {t.name: t.a for t in ts}
        for t in ts:
            if t.name in ("outpost_minus", "cost_minus"):  # D11 modifiers: the whole ability
                state.mods[t.name] = t.a
            elif t.name == "infl_speakers":  # E41: counted as the ability starts
                k = sum(CARDS[x].guild in ("speakers", "all") for x in p.discard)
                frames.append(Count.make("infl", t.a + k, 0))
            elif t.name == "dive":  # +n Abyss and Ignore t tox belong to the same dive
                frames.append(Dive.make("dive", t.a, mod.get("abyss", 0), mod.get("ignore_tox", 0)))
            elif t.name == "research":  # reroll / set belong to the same research
                frames.append(Research.of(t.a, 99 if "reroll_any" in mod else mod.get("reroll", 0),
                                          mod.get("set", 0)))
            elif t.name not in MODIFIERS:
                frames += frames_of((t,), c.guild)
    frames.append(Step.make("end"))
    state.todo = frames


def run(state: FlotillaState) -> None:
    while not state.over:
        if not state.todo:
            return
        frame = state.todo[CHAIN.at]
        if frame.kind in DECISIONS:
            opts = options(state, frame)
            if len(opts) > 1:
                return
            if opts:
                decide(state, frame, opts[0])
            else:
                state.todo.pop(CHAIN.at)
            continue
        state.todo.pop(CHAIN.at)
        AUTO[frame.kind](state, frame)
        if frame.kind == "end":
            end_turn(state)
            return


def end_turn(state: FlotillaState) -> None:
    """Next seat; a round ends after seat P (F62 final round, F67 round limit, F66 the end)."""
    state.turn += 1
    if state.turn < len(state.order):
        return
    state.turn = 0
    if state.end_round is None and state.round >= BOARD.round_limit:
        state.end_round = state.round + 1
        state.by_limit = True
        state.events.append(texts.m("ev.limit", round=state.end_round))
    if state.end_round is not None and state.round >= state.end_round:
        state.over = True
        state.events.append(texts.plain("ev.over"))
        return
    state.round += 1
    if state.end_round == state.round:
        state.events.append(texts.m("ev.final_round", round=state.round))
