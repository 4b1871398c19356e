"""Registry module for the hidden-information toy game (``load_game`` reads ``GAME``)."""

from tests.ui.toygame import HIDDEN_GAME as GAME  # noqa: F401
