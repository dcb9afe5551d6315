"""Character abilities (R82, R83, §3.10), shared items (R87, §3.7, §3.12) and
discovery tokens (§3.8, S6).  Abilities are offered in the planning window (E20) to the seats
still planning: `ab:<ability>[:<target>]` for the seat's own character.  Items and tokens are
usable "en cualquier momento" (R8, R87): `it:<item>[:<target>]` and `tk:<token>[:<target>]` go
with every decision a seat holds (`item_options`: the Event-phase draw, Morale, the woodpile step,
planning, each action's `go`, the weather roll, the Night camp choice) and with every prompt
(`prompt_items`, used through `use_in_prompt`: the prompt then waits again), besides the Weather
and Night windows' own moves (windows.py).
Abilities and items that "look at" cards open a small choice (`pk:<i>`) for the
user (R98: what is looked at is shown to everyone).  Fight bonuses are offered
with the fight itself (`go:frenzy`, `go:it.<item>`, resolve.py)."""
from __future__ import annotations

import json
from typing import Any

from ..text import Msg, join
from . import effects, scenario_tokens
from .adventures import treasure
from .combat import built
from .cont import later, step
from .data import ABILITIES
from .frames import Prompt
from .island import has_shelter
from .move_kinds import ABILITY, DISCOVERY_TOKEN, ITEM, LOOK_PICK, MEDALLION
from .scenarios import family
from .scenarios.castaways import add_wood
from .state import RobinsonState
from .tallies import gain, gain_det, heal, living, over, pay, set_morale
from .texts import card as card_msg, char, m, sub

# The planning-window abilities (E20) from the validated data (§3.10): cost in D and owner.
COST = {k: a.cost for k, a in ABILITIES.items() if a.window == "plan"}
OWNER = {k: a.owner for k, a in ABILITIES.items() if a.window == "plan"}
LOOK = {"new_idea", "scouting", "recon", "tracking"}  # reveal hidden cards: barrier moves
HEALERS = {"Flask of Rum": 1, "Castaway Herbs": 1}
FIGHT_ITEMS = {"Pistol": 3, "Old Rifle": 3, "Surprising Discovery": 3, "Sabre": 3}
NEED_POT = ("Herbs", "Healing Herbs", "Poison", "Vegetables")  # §3.8: discovery tokens used only with the Pot built


def _wounded(s: RobinsonState) -> list[str]:
    return [c for c in living(s, friday=True) if s.chars[c].wounds]


def options(s: RobinsonState, seat: str) -> list[tuple[str, str, Any, bool]]:
    """The planning window (E20): the seat's abilities, then the shared items and tokens."""
    return ability_options(s, seat) + item_options(s)


def ability_options(s: RobinsonState, seat: str) -> list[tuple[str, str, Any, bool]]:
    out: list[tuple[str, str, Any, bool]] = []
    me = s.seat_char[seat]
    c = s.chars[me]
    blocked = "noabil" in s.limits.get(me, [])
    for ab, owner in OWNER.items():
        if owner != me or ab in c.used or blocked or c.det < COST[ab]:
            continue
        if ab == "grandma":
            if s.avail["F"] + s.avail["NF"] >= 1:
                out += [(f"ab:grandma:{w}", ABILITY, (ab, w), False) for w in _wounded(s)]
        elif ab == "economy":
            out += [(f"ab:economy:{i}", ABILITY, (ab, str(i)), False) for i, st in enumerate(s.plan)
                    if st.pawns[0] == me and st.pay.get("W")]
        elif ab == "defense":
            if has_shelter(s):
                out.append(("ab:defense:pal", ABILITY, (ab, "pal"), False))
            out.append(("ab:defense:wpn", ABILITY, (ab, "wpn"), False))
        elif ab == "new_idea" and not (s.inv_deck or s.inv_discard):
            continue
        elif ab == "scouting" and not s.disc_stack:
            continue
        elif ab == "recon" and not s.island_stack:
            continue
        elif ab == "tracking" and not s.hunt_deck:
            continue
        elif ab == "the_hunt" and not s.beast_deck:
            continue
        else:
            out.append((f"ab:{ab}", ABILITY, (ab, ""), ab in LOOK or ab == "the_hunt"))
    return _ids(out)


