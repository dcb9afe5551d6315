"""The Robinson Crusoe engine: the contract of rules/contract.py over the modules beside it."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from . import events as EV
from . import abilities, asks, phases, registry, resolve, stacks  # noqa: F401  (registry: all codes, asks, steps)
from ..contract import Engine, IllegalMove, Move, Option, Outcome, TestHints
from ..rng import Rng
from ..text import Msg, join, msg
from .adventures import mystery_answer
from .bot.greedy import greedy_move
from .cont import answering, run
from .defaults import timeout_answer
from .effects import exhaust, move_camp
from .effects.adventure_codes import hut_pick, mark_pick
from .fast import fast_copy
from .explain import why_illegal
from .moves import deciders, label, options, plan_menus
from .notes import notes
from .replan import plan_change, rest_change
from . import search_hooks
from .scenarios.castaways import add_wood
from .setup import choose, new_game, parse_options
from .state import RobinsonOptions, RobinsonState, RobinsonView
from .tallies import end, end_account
from .texts import char, m, seat as seat_msg
from .view import build_view, prompt
from .windows import answer, night_answer


def _begins(s: RobinsonState) -> Msg:
    """The set-up line, naming the scenario played (Castaways keeps its own line: its logs are unchanged)."""
    if s.options.scenario == "castaways":
        return m("ev.setup", chars=_chars(s))
    return m("ev.setup_scenario", scenario=m(f"scenario.{s.options.scenario}"), chars=_chars(s))

class RobinsonEngine(Engine[RobinsonState], key="robinson", title="Robinson Crusoe: Castaways", players=(1, 4),
                     options=RobinsonOptions, state=RobinsonState):
    conformance_seeds = 6
    coop = True  # everyone wins or everyone loses: /stats shows win rates per scenario, no ratings
    scenario = "castaways"  # scenario 1, the only one (named in the catalog: robinson.scenario.castaways)
    search_tuning = search_hooks.TUNING  # the hard level: whole plans racing on shared samples
    rule_letters = "RSEX"  # rules, scenario, rulings, rulebook examples
    proposed_data = True  # the entries tagged P
    # the conformance suite plays each other scenario too (robinson-scenarios.md)
    test_hints = TestHints(players=2, board_players=3, variants=({"scenario": "jenny"}, {"scenario": "family_robinson"},
                                                                  {"scenario": "cursed_island"}, {"scenario": "cannibal_island"}))

    def parse_options(self, raw: BaseModel | dict[str, Any] | None) -> RobinsonOptions:
        return parse_options(raw)

    def setup(self, seats: list[str], seed: int, options: BaseModel | dict[str, Any] | None = None) -> RobinsonState:
        s = new_game(list(seats), seed, options)
        if s.phase == "setup":  # R2: the seats pick their characters first (`ch:`)
            s.events = [m("ev.choose_chars")]
            return s
        s.events = [_begins(s)]
        phases.start_round(s)
        return s

    def rules_help(self, options: Any = None) -> Msg:
        """`/game rules`: Castaways' text; about a game of another scenario, that scenario's rules (its
        PROPOSED parts named) and where the rest is (robinson-scenarios.md)."""
        key = parse_options(options).scenario if options is not None else "castaways"
        if key == "castaways":
            return m("rules")
        return join([m(f"rules.{key}"), m("rules.rest")], " ")

    def round_number(self, state: RobinsonState) -> int:
        return state.round

    def to_act(self, state: RobinsonState) -> list[str]:
        return deciders(state)

    def options(self, state: RobinsonState, seat: str, move_id: str | None = None) -> list[Option]:
        return [Option(*o) for o in options(state, seat)]

    def label(self, state: RobinsonState, seat: str, option: Option) -> Msg:
        return label(state, seat, option)

    def menus(self, state: RobinsonState, seat: str) -> dict[str, list[tuple[str, Msg]]]:
        """Planning's new stacks under their action, then their target: the pawns are the last step (R30)."""
        return plan_menus(state, seat)

    def explain(self, state: RobinsonState, seat: str, move_id: str) -> Msg | None:
        return why_illegal(state, seat, move_id)  # explain.py

    def is_over(self, state: RobinsonState) -> bool:
        return state.result is not None

    def play(self, s: RobinsonState, seat: str, o: Option) -> None:
        if s.pending is not None:  # an answer: then the phase goes on where it stopped (cont.py)
            answering(s, _answer, seat, o)
            if s.phase == "resolve":
                resolve.after_stack(s)
            else:
                run(s)
            return
        oid, kind, arg, _ = o
        if kind == "ch":
            done = choose(s, seat, arg)
            s.events.append(m("ev.chose", who=seat_msg(seat), who_char=char(s.seat_char[seat])))
            if done:
                s.events.append(_begins(s))
                phases.start_round(s)
        elif kind == "draw":
            phases.header(s, "event")
            EV.event_phase(s, morale=True)
        elif kind == "morale":
            phases.morale_choice(s, bool(arg))
        elif kind == "wood":
            if arg:
                s.avail["W"] -= arg
                add_wood(s, arg)
            if s.result is None:
                phases.start_planning(s)
        elif kind in ("place", "support", "lead", "unplace"):  # R30-R38, and whom it un-confirms
            plan_change(s, seat, kind, arg, label(s, seat, o))
        elif kind == "ok":
            if arg:  # `ok:rest` (R30)
                rest_change(s, seat)
            s.confirmed.append(seat)
            s.events.append(m("ev.confirmed", who=seat_msg(seat)))
            if all(x in s.confirmed for x in s.seats):
                resolve.begin(s)
        elif kind == "go":
            resolve.go(s, arg)
        elif kind in ("ab", "it", "tk"):
            abilities.use(s, seat, kind, arg)
        elif kind == "roll":
            phases.roll_weather(s)
        elif kind in ("stay", "camp"):
            if kind == "camp":
                move_camp(s, arg)
            phases.night_rest(s)
        else:  # pragma: no cover
            raise IllegalMove(msg("core.illegal.unknown_move", move=oid))

    def view(self, state: RobinsonState, seat: str | None = None) -> RobinsonView:
        return build_view(state, deciders(state))

    def outcome(self, state: RobinsonState) -> Outcome | None:
        if state.result is None:
            return None
        won = state.result == "won"
        scores = {x: int(won) for x in state.seats}
        return Outcome(coop=True, won=won, scores=scores, ranks={x: 1 for x in state.seats},
                       summary=end_account(state))

    def notes(self, state: RobinsonState, seat: str | None = None) -> list[tuple[Msg, list[Msg]]]:
        """The threats, items, tokens (and for a seat its character's abilities) in words."""
        return notes(state, seat)

    def prompt(self, state: RobinsonState, seat: str) -> Msg:
        return prompt(state, seat)

    def timeout_move(self, state: RobinsonState, seat: str) -> Move | None:
        """R30/R97 (host hook, host/deadlines.py): the rules' default for `seat` when its deadline
        expires, if the options `plan_timeout`/`prompt_timeout` ask for it; else None."""
        mid = timeout_answer(state, seat)
        return None if mid is None else self.find_move(state, seat, mid)

    def greedy_move(self, state: RobinsonState, seat: str, rng: Rng) -> Move:
        """The co-operative bot seat (rules.bots "greedy"): see bot.py."""
        return greedy_move(self, state, seat, rng)

    def shared_moves(self, state: RobinsonState, seats: list[str]) -> list[Move]:
        """R30: the players asked to confirm the plan again (after a change) confirm it as it stands
        with one click on the post that tells them, when each of them may confirm."""
        if state.phase != "plan" or not seats or state.abandoned:
            return []
        if not all(x in state.seats and x not in state.confirmed and stacks.can_confirm(state, x) for x in seats):
            return []
        return [self.find_move(state, seats[0], "ok")]

    def copy_state(self, state: RobinsonState) -> RobinsonState:
        """A private copy for `apply`, much faster than pydantic's deep copy (fast.py)."""
        return fast_copy(state)

    def resample(self, state: RobinsonState, seat: str, rng: Rng) -> RobinsonState:
        """A copy with the face-down decks and stacks dealt again (R98: the same for every seat)."""
        return search_hooks.resample(state, seat, rng)

    def evaluate(self, state: RobinsonState) -> dict[str, float]:
        """Everyone's one chance of winning, read off the position (search_hooks.py)."""
        return search_hooks.evaluate(state)

    def macro_moves(self, state: RobinsonState, seat: str) -> list[tuple[str, float]] | None:
        """`seat`'s whole plan for the round as chains of move ids (search_hooks.py)."""
        return search_hooks.macro_moves(self, state, seat)

    def playout_weight(self, state: RobinsonState, seat: str, move: Option) -> float:
        """Random playouts: confirm readily, rarely take pawns back."""
        mid = move.id
        if mid == "ok":
            return 30.0
        if mid.startswith(("u:", "t:")):
            return 0.2
        return 1.0


