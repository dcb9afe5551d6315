"""`/robinson …`: typed shortcuts for Robinson Crusoe moves (`/robinson new scenario:` picks the scenario).

Shortcuts only compose a move id (see rules/robinson/plan.py for the grammar)
and go through the same `/play` pipeline; the rules decide whether it is
legal.  During planning every player uses `/robinson plan` for their own pawns
(several players at once), `/robinson confirm` when done; the board's
"My view" button lists the same moves privately.
"""
from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

from rules.robinson.names import invention_named

from .completion import game_id_choices
from .shortcuts import GAME_ID, Shortcuts

SCENARIOS = (("castaways", "Castaways"), ("cursed_island", "Cursed Island"), ("jenny", "Jenny needs help!"),
             ("family_robinson", "Family Robinson"), ("cannibal_island", "Cannibal Island"))  # robinson-scenarios.md K0.1
ACTIONS = (("threat", "Threat"), ("hunt", "Hunt"), ("build", "Build"), ("gather", "Gather"),
           ("explore", "Explore"), ("camp", "Arrange camp"), ("rest", "Rest"), ("reclaim", "Reclamation"))
BUILD = {"shelter": "shelter", "roof": "roof", "palisade": "pal", "pal": "pal", "weapon": "wpn", "wpn": "wpn"}
TARGET = "Threat l/r; Build roof/invention/cross 5; Gather 11 wood; Explore 5/raft/temple; Reclaim 5 waste"
SIDES = {"left": "0", "l": "0", "0": "0", "right": "1", "r": "1", "1": "1"}
PAWNS = {"friday": "f", "viernes": "f", "dog": "d", "perro": "d", "handyman": "h", "manitas": "h",
         "brown": "b", "marron": "b", "marrón": "b", "green": "e", "verde": "e"}
CHARACTERS = {"cook": "Cook", "cocinero": "Cook", "carpenter": "Carpenter", "carpintero": "Carpenter",
              "explorer": "Explorer", "explorador": "Explorer", "soldier": "Soldier", "soldado": "Soldier"}


def plan_move(action: str, target: str = "", pawns: int = 1, friday: bool = False, dog: bool = False,
              pay: str = "", friday_leads: bool = False) -> str:
    """The `p:<target>:<pawns>` id of a new stack.  Examples:
    ('build', 'roof', 2, pay='fur') -> 'p:b.roof.f:cc'; ('gather', '11 wood') -> 'p:g.11.wood:c';
    ('threat', 'right', 2) -> 'p:thr.1.2:cc' for a Wreckage card; ('explore', '5', 1, dog=True) -> 'p:x.5:cd';
    ('hunt', '', 1) -> 'p:hunt:c', a hunt other players' pawns (or Friday, the Dog) join (R38, R50)."""
    words = target.replace(",", " ").split()
    letters = ("f" if friday_leads else "") + "c" * max(0, pawns) + ("f" if friday and not friday_leads else "")
    letters += "d" if dog else ""
    suffix = {"wood": ".w", "w": ".w", "fur": ".f", "f": ".f"}.get(pay.strip().lower(), "")
    if action == "threat":
        side = SIDES.get((words[0] if words else "right").lower(), "1")
        size = f".{len(letters)}" if target.lower().endswith(("wreck", "wreckage")) else ""
        key = f"thr.{side}{size or suffix}"
    elif action == "build":
        what = (words[0] if words else "").lower()
        if what in BUILD:
            key = "b." + BUILD[what] + (suffix or (".w" if BUILD[what] in ("shelter", "roof", "pal") else ""))
        else:
            tile = words.pop() if len(words) > 1 and words[-1].isdigit() else ""  # a Cross's tile: "cross 5"
            typed = " ".join(words)  # an invention by its name in English or Spanish ("shovel", "pala")
            key = "b.inv." + (invention_named(typed) or typed.title().replace(" ", "")) + (f".{tile}" if tile else "") + suffix
    elif action == "gather":
        space, source = (words + ["", ""])[:2]
        key = f"g.{space}.{source.lower() or 'wood'}"
    elif action == "explore":  # a space, Jenny's raft (robinson-scenarios.md K3.6) or the temple (K2.6)
        where = words[0] if words else ""
        low = where.lower()
        key = "x.raft" if low in ("raft", "balsa", "jenny") else "x.temple" if low in ("temple", "templo") else f"x.{where}"
    elif action == "hunt" and words and words[-1].isdigit():  # Cannibal Island's burning: 'burn 5' (K5.5)
        key = f"h.burn.{words[-1]}"
    elif action == "reclaim":  # Family Robinson's Reclamation: '5 waste' or '3 fish' (robinson-scenarios.md K6.5)
        space, what = (words + ["", ""])[:2]
        key = f"r.{space}.{'waste' if what.lower() in ('waste', 'wasteland', 'erial', '') else what.lower()}"
    else:
        key = action
    return f"p:{key}:{letters}"


def support_move(stack: int, pawn: str = "me") -> str:
    """`s:<i>:<letter>`: one of your pawns on action number `stack` (1 = first), e.g. (2, 'friday') -> 's:1:f'."""
    return f"s:{stack - 1}:{PAWNS.get(pawn.strip().lower(), 'c')}"


def lead_move(stack: int, who: str) -> str:
    """`t:<i>:<character>`: hand the lead of action `stack` to a character on it, e.g. (1, 'cocinero') -> 't:0:Cook'."""
    return f"t:{stack - 1}:{CHARACTERS.get(who.strip().lower(), who.strip().title())}"