def item_options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    """Shared starting items and discovery tokens usable now (R8 "en cualquier momento", R87); the
    Goat only outside the Action phase's resolution (§3.8).  Weapon items for a fight are offered
    with the fight (`go:it.`, `fb:`), Large Leaves and Blankets with the clouds (windows.py)."""
    out: list[tuple[str, str, Any, bool]] = []
    for item, uses in s.items.items():
        if uses <= 0:
            continue
        if item in HEALERS:
            out += [(f"it:{item}:{w}", ITEM, (item, w), False) for w in _wounded(s)]
        elif item == "Pipe & Tobacco":
            out += [(f"it:{item}:{w}", ITEM, (item, w), False) for w in living(s)]
        elif item in ("Biscuits", "Empty Bottle", "Bible"):
            out.append((f"it:{item}", ITEM, (item, ""), False))
        elif item == "Storm Glass" and s.event_deck:
            out.append((f"it:{item}", ITEM, (item, ""), True))
    pot = built(s, "Pot")
    for tok in dict.fromkeys(s.tokens):
        if tok in NEED_POT and not pot:
            continue
        if tok in ("Old Machete", "Pirate Sabre", "Oil", "Herbs", "Poison") or \
                (tok == "Goat" and s.weapon >= 1 and s.phase != "resolve") or \
                (tok == "Healing Herbs" and "Medicine" not in s.built):
            out.append((f"tk:{tok}", DISCOVERY_TOKEN, (tok, ""), False))
        elif tok == "Treasure":
            out.append((f"tk:{tok}", DISCOVERY_TOKEN, (tok, ""), True))
        elif tok in ("Castaway Herbs", "Vegetables"):
            out += [(f"tk:{tok}:{w}", DISCOVERY_TOKEN, (tok, w), False) for w in _wounded(s)]
        elif tok == "Medallion":  # S6: its 3 D shared freely, one at a time (`md:<character>`)
            out.append((f"tk:{tok}", DISCOVERY_TOKEN, (tok, ""), False))
        elif tok == "Plough":  # K6.10: removes one black marker, as Reclamation does (K6.5)
            out += [(f"tk:{tok}:{key}", DISCOVERY_TOKEN, (tok, key), False) for key in family.reclaim_keys(s)]
        elif tok == "Old tools":  # K6.10: Rope, Pot or Knife built at once
            out += [(f"tk:{tok}:{item}", DISCOVERY_TOKEN, (tok, item), False) for item in family.old_tools_items(s)]
        else:  # K2.8, K3.11: Cursed Island's and Jenny's own tokens
            out += scenario_tokens.options(s, tok)
    return _ids(out)


def food_options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    """The items that give food, offered while the FP's seat picks who goes hungry (R72): Biscuits,
    the Goat (§3.7, §3.8); the meals are counted again after the use."""
    return [o for o in item_options(s) if o[0] in ("it:Biscuits", "tk:Goat")]


def prompt_items(s: RobinsonState, taken: set[str]) -> list[tuple[str, str, Any, bool]]:
    """The items and tokens offered with a pending prompt (R8, R87): those of `item_options` that the
    prompt does not already offer as its own move (`taken`), but not a second look with the Storm Glass
    at the card it is showing."""
    kind = (s.pending or {}).get("kind")
    return [o for o in item_options(s) if o[0] not in taken
            and not (kind == "glass" and o[0] == "it:Storm_Glass")
            and not (kind == "ntwin" and o[0].startswith("it:Flask_of_Rum"))]  # the window's `nt:rum`


def use_in_prompt(s: RobinsonState, seat: str, kind: str, arg: tuple[str, str]) -> None:
    """An item or token used while a prompt waits (R8, R87): the prompt waits again afterwards, with
    the work left behind it (cont.py); a prompt the item opens (Storm Glass, Medallion, Treasure)
    is answered first."""
    held, s.pending = s.pending, None
    use(s, seat, kind, arg)
    if over(s):
        return
    if s.pending is None:
        s.pending = held
    else:
        later(s, "prompt", json.dumps(held))


