"""Cathood: a cat's life in a changing neighbourhood of tiles (2-4 players)."""

from catgames.games.cathood.game import GAME

__all__ = ["GAME"]
