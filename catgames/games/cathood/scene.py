"""The Cathood table: drag a disc onto an action space, then your cat along a lit route (the
whole path previewed with the cubes it collects), a tile to turn it or onto a neighbour to swap,
a card onto a lot, a statue onto a tree; decisions (supermarket colour, coffee trades, the bee's
card, the dog's street, rock-paper-scissors, the cube to steal or give back) in the prompt.

This module wires input, layout, drawing and the match together: what a gesture means as a
rules move is ``gestures``, the prompt's words and buttons ``prompts``, a computer's cat walking
``walks``; only the rules judge a move (``check`` / ``play_human``).  Everything drawn comes from
one observation (``panels.Seen``); a committed rock-paper-scissors choice is never drawn nor
written.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

import pygame

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.session import Turn
from catgames.games.cathood import gestures
from catgames.games.cathood import layout as L
from catgames.games.cathood.components import ACTIONS, BUILDING_CARD, DIAGONAL, LINEAR, PARK, REPEAT, ROTATE, SWAP, TOY
from catgames.games.cathood.gestures import CAT, DISC, NEW_CAT, STATUE, Route
from catgames.games.cathood.moves import END_TURN, Reserve
from catgames.games.cathood.panels import (
    Seen, draw_action_board, draw_board, draw_caption, draw_market, draw_neighbourhood, draw_prompt,
    draw_route, draw_seats,
)
from catgames.games.cathood.prompts import prompt_buttons, prompt_text
from catgames.games.cathood.rules import OVER, SETUP, CathoodState
from catgames.games.cathood.view import (
    arrow_head, draw_card, draw_cat, draw_disc, draw_house, draw_marker, draw_statue, draw_tile, edge_band,
)
from catgames.games.cathood.walks import Walk, add_walk
from catgames.games.cathood.words import action_name, card_words, colour_name, event_line, log_lines
from catgames.ui import i18n
from catgames.ui import intents as I
from catgames.ui.canvas import Canvas, Point
from catgames.ui.drag import nearest_target
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Widget

FLASH_TIME = 1.2          #: a turned or swapped tile is outlined this long


class CathoodScene(BaseGameScene):
    """The table of Cathood; see ``BaseGameScene`` for the shared parts."""

    game_over_panel = pygame.FRect(70, 40, 1140, 720)

    def __init__(self, app, match) -> None:
        self._log_memo: dict[int, tuple[Turn, list[str]]] = {}   #: filled by the base's first log
        super().__init__(app, match)
        self._legal_cache: tuple[tuple[int, int], dict[tuple, list[Hashable]]] = ((-1, -1), {})
        self.armed: int | None = None        #: the action space a disc was dragged onto
        self.trade_give: str | None = None   #: a coffee trade's first half, chosen
        self.pinned: int | None = None       #: seat whose board is shown (else the acting cat's)
        self.walks: list[Walk] = []
        self.flash: tuple[tuple[int, ...], float] | None = None
        self._options: list[Callable[[], Any]] = []   #: what each digit presses

    # -- what is seen --------------------------------------------------------------------------
    @property
    def cstate(self) -> CathoodState:
        return self.state  # type: ignore[return-value]

    def make_seen(self, view: CathoodState, private: int | None) -> Seen:
        return Seen(view, tuple(self.match.seat_names))

    def on_match_changed(self) -> None:
        self._log_memo = {}
        self.armed = self.trade_give = self.pinned = None
        self.walks, self.flash = [], None

    def decision(self) -> str | None:
        """The pending decision's kind (``take``, ``cb``, ``dog``…), if any."""
        return gestures.decision(self.cstate)

    def acting(self) -> int:
        """The cat whose turn it is (in set-up: the one placing)."""
        state = self.cstate
        return state.to_move if state.phase == SETUP else state.turn

    def board_seat(self) -> int:
        return self.pinned if self.pinned is not None else self.acting()

    def free_play(self) -> bool:
        """A human may take an action now (no decision pending)."""
        return self.human_can_act() and self.cstate.phase not in (SETUP, OVER) and not self.cstate.todo

    # -- gestures to moves ------------------------------------------------------------------------
    def routes(self) -> dict[int, list[Route]]:
        """Every movement of the acting cat by end space, as the armed disc allows."""
        return gestures.routes(self.cstate, self.armed)

    def _move(self, piece: Hashable, target: Hashable) -> Any:
        """The rules move a gesture means, or a ``Reason`` when it means none."""
        return gestures.move_for(self.cstate, self.armed, piece, target)

    def arm(self, action: int) -> None:
        """A disc on an action space: show its targets (and take up its piece when it has one)."""
        self.armed = action
        self.trade_give = None
        if action in (PARK,):
            self.pinned = None
        self._build_buttons()
        piece = gestures.piece_to_take_up(self.cstate, action)
        if piece is not None:
            self.drag.pick(piece)

    def disarm(self) -> None:
        self.armed = None
        self.drag.cancel()
        self._build_buttons()

    # -- DragHost ----------------------------------------------------------------------------
    def piece_at(self, pos: Point) -> Hashable | None:
        if not self.human_can_act() or self._turned_in_place(pos):
            return None
        seen, state = self.seen, self.cstate
        if state.phase == SETUP:
            return NEW_CAT if _near(pos, L.PLACE_HOME, 26) else None
        if self.decision() == "dog":
            return CAT if _near(pos, seen.cat_points()[state.turn], seen.cat_size() * 0.7) else None
        if not self.free_play():
            return None
        armed = self.armed
        free_discs = state.discs_left(state.turn) - (armed is not None)
        if free_discs > 0 and any(_near(pos, L.disc_point(i), L.DISC * 0.7) for i in range(free_discs)):
            return DISC
        if armed in (None, LINEAR, DIAGONAL, REPEAT) and _near(pos, seen.cat_points()[state.turn],
                                                                seen.cat_size() * 0.7):
            return CAT
        held = self.drag.piece
        aiming = held == STATUE or (isinstance(held, tuple) and held[0] == "card")
        p = seen.grid.tile_at(pos)
        if p is not None and armed in (None, ROTATE, SWAP, REPEAT) and not aiming:
            return ("tile", p)
        if armed in (None, ACTIONS.index("pet_shop"), ACTIONS.index("building"), REPEAT):
            for kind in (TOY, BUILDING_CARD):
                for i, card in enumerate(state.rows[kind]):
                    if L.card_rect(kind, i).collidepoint(pos):
                        return ("card", card)
            own = state.reserved[state.turn]
            if own >= 0 and self.board_seat() == state.turn and L.RESERVED.collidepoint(pos):
                return ("card", own)
        if (armed in (None, PARK, REPEAT) and self.board_seat() == state.turn
                and state.statues_left(state.turn) > 0 and _near(pos, L.STATUE_HOME, 12)):
            return STATUE
        return None

    def home_of(self, piece: Hashable) -> Point:
        seen, state = self.seen, self.cstate
        if piece == CAT:
            return seen.cat_points().get(state.turn, L.NEIGHBOURHOOD.center)
        if piece == DISC:
            return L.disc_point(0)
        if piece == STATUE:
            return L.STATUE_HOME
        if piece == NEW_CAT:
            return L.PLACE_HOME
        if piece[0] == "tile":  # type: ignore[index]
            return seen.grid.tile_rect(piece[1]).center  # type: ignore[index]
        card = piece[1]  # type: ignore[index]
        for kind in (TOY, BUILDING_CARD):
            if card in state.rows[kind]:
                return L.card_rect(kind, state.rows[kind].index(card)).center
        return L.RESERVED.center

    def rotations(self, piece: Hashable) -> int:
        return gestures.rotations(self.cstate, self.armed, piece)

    def legal_targets(self, piece: Hashable, rotation: int) -> Sequence[Hashable]:
        version, cache = self._legal_cache
        if version != self.version:  # legal targets hold for one position
            cache = {}
            self._legal_cache = (self.version, cache)
        key = (piece, rotation, self.armed)
        if key not in cache:
            cache[key] = [t for t in gestures.targets(self.cstate, self.armed, piece, rotation)
                          if self.check(piece, t) is None]
        return cache[key]

    def snap(self, piece: Hashable, rotation: int, pos: Point) -> Hashable | None:
        seen = self.seen
        grid = seen.grid
        if piece == DISC:
            return next((("action", a) for a in range(len(ACTIONS)) if L.action_rect(a).collidepoint(pos)), None)
        if piece in (CAT, NEW_CAT):
            space = self._space_at(pos)
            if space is None or (piece == CAT and space == self.cstate.cats[self.cstate.turn]):
                return None
            if piece == NEW_CAT:
                colours = gestures.placements(self.cstate).get(space) or [gestures.setup_colour(self.cstate)]
                return ("place", space, colours[rotation % len(colours)])
            if self.decision() == "dog":
                return ("dog", space)
            routes = self.routes().get(space, [None])
            return ("go", space, rotation % len(routes))
        p = grid.tile_at(pos)
        if p is None:
            return None
        if piece == STATUE:
            return ("tree", p)
        if piece[0] == "card":  # type: ignore[index]
            return ("lot", p)
        if p == piece[1] and rotation % 4 == 0:  # type: ignore[index]
            return None                                  # dropped back where it was
        return ("tile", p, rotation % 4)

    def _space_at(self, pos: Point) -> int | None:
        seen = self.seen
        return nearest_target(range(seen.view.geo.size), pos, seen.space_point, seen.grid.gap * 0.9)


    def check(self, piece: Hashable, target: Hashable) -> Reason | None:
        return gestures.judge(self.cstate, self.armed, piece, target)

    def apply(self, piece: Hashable, target: Hashable) -> None:
        if target[0] == "action":  # type: ignore[index]
            self.arm(target[1])  # type: ignore[index]
            return
        self.play_human(self._move(piece, target))

    def target_point(self, target: Hashable) -> Point:
        seen = self.seen
        kind = target[0]  # type: ignore[index]
        if kind == "action":
            return L.action_rect(target[1]).center  # type: ignore[index]
        if kind in ("go", "dog", "place"):
            return seen.space_point(target[1])  # type: ignore[index]
        return seen.grid.tile_rect(target[1]).center  # type: ignore[index]

    def on_reject(self, piece: Hashable, reason: Reason) -> None:
        self.status = self._reason_text(reason)
        self.status_error = True
        self.app.sound.play("illegal")

    def show_reason(self, reason: Reason) -> None:
        self.on_reject(DISC, reason)

    def _reason_text(self, reason: Reason) -> str:
        args = dict(reason.kwargs)
        for key in ("action", "lot"):
            if args.get(key) in ACTIONS:
                args[key] = action_name(args[key])
        if "colour" in args:
            args["colour"] = colour_name(args["colour"])
        if reason.code == "cannot_afford":
            args["card"] = card_words(self.cstate.data, args["card"])
        key = f"reason.cathood.{reason.code}"
        return i18n.t(key, **args) if i18n.has(key) else i18n.reason_text(reason, "cathood")

    # -- drawing the held piece, hints and previews ---------------------------------------------
    def draw_piece(self, canvas: Canvas, piece: Hashable, rotation: int, center: Point) -> None:
        seen, state = self.seen, self.cstate
        if piece in (CAT, NEW_CAT):
            draw_cat(canvas, center, seen.cat_size() * 1.15, state.to_move)
        elif piece == DISC:
            draw_disc(canvas, center, state.turn, L.DISC)
        elif piece == STATUE:
            draw_statue(canvas, center, 26, state.turn)
        elif piece[0] == "tile":  # type: ignore[index]
            if self.drag.dragging and self.drag.target is not None:
                return   # the ghost shows it in place
            p = piece[1]  # type: ignore[index]
            rect = seen.grid.tile_rect(p).move_to(center=center)
            tile = state.tiles[p]
            draw_tile(canvas, state.data, rect, tile, (state.rots[p] + rotation) % 4, seen.lot_owners(p),
                      state.statues[tile])
        else:   # over a lot the card moves aside, so the house it would build shows
            aside = self.drag.dragging and self.drag.target is not None
            size = (L.CARD_W * 0.7, L.CARD_H * 0.7) if aside else (L.CARD_W, L.CARD_H)
            at = (center[0] + 60, center[1] + 50) if aside else center
            draw_card(canvas, state.data, pygame.FRect((0, 0), size).move_to(center=at), piece[1])  # type: ignore[index]

    def draw_hints(self, canvas: Canvas, piece: Hashable, targets: Sequence[Hashable]) -> None:
        pal = palette()
        for target in targets:
            canvas.rect(pal.ok, self._target_rect(target).inflate(8, 8), width=3, radius=8)

    def _target_rect(self, target: Hashable) -> pygame.FRect:
        """What lights up for a target: a street slot, a tile, a lot, a tree, an action space."""
        seen, state = self.seen, self.cstate
        grid, geo = seen.grid, state.geo
        kind = target[0]  # type: ignore[index]
        if kind == "action":
            return L.action_rect(target[1])  # type: ignore[index]
        if kind in ("go", "dog", "place"):
            return grid.slot(geo.points[target[1]])  # type: ignore[index]
        p = target[1]  # type: ignore[index]
        rect = grid.tile_rect(p)
        if kind == "lot":
            for q, d in geo.touch[state.cats[state.turn]]:
                if q == p:
                    return edge_band(rect, d)
        if kind == "tree":
            return pygame.FRect(0, 0, rect.w * 0.45, rect.w * 0.45).move_to(center=rect.center)
        return rect

    def draw_ghost(self, canvas: Canvas, piece: Hashable, target: Hashable, legal: bool) -> None:
        pal = palette()
        seen, state = self.seen, self.cstate
        kind = target[0]  # type: ignore[index]
        rect = self._target_rect(target)
        caption = ""
        if kind == "go":
            routes = self.routes().get(target[1])  # type: ignore[index]
            if routes:
                move, path = routes[target[2] % len(routes)]  # type: ignore[index]
                caption = draw_route(canvas, seen, state.turn, move, path, legal)
                if len(routes) > 1:
                    caption += " · " + i18n.t("cathood.preview.other_route", i=target[2] % len(routes) + 1,  # type: ignore[index]
                                              n=len(routes))
        elif kind == "tile":
            p, rot = target[1], target[2]  # type: ignore[index]
            src = piece[1]  # type: ignore[index]
            tile = state.tiles[src]
            draw_tile(canvas, state.data, rect, tile, (state.rots[src] + rot) % 4, seen.lot_owners(src),
                      state.statues[tile])
            if p != src:
                arrow_head(canvas, seen.grid.tile_rect(src).center, rect.center, pal.focus, 16)
        elif kind == "lot":
            draw_house(canvas, rect.center, min(rect.w, rect.h) * 1.1, state.turn)
        elif kind == "tree":
            draw_statue(canvas, rect.center, rect.w * 0.6, state.turn)
        elif kind in ("place", "dog"):
            draw_cat(canvas, rect.center, seen.cat_size(), state.to_move)
            if kind == "place":
                caption = i18n.t("cathood.preview.place", colour=colour_name(target[2]))  # type: ignore[index]
        canvas.rect(pal.ok if legal else pal.bad, rect.inflate(10, 10), width=4, radius=8)
        draw_marker(canvas, (rect.right + 4, rect.y - 4), legal)
        if not legal and self.drag.target_reason is not None:
            caption = self._reason_text(self.drag.target_reason)
        if caption:
            draw_caption(canvas, caption, rect, legal)

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if super().handle(event):
            return True
        intent = I.first(event, I.SELECT)
        if intent is not None:
            for seat in range(self.match.players):
                if L.seat_row(seat, self.match.players).collidepoint(intent.pos):
                    self.pinned = None if self.pinned == seat or seat == self.acting() else seat
                    return True
        return False

    def handle_game_input(self, event: pygame.event.Event) -> bool:
        """Clicks on lit streets and cards for decisions; digits for prompt options and action
        spaces; Esc takes an unused disc back."""
        for intent in I.intents_of(event):
            if intent.kind == I.RELEASE and self._turned_in_place(intent.pos) and self.drag.dragging:
                self.drag.place(("tile", self.drag.piece[1], self.drag.rotation % 4))  # type: ignore[index]
                return True
            if intent.kind == I.DIGIT and self._digit(intent.value):
                return True
            if intent.kind == I.BACK and self.armed is not None and not self.drag.holding:
                self.disarm()
                return True
            if intent.kind == I.SELECT and not self.drag.holding and self._click(intent.pos):
                return True
        return super().handle_game_input(event)

    def _turned_in_place(self, pos: Point) -> bool:
        """A held tile, turned, over its own place: dropping (or clicking) there turns it, even
        when the pointer came back to where it was picked up."""
        piece = self.drag.piece
        return (isinstance(piece, tuple) and piece[0] == "tile" and self.drag.rotation % 4 != 0
                and self.seen.grid.tile_at(pos) == piece[1])

    def _digit(self, n: int) -> bool:
        if self.decision() is not None or self.cstate.phase == SETUP:
            if n <= len(self._options):
                self._options[n - 1]()
                return True
            return False
        if self.free_play() and n <= len(ACTIONS):
            self._toggle_disc(n - 1)
            return True
        return False

    def _toggle_disc(self, action: int) -> None:
        if self.armed == action:
            self.disarm()
            return
        self.drag.cancel()
        self.armed = None
        reason = gestures.arm_reason(self.cstate, action)
        if reason is not None:
            self.show_reason(reason)
        else:
            self.arm(action)

    def _click(self, pos: Point) -> bool:
        """A click that is a whole move: a lit street (set-up, the dog, a route), a card for
        the bee, an action space to take the disc back."""
        state = self.cstate
        decision = self.decision()
        if decision == "cb":
            card = self._card_at(pos)
            if card is not None and any(isinstance(m, Reserve) for m in state.legal_moves()):
                self.play_human(Reserve(state.data.cards[card].id))
                return True
            return False
        if self.armed is not None and L.action_rect(self.armed).collidepoint(pos):
            self.disarm()
            return True
        if self.free_play() and self.armed is None:
            action = next((a for a in range(len(ACTIONS)) if L.action_rect(a).collidepoint(pos)), None)
            if action is not None:
                self._toggle_disc(action)
                return True
        space = self._space_at(pos)
        if space is None or (state.phase != SETUP and space == state.cats[state.turn]):
            return False
        piece = NEW_CAT if state.phase == SETUP else CAT if decision in (None, "dog") else None
        if piece is None or (piece == CAT and decision is None and not self.free_play()):
            return False
        target = self.snap(piece, 0, self.target_point(("go", space, 0)))
        if target is None or target not in self.legal_targets(piece, 0):
            return False
        self.drag.pick(piece)
        self.drag.place(target)
        return True

    def _card_at(self, pos: Point) -> int | None:
        for kind in (TOY, BUILDING_CARD):
            for i, card in enumerate(self.cstate.rows[kind]):
                if L.card_rect(kind, i).collidepoint(pos):
                    return card
        return None

    # -- prompt buttons ------------------------------------------------------------------------
    def extra_widgets(self) -> list[Widget]:
        widgets, self._options = prompt_buttons(self)
        return widgets

    def choose_give(self, colour: str | None) -> None:
        """A coffee trade's first half chosen (or, with ``None``, taken back)."""
        self.trade_give = colour
        self._build_buttons()

    def end_turn(self) -> None:
        self.armed = None
        self.drag.cancel()
        self.play_human(END_TURN)

    # -- events and animation -----------------------------------------------------------------
    def on_events(self, seat: int, events: Sequence[Event]) -> None:
        super().on_events(seat, events)
        self.armed, self.trade_give = None, None
        old = self.seen_before_change()
        names = self.match.seat_names
        data = self.cstate.data
        for event in events:
            kind = event.kind
            if kind in ("move", "dog") and old is not None and self._animate(seat):
                add_walk(self.walks, old, self.cstate, event.seat, [self.cstate.geo.space(s) for s in event.get("path")])
            elif kind in ("rotate", "swap"):
                geo = self.cstate.geo
                cells = [(event.get("row"), event.get("col"))] if kind == "rotate" else [event.get("a"), event.get("b")]
                self.flash = (tuple(geo.position(*c) for c in cells), FLASH_TIME)
            elif kind in ("fight", "last_rounds", "end_triggered"):
                line = event_line(event, names, data)
                if line:
                    self.app.toasts.show(line)

    def _animate(self, seat: int) -> bool:
        """Computer moves are walked out so they can be followed (not at the instant speed);
        a human saw the route while dragging."""
        return not self.match.is_human(seat) and self.app.ai_delay() > 0

    def ai_may_move(self) -> bool:
        """The next computer move waits until the cats have walked."""
        return not self.walks

    def update(self, dt: float) -> None:
        for walk in self.walks:
            walk.t += dt
        self.walks = [w for w in self.walks if not w.done]
        if self.flash is not None:
            cells, left = self.flash
            self.flash = (cells, left - dt) if left > dt else None
        super().update(dt)

    # -- drawing -----------------------------------------------------------------------------
    def draw_board(self, canvas: Canvas, rect: pygame.FRect) -> None:
        seen = self.seen
        state = self.cstate
        pal = palette()
        base = (self.version, pal.name)
        lifted = self._lifted()
        hidden_tiles = frozenset(p[1] for p in lifted if p[0] == "tile")
        hidden_cats = frozenset(w.seat for w in self.walks) | (
            {state.turn} if CAT in lifted else set())
        canvas.cached("cathood-streets", base + seen.street_key() + (hidden_tiles, hidden_cats), L.NEIGHBOURHOOD,
                      lambda c: draw_neighbourhood(c, seen, hidden_tiles, hidden_cats))
        if self.flash is not None:
            for p in self.flash[0]:
                canvas.rect(pal.focus, seen.grid.tile_rect(p).inflate(8, 8), width=3, radius=8)
        for walk in self.walks:
            draw_cat(canvas, walk.pos, seen.cat_size(), walk.seat)
        self._draw_decision_marks(canvas)
        seat = self.acting()
        view = seen.view
        discs = (seat, view.turn, view.used, view.placed_houses[seat], view.phase)
        canvas.cached("cathood-actions", base + discs + (self.armed, DISC in lifted), L.ACTION_BOARD,
                      lambda c: draw_action_board(c, seen, seat, self.armed, DISC in lifted))
        card_lifted = next((p[1] for p in lifted if p[0] == "card"), None)
        canvas.cached("cathood-market", base + seen.market_key() + (card_lifted,), pygame.FRect(L.COLUMN_X, L.ROWS_TOP, L.COLUMN_W,
                                                                          L.PARK_DECK.bottom - L.ROWS_TOP),
                      lambda c: draw_market(c, seen, card_lifted))
        shown = self.board_seat()
        parts = tuple(n for n, on in (("statue", STATUE in lifted),
                                      ("reserved", card_lifted is not None and card_lifted == state.reserved[shown]))
                      if on)
        canvas.cached("cathood-board", base + seen.seat_key(shown) + (shown, view.turn, parts), L.BOARD_PANEL,
                      lambda c: draw_board(c, seen, shown, parts))
        title, text, rows, alert = self._prompt()
        canvas.cached("cathood-prompt", (title, text, rows, alert, pal.name), L.PROMPT,
                      lambda c: draw_prompt(c, title, text, rows, alert))
        if state.phase == SETUP and self.human_can_act() and NEW_CAT not in lifted:
            draw_cat(canvas, L.PLACE_HOME, seen.cat_size() * 1.3, state.to_move)

    def _lifted(self) -> tuple[Hashable, ...]:
        """Pieces in the air (dragged or gliding home): not drawn at home."""
        out = [a.piece for a in self.drag.anims if a.piece is not None]
        if self.drag.dragging and self.drag.piece is not None:
            out.append(self.drag.piece)
        return tuple(p for p in out if isinstance(p, tuple))

    def _draw_decision_marks(self, canvas: Canvas) -> None:
        """Cards a bee may take, streets the dog may chase to (for the deciding human)."""
        if not self.human_can_act():
            return
        pal = palette()
        decision = self.decision()
        legal = self.cstate.legal_moves() if decision in ("cb", "dog") else []
        if decision == "cb":
            ids = {m.card for m in legal if isinstance(m, Reserve)}
            for kind in (TOY, BUILDING_CARD):
                for i, card in enumerate(self.cstate.rows[kind]):
                    if self.cstate.data.cards[card].id in ids:
                        canvas.rect(pal.ok, L.card_rect(kind, i).inflate(8, 8), width=3, radius=9)
        elif decision == "dog" and not self.drag.holding:
            for move in legal:
                slot = self.seen.grid.slot(self.cstate.geo.points[self.cstate.geo.space(move.space)])
                canvas.rect(pal.ok, slot.inflate(8, 8), width=3, radius=8)

    def _prompt(self) -> tuple[str, str, int, bool]:
        """Title, explanation, rows of option buttons and whether it asks for something now."""
        return prompt_text(self.cstate, self.match.seat_names, self.human_can_act(), self.armed,
                           self.trade_give, self.seen.view.committed)

    def draw_overlay(self, canvas: Canvas) -> None:
        """The held piece, hints and previews; under the wide game-over panel, a shade."""
        self.drag.draw(canvas)
        if isinstance(self.app.stack.top, GameOverScene):
            canvas.rect(palette().shade, canvas.bounds)

    def status_hint(self) -> str:
        state = self.cstate
        if state.phase == SETUP:
            return i18n.t("cathood.hint.setup")
        decision = self.decision()
        if decision is not None:
            return i18n.t(f"cathood.hint.{decision}")
        target = self.drag.target
        if self.drag.piece == CAT and target is not None and target[0] == "go" \
                and len(self.routes().get(target[1], ())) > 1:
            return i18n.t("cathood.hint.routes")
        if self.drag.holding and isinstance(self.drag.piece, tuple) and self.drag.piece[0] == "tile":
            return i18n.t("cathood.hint.tile")
        return i18n.t("cathood.hint.armed" if self.armed is not None else "cathood.hint.turn")

    def draw_side_panel(self, canvas: Canvas, rect: pygame.FRect) -> None:
        seen = self.seen
        state = self.cstate
        pal = palette()
        data = state.data
        if state.end_triggered and state.phase != OVER:
            header, alert = i18n.t("cathood.last_round", round=state.round), True
        elif state.round >= data.announce_from and state.phase != OVER:
            header, alert = i18n.t("cathood.last_rounds", round=state.round,
                                   left=data.max_rounds - state.round + 1), True
        else:
            header, alert = i18n.t("cathood.round", round=state.round), False
        kinds = [i18n.t(f"seat_kind.{self.match.seat_kind(s)}") for s in range(state.n)]
        to_move = state.to_move if state.phase != OVER else -1
        key = (self.version, pal.name, self.board_seat(), header, to_move, tuple(kinds),
               tuple(seen.seat_key(s) for s in range(state.n)))
        canvas.cached("cathood-seats", key, L.SIDE_RECT,
                      lambda c: draw_seats(c, seen, kinds, to_move, self.board_seat(), header, alert))

    # -- the log and the end ---------------------------------------------------------------------
    def log_lines(self, turn: Turn) -> list[str]:
        """Each turn is put into words once (the base rebuilds the whole log after every move)."""
        entry = self._log_memo.get(id(turn))
        if entry is None or entry[0] is not turn:
            entry = (turn, log_lines(turn, self.match.seat_names, self.cstate.data))
            self._log_memo[id(turn)] = entry
        return entry[1]

    def score_table(self, outcome: Outcome) -> tuple[list[str], list[list[str]]]:
        """Per seat: buildings, parks, each toy type, cubes, the reserved-card penalty, total."""
        data = self.cstate.data
        heads = ([i18n.t("over.player"), i18n.t("cathood.col.buildings"), i18n.t("cathood.col.parks")]
                 + [i18n.t(f"cathood.col.{t}") for t in data.toy_types]
                 + [i18n.t("cathood.col.cubes"), i18n.t("cathood.col.reserved"), i18n.t("over.total")])
        rows = []
        for seat, name in enumerate(self.match.seat_names):
            s = outcome.detail["seats"][name]
            rows.append([name, str(s["buildings"]), str(s["parks"])]
                        + [str(s["toys"][t]) for t in data.toy_types]
                        + [str(s["cubes"]), str(s["reserved_penalty"]), str(outcome.scores[seat])])
        return heads, rows

    def draw_outcome_detail(self, canvas: Canvas, rect: pygame.FRect, outcome: Outcome) -> None:
        """How each score came about (toys owned, cubes left, pieces placed) and the tie-break."""
        pal = palette()
        detail = outcome.detail
        data = self.cstate.data
        names = self.match.seat_names
        tie = detail.get("tie_break") or ""
        room = (rect.h - (26 if tie else 0)) / len(names)
        y = rect.y
        for seat, name in enumerate(names):
            s = detail["seats"][name]
            toys = ", ".join(f"{n} {i18n.t(f'cathood.toy.{t}.many')}" for t, n in zip(data.toy_types, s["toy_counts"]))
            line = i18n.t("cathood.detail", toys=toys, cubes=s["cubes_left"], houses=s["houses_placed"],
                          statues=s["statues_placed"])
            self.draw_seat_swatch(canvas, seat, pygame.FRect(rect.x, y + 1, 20, 20))
            y += max(24.0, canvas.paragraph(f"{name}: {line}", (rect.x + 30, y, rect.w - 30, room), 16, pal.text) + 4)
        if tie:
            canvas.text(i18n.t("cathood.tie_break", rule=i18n.t(f"cathood.tiebreak.{tie}")),
                        (rect.x, y + 12), 17, pal.focus, "midleft", bold=True, max_width=rect.w)


def _near(pos: Point, center: Point, radius: float) -> bool:
    return (pos[0] - center[0]) ** 2 + (pos[1] - center[1]) ** 2 <= radius * radius


SCENE = CathoodScene
