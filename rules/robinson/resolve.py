"""Action resolution (R39-R65): one stack per `go` move, in the R39 order."""
from __future__ import annotations

import json

from . import adventures, cont, effects, rerolls, scenario_tokens
from .combat import add_to_hunt, built, fight_beast, fight_bonus
from .data import EVENTS, INVENTIONS, TILES, WRECKAGE
from .effects import take_token
from .events import event_card
from .frames import CardStep
from .island import kind, sources
from .phases import end_action, header
from .scenarios import cannibal, cursed, family, jenny, of as scenario_of
from .plan import brown_sources, check_item, invention_ready, requirement_met, resolution_order
from .stacks import drop_short
from .state import RobinsonState, Spot, Stack
from .tallies import end, gain, gain_det, heal, over, players, set_morale, wound
from .texts import card as card_msg, char, m, sub

DIE_OF = {"build": "build", "gather": "gather", "explore": "explore"}


def begin(s: RobinsonState) -> None:
    """All seats confirmed (R30): costs leave Available (tied up), then resolution in order."""
    drop_short(s)
    s.queue = resolution_order(s)
    s.plan = []
    s.done = []
    for st in s.queue:
        for k, v in st.pay.items():
            take = min(s.avail[k], v)
            s.avail[k] -= take
            if k == "F" and v > take:
                s.avail["NF"] -= v - take
    spend_brown(s)
    scenario_tokens.spend_candles(s)  # K2.8
    s.phase = "resolve"
    s.events.append(m("ev.plan_done", n=len(s.queue)))
    header(s, "resolve")
    if not s.queue:
        end_action(s)


def refund(s: RobinsonState, st: Stack) -> None:
    for k, v in st.pay.items():
        s.avail[k] += v


def seat_of(s: RobinsonState, st: Stack) -> str:
    """The resolver's seat (Friday's: the FP's, R30)."""
    return st.owners[0]


def roll(s: RobinsonState, st: Stack) -> tuple[bool, bool]:
    """R41: the faces rolled in `go` (after any rerolls) apply Wound -> Success -> Adventure."""
    w, ok, adv = st.faces or rerolls.roll_faces(s, st)
    if w == "wound":
        wound(s, st.pawns[0])
    return ok == "success", adv == "adv"


def adventure(s: RobinsonState, st: Stack, face: bool) -> None:
    """R43/R84: an adventure face or token draws a card (Friday takes 1 wound instead)."""
    adventures.adventure(s, st.action, st.pawns[0], seat_of(s, st), face)


def adventure_after(s: RobinsonState, st: Stack, face: bool, card: str) -> None:
    """R43 once the action is done; when it stopped on a prompt (K0.12's Mystery card in the temple,
    K2.7's fog to take off), the adventure face or token waits for the answer (`adv_after`)."""
    if cont.paused(s):
        cont.later(s, "codes", card, st.pawns[0], json.dumps([f"adv_after:{st.action}.{int(face)}.{seat_of(s, st)}"]))
    else:
        adventure(s, st, face)


def go(s: RobinsonState, choice: str = "") -> None:
    st = s.queue.pop(0)
    s.actor = st.pawns[0]
    s.ctx = {}
    s.done.append(st.target)
    who = st.pawns[0]
    if who in s.chars and s.chars[who].dead:
        refund(s, st)
    else:
        for t in st.tok:  # R88: a time-consuming token acts on the stack that carries it, then goes
            if t.endswith(".TC"):
                take_token(s, t[:-3], "TC")
        if take_token(s, st.action, "DNG"):  # R88: danger on the action
            wound(s, who)
        if "DNGS" in s.action_tokens.get(st.action, []):  # Predators in the Woods (stays)
            wound(s, who)
        tile = action_tile(s, st)
        if tile is not None and "DNG" in s.island[tile].tokens:
            wound(s, who)  # R88: danger on the action's tile, before the dice (the token stays)
        if not over(s) and st.action in DIE_OF and st.base < 2:
            st.faces = rerolls.roll_faces(s, st)
            s.queue.insert(0, st)
            if rerolls.open_window(s, st):
                return  # R42: rerolls before any die applies
            s.queue.pop(0)
        if not over(s):
            ACT[st.action](s, st, choice)
    after_stack(s)


