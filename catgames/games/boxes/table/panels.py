"""The panels around the If It Fits table: the tray at the bottom (your hand, your cats, the draw
pile, the discard area), the players' live scores, and the box-by-box list of the end screen.

Layout and painting only, from a snapshot of what the viewer may see (``TrayView``); the scene
decides what goes in it and handles the input.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Collection, Sequence

import pygame

from catgames.games.boxes.components import PRINCESS, TOY, Kind
from catgames.games.boxes.gestures import CAT_PIECE, HandCard, Piece
from catgames.games.boxes.moves import Draw, Move, Skip, StartSide
from catgames.games.boxes.rules import CAT, PLAY, START_ROW, TURN, BoxesState
from catgames.games.boxes.scoring import BoxesScore
from catgames.games.boxes.table.view import draw_card, draw_card_back, draw_cat, draw_princess_card
from catgames.games.boxes.table.words import SeatLabel, box_line, count
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget

TRAY = pygame.FRect(16, 588, 868, 148)  #: condensed under the table (issue 28: the table fills the window)
HAND_CARD = (112.0, 80.0)
HAND_X, HAND_Y, HAND_GAP = 30.0, TRAY.y + 34, 12.0
CATS_RECT = pygame.FRect(404, HAND_Y - 6, 150, 92)
DECK_RECT = pygame.FRect(570, HAND_Y, 84, 60)
#: the step's buttons, or the discard area (down to the tray's foot, room for its words)
ACTIONS = pygame.FRect(668, HAND_Y - 2, 204, TRAY.bottom - 8 - (HAND_Y - 2))  #: below the deck's title
CAT_KEY = 4                                  #: digit key that takes a cat (1-3 take hand cards)
TITLE_Y = (TRAY.y + HAND_Y) / 2              #: the titles' centre, midway to the cards
LIST_ROWS = 2                                #: rows of boxes the end screen shows at least
LIST_LEAST = 13.0                            #: the box list's smallest text (its 100 % size) before it takes one column


def hand_rect(index: int) -> pygame.FRect:
    w, h = HAND_CARD
    return pygame.FRect(HAND_X + index * (w + HAND_GAP), HAND_Y, w, h)


@dataclass(frozen=True)
class TrayView:
    """What the tray shows this move."""

    seen: BoxesState                 #: the viewer's observation
    kinds: Sequence[Kind]
    names: Sequence[str]
    seat: int | None                 #: whose hand is face up (``None``: nobody's)
    mine: bool                       #: that player may act now
    lifted: tuple[Piece, ...]        #: pieces in the air (not drawn at home)
    selected: Piece | None
    discarding: bool                 #: nothing fits: the discard area takes a card
    turned: int = 0                  #: the selected card's turn (degrees) while it is held


def paint_tray(canvas: Canvas, tray: TrayView) -> None:
    pal = palette()
    canvas.rect(pal.panel, TRAY, radius=12)
    if tray.mine:
        canvas.rect(pal.focus, TRAY, width=2, radius=12)
    if tray.seat is None:
        _paint_hidden_hand(canvas, tray)
    else:
        _paint_hand(canvas, tray, tray.seat)
        _paint_cats(canvas, tray, tray.seat)
    _paint_deck(canvas, tray.seen)
    if tray.mine and tray.discarding:
        canvas.rect(pal.table, ACTIONS, radius=10)
        canvas.rect(pal.focus, ACTIONS, width=2, radius=10)
        words = pygame.FRect(ACTIONS.x + 10, ACTIONS.y + 18, ACTIONS.w - 20, ACTIONS.h - 26)
        canvas.paragraph(i18n.t("boxes.discard_here"), words, 17, pal.text, align="center",
                         middle=True)  # under the verdict mark
    elif tray.mine and tray.seen.step == PLAY:
        canvas.paragraph(i18n.t("boxes.play_a_card"), ACTIONS.inflate(0, -4), 17, pal.text_dim)


def step_buttons(step: str, start_sides: Collection[str], can_sleep: bool,
                 play: Callable[[Move], Any], take_sleeper: Callable[[], None]) -> list[Widget]:
    """The actions of the current step, in ``ACTIONS`` beside the deck."""
    x, w = ACTIONS.x, ACTIONS.w
    if step == START_ROW:
        buttons: list[Widget] = []
        for i, side in enumerate(("left", "right")):
            button = Button((x, ACTIONS.y + 2 + i * 54, w, 46), i18n.t(f"boxes.start_{side}"),
                            partial(play, StartSide(side)), primary=True, size=19,
                            move=StartSide(side))
            button.enabled = side in start_sides
            buttons.append(button)
        return buttons
    if step == TURN:
        draw = Button((x, ACTIONS.y + 2, w, 46), i18n.t("boxes.draw"), partial(play, Draw()), primary=True,
                      tooltip=i18n.t("boxes.draw_tip"), size=19, move=Draw())
        sleep = Button((x, ACTIONS.y + 56, w, 46), i18n.t("boxes.sleep"), take_sleeper,
                       tooltip=i18n.t("boxes.sleep_tip"), size=19)
        sleep.enabled = can_sleep
        return [draw, sleep]
    if step == CAT:
        return [Button((x, ACTIONS.y + 30, w, 46), i18n.t("boxes.skip"), partial(play, Skip()),
                       tooltip=i18n.t("boxes.skip_tip"), size=19, move=Skip())]
    return []


def draw_hand_card(canvas: Canvas, rect: pygame.FRect, kind: Kind, rot: int) -> None:
    """A card as it is held: a box card face up (turned ``rot``) or a Princess."""
    if kind.role == PRINCESS:
        draw_princess_card(canvas, rect)
    else:
        draw_card(canvas, rect, kind.edges_at(rot), kind.toys, special=kind.role == TOY)


def card_caption(kind: Kind) -> str:
    return i18n.t("boxes.princess") if kind.role == PRINCESS else count("toys", kind.toys)


def _paint_hand(canvas: Canvas, tray: TrayView, seat: int) -> None:
    pal = palette()
    hand = tray.seen.hands[seat]
    title = i18n.t("boxes.your_hand", seat=tray.names[seat])
    canvas.text(title, (HAND_X, TITLE_Y), 17, pal.text, "midleft", bold=True, max_width=360)
    if not hand:
        if tray.seen.step == START_ROW:
            note = i18n.plural("boxes.before_deal", tray.seen.data.hand_size)
        else:
            note = i18n.t("boxes.empty_hand")
        canvas.paragraph(note, (HAND_X, HAND_Y + 10, 360, 70), 17, pal.text_dim)
    for i, k in enumerate(hand):
        rect = hand_rect(i)
        if tray.mine and HandCard(i) in tray.lifted:
            canvas.rect(pal.panel_edge, rect, width=1, radius=8)
            continue
        held = tray.mine and tray.selected == HandCard(i)
        if held:
            canvas.rect(pal.focus, rect.inflate(8, 8), width=3, radius=10)
        draw_hand_card(canvas, rect, tray.kinds[k], tray.turned if held else 0)
        badge = pygame.FRect(rect.x + 2, rect.bottom + 4, 0, 20)
        if tray.mine:
            badge = key_badge(canvas, badge.topleft, str(i + 1))
        x = max(rect.x + 26, badge.right + 4)
        canvas.text(card_caption(tray.kinds[k]), (x, badge.centery), 14, pal.text_dim, "midleft",
                    max_width=rect.right + HAND_GAP - 4 - x)


def _paint_cats(canvas: Canvas, tray: TrayView, seat: int) -> None:
    pal = palette()
    left = tray.seen.supply[seat]
    canvas.text(i18n.t("boxes.your_cats", count=left), (CATS_RECT.x, TITLE_Y), 17, pal.text,
                "midleft", bold=True, max_width=CATS_RECT.w + 10)
    shown = left - (1 if tray.mine and CAT_PIECE in tray.lifted else 0)
    step = 0 if shown <= 1 else min(26.0, (CATS_RECT.w - 46) / (shown - 1))
    for i in range(shown):
        draw_cat(canvas, pygame.FRect(CATS_RECT.x + i * step, CATS_RECT.y + 6, 46, 66),
                 pal.seat(seat), True)
    if tray.mine and tray.selected == CAT_PIECE:
        canvas.rect(pal.focus, CATS_RECT.inflate(6, 6), width=3, radius=10)
    if tray.mine and left:
        key_badge(canvas, (CATS_RECT.x, CATS_RECT.bottom - 4), str(CAT_KEY))
    if not left:
        canvas.text(i18n.t("boxes.no_cats"), (CATS_RECT.x, CATS_RECT.centery), 15, pal.text_dim,
                    "midleft", max_width=CATS_RECT.w)


def _paint_hidden_hand(canvas: Canvas, tray: TrayView) -> None:
    """No human's hand may show: the mover's cards face down, nothing more."""
    pal = palette()
    seen = tray.seen
    seat = max(seen.to_move, 0)
    cards = len(seen.hands[seat]) if seen.to_move >= 0 else 0
    canvas.text(i18n.t("boxes.hidden_hand", seat=tray.names[seat], cards=count("cards", cards)),
                (HAND_X, TITLE_Y), 17, pal.text, "midleft", bold=True, max_width=500)
    for i in range(cards):
        draw_card_back(canvas, hand_rect(i))


def _paint_deck(canvas: Canvas, seen: BoxesState) -> None:
    pal = palette()
    left = len(seen.deck)
    # over the deck and on over the step's buttons, which start below the titles' row
    canvas.text(i18n.t("boxes.deck"), (DECK_RECT.x, TITLE_Y), 17, pal.text, "midleft",
                bold=True, max_width=TRAY.right - 12 - DECK_RECT.x)
    if left:
        for i in range(min(3, (left + 19) // 20), 0, -1):
            draw_card_back(canvas, DECK_RECT.move(i * 2, i * 2))
        draw_card_back(canvas, DECK_RECT)
    else:
        canvas.rect(pal.panel_edge, DECK_RECT, width=2, radius=6)
    room = DECK_RECT.w + 24
    below = canvas.text(i18n.plural("boxes.deck_left", left),
                        (DECK_RECT.centerx, DECK_RECT.bottom + 6), 15, pal.text_dim, "midtop",
                        max_width=room).bottom
    if seen.end_phase:  # under the count, however tall the text size makes it
        canvas.text(i18n.t("boxes.end_phase"), (DECK_RECT.centerx, below), 15, pal.focus,
                    "midtop", bold=True, max_width=room)


def key_badge(canvas: Canvas, pos: Point, label: str) -> pygame.FRect:
    """The keyboard key that takes a piece, drawn as a small keycap (growing with text on
    pieces); returns the cap's rect."""
    pal = palette()
    side = canvas.piece_size(20)
    rect = pygame.FRect(pos, (side, side))
    canvas.rect(pal.table, rect, radius=4)
    canvas.rect(pal.panel_edge, rect, width=1, radius=4)
    canvas.text(label, rect.center, canvas.piece_size(13), pal.text, "center", bold=True,
                fixed=True, max_width=side - 4)
    return rect


