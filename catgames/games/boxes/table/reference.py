"""What an If It Fits component is, for the hover reference: a card in the hand, a box on the
table (hovering any of its cards: open or closed, its toys, who leads it, what it pays), a cat
on the table, the player's cats still to place, and the draw pile."""

from __future__ import annotations

import pygame

from catgames.games.boxes.components import BOX, PRINCESS, START, TOY, Kind
from catgames.games.boxes.gestures import cat_under
from catgames.games.boxes.table.look import Look
from catgames.games.boxes.table.panels import CATS_RECT, DECK_RECT, hand_rect
from catgames.games.boxes.scoring import ScoredBox, box_value
from catgames.games.boxes.grid import PRINCESS_OWNER
from catgames.games.boxes.table.view import cat_rect
from catgames.games.boxes.table.words import count
from catgames.ui import i18n
from catgames.ui.canvas import Point
from catgames.ui.reference import Reference

#: the rules text of each role of card (``Kind.role``)
ROLE_TEXT = {BOX: "box_card", TOY: "box_card", START: "start_card", PRINCESS: "princess"}


def component_at(look: Look, pos: Point) -> Reference | None:
    """What lies under ``pos`` on the table ``look`` shows."""
    state = look.seen
    kinds = state.data.kinds
    for i, kind in enumerate(look.hand):
        if hand_rect(i).collidepoint(pos):
            return _card(kinds[kind], hand_rect(i))
    if DECK_RECT.collidepoint(pos):
        return Reference.of(i18n.t("boxes.deck"), i18n.t("reference.boxes.deck"), DECK_RECT)
    if CATS_RECT.collidepoint(pos):
        return Reference.of(i18n.t("boxes.your_cats", count=state.supply[look.viewer]),
                            i18n.t("reference.boxes.cats"), CATS_RECT)
    slot = look.camera.slot_at(pos)
    if slot is None:
        return None
    pair = cat_under(state, *slot)
    upper = None if pair is None else state.geo.slot(*pair)
    if pair is not None and upper is not None:
        owner, awake = state.layout.cats[upper]
        rect = pygame.FRect(cat_rect(look.camera, *pair))
        if rect.collidepoint(pos) and owner == PRINCESS_OWNER:
            return _card(next(k for k in kinds if k.role == PRINCESS), rect)
        if rect.collidepoint(pos):
            key = "cat_awake" if awake else "cat_sleeping"
            return Reference.of(i18n.t(f"reference.boxes.{key}", seat=look.names[owner]),
                                i18n.t("reference.boxes.cat_on_table"), rect)
    index = state.geo.slot(*slot)
    if index is None or index not in state.layout.cards:
        return None
    scored = next(b for b in look.score.boxes if index in b.box.slots)
    return _box(look, scored, kinds[state.layout.cards[index][0]], look.camera.slot_rect(*slot))


def _box(look: Look, scored: ScoredBox, kind: Kind, rect: pygame.FRect) -> Reference:
    """The box the hovered card belongs to: its state and toys, who leads it, what it pays (once
    closed, or at the end if it stays open), and the card itself."""
    box = scored.box
    state = "closed" if box.closed else "dead" if box.dead else "open"
    title = i18n.t(f"reference.boxes.box.{state}", cards=count("cards", len(box.slots)),
                   toys=count("toys", box.toys))
    seats = i18n.listed(look.names[s] for s in scored.leaders)
    if not scored.leaders:
        lines = [i18n.t("reference.boxes.box_empty")]
    else:
        key = "reference.boxes.box_tied" if len(scored.leaders) > 1 else "reference.boxes.box_leads"
        lines = [i18n.plural(key, box.counts[scored.leaders[0]], seats=seats)]
    lines.append(_pays(look, scored))
    lines.append(i18n.t("reference.boxes.this_card" if kind.toys else "reference.boxes.this_card_bare",
                        card=i18n.t(f"reference.boxes.name.{kind.cls}"), toys=count("toys", kind.toys)))
    return Reference.of(title, "\n".join(lines), rect)


def _pays(look: Look, scored: ScoredBox) -> str:
    """Whom the box pays and how much: as closed, or if closed now and as it would stand open."""
    box = scored.box
    seats = i18n.listed(look.names[s] for s in scored.scorers)
    if not box.toys:
        return i18n.t("reference.boxes.pays_no_toys")
    if not scored.scorers:
        return i18n.t("reference.boxes.pays_nobody_tie" if scored.leaders else "reference.boxes.pays_nobody")
    if box.closed:
        return i18n.t("reference.boxes.pays_closed", seats=seats, points=count("points", box.toys))
    left_open = count("points", box_value(box, look.seen.open_boxes))
    key = "reference.boxes.pays_dead" if box.dead else "reference.boxes.pays_open"
    return i18n.t(key, seats=seats, points=count("points", box.toys), open=left_open)


def _card(kind: Kind, rect: pygame.FRect) -> Reference:
    body = i18n.t(f"reference.boxes.{ROLE_TEXT[kind.role]}", toys=count("toys", kind.toys))
    return Reference.of(i18n.t(f"reference.boxes.name.{kind.cls}"), body, rect)
