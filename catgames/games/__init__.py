"""The games, one package each; their catalogue is ``catgames.core.catalogue``."""

from catgames.core.catalogue import (  # noqa: F401  (the names callers know the games by)
    Manifest, UnknownGame, available_ids, load_game, manifest,
)
