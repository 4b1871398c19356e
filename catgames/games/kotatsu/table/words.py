"""Kotatsu Cats' component names in the player's language: cat colours and hand categories.
The data file holds only their ids; the words are ``kotatsu.colour.<id>``,
``kotatsu.colour_letter.<id>`` and ``kotatsu.category.<id>`` in
``data/strings/<lang>/kotatsu.yaml``."""

from __future__ import annotations

from catgames.games.kotatsu.components import CATEGORY_IDS, KotatsuData
from catgames.ui import i18n


def colour_name(data: KotatsuData, colour: int) -> str:
    """``orange`` for the colour index of ``O``."""
    return i18n.t(f"kotatsu.colour.{data.colour_ids[colour]}")


def colour_letter(data: KotatsuData, colour: int) -> str:
    """The colour's initial in the player's language, printed in a card's corner (``W`` for
    white, ``Б`` for белый, ``白``)."""
    return i18n.t(f"kotatsu.colour_letter.{data.colour_ids[colour]}")


def category_name(category: int) -> str:
    """``Cathouse`` for a hand's category index (``CATEGORY_IDS`` order, best first)."""
    return i18n.t(f"kotatsu.category.{CATEGORY_IDS[category]}")
