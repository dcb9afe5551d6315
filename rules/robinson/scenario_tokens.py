"""The scenario discovery tokens of Cursed Island (robinson-scenarios.md K2.8) and Jenny needs help!
(K3.11), which replace Castaways' four scenario-symbol tokens (K0.7; the data block's `discovery`
names which replaces which).  Used like any discovery token "en cualquier momento" (R87,
abilities.py offers them with `tk:<token>[:<target>]`), except the fight tokens, offered with a Hunt's
fight (`go:tk.<token>`, moves.py), and the Cultist Candle, a neutral pawn placed at planning (plan.py).

Cursed Island [IMPL SI, PROPOSED in the data]: the Cultist Candle (a one-use neutral pawn for any
action but Threat, never alone), the Strange Vial (Medicine built free), the Carved Bell (up to 2 fog
off), the Ritual Knife (kept: +3 Weapon in a fight, 1 wound to its user each use).
Jenny needs help!: Herbs (heal 1 wound) [RULES D3]; the Ruined Hut (+2 wood on arrival), the Old
Pistol (+3 Weapon for one fight), Tough Vines (Palisade +1 with a Shelter) [IMPL SI].
Cannibal Island (K5.8, PROPOSED): War Paint (+2 determination to one character) in place of the
Medallion, Lamp Oil (+2 Weapon for one burning's fight) in place of the Oil; Castaway Herbs (heal 1)
and the Pirate Sabre (Weapon +1) stand for the sheet's Herbs and Cannibal Spear."""
from __future__ import annotations

from typing import Any

from . import effects, marks
from .data import SCENARIOS
from .island import has_shelter
from .move_kinds import DISCOVERY_TOKEN
from .scenarios import cannibal, cursed, jenny
from .state import RobinsonState
from .tallies import gain_det, heal, living, wound
from .texts import card as card_msg, m, sub

CANDLE = cursed.CANDLE
VIAL, CARVED_BELL, KNIFE = "Strange Vial", "Carved Bell", "Ritual Knife"
HERBS, HUT, PISTOL, VINES = "Jenny Herbs", "Ruined Hut", "Old Pistol", "Tough Vines"
WAR_PAINT, LAMP_OIL = "War Paint", "Lamp Oil"  # K5.8 [PROPOSED]
WAR_PAINT_DET = 2  # K5.8: War Paint's determination
CARVED_BELL_REMOVES = int(SCENARIOS[cursed.KEY]["carved_bell_removes"])  # K2.8: up to 2 fog
FIGHT = {KNIFE: 3, PISTOL: 3, LAMP_OIL: 2}  # K2.8, K3.11, K5.8 (Lamp Oil: a burning's fight only)
KEPT = (KNIFE,)  # K2.8: the Ritual Knife stays after its use
PAWN = "Candle"  # K2.8: the Cultist Candle's pawn name in a stack (plan.letter_name `k`)
JENNY = "Jenny"  # K3.7, K3.11: rescued Jenny as the target of a heal


def options(s: RobinsonState, tok: str) -> list[tuple[str, str, Any, bool]]:
    """The token's uses now (K2.8, K3.11): none for the fight tokens and the Candle (offered with a
    fight, and at planning as a pawn) nor without anything to do (no fog, no Shelter, Medicine built)."""
    if tok == VIAL and "Medicine" not in s.built:
        return [(f"tk:{tok}", DISCOVERY_TOKEN, (tok, ""), False)]
    if tok == CARVED_BELL and marks.spaces_with(s, cursed.FOG):
        return [(f"tk:{tok}", DISCOVERY_TOKEN, (tok, ""), False)]
    if tok == VINES and has_shelter(s):
        return [(f"tk:{tok}", DISCOVERY_TOKEN, (tok, ""), False)]
    if tok == HERBS:
        return [(f"tk:{tok}:{w}", DISCOVERY_TOKEN, (tok, w), False) for w in healable(s)]
    if tok == WAR_PAINT:  # K5.8: +2 determination to one character
        return [(f"tk:{tok}:{c}", DISCOVERY_TOKEN, (tok, c), False) for c in living(s)]
    return []


def healable(s: RobinsonState) -> list[str]:
    """K3.11 Herbs: a wounded character (Friday too), or rescued Jenny with wounds (K3.7 [PROPOSED])."""
    out = [c for c in living(s, friday=True) if s.chars[c].wounds]
    if jenny.rescued(s) and jenny.track(s).wounds:
        out.append(JENNY)
    return out


def use(s: RobinsonState, tok: str, target: str) -> None:
    """What a used token does (its use is already told and the token taken, abilities.use)."""
    if tok == VIAL:  # K2.8: Medicine built at once, free
        s.built.append("Medicine")
        s.events.append(m("ev.built", item=card_msg("invention:Medicine")))
    elif tok == CARVED_BELL:  # K2.8: up to 2 fog, in the Sacred Bell's default order
        cursed.clear_fog(s, CARVED_BELL_REMOVES, by=tok)
    elif tok == VINES:  # K3.11: Palisade +1 (a Shelter exists: it was offered only then)
        effects.track(s, "pal", 1)
    elif tok == WAR_PAINT:  # K5.8: +2 determination to the character named
        gain_det(s, target, WAR_PAINT_DET)
    elif tok == HERBS:  # K3.11: heal 1 wound
        if target == JENNY:
            jenny.heal(s, 1)
        else:
            heal(s, target, 1)


def fight_options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    """K2.8, K3.11: the fight tokens held, offered with a Hunt's fight (`go:tk.<token>`); K5.8: Lamp Oil
    only with a burning's fight."""
    burning = bool(s.queue) and cannibal.burn_space(s.queue[0].target) is not None
    return [(f"go:tk.{t.replace(' ', '_')}", "go", "tk." + t, True) for t in sorted(set(s.tokens))
            if t in FIGHT and (t != LAMP_OIL or burning)]


def fight_bonus(s: RobinsonState, tok: str, fighter: str) -> int:
    """K2.8, K3.11: the token's Weapon for this fight; the Old Pistol goes, the Ritual Knife stays and
    wounds its user once per use."""
    if tok not in FIGHT or tok not in s.tokens:
        return 0
    if tok not in KEPT:
        s.tokens.remove(tok)
    s.events.append(m("ev.use_token", tok=sub("disc", tok)))
    if tok in KEPT:
        wound(s, fighter, 1)
    return FIGHT[tok]


def spend_candles(s: RobinsonState) -> None:
    """K2.8: a Cultist Candle placed as a pawn is used up once the plan is carried out (also if the
    action fails), as the one-use brown pawns are (R32)."""
    used = sum(st.pawns.count(PAWN) for st in s.queue)
    for _ in range(min(used, s.tokens.count(CANDLE))):
        s.tokens.remove(CANDLE)
        s.events.append(m("ev.use_token", tok=sub("disc", CANDLE)))