class RobinsonCog(Shortcuts, commands.GroupCog, group_name="robinson", group_description="Robinson Crusoe shortcuts"):
    @app_commands.command(name="new", description="Open a Robinson Crusoe game (1-4 players): Castaways or another scenario")
    @app_commands.describe(scenario="1 Castaways (default), 2 Cursed Island, 3 Jenny needs help!, 5 Cannibal Island, 6 Family Robinson",
                           difficulty="Event deck mix: easy, normal or hard",
                           dog_with_two="With 2 players, also add the Dog",
                           random_wreckage="A random Wreckage card instead of Food Crates",
                           choose_characters="Players choose their characters in seat order instead of a random deal",
                           plan_timeout="At the turn deadline, unplaced pawns rest and the plan is confirmed",
                           prompt_timeout="At the turn deadline, any other decision takes its default answer")
    @app_commands.choices(difficulty=[app_commands.Choice(name=v, value=v) for v in ("easy", "normal", "hard")],
                          scenario=[app_commands.Choice(name=n, value=v) for v, n in SCENARIOS])
    async def new(self, interaction: discord.Interaction, scenario: str = "castaways", difficulty: str = "normal",
                  dog_with_two: bool = False, random_wreckage: bool = False, choose_characters: bool = False,
                  plan_timeout: bool = False, prompt_timeout: bool = False) -> None:
        options = {"scenario": scenario, "difficulty": difficulty, "dog_with_two": dog_with_two, "random_wreckage": random_wreckage,
                   "choose_characters": choose_characters, "plan_timeout": plan_timeout,
                   "prompt_timeout": prompt_timeout}
        await self.actions.run(interaction, self.actions.new_game(interaction, "robinson", options))

    @app_commands.command(name="plan", description="Place your pawns on an action (planning)")
    @app_commands.describe(action="Which action", target=TARGET,
                           pawns="Your own pawns (1 rolls, 2 is sure; fewer than needed: others join with /robinson support)",
                           friday="First player: add Friday", dog="First player: add the Dog (Hunt, Explore)",
                           pay="Wood or fur, where the cost offers a choice", game=GAME_ID)
    @app_commands.choices(action=[app_commands.Choice(name=n, value=v) for v, n in ACTIONS])
    @app_commands.autocomplete(game=game_id_choices)
    async def plan(self, interaction: discord.Interaction, action: str, target: str = "",
                   pawns: app_commands.Range[int, 0, 2] = 1, friday: bool = False, dog: bool = False,
                   pay: str = "", game: Optional[int] = None) -> None:
        await self._play(interaction, game, plan_move(action, target, pawns, friday, dog, pay,
                                                      friday_leads=pawns == 0 and friday))

    @app_commands.command(name="support", description="Add one of your pawns to any planned action, also another player's")
    @app_commands.describe(stack="Action number in the plan (1 = first)",
                           pawn="me, or for the first player: friday, dog, brown, green; handyman", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def support(self, interaction: discord.Interaction, stack: int, pawn: str = "me",
                      game: Optional[int] = None) -> None:
        await self._play(interaction, game, support_move(stack, pawn))

    @app_commands.command(name="lead", description="Your pawn is on top of an action: let another character on it resolve it")
    @app_commands.describe(stack="Action number in the plan (1 = first)", who="cook, carpenter, explorer or soldier",
                           game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def lead(self, interaction: discord.Interaction, stack: int, who: str,
                   game: Optional[int] = None) -> None:
        await self._play(interaction, game, lead_move(stack, who))

    @app_commands.command(name="back", description="Take your pawns back from a planned action")
    @app_commands.describe(stack="Action number in the plan (1 = first)", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def back(self, interaction: discord.Interaction, stack: int, game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"u:{stack - 1}")

    @app_commands.command(name="confirm", description="Confirm the plan (all your pawns placed)")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def confirm(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "ok")

    @app_commands.command(name="go", description="Resolve the next action (the acting player)")
    @app_commands.describe(choice="Arrange camp with 4 players: determination or morale", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def go(self, interaction: discord.Interaction, choice: str = "", game: Optional[int] = None) -> None:
        pick = {"determination": ":d", "d": ":d", "morale": ":m", "m": ":m"}.get(choice.strip().lower(), "")
        await self._play(interaction, game, "go" + pick)

    @app_commands.command(name="choose", description="Choose an option of the adventure card you drew")
    @app_commands.describe(option="1 or 2, as listed", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def choose(self, interaction: discord.Interaction, option: app_commands.Range[int, 1, 4],
                     game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"adv:{option - 1}")

    @app_commands.command(name="wood", description="First player: wood onto the woodpile before planning")
    @app_commands.describe(amount="How much wood (0 = none)", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def wood(self, interaction: discord.Interaction, amount: app_commands.Range[int, 0, 15],
                   game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"wood:{amount}")

    @app_commands.command(name="camp", description="First player at night: move the camp (a space) or stay")
    @app_commands.describe(space="Adjacent explored space; leave empty to stay", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def camp(self, interaction: discord.Interaction, space: Optional[int] = None,
                   game: Optional[int] = None) -> None:
        await self._play(interaction, game, "stay" if space is None else f"camp:{space}")

    @app_commands.command(name="draw", description="First player: draw the event card")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def draw(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "draw")

    @app_commands.command(name="weather", description="First player: roll the weather dice")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def weather(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "roll")


COG = RobinsonCog