@step("prompt")
def _prompt_again(s: RobinsonState, f: Prompt) -> None:
    s.pending = json.loads(f.held)


def _ids(out: list[tuple[str, str, Any, bool]]) -> list[tuple[str, str, Any, bool]]:
    return [o for o in out if " " not in o[0]] + [(o[0].replace(" ", "_"), *o[1:]) for o in out if " " in o[0]]


def use(s: RobinsonState, seat: str, kind: str, arg: tuple[str, str]) -> None:
    name, target = arg
    if kind == ABILITY:
        _ability(s, seat, name, target)
        return
    actor, s.actor = s.actor, None  # between two actions: what an item gives is nobody's action (R45, R74)
    _use_shared(s, seat, kind, name, target)
    s.actor = actor


def _use_shared(s: RobinsonState, seat: str, kind: str, name: str, target: str) -> None:
    if kind == ITEM:
        s.items[name] -= 1
        if s.items[name] <= 0:
            del s.items[name]
        s.events.append(m("ev.use_item", item=card_msg("item:" + name)))
        _item(s, name, target)
    else:
        s.tokens.remove(name)
        s.events.append(m("ev.use_token", tok=sub("disc", name)))
        if name == "Medallion":  # S6: the user's seat shares the 3 D (`md:`)
            s.pending = {"kind": "medallion", "seat": seat, "n": "3"}
        _token(s, name, target)


def _ability(s: RobinsonState, seat: str, ab: str, target: str) -> None:
    me = s.seat_char[seat]
    c = s.chars[me]
    c.det -= COST[ab]
    c.used.append(ab)
    s.events.append(m("ev.ability", who=char(me), ab=sub("ab", ab)))
    if ab == "grandma":
        pay(s, "F", 1)
        heal(s, target, 2)
    elif ab == "stone_soup":
        gain(s, "F", 1)
    elif ab == "economy":
        st = s.plan[int(target)]
        st.pay["W"] -= 1
        if not st.pay["W"]:
            del st.pay["W"]
    elif ab == "defense":
        effects.track(s, target, 1)
    elif ab == "speech":
        set_morale(s, 1)
    # "handyman": its brown pawn (R32) is in the Carpenter's seat's supply this round (plan.py)
    elif ab == "the_hunt":
        card = s.beast_deck.pop(0)
        s.hunt_deck.insert(0, card)
        s.events.append(m("ev.hunt_add", n=len(s.hunt_deck)))
    elif ab == "new_idea":
        cards = []
        for _ in range(5):
            if not s.inv_deck and s.inv_discard:
                s.inv_deck, s.inv_discard = s.inv_discard, []
                s.rng.shuffle(s.inv_deck)
            if s.inv_deck:
                cards.append(s.inv_deck.pop(0))
        s.pending = {"kind": "new_idea", "seat": seat, "cards": ";".join(cards)}
        s.events.append(m("ev.seen_inventions", who=char(me),
                          items=join([card_msg("invention:" + c) for c in cards])))  # R98: shown to all
    elif ab == "scouting":
        cards = s.disc_stack[:2]
        del s.disc_stack[:2]
        s.pending = {"kind": "scouting", "seat": seat, "cards": ";".join(cards)}
        s.events.append(m("ev.seen_tokens", who=char(me), toks=join([sub("disc", c) for c in cards])))
    elif ab == "recon":
        cards = [str(t) for t in s.island_stack[:3]]
        s.pending = {"kind": "recon", "seat": seat, "cards": ";".join(cards)}
        s.events.append(m("ev.seen_tiles", who=char(me), tiles=", ".join(cards)))
    elif ab == "tracking":
        s.pending = {"kind": "tracking", "seat": seat, "cards": "top;bottom"}
        s.events.append(m("ev.hunt_reveal", beast=card_msg(s.hunt_deck[0])))


