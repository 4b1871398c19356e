"""What a Woof Days / Cat Days component is, for the hover reference: the visible card of a day
(its own rules, not only its stack), an empty day, the deck and the discard pile.  The hand's
cards have their own large panel (``popups.draw_card_panel``)."""

from __future__ import annotations

from catgames.games.days.table import words
from catgames.games.days.components import spot_text
from catgames.games.days.table.board import Look
from catgames.ui import i18n
from catgames.ui.canvas import Point
from catgames.ui.reference import Reference


def component_at(look: Look, pos: Point) -> Reference | None:
    """What lies under ``pos`` on the table ``look`` shows."""
    view = look.facts.view
    side = look.side
    if side.deck.collidepoint(pos):
        return Reference.of(i18n.t("days.deck", count=len(view.deck)), i18n.t("reference.days.deck"),
                            side.deck)
    if side.discard.collidepoint(pos):
        return Reference.of(i18n.t("days.discard", count=len(view.discard)),
                            i18n.t("reference.days.discard"), side.discard)
    spot = look.layout.day_at(pos)
    if spot is None or view.pending is not None:  # the lit days of a choice stay in sight
        return None
    seat, day = spot
    where = words.spot_words(spot_text(seat, day), look.names, look.facts.viewer)
    stack = view.weeks[seat][day]
    rect = look.layout.card_rect(seat, day)
    if not stack:
        return Reference.of(where, i18n.t("reference.days.empty_day"), look.layout.slot(seat, day))
    card = look.card(stack[-1])
    body = words.rule_text(card, look.edition)
    if len(stack) > 1:
        body += "\n" + i18n.plural("reference.days.stack", len(stack), spot=where)
    return Reference.of(words.card_name(card, look.edition), body, rect)
