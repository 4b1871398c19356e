"""This Bed Is Mine: cats against dogs on a mattress."""

from catgames.games.bed.game import GAME

__all__ = ["GAME"]
