"""A bot seat's name says its level without words, the same in every language."""
from host.bot_seats import bot_level, bot_name
from storage import SeatRow


def seat(name: str) -> SeatRow:
    return SeatRow(game_id=1, position=0, user_id=None, name=name, is_bot=True, joined_at=0.0)


def test_bot_names_carry_their_level_as_a_mark():
    assert bot_name("Bot 1", "greedy") == "Bot 1" and bot_name("Bot 1", "random") == "Bot 1 ⚄"
    assert bot_level(seat("Bot 1")) == "greedy" and bot_level(seat("Bot 3 ⚄")) == "random"
    assert bot_level(seat("Bot · ana ⚄")) == "random" and bot_level(seat("Bot · ana")) == "greedy"


def test_names_of_older_games_still_say_their_level():
    assert bot_level(seat("Bot 1 (random)")) == "random" and bot_level(seat("Bot 1 (greedy)")) == "greedy"


def test_the_hard_level_is_marked_with_a_star():
    assert bot_name("Bot 2", "hard") == "Bot 2 ★" and bot_level(seat("Bot 2 ★")) == "hard"
    assert bot_level(seat("Bot · ana ★")) == "hard" and bot_level(seat("Bot 1 (hard)")) == "hard"
