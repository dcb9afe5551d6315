"""Operator tools, run from the command line (`python bot.py bench | loadtest | crashtest | check`):
benchmarks that print figures, the load and crash tests, and the database check."""
