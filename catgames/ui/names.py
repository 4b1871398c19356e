"""The names players read for the seats: the ones chosen on the new-game screen, else defaults.

Defaults are said in the player's language: the game's own seat word where it has one (This Bed
Is Mine's Cat and Dog; the rules call other seats ``P1``…), else "Player 1"…; a computer seat is a cat with its level, "Mochi
(hard)", the cats listed in ``names.cats``.  The rules' seat names (``Match.seat_names``) stay the
keys of saves, positions and outcome details; nothing here is ever a key.
"""

from __future__ import annotations

import re
from typing import Sequence

from catgames.core.seats import SeatUpdate
from catgames.core.session import Match, ai_difficulty
from catgames.ui import i18n


def cat_names() -> list[str]:
    """The computer players' names, one a line in ``names.cats``."""
    return [line.strip() for line in i18n.t("names.cats").splitlines() if line.strip()]


def default_names(game_id: str, seat_keys: Sequence[str], kinds: Sequence[str],
                  levels: bool = True) -> list[str]:
    """Each seat's default name for seats of these kinds (``"human"``, ``"ai:hard"``…); without
    ``levels``, a computer seat is its cat alone."""
    cats, names, ais = cat_names(), [], 0
    for seat, (key, kind) in enumerate(zip(seat_keys, kinds)):
        level = ai_difficulty(kind)
        if level is not None:
            cat = cats[ais % len(cats)]
            names.append(i18n.t("names.ai", name=cat, level=i18n.t(f"names.level.{level}")) if levels else cat)
            ais += 1
        else:
            names.append(person_name(game_id, key))
    return names


def person_name(game_id: str, key: str) -> str:
    """A person's seat by default: the game's own word for it (Cat, Dog), else "Player 2" for
    the rules' ``P2``."""
    numbered = re.fullmatch(r"P(\d+)", key)
    return i18n.t("names.player", n=int(numbered[1])) if numbered else i18n.seat_word(game_id, key)


def chosen_or_default(chosen: Sequence[str], defaults: Sequence[str]) -> list[str]:
    """A chosen name where there is one, else the default."""
    return [(chosen[i] if i < len(chosen) else "") or default for i, default in enumerate(defaults)]


def shown_names(match: Match, levels: bool = True) -> list[str]:
    """The names a player reads for ``match``'s seats; without ``levels``, "Mochi" rather than
    "Mochi (hard)", for a spot too tight for the level that a fuller one beside it says."""
    defaults = default_names(match.game_id, match.seat_names, match.seats, levels)
    return chosen_or_default(match.names, defaults)


def update_names(update: SeatUpdate, seat_keys: Sequence[str], levels: bool = True) -> list[str]:
    """``shown_names`` read from a seat's update (a table's): ``seat_keys`` are the rules'."""
    return chosen_or_default(update.names, default_names(update.game_id, seat_keys, update.seats, levels))


class RememberedNames:
    """``update_names`` of the update last asked about, worked out again only for another
    update or language (a table asks for its seats' names many times a frame)."""

    def __init__(self) -> None:
        self._made: tuple[SeatUpdate, str, list[str]] | None = None

    def of(self, update: SeatUpdate, seat_keys: Sequence[str]) -> list[str]:
        language = i18n.current_language()
        if self._made is None or self._made[0] is not update or self._made[1] != language:
            self._made = (update, language, update_names(update, seat_keys))
        return list(self._made[2])
