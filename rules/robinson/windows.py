"""Ability windows outside planning (E20).  After the weather roll (R68): Large Leaves (cancel 1 rain
cloud), Blankets (cancel 1 snow cloud, 3 uses) and the Cook's Hooch (3 D, once a round: cancel 1
rain cloud or turn 1 snow cloud into rain), `wx:`.  At Night before eating (R72): Pot (1 food: heal
1, repeatable), Fireplace (once a round, 1 food: heal 2), Grandma's recipe (2 D + 1 food: heal 2)
and Flask of Rum (heal 1), `nt:`.  Seats are asked in order from the First Player; a use reopens
the window for everyone, and it closes when every seat with something usable has passed."""
from __future__ import annotations

from typing import Any, Callable

from .combat import built
from .data import ABILITIES, DICE
from .move_kinds import NIGHT_WINDOW, WEATHER_WINDOW
from .state import RobinsonState
from .tallies import heal, in_camp, over, pay
from .texts import card as card_msg, char, m, sub

HOOCH = ABILITIES["hooch"].cost  # determination (§3.10)
ANIMAL_HITS = {f for f in DICE["animals"] if f != "blank"}  # the red die's faces that cost something
GRANDMA = ABILITIES["grandma"].cost


def clouds(s: RobinsonState, faces: list[str], mods: dict[str, int]) -> tuple[int, int]:
    """Rain and snow clouds after the tokens, Furnace and the window's modifiers (R66, R68)."""
    rain = sum(int(f[4:]) for f in faces if f.startswith("rain")) + ("rain" in s.weather_tokens)
    snow = sum(int(f[4:]) for f in faces if f.startswith("snow")) + ("snow" in s.weather_tokens)
    if built(s, "Furnace") and snow:
        snow -= 1
    snow = max(0, snow - mods.get("snow", 0) - mods.get("s2r", 0))
    rain = max(0, rain + mods.get("s2r", 0) - mods.get("rain", 0))
    return rain, snow


def _mods(p: dict[str, str]) -> dict[str, int]:
    return {k: int(p[k]) for k in ("rain", "snow", "s2r")}


def seat_options(s: RobinsonState, seat: str, faces: list[str], mods: dict[str, int]) -> list[tuple[str, str, Any, bool]]:
    rain, snow = clouds(s, faces, mods)
    out: list[tuple[str, str, Any, bool]] = []
    if rain and "Large Leaves" in s.tokens:
        out.append(("wx:leaves", WEATHER_WINDOW, "leaves", False))
    if snow and s.items.get("Blankets", 0) > 0:
        out.append(("wx:blankets", WEATHER_WINDOW, "blankets", False))
    if "Gunpowder" in s.tokens and any(f in ANIMAL_HITS for f in faces):  # K6.10: reroll the red die
        out.append(("wx:gunpowder", WEATHER_WINDOW, "gunpowder", True))  # a die is rolled: a barrier
    me = s.chars.get(s.seat_char.get(seat, ""))
    if me is not None and me.name == "Cook" and not me.dead and me.det >= HOOCH and "hooch" not in me.used \
            and "noabil" not in s.limits.get("Cook", []):
        if rain:
            out.append(("wx:hooch.rain", WEATHER_WINDOW, "hooch.rain", False))
        if snow:
            out.append(("wx:hooch.snow", WEATHER_WINDOW, "hooch.snow", False))
    return out


def options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    p = s.pending or {}
    faces = [f for f in p.get("faces", "").split(";") if f]
    return seat_options(s, p["seat"], faces, _mods(p)) + [("wx:pass", WEATHER_WINDOW, "pass", True)]


def _next_seat(s: RobinsonState, passed: list[str], usable: Callable[[str], list[tuple[str, str, Any, bool]]]) -> str | None:
    """The first seat from the FP's, not in `passed`, with something to use (`usable`: its options)."""
    n = len(s.seats)
    for i in range(n):
        seat = s.seats[(s.fp + i) % n]
        if seat not in passed and usable(seat):
            return seat
    return None


def open_window(s: RobinsonState, faces: list[str], mods: dict[str, int] | None = None,
                passed: list[str] | None = None) -> bool:
    """Set the pending window for the next seat that can use something; False when none can."""
    mods = mods or {"rain": 0, "snow": 0, "s2r": 0}
    seat = _next_seat(s, passed or [], lambda x: seat_options(s, x, faces, mods))
    if seat is None or over(s):
        return False
    s.pending = {"kind": "wxwin", "seat": seat, "faces": ";".join(faces), "passed": ";".join(passed or []),
                 **{k: str(v) for k, v in mods.items()}}
    return True


