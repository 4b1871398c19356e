"""Kotatsu Cats: poker hands around three kotatsu to win cats and their cushions."""

from catgames.games.kotatsu.game import GAME

__all__ = ["GAME"]