def paint_seats(canvas: Canvas, rect: pygame.FRect, seen: BoxesState, score: BoxesScore,
                names: Sequence[str], kinds: Sequence[str],
                swatch: Callable[[Canvas, int, pygame.FRect], None], mover: int) -> None:
    """Each player: kind, points if the game ended now, closed boxes led, cats and cards left;
    ``mover``'s row marked (a turn waiting for its End turn is still its player's).
    A row is as tall as its lines (the details wrapped) while the panel has room; with five
    players at a large text size the lines get as large as the row allows."""
    pal = palette()
    heading = i18n.t("boxes.final" if seen.is_over() else "boxes.score_now")
    top = canvas.text(heading, rect.topleft, 17, pal.text_dim, max_width=rect.w).bottom + 6
    n = len(names)
    led = [0] * n
    for scored in score.boxes:
        if scored.box.closed:
            for s in scored.leaders:
                led[s] += 1
    details = [i18n.plural("boxes.seat_line", led[seat], cats=count("cats_left", seen.supply[seat]),
                           cards=count("cards", len(seen.hands[seat])))
               for seat in range(n)]
    detail = pygame.FRect(rect.x + 34, 0, rect.w - 34, 0)
    wrapped = max(len(canvas.wrap(d, detail.w, 14)) for d in details)
    natural = canvas.line_height(18) + wrapped * canvas.line_height(14) + 18
    row = min(max(62.0, natural), (rect.bottom - top) / n)

    def fits(size: float) -> bool:
        """The name line and every seat's details, wrapped at their own size, in a row: the
        details never shrink below the names' proportion (three or four seats at 150 %)."""
        small = size * 14 / 18
        lines = max(len(canvas.wrap(d, detail.w, small)) for d in details)
        return canvas.line_height(size) + lines * canvas.line_height(small) + 6 <= row

    big = canvas.steady(18, fits)
    for seat in range(n):
        y = top + seat * row
        first = y + canvas.line_height(big) / 2 + 2
        if seat == mover:
            canvas.rect(pal.table, (rect.x - 8, y, rect.w + 16, row - 3), radius=8)
            canvas.text("▶", (rect.x - 4, first), 13, pal.focus, "midright")
        size = min(24.0, canvas.line_height(big))
        swatch(canvas, seat, pygame.FRect(rect.x, first - size / 2, size, size))
        who = f"{names[seat]}  ·  {kinds[seat]}"
        if canvas.text_size(who, big, seat == mover)[0] > rect.w - 130:
            who = names[seat]  # the name says enough ("Mochi (hard)")
        canvas.text(who, (rect.x + 34, first), big, pal.text, "midleft", bold=seat == mover,
                    max_width=rect.w - 130)
        canvas.text(count("points", score.totals[seat]), (rect.right, first), big + 2,
                    pal.text, "midright", bold=True, max_width=90)
        detail.top = first + canvas.line_height(big) / 2 + 1
        detail.h = y + row - 4 - detail.top
        canvas.paragraph(details[seat], detail, big * 14 / 18, pal.text_dim)


