"""The composite parts of the Cathood table: the neighbourhood, the action spaces with the discs,
the market, the seats' summaries and the prompt (a cat's board is ``board``'s).

Every function draws from ``Seen``: one seat's *observation* (never the full state).
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import pygame

from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.seen import Seen
from catgames.games.cathood.components import ACTIONS, BUILDING_CARD, DOG, SHOP, TOY
from catgames.games.cathood.geometry import LINEAR_DIRS
from catgames.games.cathood.rules import OVER, SETUP, CathoodState
from catgames.games.cathood.table.view import (
    CUBES, INK, PAPER, STREET, arrow_head, draw_card, draw_card_back, draw_cat, draw_cube,
    draw_disc, draw_house, draw_keycap, draw_lock, draw_park_card, draw_statue, draw_tile, draw_toy, mix,
)
from catgames.games.cathood.table.words import action_name, colour_name
from catgames.ui import i18n
from catgames.ui.callouts import draw_note, note_height
from catgames.ui.canvas import Canvas, Point
from catgames.ui.game_scene import draw_seat_swatch
from catgames.ui.theme import palette


# -- the neighbourhood ---------------------------------------------------------------------------
def draw_neighbourhood(canvas: Canvas, seen: Seen, hidden_tiles: frozenset[int],
                       hidden_cats: frozenset[int]) -> None:
    """Streets, secret passages, tiles (turned, with houses and statues) and the cats."""
    view, grid = seen.view, seen.grid
    canvas.rect(STREET, grid.rect, radius=10)
    for center, side in grid.passages():
        _draw_passage(canvas, center, side)
    for space in range(view.geo.size):
        canvas.rect(mix(STREET, PAPER, 0.12), grid.slot(view.geo.points[space]), radius=6)
    for p in range(view.geo.positions):
        rect = grid.tile_rect(p)
        if p in hidden_tiles:
            canvas.rect(mix(STREET, INK, 0.4), rect, radius=rect.w * 0.06)
            continue
        tile = view.tiles[p]
        draw_tile(canvas, view.data, rect, tile, view.rots[p], seen.lot_owners(p), view.statues[tile])
    size = seen.cat_size()
    for seat, point in seen.cat_points().items():
        if seat not in hidden_cats:
            draw_cat(canvas, point, size, seat)


def _draw_passage(canvas: Canvas, center: Point, side: str) -> None:
    """A small tunnel mouth where a street leaves the neighbourhood (it comes back opposite)."""
    x, y = center
    w, h = (10.0, 16.0) if side in "EW" else (16.0, 10.0)
    rect = pygame.FRect(0, 0, w, h).move_to(center=(x, y))
    canvas.rect((60, 52, 50), rect, radius=4)
    canvas.rect((150, 136, 120), rect, width=2, radius=4)


Segment = tuple[Point, Point]


def route_segments(seen: Seen, seat: int, move: Any, path: tuple[int, ...]) -> list[Segment]:
    """The lines a cat's route is drawn with, from the cat to its end: out through one secret
    passage and in at the other on a teleport; bounces are the turns of the line."""
    grid = seen.grid
    points = [seen.cat_points()[seat]] + [seen.space_point(s) for s in path]
    far = (grid.tile + grid.gap) * 1.2
    box = grid.rect.inflate(16, 16)
    out: list[Segment] = []
    for a, b in zip(points, points[1:]):
        if math.dist(a, b) > far:
            dy, dx = LINEAR_DIRS[move.direction]
            leave = (box.right if dx > 0 else box.x if dx < 0 else a[0], box.bottom if dy > 0 else box.y if dy < 0 else a[1])
            back = (box.x if dx > 0 else box.right if dx < 0 else b[0], box.y if dy > 0 else box.bottom if dy < 0 else b[1])
            out.append((a, leave))
            a = back
        out.append((a, b))
    return out


def route_distance(segments: list[Segment], pos: Point) -> float:
    """How far ``pos`` is from a drawn route (to pick the route nearest the pointer)."""
    best = math.inf
    for (ax, ay), (bx, by) in segments:
        dx, dy = bx - ax, by - ay
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((pos[0] - ax) * dx + (pos[1] - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.dist(pos, (ax + t * dx, ay + t * dy)))
    return best


def draw_route(canvas: Canvas, seen: Seen, seat: int, move: Any, path: tuple[int, ...], legal: bool) -> None:
    """A cat's route: its lines with an arrow at each step, a cube chip above each space that
    pays (not the last when a dog waits there: it chases the cat on before it shops)."""
    view, data = seen.view, seen.view.data
    color = palette().focus if legal else palette().bad
    segments = route_segments(seen, seat, move, path)
    for i, (a, b) in enumerate(segments):
        canvas.line(color, a, b, 4)
        if i + 1 == len(segments) or segments[i + 1][0] == b:   # (not where it leaves by a passage)
            arrow_head(canvas, a, b, color, 12)
    dog = DOG in [view.frontage(p, d) for p, d in view.geo.touch[path[-1]]]
    for space in path[:-1] if dog else path:
        shops = [f - SHOP for f in (view.frontage(p, d) for p, d in view.geo.touch[space]) if f >= SHOP]
        draw_chips(canvas, seen.space_point(space), [[data.colours[c] for c in data.shop_colours[k]] for k in shops])


def draw_chips_in(canvas: Canvas, slot: pygame.FRect, cubes: list[list[str]]) -> None:
    """Cube chips inside a street's slot, along its length (a choice's colours side by side,
    a little apart from the next cube), so they hide no tile."""
    step, gap = 15.0, 5.0
    chips = [(colour, i) for i, colours in enumerate(cubes) for colour in colours]
    length = len(chips) * step + (len(cubes) - 1) * gap
    along = slot.w >= slot.h
    start = (slot.centerx if along else slot.centery) - length / 2 + step / 2
    for k, (colour, group) in enumerate(chips):
        offset = start + k * step + group * gap
        draw_cube(canvas, (offset, slot.centery) if along else (slot.centerx, offset), 13, colour)


def draw_chips(canvas: Canvas, at: Point, cubes: list[list[str]]) -> None:
    """A row of cube chips above ``at`` per cube gained (a choice of colours side by side)."""
    x, y = at
    for j, colours in enumerate(cubes):
        for k, colour in enumerate(colours):
            draw_cube(canvas, (x - 7 * (len(colours) - 1) + 14 * k, y - 16 - 18 * j), 14, colour)


# -- the action spaces -----------------------------------------------------------------------
def draw_action_board(canvas: Canvas, seen: Seen, seat: int, armed: int | None, lifted: bool) -> None:
    """The acting cat's eight action spaces (used, armed, locked) and its free discs."""
    pal = palette()
    view = seen.view
    canvas.rect(pal.panel, L.ACTION_BOARD, radius=10)
    free = view.discs_left(seat) - (armed is not None) - lifted if view.phase != SETUP else 0
    discs_x = L.disc_point(max(0, free - 1))[0] - L.DISC / 2 if free > 0 else L.ACTION_BOARD.right
    canvas.text(i18n.t("cathood.actions_of", seat=seen.names[seat]),
                (L.ACTION_BOARD.x + 10, L.ACTION_BOARD.y + 14), 16, pal.text, "midleft", bold=True,
                max_width=discs_x - 8 - L.ACTION_BOARD.x - 10)   # as wide as the free discs leave it
    unlocked = view.unlocked(seat)
    used = view.used if seat == view.turn else 0
    unlocks = {action: after for after, action in view.data.unlocks}
    for action, name in enumerate(ACTIONS):
        rect = L.action_rect(action)
        locked = not unlocked >> action & 1
        fill = mix(pal.panel, INK, 0.35) if locked else mix(pal.table, PAPER, 0.08)
        canvas.rect(fill, rect, radius=7)
        canvas.rect(pal.focus if action == armed else pal.panel_edge, rect,
                    width=3 if action == armed else 1, radius=7)
        cap = draw_keycap(canvas, (rect.x + 5, rect.centery), str(action + 1), pal.text_dim, high=16,
                          anchor="midleft")
        slot = L.disc_slot(action)
        end = slot[0] - L.DISC / 2
        if used >> action & 1:
            draw_disc(canvas, slot, seat, L.DISC)
        elif action == armed:
            draw_disc(canvas, slot, seat, L.DISC, faint=True)
        elif locked:   # the lock and the houses that open it, where the disc would go
            need = canvas.piece_text(f"⌂{unlocks.get(action, 0)}", (rect.right - 5, slot[1]), 13, pal.text_dim,
                                     "midright", most=13)   # small, so the name keeps its room
            end = need.x - 14
            draw_lock(canvas, (end + 6, slot[1]), 12, pal.text_dim)
        else:
            canvas.circle(pal.panel_edge, slot, L.DISC / 2, width=1)
        canvas.piece_text(action_name(name), (cap.right + 5, rect.centery), 12,
                          pal.text if not locked else pal.text_dim, "midleft", bold=True,
                          room=end - 4 - cap.right - 5, most=16)
    for i in range(max(0, free)):
        draw_disc(canvas, L.disc_point(i), seat, L.DISC)


