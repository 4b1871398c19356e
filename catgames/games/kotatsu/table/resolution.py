"""The resolution panel of a complete kotatsu: its hands best first, the step of the ranking
that decided, and the two pairs, face up for the winner's private peek and face down for
everyone else.  Its lines are placed by their line heights, so it reads at every text size."""

from __future__ import annotations

import pygame

from catgames.games.kotatsu.table import layout as L
from catgames.games.kotatsu.components import KotatsuData
from catgames.games.kotatsu.hands import HandValue, decided_by
from catgames.games.kotatsu.table.panels import Resolution, Seen
from catgames.games.kotatsu.table.view import draw_card, draw_cat, draw_cushion_face, draw_pair
from catgames.games.kotatsu.table.words import category_name, colour_name
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.theme import palette

NAME_W = 70.0          #: a seat's name in a row (names are the players' own: they may shrink)
CATS_W, CARDS_W = 64.0, 120.0
SHARES = (0.42, 0.30, 0.28)  #: of the row's rest: the hand's name, ranking stars, other stars


def decision_text(data: KotatsuData, names: tuple[str, ...], values: tuple[HandValue, ...],
                  order: tuple[int, ...]) -> str:
    """Which step of the ranking put the 1st ahead of the 2nd, with the numbers."""
    a, b = values[order[0]], values[order[1]]
    args = {"winner": names[order[0]], "other": names[order[1]]}
    how = decided_by(a, b)
    if how == "category":
        return i18n.t("kotatsu.won_category", best=category_name(a.category),
                      worse=category_name(b.category), **args)
    if how == "ranking_stars":
        return i18n.t("kotatsu.won_ranking", a=a.ranking_stars, b=b.ranking_stars, **args)
    if how == "non_ranking_stars":
        return i18n.t("kotatsu.won_other", a=a.non_ranking_stars, b=b.non_ranking_stars,
                      tied=a.ranking_stars, **args)
    return i18n.t("kotatsu.won_earlier", a=a.completed, b=b.completed, **args)


def recap_text(seen: Seen, res: Resolution, taken: dict[str, tuple[int, int]], lucky: int) -> str:
    """What became of resolved ``res``: who took which cat (``taken``: the ``pick`` and, if any,
    ``receive`` as (seat, cat)) and the lucky cat drawn, if one was (``lucky``: its number)."""
    data, names = seen.data, seen.names

    def colour(cat: int) -> str:  # by the cat's own colour: an online view may number alike cats otherwise
        return colour_name(data, data.cat_colour[cat])

    picker, cat = taken["pick"]
    text = i18n.t("kotatsu.recap_pick", seat=names[picker], colour=colour(cat))
    if "receive" in taken:
        runner, cat = taken["receive"]
        text += " " + i18n.t("kotatsu.recap_receive", seat=names[runner], colour=colour(cat))
    if lucky:
        text += " " + i18n.t("kotatsu.recap_lucky", number=lucky, total=data.lucky_total)
    return text


def draw_resolution(canvas: Canvas, seen: Seen, res: Resolution, peek_faces: list[int] | None,
                    hover: int | None) -> None:
    """The title (up to two lines), a row per hand, the deciding step, who takes which pair,
    and the two pair boxes."""
    pal = palette()
    data = seen.data
    r = L.RESOLUTION
    canvas.rect(pal.panel, r, radius=14)
    canvas.rect(pal.focus, r, width=3, radius=14)
    title = i18n.t("kotatsu.resolution_title", kotatsu=res.kotatsu + 1)
    y = r.y + 10 + canvas.paragraph(title, (r.x + 18, r.y + 10, r.w - 36,
                                                 2 * canvas.line_height(21, True)), 21, pal.text,
                                 bold=True) + 4
    step = max(L.RES_ROW_H, canvas.line_height(17) + 12)
    cats = [data.cat_colour[cat] for cat, _ in res.pairs]
    for place, seat in enumerate(res.order):
        row = pygame.FRect(r.x + 12, y + place * step, r.w - 24, step - 4)
        _draw_row(canvas, seen, row, place, seat, cats, res)
    y += len(res.order) * step + 2
    head = canvas.line_height(19, True)
    canvas.text(decision_text(data, seen.names, res.values, res.order), (r.centerx, y + head / 2), 19, pal.focus, "center", bold=True, max_width=r.w - 40)
    picker, runner = seen.names[res.picker], seen.names[res.runner_up]
    key = "kotatsu.peek_yours" if peek_faces is not None else "kotatsu.peek_other"
    canvas.text(i18n.t(key, picker=picker, runner=runner), (r.centerx, y + head + canvas.line_height(17) / 2 + 2), 17, pal.text, "center", max_width=r.w - 40)
    for slot, box in enumerate(L.peek_boxes()[:len(res.pairs)]):
        cat, back = res.pairs[slot]
        canvas.rect(pal.table, box, radius=12)
        if hover == slot:
            canvas.rect(pal.focus, box.inflate(6, 6), width=3, radius=14)
        if peek_faces is not None:  # side by side, so the value is never under the cat
            draw_cat(canvas, (box.x + 46, box.centery + 8), 64, data, data.cat_colour[cat])
            draw_cushion_face(canvas, (box.x + 88, box.y + 16, 88, 76), data, peek_faces[slot])
        else:
            draw_pair(canvas, (box.centerx, box.centery - 6), 66, data, cat, back)
        canvas.text(i18n.t("kotatsu.pair_n", n=slot + 1), (box.x + 10, box.y + 4), 14, pal.text_dim)


def _draw_row(canvas: Canvas, seen: Seen, row: pygame.FRect, place: int, seat: int,
              cats: list[int], res: Resolution) -> None:
    """Place, seat, the two cats and the edge's cards (the hand), then its name and stars in
    columns sharing what is left of the row."""
    pal = palette()
    data = seen.data
    value = res.values[seat]
    canvas.rect(pal.table, row, radius=8)
    if place < 2:
        canvas.rect(pal.focus if place == 0 else pal.panel_edge, row, width=2, radius=8)
    y = row.centery
    places = [i18n.t(f"kotatsu.place.{i}") for i in range(4)]
    place_w = max(canvas.text_size(p, 17, True)[0] for p in places)
    canvas.text(places[min(place, 3)], (row.x + 10, y), 17, pal.text, "midleft", bold=True)
    x = row.x + 18 + place_w
    draw_seat_swatch(canvas, seat, pygame.FRect(x, y - 11, 22, 22))
    canvas.text(seen.names[seat], (x + 28, y), 17, pal.text, "midleft", max_width=NAME_W)
    x += 28 + NAME_W + 8
    for colour in cats:
        draw_cat(canvas, (x + 12, y + 2), 30, data, colour)
        x += CATS_W / 2
    x += 8
    for card in res.cards[seat]:
        draw_card(canvas, (x, row.y + 1, 36, row.h - 2), data, card)
        x += CARDS_W / 3
    x += 12
    rest = row.right - 8 - x
    texts = ((category_name(value.category), 17, pal.text, place == 0),
             (i18n.t("kotatsu.ranking_stars", n=value.ranking_stars), 16, pal.text, False),
             (i18n.t("kotatsu.other_stars", n=value.non_ranking_stars), 16, pal.text_dim, False))
    for (text, size, color, bold), share in zip(texts, SHARES):
        canvas.text(text, (x, y), size, color, "midleft", bold=bold, max_width=rest * share - 8)
        x += rest * share


