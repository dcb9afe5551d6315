"""The kinds of decision whose names are two letters.  An option is `(id, kind, arg, barrier)` and
these kinds are also the prefix of the move id (`rr:1`, `hg:Cook`), which every game's log stores:
the strings never change, the names below say what they are.  (Kinds that are words already, such
as `place`, `go`, `ask`, `wood`, keep their words.)"""
from __future__ import annotations

CHOOSE_CHARACTER = "ch"  # ch:<character> / ch:random, option `choose_characters` (R2)
ABILITY = "ab"  # ab:<ability>[:<target>] (R82, R83, §3.10)
ITEM = "it"  # it:<item>[:<target>] (R87, §3.7, §3.12)
DISCOVERY_TOKEN = "tk"  # tk:<token>[:<target>] (§3.8, S6)
REROLL = "rr"  # rr:<die> / rr:no, the reroll window after an action roll (R42)
LOOK_PICK = "pk"  # pk:<i>, the card kept after a look-at ability or item (R98)
MYSTERY_DRAW = "my"  # my:go / my:stop, draw on or stop drawing Mystery cards (R92)
NIGHT_WINDOW = "nt"  # nt:<use>.<character> / nt:pass, healing before eating (E20, R72)
WEATHER_WINDOW = "wx"  # wx:<use> / wx:pass, Large Leaves, Blankets, Hooch after the weather roll (E20, R68)
MARK_ITEM = "mk"  # mk:<item>, an item marked by a Mystery card (§3.13)
SIGNS_OF_FIRE = "sf"  # sf:<source>, the source Signs of Fire exhausts (§3.11)
RUINED_HUT = "rh"  # rh:<item>, the invention the Ruined Hut gives (§3.11)
HALF_PRODUCTION = "hp"  # hp:<food>, the mix of a halved Production (R29)
MEDALLION = "md"  # md:<character>, who gains the Medallion's determination (§3.8)
HUNGRY = "hg"  # hg:<character>, who goes hungry when food is short (R72)