def _chars(s: RobinsonState) -> Msg:
    return join([m("seat_char", seat=seat_msg(x), who=char(c)) for x, c in s.seat_char.items()], ", ")


def _answer(s: RobinsonState, seat: str, o: Option) -> None:
    """The answer to the pending prompt (R97); what it leaves for later comes first (cont.answering)."""
    oid, kind, arg, _ = o
    if kind == "ask":  # choices inside effects (asks.py)
        asks.answer(s, arg)
    elif kind == "adv":
        resolve.adv_choice(s, arg)
    elif kind == "rr":
        resolve.reroll_answer(s, arg)
    elif kind == "my":
        mystery_answer(s, arg)
    elif kind == "nt":
        if night_answer(s, arg):
            phases.night_meals(s)
    elif kind == "wx":
        closed = answer(s, arg)
        if closed is not None:
            phases.resolve_weather(s, *closed)
    elif kind == "mk":
        mark_pick(s, arg)
    elif kind == "sf":
        held, s.pending = s.pending or {}, None  # Signs of Fire's prompt: its card and space
        exhaust(s, held["card"], [(int(held["space"]), arg)], 1)
    elif kind == "rh":
        who = asks.pending_prompt(s)["who"]
        s.pending = None
        hut_pick(s, arg, who)
    elif kind == "hp":
        phases.half_pick(s, arg)
    elif kind == "md":
        abilities.medallion_pick(s, arg)
    elif kind == "hg":
        phases.hungry_pick(s, arg)
    elif kind in ("it", "tk") and asks.pending_prompt(s).get("kind") == "hungry":
        s.pending = None  # food before anyone goes hungry (R8, R72): the meals are counted again
        abilities.use(s, seat, kind, arg)
        phases.night_meals(s)
    elif kind in ("it", "tk"):  # R8, R87: an item while a prompt waits, which then waits again
        abilities.use_in_prompt(s, seat, kind, arg)
    elif kind == "pk":
        abilities.pick(s, arg)
    else:  # pragma: no cover
        raise IllegalMove(msg("core.illegal.unknown_move", move=oid))


ENGINE = RobinsonEngine()
__all__ = ["ENGINE", "RobinsonEngine", "end"]