def action_tile(s: RobinsonState, st: Stack) -> int | None:
    """The island tile an action takes place on (R88): a Gather's target; the camp's for a Build
    (R55: builds happen at the camp, camp-tile tokens apply)."""
    if st.action == "gather":
        return int(st.target.split(".")[1])
    if st.action == "build":
        return s.camp
    return None


def reroll_answer(s: RobinsonState, i: int) -> None:
    """A reroll or a pass in the window; when it closes the action resolves with its faces
    (the engine then carries on with `after_stack`)."""
    if rerolls.answer(s, i):
        st = s.queue.pop(0)
        ACT[st.action](s, st, "")


def spend_brown(s: RobinsonState) -> None:
    """R32: brown pawns beyond the Lantern's come from one-use sources, discarded once committed
    (also if the action fails): Hammer uses first, then Candles (item), then the Candles token."""
    used = sum(st.pawns.count("Brown") for st in s.queue)
    lasting, once = brown_sources(s)
    spent = once[:max(0, used - lasting)]
    for src in dict.fromkeys(spent):  # one line per source, however many of its uses go (never twice)
        k = spent.count(src)
        if src == "tk:Candles":
            for _ in range(k):
                s.tokens.remove("Candles")
            s.events.append(m("ev.use_token", tok=sub("disc", "Candles")) if k == 1 else
                            m("ev.use_n", what=sub("disc", "Candles"), n=k))
            continue
        s.items[src] -= k
        if s.items[src] <= 0:
            del s.items[src]
        s.events.append(m("ev.use_item", item=card_msg("item:" + src)) if k == 1 else
                        m("ev.use_n", what=card_msg("item:" + src), n=k))


def after_stack(s: RobinsonState) -> None:
    """After a stack or an answer: the work left by a prompt (cont.py) goes on; the Action phase
    ends once the queue is empty and nothing is pending or left."""
    cont.run(s)
    if s.phase == "resolve" and not over(s) and not s.queue and s.pending is None and not s.cont:
        end_action(s)


def adv_choice(s: RobinsonState, i: int) -> None:
    p = s.pending
    assert p is not None
    adventures.choose(s, p["card"], p["actor"], i)


def _threat(s: RobinsonState, st: Stack, choice: str) -> None:
    parts = st.target.split(".")
    i = int(parts[1])
    card = s.threat[i]
    if card is None:
        refund(s, st)
        return
    deck, _, name = card.partition(":")
    item = check_item(st.target)  # E28: a weapon item committed at planning, spent for this check
    bonus = 3 if item and s.items.get(item, 0) > 0 else 0
    if deck == "event" and not requirement_met(s, EVENTS[name].req, bonus):  # E3
        refund(s, st)
        s.events.append(m("ev.skipped", card=card_msg(card)))
        return
    if bonus and item:
        s.items[item] -= 1
        if s.items[item] <= 0:
            del s.items[item]
        s.events.append(m("ev.use_item", item=card_msg("item:" + item)))
    s.threat[i] = None
    s.events.append(m("ev.threat_done", who=char(st.pawns[0]), card=card_msg(card)))
    if deck == "wreck":  # R49
        effects.apply(s, WRECKAGE[name]["large" if len(st.pawns) >= 2 else "small"], card, st.pawns[0])
    else:
        effects.apply(s, event_card(card).reward, card, st.pawns[0])
    if cont.paused(s):  # a choice in the reward (E31): the card is put away after it
        cont.later(s, "threat_done", card)
        return
    threat_done(s, card)


@cont.step("threat_done")
def _threat_done_step(s: RobinsonState, f: CardStep) -> None:
    threat_done(s, f.card)


def threat_done(s: RobinsonState, card: str) -> None:
    s.mem.pop(card, None)
    for t, c in list(s.unexplored_terrain.items()):
        if c == card:
            del s.unexplored_terrain[t]


def _bonus(s: RobinsonState, fighter: str, choice: str) -> int:
    """E20's bonus chosen before a fight: a scenario's fight token (K2.8, K3.11) or combat's own."""
    if not choice.startswith("tk."):
        return fight_bonus(s, fighter, choice)
    bonus = scenario_tokens.fight_bonus(s, choice[3:], fighter)
    if bonus:
        s.events.append(m("ev.fight_bonus", n=bonus))
    return bonus