def draw_box_list(canvas: Canvas, rect: pygame.FRect, boxes: Sequence[dict[str, Any]],
                  names: Sequence[str], label: SeatLabel) -> None:
    """The end screen's boxes with cats, best first, in two columns (``… and N more``)."""
    pal = palette()
    boxes = sorted((b for b in boxes if any(b["cats"].values())),
                   key=lambda b: (-b["value"] * bool(b["scores_for"]), -b["toys"]))
    top = canvas.text(i18n.t("boxes.by_box", count=len(boxes)), rect.topleft, 17, pal.text_dim,
                      bold=True, max_width=rect.w).bottom + 4

    def rows(size: float) -> int:
        return int((rect.bottom - top) // (canvas.line_height(size) + 4))

    for columns in (2, 1):  # two columns while every line keeps a readable size there, else one
        # at least LIST_ROWS rows (boxes and "… and N more") where the 100 % size shows them,
        # the text as large as that allows
        want = min(-(-len(boxes) // columns), rows(16 / canvas.text_scale), LIST_ROWS)
        size = canvas.steady(16, lambda s: rows(s) >= want)
        per_col = max(1, rows(size))
        col_w = rect.w / columns
        room = per_col * columns
        shown = boxes if len(boxes) <= room else boxes[:room - 1]
        texts = [box_line(b, names, label) for b in shown]
        if len(shown) < len(boxes):
            texts.append(i18n.plural("boxes.more_boxes", len(boxes) - len(shown)))
        if all(canvas.fit_size(text, size, col_w - 16) >= LIST_LEAST for text in texts):
            break
    line = canvas.line_height(size) + 4
    for i, text in enumerate(texts):
        pos = (rect.x + (i // per_col) * col_w, top + (i % per_col) * line)
        more = i == len(shown)
        canvas.text(text, pos, size, pal.text_dim if more else pal.text, max_width=col_w - 16)
