"""The Kotatsu Cats game log in words: moves and events with cards by colour and stars, cats by
colour, every sentence from ``data/strings``."""

from __future__ import annotations

from typing import Sequence

from catgames.core.moves import Move
from catgames.core.rules import Event
from catgames.games.kotatsu.components import KotatsuData
from catgames.games.kotatsu.moves import Discard, Pass, Play
from catgames.games.kotatsu.table.words import category_name, colour_name
from catgames.ui import i18n


def turn_lines(data: KotatsuData, names: Sequence[str], seat: int, move: Move,
               events: Sequence[Event]) -> list[str]:
    """The move's line, then one indented line per event that has something to say."""
    who = names[seat] if seat >= 0 else ""
    if isinstance(move, Play):
        lines = [i18n.t("kotatsu.log_play", seat=who, cards=cards_text(data, move.cards),
                        kotatsu=move.kotatsu + 1)]
    elif isinstance(move, Pass):
        lines = [i18n.t("kotatsu.log_pass", seat=who)]
    elif isinstance(move, Discard):
        lines = [i18n.t("kotatsu.log_discard", seat=who, card=cards_text(data, (move.card,)))
                 if move.card else i18n.t("kotatsu.log_keep", seat=who)]
    else:
        lines = []
    for event in events:
        line = event_line(data, names, event)
        if line:
            lines.append(("  " if lines else "") + line)
    return lines


def event_line(data: KotatsuData, names: Sequence[str], event: Event) -> str:
    """One event in words (empty when the event has no sentence)."""
    seat = names[event.seat] if event.seat is not None and event.seat >= 0 else ""
    kind = event.kind
    if kind in ("pick", "receive", "refill"):
        colour = colour_name(data, data.cat_colour[event.get("cat")])
        return i18n.t(f"event.kotatsu.{kind}", seat=seat, colour=colour,
                      kotatsu=event.get("kotatsu", 0) + 1)
    if kind == "resolve":
        cats = event.get("categories")
        places = i18n.joined(f"{names[s]} {category_name(cats[s])}" for s in event.get("order"))
        return i18n.t("event.kotatsu.resolve", kotatsu=event.get("kotatsu") + 1, places=places,
                      seat=seat, step=i18n.t(f"kotatsu.step.{event.get('decided_by')}"))
    key = f"event.kotatsu.{kind}"
    if kind == "lucky_to_bag":
        return i18n.plural(key, event.get("count"))
    if kind == "game_over":
        return i18n.t(key, why=i18n.t(f"kotatsu.end.{event.get('why')}"))
    if not i18n.has(key):
        return ""
    return i18n.t(key, seat=seat, total=data.lucky_total, **dict(event.data))


def cards_text(data: KotatsuData, labels: Sequence[str | None]) -> str:
    """``orange 3★ and black 1★`` (a list in the language's words) from card labels such as ``O3``."""
    words = []
    for label in labels:
        if label:
            colour = colour_name(data, data.colour_ids.index(label[0]))
            words.append(f"{colour} {label[1:]}★")
    return i18n.listed(words)