def answer(s: RobinsonState, what: str) -> tuple[list[str], dict[str, int]] | None:
    """Apply a use or a pass; returns the faces and modifiers once the window has closed."""
    p = s.pending
    assert p is not None
    faces = [f for f in p["faces"].split(";") if f]
    mods = _mods(p)
    passed = [x for x in p["passed"].split(";") if x]
    s.pending = None
    if what == "pass":
        passed.append(p["seat"])
    else:
        passed = []  # a use reopens the window for everyone (E20)
        if what == "leaves":
            s.tokens.remove("Large Leaves")
            s.events.append(m("ev.use_token", tok=sub("disc", "Large Leaves")))
            mods["rain"] += 1
        elif what == "gunpowder":  # K6.10: the red die rolled again once, the new face stands
            s.tokens.remove("Gunpowder")
            i = next(k for k, f in enumerate(faces) if f in ANIMAL_HITS)
            faces[i] = DICE["animals"][s.rng.below(6)]
            s.events.append(m("ev.gunpowder", face=sub("wxface", faces[i])))
        elif what == "blankets":
            s.items["Blankets"] -= 1
            if s.items["Blankets"] <= 0:
                del s.items["Blankets"]
            s.events.append(m("ev.use_item", item=card_msg("item:Blankets")))
            mods["snow"] += 1
        else:
            cook = s.chars["Cook"]
            cook.det -= HOOCH
            cook.used.append("hooch")
            s.events.append(m("ev.ability", who=char("Cook"), ab=sub("ab", "hooch")))
            mods["rain" if what == "hooch.rain" else "s2r"] += 1
    if open_window(s, faces, mods, passed):
        return None
    return faces, mods


# ---------------------------------------------------------------- Night, before eating (R72)

def night_seat_options(s: RobinsonState, seat: str) -> list[tuple[str, str, Any, bool]]:
    hurt = [c for c in in_camp(s) if s.chars[c].wounds]
    food = s.avail["F"] + s.avail["NF"]
    out: list[tuple[str, str, Any, bool]] = []
    uses = []
    if food and built(s, "Pot"):
        uses.append("pot")
    if food and built(s, "Fireplace") and "fireplace" not in s.flags:
        uses.append("fireplace")
    me = s.chars.get(s.seat_char.get(seat, ""))
    if food and me is not None and me.name == "Cook" and not me.dead and me.det >= GRANDMA and \
            "grandma" not in me.used and "noabil" not in s.limits.get("Cook", []):
        uses.append("grandma")
    if s.items.get("Flask of Rum", 0) > 0:
        uses.append("rum")
    for use in uses:
        out += [(f"nt:{use}.{c}", NIGHT_WINDOW, f"{use}.{c}", False) for c in hurt]
    return out


def night_options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    return night_seat_options(s, (s.pending or {})["seat"]) + [("nt:pass", NIGHT_WINDOW, "pass", False)]


def open_night(s: RobinsonState, passed: list[str] | None = None) -> bool:
    seat = _next_seat(s, passed or [], lambda x: night_seat_options(s, x))
    if seat is None or over(s):
        return False
    s.pending = {"kind": "ntwin", "seat": seat, "passed": ";".join(passed or [])}
    return True


def night_answer(s: RobinsonState, what: str) -> bool:
    """A use or a pass; True once the window has closed (eating follows)."""
    p = s.pending
    assert p is not None
    passed = [x for x in p["passed"].split(";") if x]
    s.pending = None
    if what == "pass":
        passed.append(p["seat"])
    else:
        passed = []
        use, _, who = what.partition(".")
        if use == "rum":
            s.items["Flask of Rum"] -= 1
            if s.items["Flask of Rum"] <= 0:
                del s.items["Flask of Rum"]
            s.events.append(m("ev.use_item", item=card_msg("item:Flask of Rum")))
        else:
            pay(s, "F", 1)
            if use == "grandma":
                s.chars["Cook"].det -= GRANDMA
                s.chars["Cook"].used.append("grandma")
                s.events.append(m("ev.ability", who=char("Cook"), ab=sub("ab", "grandma")))
            else:
                if use == "fireplace":
                    s.flags.append("fireplace")
                s.events.append(m("ev.use_item", item=card_msg("invention:" + use.title())))
        heal(s, who, 1 if use in ("pot", "rum") else 2)
    return not open_night(s, passed)
