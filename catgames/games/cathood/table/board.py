"""A Cathood cat's board under the neighbourhood: its cube storage up to the cap, the houses and
statues left, its collection (toys by type, buildings and parks with their points) and the
reserved card; and where its lines sit at the text size, for the hover reference and for the
cubes that fly to and from its storage."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.seen import Seen
from catgames.games.cathood.table.view import draw_card, draw_cube, draw_house, draw_statue, draw_toy
from catgames.ui import i18n
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.theme import palette


def draw_board(canvas: Canvas, seen: Seen, seat: int, lifted: tuple[str, ...],
               landing: frozenset[int] = frozenset()) -> None:
    """One cat's board: cube storage up to the cap, houses and statues left, toys by type,
    buildings and parks with their points, the reserved card.  ``lifted`` names the parts in
    the hand ("statue", "reserved") so they are not drawn at home.  The columns start under the
    heading as tall as it is drawn; the statues and the reserved card sit at the bottom.  The
    storage places in ``landing`` stay empty: their cubes are still on their way."""
    pal = palette()
    view, data = seen.view, seen.view.data
    panel = L.BOARD_PANEL
    canvas.rect(pal.panel, panel, radius=10)
    rows = board_rows(canvas)
    mid = panel.y + 4 + rows.head / 2
    draw_seat_swatch(canvas, seat, pygame.FRect(0, 0, 20, 20).move_to(midleft=(panel.x + 10, mid)))
    name = canvas.text(i18n.t("cathood.board_of", seat=seen.names[seat]), (panel.x + 38, mid), 16,
                       pal.text, "midleft", bold=True, max_width=panel.w * 0.45)
    canvas.piece_text(i18n.t("cathood.board_tip"), (panel.right - 10, mid), 12, pal.text_dim, "midright",
               room=panel.right - 10 - name.right - 12)
    _draw_storage(canvas, seen, seat, rows.top, landing)
    _draw_pieces_left(canvas, seen, seat, rows.house_y, "statue" in lifted)
    _draw_collection(canvas, seen, seat, rows.top)
    card = view.reserved[seat]
    canvas.piece_text(i18n.t("cathood.reserved"), (L.RESERVED.centerx, L.RESERVED.y - 2), 12, pal.text_dim,
               "midbottom", room=L.RESERVED.w + 10)
    if card >= 0 and "reserved" not in lifted:
        draw_card(canvas, data, L.RESERVED, card)
    else:
        canvas.rect(pal.panel_edge, L.RESERVED, width=1, radius=7)
        if card < 0:
            canvas.piece_text(i18n.t("cathood.none"), L.RESERVED.center, 12, pal.text_dim,
                       room=L.RESERVED.w - 8)


@dataclass(frozen=True)
class BoardRows:
    """Where a board's left part draws at this text size: the heading's height, the top of the
    cubes, the spread between its lines, and a houses or statues line's height."""

    head: float
    top: float
    gap: float
    line: float

    @property
    def house_y(self) -> float:
        return L.STATUE_HOME[1] - self.line - self.gap + 3

    def parts(self) -> dict[str, pygame.FRect]:
        """The cubes, houses and statues lines (a hover reference explains each)."""
        area, half = L.STORE_AREA, self.line / 2
        houses = pygame.FRect(area.x, self.house_y - half, area.w, self.line)
        statues = pygame.FRect(area.x, L.STATUE_HOME[1] - half, area.w, self.line)
        return {"cubes": pygame.FRect(area.x, self.top, area.w, houses.y - self.top),
                "houses": houses, "statues": statues}


def board_rows(canvas: Canvas) -> BoardRows:
    head = max(20.0, canvas.line_height(16, bold=True))
    top = L.BOARD_PANEL.y + 6 + head
    line = max(22.0, canvas.line_height(13) + 4)
    spare = L.STATUE_HOME[1] + line / 2 - top - canvas.line_height(13) - 22 - 2 * line
    return BoardRows(head, top, min(10.0, max(3.0, spare / 3)), line)  # spread when the text is small


def _storage_label(seen: Seen, seat: int) -> tuple[str, bool]:
    """The storage's label and whether it warns (more cubes than the cap)."""
    held, cap = sum(seen.view.cubes[seat]), seen.view.data.cap
    return i18n.t("cathood.storage", n=held, cap=cap), held > cap


def storage_point(canvas: Canvas, seen: Seen, seat: int, place: int) -> Point:
    """The centre of storage place ``place`` (0 the first) on ``seat``'s board: where the board
    draws it, and where a flying cube lands or leaves."""
    area, cap = L.STORE_AREA, seen.view.data.cap
    text, over = _storage_label(seen, seat)
    size = canvas.piece_fit(13, text=text, room=area.w, bold=over)
    rows = board_rows(canvas)
    step = min(22.0, area.w / max(cap, sum(seen.view.cubes[seat])))
    return (area.x + step * (place + 0.5), rows.top + canvas.text_size(text, size, over, True)[1] + rows.gap + 11)


