"""Research (Skyside Delvers, F51-F55, E12, E30, E31, E43, X2, X7).

Dice faces are indices into D10: 0-3 = Speakers/Traders/Founders/Delvers + 2¢,
4 = Delvers + Breakthrough, 5 = Wild + Breakthrough.

Frames: ["research", n, reroll, set]  automatic: roll (reroll 99 = any)
        ["reroll", k, chosen]  decision  reroll:<die> (mark one more) | reroll:done (roll the marked)
        ["set_die"]            decision  setdie:<die> | setdie:skip;  then ["set_face", die]  face:<0-5>
        ["research_wilds"]     automatic: one ["wild", k] decision per wild, wild:<s|t|f|d>
        ["research_pay"]       automatic: currency; ["dial", raises]; ["bounty", letters]
        ["dial", n]            decision  dial:<s|t|f|d> | dial:none  (F54: each raise is optional)
"""
from __future__ import annotations

from ..contract import Option
from ..decisions import ArrayFrame
from .data import ARTIFACTS, GUILD_LETTER, GUILDS, LETTER_GUILD
from .effects import event, frames_of, me
from .frames import CHAIN, Count, Letters, Reroll, Research, SetFace, Step
from .state import FlotillaState
from .texts import guild

FACE_GUILD = {0: "speakers", 1: "traders", 2: "founders", 3: "delvers", 4: "delvers"}
WILD, COIN_FACES, BREAK_FACES = 5, (0, 1, 2, 3), (4, 5)


def roll(state: FlotillaState, frame: Research) -> None:
    n, reroll, set_ = frame.n, frame.reroll, frame.sets
    state.dice = [state.rng.below(6) for _ in range(n)]
    state.wilds = []
    event(state, "ev.research", dice=_faces(state.dice))
    frames: list[ArrayFrame] = []
    if reroll:
        frames.append(Reroll.of(reroll, ""))
    if set_:
        frames.append(Step.make("set_die"))
    frames += [Step.make("research_wilds"), Step.make("research_pay")]
    CHAIN.push(state.todo, *frames)


def _faces(dice: list[int]) -> str:
    return " ".join(str(d + 1) for d in dice)


def reroll_options(state: FlotillaState, frame: Reroll) -> list[Option]:
    k, chosen = frame.n, frame.chosen
    out = []
    if len(chosen) < k:
        seen = set()
        for i, f in enumerate(state.dice):
            if str(i) not in chosen and f not in seen:
                seen.add(f)
                out.append(Option(f"reroll:{i}", "reroll", i, True))  # may lead to the roll (E7)
    return out + [Option("reroll:done", "reroll", None, bool(chosen))]


def reroll(state: FlotillaState, frame: Reroll, i: int | None) -> None:
    chosen = frame.chosen
    if i is not None:
        CHAIN.replace(state.todo, frame.replace(chosen=chosen + str(i)))
        return
    CHAIN.pop(state.todo)
    if chosen:
        dice = list(state.dice)
        for c in chosen:
            dice[int(c)] = state.rng.below(6)
        state.dice = dice
        event(state, "ev.reroll", n=len(chosen), dice=_faces(dice))


def set_options(state: FlotillaState, frame: Step | SetFace) -> list[Option]:
    if isinstance(frame, SetFace):
        cur = state.dice[frame.die]
        return [Option(f"face:{f}", "face", f, False) for f in range(6) if f != cur]
    seen, out = set(), []
    for i, f in enumerate(state.dice):
        if f not in seen:
            seen.add(f)
            out.append(Option(f"setdie:{i}", "setdie", i, False))
    return out + [Option("setdie:skip", "setdie", None, False)]


def set_die(state: FlotillaState, frame: Step | SetFace, arg: int | None) -> None:
    if not isinstance(frame, SetFace):
        CHAIN.replace(state.todo, *([SetFace.of(arg)] if arg is not None else []))
        return
    assert arg is not None  # a set_face frame lists faces only (set_options)
    dice = list(state.dice)
    dice[frame.die] = arg
    state.dice = dice
    CHAIN.pop(state.todo)


def wilds(state: FlotillaState, frame: Step) -> None:
    k = state.dice.count(WILD)
    if k:
        CHAIN.push(state.todo, Count.make("wild", k))


def wild_options(state: FlotillaState, frame: Count) -> list[Option]:
    return [Option(f"wild:{GUILD_LETTER[g]}", "wild", g, False) for g in GUILDS]


def wild(state: FlotillaState, frame: Count, g: str) -> None:
    state.wilds = state.wilds + [g]
    _count_down(state, frame)


def _count_down(state: FlotillaState, frame: Count) -> None:
    n = frame.n - 1
    CHAIN.replace(state.todo, *([Count.make(frame.kind, n)] if n > 0 else []))


def pay(state: FlotillaState, frame: Step) -> None:
    """F53 currency; F54 one dial raise per 3 breakthroughs; F55 each colour with 3+ icons pays once."""
    p = me(state)
    dice = state.dice
    p.coins += 2 * sum(1 for f in dice if f in COIN_FACES)
    raises = sum(1 for f in dice if f in BREAK_FACES) // 3
    icons = {g: 0 for g in GUILDS}
    for f in dice:
        if f in FACE_GUILD:
            icons[FACE_GUILD[f]] += 1
    for g in state.wilds:
        icons[g] += 1
    bounties = "".join(GUILD_LETTER[g] for g in GUILDS if icons[g] >= 3)
    state.dice, state.wilds = [], []
    frames: list[ArrayFrame] = []
    if raises:
        frames.append(Count.make("dial", raises))
    if bounties:
        frames.append(Letters.make("bounty", bounties))
    CHAIN.push(state.todo, *frames)


def dial_options(state: FlotillaState, frame: Count) -> list[Option]:
    """F54: "you may" raise a dial below 4 (E12), so declining is always offered, also when only
    one dial can rise; with every dial at 4 the raise is lost (no options)."""
    out = [Option(f"dial:{GUILD_LETTER[g]}", "dial", g, False) for g in GUILDS if state.dials[g] < 4]
    return out + [Option("dial:none", "dial", None, False)] if out else []


def dial(state: FlotillaState, frame: Count, g: str | None) -> None:
    if g is None:
        event(state, "ev.dial_none")
    else:
        state.dials = {**state.dials, g: state.dials[g] + 1}
        event(state, "ev.dial", guild=guild(g), to=state.dials[g])
    _count_down(state, frame)


def bounty_options(state: FlotillaState, frame: Letters) -> list[Option]:
    return [Option(f"bounty:{x}", "bounty", LETTER_GUILD[x], False) for x in frame.letters]


def bounty(state: FlotillaState, frame: Letters, g: str) -> None:
    """F55/E31: the bonuses of every artifact slotted at that guild (none: nothing)."""
    left = frame.letters.replace(GUILD_LETTER[g], "")
    CHAIN.replace(state.todo, *([frame.replace(letters=left)] if left else []))
    bonus: list[ArrayFrame] = []
    for a in state.slotted[g]:
        bonus += frames_of(ARTIFACTS[a], g)
    event(state, "ev.bounty", guild=guild(g), n=len(state.slotted[g]))
    CHAIN.push(state.todo, *bonus)