def _item(s: RobinsonState, name: str, target: str) -> None:
    if name in HEALERS:
        heal(s, target, HEALERS[name])
    elif name == "Pipe & Tobacco":
        gain_det(s, target, 2)
    elif name == "Biscuits":
        gain(s, "NF", 1)
    elif name == "Empty Bottle":
        effects.track(s, "wpn", 1)
    elif name == "Bible":
        set_morale(s, 1)
    elif name == "Storm Glass":
        s.pending = {"kind": "glass", "seat": s.seats[s.fp], "cards": "top;bottom"}
        s.events.append(m("ev.event_top", card=card_msg(s.event_deck[0])))


def _token(s: RobinsonState, tok: str, target: str) -> None:
    if tok in ("Old Machete", "Pirate Sabre"):
        effects.track(s, "wpn", 1)
    elif tok == "Poison":
        effects.track(s, "wpn", 2)
    elif tok == "Oil":
        add_wood(s, 2, limited=False)
    elif tok == "Herbs":
        set_morale(s, 1)
    elif tok == "Goat":
        gain(s, "F", 1)
        gain(s, "Fur", 1)
    elif tok == "Healing Herbs":
        s.built.append("Medicine")
        s.events.append(m("ev.built", item=card_msg("invention:Medicine")))
    elif tok == "Castaway Herbs":
        heal(s, target, 1)
    elif tok == "Vegetables":
        heal(s, target, 2)
    elif tok == "Treasure":
        treasure(s, s.seat_char[s.seats[s.fp]])
    elif tok == "Plough":
        family.reclaim(s, target, sub("disc", tok))
    elif tok == "Old tools":
        family.old_tools(s, target)
    else:
        scenario_tokens.use(s, tok, target)


def medallion_options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    return [(f"md:{c}", MEDALLION, c, False) for c in living(s, friday=True)]


def medallion_pick(s: RobinsonState, who: str) -> None:
    """S6: one of the Medallion's 3 determination tokens to a character of the seat's choice."""
    p = s.pending
    assert p is not None
    gain_det(s, who, 1)
    left = int(p["n"]) - 1
    if left:
        p["n"] = str(left)
    else:
        s.pending = None


def pick_options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    p = s.pending or {}
    cards = [c for c in p.get("cards", "").split(";") if c]
    if p.get("kind") == "new_idea" and not cards:
        return [("pk:0", LOOK_PICK, 0, True)]
    return [(f"pk:{i}", LOOK_PICK, i, True) for i in range(len(cards))]


def pick(s: RobinsonState, i: int) -> None:
    p = s.pending
    assert p is not None
    s.pending = None
    cards = [c for c in p["cards"].split(";") if c]
    kind = p["kind"]
    if kind == "new_idea":
        if cards:
            s.inv_board.append(cards[i])
            s.inv_discard += [c for j, c in enumerate(cards) if j != i]
            s.events.append(m("ev.inv_board", item=card_msg("invention:" + cards[i])))
    elif kind == "scouting":
        keep = cards[i]
        effects.arrive(s, [keep])
        rest = [c for j, c in enumerate(cards) if j != i]
        for c in rest:  # returned at random
            s.disc_stack.insert(s.rng.below(len(s.disc_stack) + 1), c)
    elif kind == "recon":
        top = int(cards[i])
        others = [t for t in s.island_stack[:3] if t != top]
        s.island_stack = [top] + s.island_stack[3:] + others
    elif kind in ("tracking", "glass"):
        deck = s.hunt_deck if kind == "tracking" else s.event_deck
        if cards[i] == "bottom":
            deck.append(deck.pop(0))


def pick_label(s: RobinsonState, i: int) -> Msg:
    p = s.pending or {}
    cards = [c for c in p.get("cards", "").split(";") if c]
    kind = p.get("kind")
    if not cards:
        return m("mv.pick_none")
    c = cards[i]
    if kind == "new_idea":
        return m("mv.pick_invention", item=card_msg("invention:" + c))
    if kind == "scouting":
        return m("mv.pick_token", tok=sub("disc", c))
    if kind == "recon":
        return m("mv.pick_tile", tile=int(c))
    return m("mv.pick_top") if c == "top" else m("mv.pick_bottom")
