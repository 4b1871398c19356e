"""Woof Days / Cat Days: fill the days of your week with dogs and cats."""

from catgames.games.days.rules import GAME

__all__ = ["GAME"]
