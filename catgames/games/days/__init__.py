"""Woof Days / Cat Days: fill the days of your week with dogs and cats."""

from catgames.games.days.game import GAME

__all__ = ["GAME"]
