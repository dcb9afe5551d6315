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

from typing import Any

from ..contract import Option
from .data import ARTIFACTS, GUILD_LETTER, GUILDS, LETTER_GUILD
from .effects import event, frames_of, me
from .texts import guild

FACE_GUILD = {0: "speakers", 1: "traders", 2: "founders", 3: "delvers", 4: "delvers"}
WILD, COIN_FACES, BREAK_FACES = 5, (0, 1, 2, 3), (4, 5)


def roll(state, frame: list[Any]) -> None:
    _, n, reroll, set_ = frame
    state.dice = [state.rng.below(6) for _ in range(n)]
    state.wilds = []
    event(state, "ev.research", dice=_faces(state.dice))
    frames: list[list[Any]] = []
    if reroll:
        frames.append(["reroll", reroll, ""])
    if set_:
        frames.append(["set_die"])
    frames += [["research_wilds"], ["research_pay"]]
    state.todo[0:0] = frames


def _faces(dice: list[int]) -> str:
    return " ".join(str(d + 1) for d in dice)


def reroll_options(state, frame: list[Any]) -> list[tuple]:
    _, k, chosen = frame
    out = []
    if len(chosen) < k:
        seen = set()
        for i, f in enumerate(state.dice):
            if str(i) not in chosen and f not in seen:
                seen.add(f)
                out.append(Option(f"reroll:{i}", "reroll", i, True))  # may lead to the roll (E7)
    return out + [Option("reroll:done", "reroll", None, bool(chosen))]


def reroll(state, frame: list[Any], i: int | None) -> None:
    _, k, chosen = frame
    if i is not None:
        state.todo[0] = ["reroll", k, chosen + str(i)]
        return
    state.todo.pop(0)
    if chosen:
        dice = list(state.dice)
        for c in chosen:
            dice[int(c)] = state.rng.below(6)
        state.dice = dice
        event(state, "ev.reroll", n=len(chosen), dice=_faces(dice))


def set_options(state, frame: list[Any]) -> list[tuple]:
    if frame[0] == "set_face":
        cur = state.dice[frame[1]]
        return [Option(f"face:{f}", "face", f, False) for f in range(6) if f != cur]
    seen, out = set(), []
    for i, f in enumerate(state.dice):
        if f not in seen:
            seen.add(f)
            out.append(Option(f"setdie:{i}", "setdie", i, False))
    return out + [Option("setdie:skip", "setdie", None, False)]


def set_die(state, frame: list[Any], arg: int | None) -> None:
    if frame[0] == "set_die":
        state.todo[0:1] = [["set_face", arg]] if arg is not None else []
        return
    dice = list(state.dice)
    dice[frame[1]] = arg
    state.dice = dice
    state.todo.pop(0)


def wilds(state, frame: list[Any]) -> None:
    k = state.dice.count(WILD)
    if k:
        state.todo.insert(0, ["wild", k])


def wild_options(state, frame: list[Any]) -> list[tuple]:
    return [Option(f"wild:{GUILD_LETTER[g]}", "wild", g, False) for g in GUILDS]


def wild(state, frame: list[Any], g: str) -> None:
    state.wilds = state.wilds + [g]
    n = frame[1] - 1
    state.todo[0:1] = [["wild", n]] if n > 0 else []


def pay(state, frame: list[Any]) -> None:
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
    frames: list[list[Any]] = []
    if raises:
        frames.append(["dial", raises])
    if bounties:
        frames.append(["bounty", bounties])
    state.todo[0:0] = frames


def dial_options(state, frame: list[Any]) -> list[tuple]:
    """F54: "you may" raise a dial below 4 (E12), so declining is always offered, also when only
    one dial can rise; with every dial at 4 the raise is lost (no options)."""
    out = [Option(f"dial:{GUILD_LETTER[g]}", "dial", g, False) for g in GUILDS if state.dials[g] < 4]
    return out + [Option("dial:none", "dial", None, False)] if out else []


def dial(state, frame: list[Any], g: str | None) -> None:
    if g is None:
        event(state, "ev.dial_none")
    else:
        state.dials = {**state.dials, g: state.dials[g] + 1}
        event(state, "ev.dial", guild=guild(g), to=state.dials[g])
    n = frame[1] - 1
    state.todo[0:1] = [["dial", n]] if n > 0 else []


def bounty_options(state, frame: list[Any]) -> list[tuple]:
    return [Option(f"bounty:{x}", "bounty", LETTER_GUILD[x], False) for x in frame[1]]


def bounty(state, frame: list[Any], g: str) -> None:
    """F55/E31: the bonuses of every artifact slotted at that guild (none: nothing)."""
    left = frame[1].replace(GUILD_LETTER[g], "")
    state.todo[0:1] = [["bounty", left]] if left else []
    bonus: list[list[Any]] = []
    for a in state.slotted[g]:
        bonus += frames_of(ARTIFACTS[a], g)
    event(state, "ev.bounty", guild=guild(g), n=len(state.slotted[g]))
    state.todo[0:0] = bonus
