"""What wounds cost the co-operative bot (R75-R78, R85): each wound dearer as life runs out, a
morale arrow crossed costs a Morale level, a death loses the game (Friday's only his pawn), and
a fight's wounds priced beast by beast over the cards not yet fought (§3.4, R51; the discards are
public, so the cards still in the Beast and Hunting decks are known as a set, never their order)."""
from __future__ import annotations

from ..combat import built
from ..data import BEASTS, CHARACTERS
from ..state import RobinsonState
from ..tallies import players
from .odds import last_round

DEATH = 25.0  # R76: one death ends the game for everyone
WOUND = 1.0  # a wound to a healthy character (healing one takes a pawn on Rest, R65)
WEAR = 1.5  # wounds a character takes a round on average (greedy games: actions, weather, hunger, events)
SPARE_FLOOR = 0.3  # a wound's price never falls below this share, however much life is to spare
# The Morale phases a level lost is priced over: the next four; in Castaways and Cursed Island with two characters
# or more every one left (greedy games with two characters, paired on the same deals: Castaways 1,000 deals
# 265 -> 322 won, z = 3.3; Cursed Island 700 deals 67 -> 97, z = 2.8; solo Castaways over every one left, 500
# deals 182 -> 169, z = -1.8).  The other scenarios keep four: Cannibal Island 1,600 deals 516 -> 543, the bot's
# draws deciding the sign (370 -> 417 of 1,200 with one stream, 146 -> 126 of 400 with another); Jenny 3 -> 6 of
# 450 and Family Robinson 0 and 0 of 150, too few wins to tell (docs/strength/README.md).
MORALE_PHASES = 4
EVERY_PHASE_LEFT = frozenset({"castaways", "cursed_island"})  # where two characters or more price every phase left


def spare_share(s: RobinsonState, left: int) -> float:
    """The share of a wound's price still due with `left` life and the rounds still to play (R96: the game
    ends after the last round's Night, so life the rounds left will not take is worth less and less)."""
    need = WEAR * (last_round(s.options.scenario) - s.round + 1) + 2.0
    return max(SPARE_FLOOR, min(1.0, need / max(1, left)))


def morale_cost(s: RobinsonState, level: float | None = None) -> float:
    """A Morale level lost from `level` (now by default), for the Morale phases left (R23, R24): at +1
    and above the First Player gains a determination less each round; at 0 and below it discards one
    more, and a wound replaces each one missing.  The next `MORALE_PHASES` phases count; in the scenarios of
    `EVERY_PHASE_LEFT` with two characters or more every one left (measured on greedy games: `MORALE_PHASES`)."""
    m = s.morale if level is None else level
    left = max(0, last_round(s.options.scenario) - s.round)
    every = players(s) > 1 and s.options.scenario in EVERY_PHASE_LEFT
    phases = left if every else min(MORALE_PHASES, left)
    if m <= 0:
        fp = s.seat_char[s.seats[s.fp]]
        short = 1.0 if s.chars[fp].det < 2 - m else 0.5
        return 0.25 + 0.6 * phases * short
    return 0.2 + (0.3 if m < 3 else 0.25) * phases


def hurt(s: RobinsonState, who: str, n: float, morale: float | None = None) -> float:
    """The cost of n wounds to `who` now, taken one at a time (E9)."""
    if n <= 0:
        return 0.0
    c = s.chars[who]
    left = CHARACTERS[who].life - c.wounds
    whole = int(n)
    frac = n - whole
    if who == "Friday":  # R85: his death removes his pawn for every round left
        per = max(0.35, 0.45 * (last_round(s.options.scenario) - s.round) / max(1, left))
        dead = n >= left
        return per * min(n, left) + (0.6 * (last_round(s.options.scenario) - s.round) if dead else 0.0)
    arrow = morale_cost(s) if morale is None else morale
    share = spare_share(s, left)
    out = 0.0
    for k in range(whole + (1 if frac > 0 else 0)):
        life = left - k - 1  # life left after this wound
        step = WOUND * (1.0 + 4.0 / max(1, life + 1)) * share
        if life <= 0:
            step += DEATH
        elif life in CHARACTERS[who].arrows:
            step += arrow
        out += step * (frac if k == whole else 1.0)
    return out


def unfought(s: RobinsonState) -> list[str]:
    """Beasts not yet fought: the Beast deck, the Hunting deck and a beast set aside (as a set)."""
    names = [c.partition(":")[2] for c in s.beast_deck + s.hunt_deck]
    if s.set_aside:
        names.append(s.set_aside.partition(":")[2])
    return names or list(BEASTS)


def fight_wounds(s: RobinsonState, name: str, weapon: float, bonus: int = 0) -> int:
    """R51 for one beast: missing weapon, weapon loss beyond the track, its extra wounds; Shield."""
    b = BEASTS[name]
    danger = int("DNG" in s.action_tokens.get("hunt_deck", []))
    wpn = int(weapon) + bonus
    n = max(0, b.strength + danger - wpn) + max(0, b.loss - int(weapon))
    for code in b.extra:
        head, _, arg = code.partition(":")
        if head == "wnd_unless_med" and not built(s, "Medicine"):
            n += int(arg)
        elif head == "wnd":
            n += int(arg.split(":")[0])
    return max(0, n - int(built(s, "Shield")))


def hunt_outlook(s: RobinsonState, who: str, weapon: float, bonus: int = 0) -> tuple[float, float, float, float]:
    """A Hunt by `who` (R50-R54): (cost of its wounds, food, fur, weapon lost), averaged over the beasts
    it may meet."""
    names = unfought(s)
    cost = food = fur = loss = 0.0
    for name in names:
        b = BEASTS[name]
        cost += hurt(s, who, fight_wounds(s, name, weapon, bonus))
        food, fur, loss = food + b.food, fur + b.fur, loss + min(int(weapon), b.loss)
    n = len(names)
    return cost / n, food / n, fur / n, loss / n
