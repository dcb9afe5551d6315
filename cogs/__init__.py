"""Discord adapters: commands, buttons, select menus and posts (the service they adapt is host/)."""

# The cogs every bot loads, as "module:Class" (each game's own shortcut cog is
# found by convention: class COG in cogs/<game key>_cog.py).
CORE_COGS = (
    "cogs.game_cog:GameCog",
    "cogs.game_cog:PlayCog",
    "cogs.bot_players:BotPlayersCog",
    "cogs.stats_cog:StatsCog",
    "cogs.deadlines_cog:DeadlinesCog",
    "cogs.lobbies_cog:LobbiesCog",  # after DeadlinesCog: its sweep runs on the deadlines' scheduler
    "cogs.history_cog:HistoryCog",
    "cogs.waiting_cog:WaitingCog",
    "cogs.private_threads_cog:PrivateThreadsCog",  # after DeadlinesCog: the digest's timer runs on its scheduler
    "cogs.reconcile:ReconcileCog",
    "cogs.seats_cog:SeatsCog",  # after GameCog: its commands join the /game group
    "cogs.gateway_watch:GatewayWatch",
    "cogs.pause:PauseCog",  # last: it archives a finished game's thread after every other listener
)