# -- the market ------------------------------------------------------------------------------
def draw_market(canvas: Canvas, seen: Seen, lifted: int | None) -> None:
    """The toy row and the building row with their deck counts, and the park deck."""
    pal = palette()
    view, data = seen.view, seen.view.data
    for kind in (TOY, BUILDING_CARD):
        row = L.row_rect(kind)
        canvas.rect(pal.panel, row, radius=10)
        title = i18n.t("cathood.toys" if kind == TOY else "cathood.buildings")
        band = L.card_rect(kind, 0).y - row.y            # the heading's line, over the cards
        mid = row.y + band / 2 + 1
        size = canvas.steady(14, lambda s: canvas.line_height(s, bold=True) <= band + 1)
        canvas.text(title, (row.x + 10, mid), size, pal.text, "midleft", bold=True, max_width=row.w * 0.5)
        canvas.text(i18n.t("cathood.deck", n=len(view.decks[kind])), (row.right - 10, mid), min(size, 13),
                    pal.text_dim, "midright", max_width=row.w * 0.45)
        cards = view.rows[kind]
        for i in range(data.row_size):
            rect = L.card_rect(kind, i)
            if i < len(cards) and cards[i] != lifted:
                draw_card(canvas, data, rect, cards[i])
            else:
                canvas.rect(pal.panel_edge, rect, width=1, radius=7)
    deck = L.PARK_DECK
    canvas.rect(pal.panel, deck, radius=10)
    card = pygame.FRect(deck.x + 8, deck.y + 4, 34, deck.h - 8)
    if view.park_deck:
        draw_park_card(canvas, card, data.park_points[view.park_deck[-1]])
        text = i18n.plural("cathood.park_deck", len(view.park_deck),
                           next=i18n.plural("cathood.points_short", data.park_points[view.park_deck[-1]]))
    else:
        canvas.rect(pal.panel_edge, card, width=1, radius=5)
        text = i18n.t("cathood.park_deck_empty")
    room = pygame.FRect(card.right + 10, deck.y + 2, deck.right - card.right - 18, deck.h - 4)
    size = canvas.paragraph_size(text, room, 14)      # two lines rather than a squeezed one
    used = len(canvas.wrap(text, room.w, size)) * canvas.line_height(size)
    canvas.paragraph(text, room.move(0, (room.h - used) / 2), size, pal.text)


