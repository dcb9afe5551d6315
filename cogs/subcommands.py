"""Subcommands of a group declared in another cog: a feature's own cog adds its commands to `/game`.

discord.py puts a plain cog's app commands at the top level of the tree.  `attach` copies them under
an existing group (bound to the cog) during `cog_load`, before the cog is injected, and empties the
cog's list so nothing lands at the top level; `detach` takes them out again on unload.  The group's
cog must be loaded first (cogs.CORE_COGS order).
"""
from __future__ import annotations

from discord import app_commands
from discord.ext import commands


def attach(cog: commands.Cog, tree: app_commands.CommandTree, group_name: str) -> list[app_commands.Command]:
    group = tree.get_command(group_name)
    if not isinstance(group, app_commands.Group):
        raise RuntimeError(f"/{group_name} is not loaded before {type(cog).__name__} (cogs.CORE_COGS)")
    added = []
    for command in list(cog.__cog_app_commands__):
        copy = command._copy_with(parent=group, binding=cog, bindings={cog: cog})  # type: ignore[union-attr]
        group.add_command(copy)
        added.append(copy)
    cog.__cog_app_commands__ = []  # type: ignore[misc]
    return added


def detach(tree: app_commands.CommandTree, group_name: str, commands_: list[app_commands.Command]) -> None:
    group = tree.get_command(group_name)
    if isinstance(group, app_commands.Group):
        for command in commands_:
            group.remove_command(command.name)


__all__ = ["attach", "detach"]
