"""Which effect a move plays: ``data/sounds.yaml`` lists, per game, event kinds and their effect,
from the most telling event to the least, so a move that closes a box sounds like a box closing
rather than like the card that closed it."""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import Iterable

from catgames.core.data import DataError, data_path, load_yaml
from catgames.core.rules import Event
from catgames.ui.sound import EFFECTS

log = logging.getLogger(__name__)

FALLBACK = "drop"  #: a move none of whose events the game's list names


@cache
def sound_table(path: Path | None = None) -> dict[str, tuple[tuple[str, str], ...]]:
    """Each game's (event kind, effect) pairs in priority order, checked against the effects
    that exist.  A broken file is logged with its key path (once) and every move plays the
    fallback: a sound is never worth stopping a game for."""
    try:
        doc = load_yaml(path or data_path("sounds.yaml"))
        return {game_id: tuple((kind, effect.str(EFFECTS)) for kind, effect in node.items())
                for game_id, node in doc.items()}
    except DataError as exc:
        log.error("%s", exc)
        return {}


def move_effect(game_id: str, events: Iterable[Event]) -> str:
    """The effect for one move's events."""
    kinds = {event.kind for event in events}
    for kind, effect in sound_table().get(game_id, ()):
        if kind in kinds:
            return effect
    return FALLBACK