# -- the seats --------------------------------------------------------------------------------
def seat_header(state: CathoodState) -> tuple[str, bool]:
    """The seats panel's heading (the round, and whether the end is near) and whether it alerts."""
    data = state.data
    if state.end_triggered and state.phase != OVER:
        return i18n.t("cathood.last_round", round=state.round), True
    if state.round >= data.announce_from and state.phase != OVER:
        return i18n.plural("cathood.last_rounds", data.max_rounds - state.round + 1, round=state.round), True
    return i18n.t("cathood.round", round=state.round), False


def draw_seats(canvas: Canvas, seen: Seen, kinds: list[str], to_move: int, shown: int,
               header: str, alert: bool, totals: Sequence[int] | None = None) -> None:
    """Each cat in a row: name, kind and points as they stand (``totals``: as the final scoring
    walked through has counted them so far); cubes; pieces left and toys (the last line only
    where the row has room for it at this text size)."""
    pal = palette()
    view = seen.view
    inner = pygame.FRect(L.SIDE_RECT).inflate(-28, -24)
    title = i18n.t("cathood.cats")
    mid = inner.y + canvas.line_height(L.SEATS_TITLE, bold=True) / 2
    beside = inner.w - canvas.text_size(title, L.SEATS_TITLE, True)[0] - 12
    if canvas.text_size(header, 14, alert, fixed=True)[0] <= beside:
        canvas.text(title, (inner.x, mid), L.SEATS_TITLE, pal.text, "midleft", bold=True)
        canvas.piece_text(header, (inner.right, mid), 14, pal.focus if alert else pal.text_dim, "midright",
                   alert, beside)
    else:   # a long heading (the last rounds) takes the title's line: the rows are plainly the cats
        canvas.piece_text(header, (inner.x, mid), 14, pal.focus if alert else pal.text_dim, "midleft",
                   alert, inner.w)
    counted = [s.total for s in view.scores()] if totals is None else totals
    for seat in range(view.n):
        row = L.seat_row(seat, view.n, canvas.text_scale)
        if seat == shown:
            canvas.rect(mix(pal.panel, PAPER, 0.08), row, radius=8)
        if seat == to_move:
            canvas.rect(pal.focus, row, width=2, radius=8)
        head = max(22.0, canvas.line_height(16, bold=True))
        num, lines = _seat_numerals(canvas, row.h - head - 3)
        mid = row.y + 1 + head / 2
        draw_seat_swatch(canvas, seat, pygame.FRect(0, 0, 20, 20).move_to(midleft=(row.x + 6, mid)))
        points = canvas.text(i18n.plural("cathood.points", counted[seat]), (row.right - 8, mid), 15,
                             pal.text, "midright", bold=True)
        room = points.x - 10 - (row.x + 32)
        kind_w = canvas.text_size(kinds[seat], 13)[0] + 10
        beside = lines == 1 and canvas.text_size(seen.names[seat], 16, True)[0] + kind_w <= room
        name = name_text(canvas, seen.names[seat], (row.x + 32, mid), room - (kind_w if beside else 0))
        if beside:   # else the kind ends the pieces line, so a long name keeps its size
            canvas.text(kinds[seat], (name.right + 10, mid), 13, pal.text_dim, "midleft")
        step = max(16.0, canvas.line_height(num, fixed=True))
        y = mid + head / 2 + step / 2
        x = row.x + 8
        icon = ICON * num / NUMERAL   #: the icons grow with their counts
        for c, k in enumerate(view.cubes[seat]):
            draw_cube(canvas, (x + icon / 2, y), icon, view.data.colours[c])
            x = canvas.text(str(k), (x + icon + 2, y), num, pal.text, "midleft", fixed=True).right + 9
        canvas.text(f"{sum(view.cubes[seat])}/{view.data.cap}", (row.right - 8, y), num,
                    pal.text_dim, "midright", fixed=True)
        if lines == 2:
            end = _draw_seat_pieces(canvas, seen, seat, row.x + 8, y + step, num)
            canvas.piece_text(kinds[seat], (row.right - 8, y + step), 13, pal.text_dim, "midright",
                              room=row.right - 8 - end - 8)


