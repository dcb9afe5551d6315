"""A fake Discord (REST, gateway and interactions) served on localhost, for the protocol tests and `bot.py bench fleet`."""