def _draw_storage(canvas: Canvas, seen: Seen, seat: int, top: float, landing: frozenset[int]) -> None:
    """Twelve storage places in a row filled with the cubes held (sorted by colour); above the
    cap the extra cubes sit outside, marked."""
    pal = palette()
    data = seen.view.data
    area = L.STORE_AREA
    cubes = [data.colours[c] for c, k in enumerate(seen.view.cubes[seat]) for _ in range(k)]
    text, over = _storage_label(seen, seat)
    canvas.piece_text(text, (area.x, top), 13, pal.bad if over else pal.text_dim, "topleft", bold=over,
                      room=area.w)
    places = max(data.cap, len(cubes))
    size = min(22.0, area.w / places) - 5
    for i in range(places):
        center = storage_point(canvas, seen, seat, i)
        if i < len(cubes) and i not in landing:
            draw_cube(canvas, center, size, cubes[i])
        if i >= data.cap:
            canvas.rect(pal.bad, pygame.FRect(0, 0, size + 4, size + 4).move_to(center=center), width=2, radius=4)
        elif i >= len(cubes) or i in landing:
            canvas.rect(pal.panel_edge, pygame.FRect(0, 0, size, size).move_to(center=center), width=1, radius=4)


def _draw_pieces_left(canvas: Canvas, seen: Seen, seat: int, house_y: float, statue_lifted: bool) -> None:
    """A line for the houses left and one for the statues (at their home, the bottom): each a
    label and the pieces in fixed places at the right end of the line."""
    pal = palette()
    view = seen.view
    area = L.STORE_AREA
    houses, statues = view.houses_left(seat), view.statues_left(seat)
    statue_y = L.STATUE_HOME[1]
    house_x = area.right - 9 - (L.MOST_HOUSES - 1) * L.PIECE_STEP
    labels = ((i18n.t("cathood.houses_left", n=houses), house_y, house_x - 14 - area.x),
              (i18n.t("cathood.statues_left", n=statues), statue_y, L.STATUE_HOME[0] - 14 - area.x))
    size = min(canvas.piece_fit(13, text=text, room=room) for text, _, room in labels)   # the two alike
    for text, y, room in labels:
        canvas.text(text, (area.x, y), size, pal.text_dim, "midleft", max_width=room, fixed=True)
    for i in range(houses):
        draw_house(canvas, (house_x + i * L.PIECE_STEP, house_y), 17, seat)
    for i in range(1 if statue_lifted else 0, statues):
        draw_statue(canvas, L.statue_point(i), 18, seat)


def _draw_collection(canvas: Canvas, seen: Seen, seat: int, top: float) -> None:
    """Toys by type (with their points now), building cards and park cards with points; the
    lines spread over the column's height where there is room to spare."""
    pal = palette()
    view, data = seen.view, seen.view.data
    area = L.CARDS_AREA
    score = view.scores()[seat]
    step = area.w / len(data.toy_types)
    counts = [f"×{n}" for n in score.toy_counts]
    count = canvas.piece_fit(14, text=max(counts, key=len), room=step - 22, bold=True)
    toy_h = max(16.0, canvas.line_height(count, bold=True, fixed=True))
    heights = (toy_h, canvas.line_height(12), canvas.line_height(13), canvas.line_height(13))
    gap = min(6.0, max(1.0, (area.bottom - top - sum(heights)) / len(heights)))
    mid = top + toy_h / 2
    for t, toy in enumerate(data.toy_types):
        width = 18 + canvas.text_size(counts[t], count, True, True)[0]
        x = area.x + t * step + (step - width) / 2
        draw_toy(canvas, data, t, (x + 8, mid), 16)
        canvas.text(counts[t], (x + 18, mid), count, pal.text, "midleft", bold=True, fixed=True)
        canvas.piece_text(i18n.plural("cathood.points_short", score.toys[t]),
                   (area.x + (t + 0.5) * step, top + toy_h), 12, pal.text_dim, "midtop", room=step - 6)
    y = top + toy_h + heights[1] + gap
    parks = view.parks[seat]
    lines = [
        i18n.t("cathood.buildings_owned", n=len(view.buildings[seat]), points=i18n.plural("cathood.points_short", score.buildings)),
        i18n.t("cathood.parks_owned", n=len(parks), points=i18n.plural("cathood.points_short", score.parks)),
    ]
    size = min(canvas.piece_fit(13, text=line, room=area.w) for line in lines)   # the two alike
    for line in lines:
        y = canvas.text(line, (area.x, y), size, pal.text, max_width=area.w, fixed=True).bottom + gap