NAME_LEAST = 12.0       #: a seat's name shrinks to this size at 100 %, then is cut short with "…"
NUMERAL, ICON = 13.0, 14.0   #: a seat row's counts and the icons before them, at 100 %


def name_text(canvas: Canvas, name: str, at: Point, room: float) -> pygame.FRect:
    """A seat's name from ``at`` (its mid-left): shrunk to fit ``room`` down to ``NAME_LEAST``,
    then cut short."""
    pal = palette()
    size = canvas.steady(16, lambda s: canvas.text_size(name, s, True)[0] <= room, least=NAME_LEAST)
    shown = name
    while len(shown) > 1 and canvas.text_size(shown + ("…" if shown != name else ""), size, True)[0] > room:
        shown = shown[:-1].rstrip()
    return canvas.text(shown if shown == name else shown + "…", at, size, pal.text, "midleft", bold=True,
                       max_width=room)


def _seat_numerals(canvas: Canvas, room: float) -> tuple[float, int]:
    """The size of a seat row's counts and how many lines of them (1 or 2) fit ``room`` high:
    two lines when they fit at 100 %, as large as they then fit up to the text scale."""
    size = NUMERAL
    if 2 * max(16.0, canvas.line_height(size, fixed=True)) > room:
        return canvas.piece_fit(size, most=16), 1
    big = size * canvas.text_scale
    while big > size and 2 * max(16.0, canvas.line_height(big, fixed=True)) > room:
        big -= 0.5
    return max(size, big), 2


