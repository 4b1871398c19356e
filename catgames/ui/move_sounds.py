"""Which effect a move plays: ``data/sounds.yaml`` lists, per game, event kinds and their effect,
from the most telling event to the least, so a move that closes a box sounds like a box closing
rather than like the card that closed it."""

from __future__ import annotations

from functools import cache
from typing import Iterable

from catgames.core.data import data_path, load_yaml
from catgames.core.rules import Event
from catgames.ui.sound import EFFECTS

FALLBACK = "drop"  #: a move none of whose events the game's list names


@cache
def sound_table() -> dict[str, tuple[tuple[str, str], ...]]:
    """Each game's (event kind, effect) pairs in priority order, checked against the effects
    that exist (a typo in the file stops with its key path)."""
    doc = load_yaml(data_path("sounds.yaml"))
    table: dict[str, tuple[tuple[str, str], ...]] = {}
    for game_id, node in doc.items():
        table[game_id] = tuple((kind, effect.str(EFFECTS)) for kind, effect in node.items())
    return table


def move_effect(game_id: str, events: Iterable[Event]) -> str:
    """The effect for one move's events."""
    kinds = {event.kind for event in events}
    for kind, effect in sound_table().get(game_id, ()):
        if kind in kinds:
            return effect
    return FALLBACK
