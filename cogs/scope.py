"""Every game belongs to its server: commands are declared for servers only, and one that arrives
from a direct message anyway is refused privately before any cog sees it (design.md).

Inside a server the service finds games only by that server's numbers (`TableService.locate`,
`table_in` for buttons); this module keeps direct messages out of the command tree.
"""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from . import ops
from host.i18n import t, user_locale


def guild_only_everywhere(tree: app_commands.CommandTree) -> int:
    """Declare every top-level command and group of the tree for servers only (Discord's allowed contexts:
    guilds, not bot DMs nor private channels); subcommands follow their group.  Returns how many."""
    count = 0
    for command in tree.get_commands():
        if isinstance(command, (app_commands.Command, app_commands.Group)):
            app_commands.guild_only(command)
            command.allowed_contexts = app_commands.AppCommandContext(guild=True, dm_channel=False,
                                                                      private_channel=False)
            count += 1
    return count


class ServerTree(app_commands.CommandTree):
    """The bot's command tree: a command or autocomplete from a direct message gets a private refusal."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.guild_id is not None:
            return True
        await refuse_dm(interaction)
        return False


async def refuse_dm(interaction: Any) -> None:
    interaction.extras["refused"] = True  # the local table exits 1 on a refusal
    if interaction.type is discord.InteractionType.autocomplete:
        if not interaction.response.is_done():
            await interaction.response.autocomplete([])
        return
    await ops.reply(interaction, t("host.refuse.dm_only", user_locale(interaction)), ephemeral=True)


__all__ = ["ServerTree", "guild_only_everywhere", "refuse_dm"]