def _hunt(s: RobinsonState, st: Stack, choice: str) -> None:
    fighter = st.pawns[0]
    village = cannibal.burn_space(st.target)
    if village is not None:  # K5.5: a burning is a special Hunt, no Hunting card; E20's bonuses count [PROPOSED]
        bonus = _bonus(s, fighter, choice)
        if not over(s):
            cannibal.burn(s, fighter, village, bonus)
        return
    if not s.hunt_deck:  # E10
        return
    beast = s.hunt_deck.pop(0)
    s.events.append(m("ev.hunt", who=char(fighter), beast=card_msg(beast)))
    bonus = _bonus(s, fighter, choice)
    if over(s):
        return
    fight_beast(s, fighter, beast, bonus, hunt=True)
    if not over(s) and built(s, "Pit") and "pit" not in s.flags:
        s.flags.append("pit")
        gain(s, "F", 1, card_msg("invention:Pit"))


def _build(s: RobinsonState, st: Stack, choice: str) -> None:
    parts = st.target.split(".")
    sp = cursed.cross_space(st.target)
    if (parts[1] == "inv" and not invention_ready(s, parts[2])) or \
            (sp is not None and sp not in cursed.cross_spaces(s, {sp: 0})):  # E3: lost since planning (K2.7: tile flipped)
        refund(s, st)
        s.events.append(m("ev.skipped", card=card_msg("invention:" + parts[2])))
        return
    ok, adv = (True, False) if st.base >= 2 else roll(s, st)
    if over(s):
        return
    if not ok:
        refund(s, st)
        gain_det(s, st.pawns[0], 2, said=False)  # R41: a fail face gives 2 D (the fail line says so)
        s.events.append(m("ev.fail", who=char(st.pawns[0])))
    else:
        build_done(s, st.pawns[0], st.target, st.tok)
    adventure_after(s, st, adv, "invention:" + parts[2] if parts[1] == "inv" else "")  # K2.7: the Bell asks


def build_done(s: RobinsonState, who: str, target: str, carried: list[str] | tuple[str, ...]) -> None:
    """R57 a successful Build (also Fast Work's extra one); R88 a +1 wood token goes when the build
    that carries it (it paid the extra wood, plan.targets) succeeds; R58 the owner of a personal
    invention gains 2 D."""
    what = target.split(".")
    for t in carried:
        if t.endswith(".XW"):
            take_token(s, t[:-3], "XW")
    if what[1] == "shelter":
        s.shelter = True
        s.events.append(m("ev.shelter"))
    elif what[1] in ("roof", "pal", "wpn"):
        effects.track(s, what[1], 1)
    else:
        name = what[2]
        if name in scenario_of(s).multi:  # K0.8, K2.7 (M7): takes effect now, never "built"
            s.events.append(m("ev.invented_now", who=char(who), item=card_msg("invention:" + name)))
            cursed.multi_built(s, name, target)
            return
        s.future_built.append(name)
        wins = name == scenario_of(s).win_at_build  # K0.9, K3.1: building it wins at once, no later
        s.events.append(m("ev.invented_now" if wins else "ev.invented", who=char(who),
                          item=card_msg("invention:" + name)))
        if INVENTIONS[name].owner == who:  # R58
            gain_det(s, who, 2)
        if wins:
            end(s, "won", s.options.scenario + "_goal")


def _gather(s: RobinsonState, st: Stack, choice: str) -> None:
    _, sp, src = st.target.split(".")
    sp_i = int(sp)
    ok, adv = (True, False) if st.base >= 2 else roll(s, st)
    if over(s):
        return
    if ok and src in sources(s, sp_i):
        s.ctx = {"space": sp, "source": src}
        k = kind(src)
        n = 1 + int(f"+{k}" in s.island[sp_i].tokens)
        gain(s, k, n)
        if built(s, "Sack") and "sack" not in s.flags:
            s.flags.append("sack")
            gain(s, k, 1, card_msg("invention:Sack"))
    elif not ok:
        gain_det(s, st.pawns[0], 2, said=False)  # R41: a fail face gives 2 D (the fail line says so)
        s.events.append(m("ev.fail", who=char(st.pawns[0])))
    adventure(s, st, adv)


