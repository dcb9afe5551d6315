"""The host: the Discord-free service between the commands and the rules.

Tables (open, join, start, play: host/tables.py), turns and deadlines (host/scheduler.py,
host/deadlines.py), bot seats, undo, a finished game's history, ratings and statistics, the
texts of the host in both languages (host/locale) and the storage thread (host/offloop.py).
It imports rules, render and storage, never discord: cogs/ adapts it to Discord.
"""