def _draw_seat_pieces(canvas: Canvas, seen: Seen, seat: int, x: float, y: float, num: float) -> float:
    """Houses and statues left, toys by type, the reserved card: where the line ends."""
    pal = palette()
    view = seen.view
    icon = ICON * num / NUMERAL
    draw_house(canvas, (x + icon / 2, y), icon, seat)
    x = canvas.text(str(view.houses_left(seat)), (x + icon + 2, y), num, pal.text, "midleft", fixed=True).right + 8
    draw_statue(canvas, (x + icon / 2, y), icon, seat)
    x = canvas.text(str(view.statues_left(seat)), (x + icon + 2, y), num, pal.text, "midleft", fixed=True).right + 12
    counts = [0] * len(view.data.toy_types)
    for card in view.toys[seat]:
        counts[view.data.cards[card].toy] += 1
    for t, toy in enumerate(view.data.toy_types):
        draw_toy(canvas, view.data, t, (x + icon / 2, y), icon * 13 / 14)
        x = canvas.text(str(counts[t]), (x + icon + 2, y), num, pal.text, "midleft", fixed=True).right + 8
    if view.reserved[seat] >= 0:
        back = pygame.FRect(0, 0, 24 * icon / ICON, 16 * icon / ICON).move_to(midleft=(x + 4, y))
        draw_card_back(canvas, back, i18n.t("cathood.reserved_mark"))
        x = back.right + 4
    return x


# -- the prompt -------------------------------------------------------------------------------
def draw_prompt(canvas: Canvas, title: str, text: str, buttons_rows: int, alert: bool = False,
                box: pygame.FRect = L.PROMPT, note: str = "", refused: bool = False) -> None:
    """The panel that says what the acting player decides now (its buttons are widgets), in
    ``box`` (``L.DECISION_PROMPT`` while a decision is asked: no End turn under it then).  A
    ``note``, what the move shown on the board would do (why not, when ``refused``), takes the
    place of the words under the title: there it hides nothing the player looks at on the board."""
    pal = palette()
    canvas.rect(pal.panel, box, radius=10)
    if alert:
        canvas.rect(pal.focus, box, width=2, radius=10)
    inner = L.prompt_room(box, buttons_rows).inflate(-20, -14)
    words = note or text
    top = inner.y
    if title:   # a title too long for a line wraps onto a second one rather than shrinking,
        two = 2 * canvas.line_height(16, bold=True) + 1      # while the words keep their 100 % size
        rest = pygame.FRect(inner.x, inner.y + two + 4, inner.w, inner.h - two - 4)
        lines = 2 if canvas.paragraph_size(words, rest, 14) * canvas.text_scale >= 14 - 1e-6 else 1
        head = pygame.FRect(inner.x, inner.y, inner.w, lines * (two - 1) / 2 + 1)
        top += canvas.paragraph(title, head, 16, pal.text, bold=True) + 4
    room = pygame.FRect(inner.x, top, inner.w, inner.bottom - top)
    if note:
        draw_note(canvas, pygame.FRect(room.x, room.y + 2, room.w, min(room.h - 2, note_height(canvas, note, room.w))),
                  note, error=refused)
    else:
        _draw_words(canvas, text, room)


def _draw_words(canvas: Canvas, text: str, room: pygame.FRect) -> None:
    """The prompt's explanation wrapped in ``room`` (shrunk if need be); where the buttons leave
    too little room even for small text, the lines that fit, the last cut short."""
    size = canvas.paragraph_size(text, room, 14)
    step = canvas.line_height(size)
    lines = canvas.wrap(text, room.w, size)
    if len(lines) * step <= room.h:
        canvas.paragraph(text, room, size, palette().text_dim)
        return
    shown = lines[:int(room.h // step)]
    while shown and " " in shown[-1] and canvas.text_size(shown[-1] + " …", size)[0] > room.w:
        shown[-1] = shown[-1].rsplit(" ", 1)[0]
    if shown:
        shown[-1] += " …"
    for i, line in enumerate(shown):
        canvas.text(line, (room.x, room.y + i * step), size, palette().text_dim, max_width=room.w)


def cube_label(colour: str) -> str:
    """``♥ pink``: a cube colour in words with its glyph."""
    return f"{CUBES[colour][1]} {colour_name(colour)}"