def _explore(s: RobinsonState, st: Stack, choice: str) -> None:
    if st.target == jenny.RESCUE:
        _rescue(s, st)
        return
    if st.target == cursed.TEMPLE:
        _search(s, st)
        return
    sp = int(st.target.split(".")[1])
    ok, adv = (True, False) if st.base >= 2 else roll(s, st)
    if over(s):
        return
    if ok and s.island_stack and sp not in s.island:
        tile = s.island_stack.pop(0)
        s.island[sp] = Spot(tile=tile)
        s.ctx = {"space": str(sp)}
        t = TILES[tile]
        s.events.append(m("ev.explored", who=char(st.pawns[0]), space=sp, tile=tile,
                          terrain=sub("terrain", t.terrain)))
        if t.beast:
            add_to_hunt(s)
        if t.totem and scenario_of(s).totems:
            totem(s, sp, st.pawns[0])
            if over(s):
                return
        elif t.totem and "totem" in scenario_of(s).extra:  # K0.6: one effect for every totem (K6.8)
            effects.apply(s, scenario_of(s).extra["totem"], "totem", st.pawns[0])
        effects.draw_discovery(s, t.disc)
    elif not ok:
        gain_det(s, st.pawns[0], 2, said=False)  # R41: a fail face gives 2 D (the fail line says so)
        s.events.append(m("ev.fail", who=char(st.pawns[0])))
    adventure(s, st, adv)


def totem(s: RobinsonState, sp: int, who: str) -> None:
    """K0.6 (M2): after the beast, before the discovery tokens, the revealed totem takes the next
    number and its effect applies (the explorer is the resolver: K3.9 totem 1)."""
    reserved = scenario_of(s).extra.get("reserved_totems", ())  # K0.6: K5 keeps token 6 for the City
    n = sum(x not in reserved for x in s.totems.values()) + 1
    s.totems[sp] = n
    s.events.append(m("ev.totem", n=n, space=sp))
    effects.apply(s, scenario_of(s).totems.get(n, ()), "totem", who)


def _rescue(s: RobinsonState, st: Stack) -> None:
    """K3.6: the special Explore on the Raft; an adventure face gives the resolver 1 wound instead of
    a card (as the raft card shows); success rescues Jenny at once."""
    if not jenny.can_rescue(s):  # E3: Jenny already rescued (never: one rescue stack a round)
        return
    ok, adv = (True, False) if st.base >= 2 else roll(s, st)
    if over(s):
        return
    if ok:
        jenny.rescue(s, char(st.pawns[0]))
    else:
        gain_det(s, st.pawns[0], 2, said=False)  # R41
        s.events.append(m("ev.fail", who=char(st.pawns[0])))
    if adv and not over(s):
        s.events.append(m("ev.raft_adventure", who=char(st.pawns[0])))
        wound(s, st.pawns[0], 1)


def _reclaim(s: RobinsonState, st: Stack, choice: str) -> None:
    """K6.5: Reclamation, 2 pawns and no dice, removes the black marker named at planning."""
    family.reclaim(s, st.target, char(st.pawns[0]))


def _search(s: RobinsonState, st: Stack) -> None:
    """K2.6: the temple search, a special Explore of the temple tile; success draws Mystery cards (4,
    up to 3 treasures and 1 creature, K0.12) and the search is done however many resolve; failure
    leaves the temple for a later round [PROPOSED]."""
    if not cursed.can_search(s):  # E3: the temple's tile turned face down since planning
        return
    ok, adv = (True, False) if st.base >= 2 else roll(s, st)
    if over(s):
        return
    s.ctx = {"space": str(cursed.temple(s))}
    if ok:
        cursed.searched(s)
        s.events.append(m("ev.temple_search", who=char(st.pawns[0])))
        effects.apply(s, [cursed.SEARCH], "temple", st.pawns[0])
    else:
        gain_det(s, st.pawns[0], 2, said=False)  # R41
        s.events.append(m("ev.fail", who=char(st.pawns[0])))
    adventure_after(s, st, adv, "temple")  # a Mystery card may ask (K0.12)


def _camp(s: RobinsonState, st: Stack, choice: str) -> None:
    """R64: 1-3 players 2 D and Morale +1; 4 players the resolver's seat chooses."""
    who = st.pawns[0]
    if players(s) < 4:
        gain_det(s, who, 2)
        set_morale(s, 1)
    elif choice == "m":
        set_morale(s, 1)
    else:
        gain_det(s, who, 2)


def _rest(s: RobinsonState, st: Stack, choice: str) -> None:
    """R65: heal 1 (Bed: 2)."""
    heal(s, st.pawns[0], 2 if built(s, "Bed") or "Hammock" in s.items else 1)


ACT = {"threat": _threat, "hunt": _hunt, "build": _build, "gather": _gather, "explore": _explore,
       "camp": _camp, "rest": _rest, "reclaim": _reclaim}
