"""If It Fits: box cards on a table grid, cats in the boxes."""

from catgames.games.boxes.game import GAME

__all__ = ["GAME"]
