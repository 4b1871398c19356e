"""The prompt beside the Cathood table: what the player is asked now (title, text, how many rows
of buttons it needs), the numbered buttons that answer it (a cube colour to take, give back or
steal, a coffee trade, rock-paper-scissors, taking the disc back, End turn) and the status line's
hint.

Apart from the scene so each decision's words and buttons sit together; the buttons only call
back into the scene (``PromptHost``), which plays the moves, and digit keys press the same
numbered actions.  A committed rock-paper-scissors choice is never written.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Callable, Protocol, Sequence

import pygame

from catgames.games.cathood.table import layout as L
from catgames.games.cathood.components import ACTIONS
from catgames.games.cathood.gestures import Cat, Go, Piece, Target, Tile, decision, routes
from catgames.games.cathood.moves import COFFEE_DONE, END_TURN, Reserve, Return, Rps, Steal, Take, Trade
from catgames.games.cathood.table.panels import cube_label
from catgames.games.cathood.rules import OVER, SETUP, CathoodState
from catgames.games.cathood.steps import HIDDEN
from catgames.games.cathood.table.view import draw_cube, draw_keycap
from catgames.games.cathood.table.words import action_name, colour_name, count_text
from catgames.ui import fonts, i18n
from catgames.ui.canvas import Canvas
from catgames.ui.theme import palette
from catgames.ui.widgets import Button, Widget


class PromptHost(Protocol):
    """What the prompt's buttons read and call on the scene."""

    armed: int | None
    trade_give: str | None

    @property
    def view(self) -> CathoodState: ...  # the position as the table may show it
    def human_can_act(self) -> bool: ...
    def play_human(self, move: Any) -> bool: ...
    def disarm(self) -> None: ...
    def choose_give(self, colour: str | None) -> None: ...
    def end_turn(self) -> None: ...


CUBE_TEXT = 15.0                #: a cube button's text size
KEY_ROOM = 58.0                 #: a colour button's room besides its name: the swatch and the key
DONE_KEY = 9                    #: the key of a coffee's "no more trades" / "back" (never a colour)


RPS = ("rock", "paper", "scissors")


MOST_ROWS = 3                   #: rows of option buttons the prompt has room for (with its title)
SWATCHES_PER_ROW = 4            #: colour buttons a row at most when they show no names (swatch and key)


def colour_key(state: CathoodState, colour: str) -> int:
    """The number key of a cube colour: the same in every choice (pink 1 … green 6), the order
    of the colours everywhere on the table."""
    return state.data.colours.index(colour) + 1


def _widest(labels: Sequence[str], size: float) -> int:
    return max((fonts.size(text, round(size), True)[0] for text in labels), default=0)


def per_row(labels: Sequence[str], size: float, pad: float, rows_after: int = 0) -> int:
    """Option buttons to a row: three, or two when a label (``pad`` beside it) would not fit a
    third at 100 % but fits a half, and two rows at most leave the prompt's words some room (else
    three, which must make do)."""
    narrow = _widest(labels, size) + pad > option_room(3)
    fits_two = _widest(labels, size * 0.9) + pad <= option_room(2)
    return 2 if narrow and fits_two and rows_of(len(labels), 2) + rows_after <= MOST_ROWS - 1 else 3


def option_room(n: int) -> float:
    """The width of one of ``n`` option buttons side by side."""
    return (L.PROMPT.w - 16 - (n - 1) * L.OPTION_GAP) / n


def cube_labels(colours: Sequence[str]) -> list[str]:
    return [colour_name(c) for c in colours]


def rps_labels() -> list[str]:
    return [i18n.t(f"cathood.rps.{choice}") for choice in RPS]


def rows_of(count: int, n: int) -> int:
    return (count + n - 1) // n


def colour_grid(colours: Sequence[str], rows_after: int = 0) -> tuple[int, bool]:
    """Colour buttons to a row, and whether they show their names: two or three named ones a
    row while the names fit, else swatches (colour and glyph, the name on hover) and keys, four
    a row, so the prompt's words keep their room."""
    labels = cube_labels(colours)
    n = per_row(labels, CUBE_TEXT, KEY_ROOM, rows_after)
    if _widest(labels, CUBE_TEXT * 0.9) + KEY_ROOM <= option_room(n):
        return n, True
    return rows_of(len(colours), rows_of(len(colours), SWATCHES_PER_ROW)), False   # the rows alike


def cube_rows(colours: Sequence[str], rows_after: int = 0) -> int:
    """How many rows of cube buttons ``colours`` take."""
    return rows_of(len(colours), colour_grid(colours, rows_after)[0])


class KeyButton(Button):
    """A prompt button with the key that presses it drawn as a key top at its right end."""

    def __init__(self, rect, key: str, text: str, on_click: Callable[[], Any], primary: bool = False,
                 tooltip: str | None = None, move: Any = None) -> None:
        super().__init__(rect, text, on_click, primary=primary, tooltip=tooltip, size=16, move=move)
        self.key = key

    def ink(self) -> Sequence[int]:
        pal = palette()
        return pal.text_on_accent if self.hovered or self.primary else pal.text

    def draw_key(self, canvas: Canvas) -> pygame.FRect:
        """The key top at the button's right end (a wide one such as Esc grows leftwards)."""
        return draw_keycap(canvas, (self.rect.right - 9, self.rect.centery), self.key, self.ink(), high=20,
                           anchor="midright")

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        if not (self.primary or self.hovered):
            self._draw_box(canvas, pal.table)
            canvas.rect(pal.panel_edge, self.rect, width=2, radius=10)
        else:
            self._draw_box(canvas, pal.accent_hover if self.hovered else pal.accent)
        cap = self.draw_key(canvas)
        room = pygame.FRect(self.rect.x + 8, self.rect.y + 2, cap.x - self.rect.x - 12, self.rect.h - 4)
        canvas.paragraph(self.text, room, self.size, self.ink(), bold=True, align="center", middle=True)


class CubeButton(KeyButton):
    """A prompt button for a cube colour: its swatch (colour and glyph, so colour is never
    alone), its name, and its key."""

    def __init__(self, rect, colour: str, key: int, on_click: Callable[[], Any], named: bool = True) -> None:
        super().__init__(rect, str(key), colour_name(colour) if named else "", on_click,
                         tooltip=None if named else colour_name(colour))   # (else the name on hover)
        self.colour = colour

    def draw(self, canvas: Canvas) -> None:
        pal = palette()
        self._draw_box(canvas, pal.accent_hover if self.hovered else pal.table)
        canvas.rect(pal.panel_edge, self.rect, width=2, radius=10)
        draw_cube(canvas, (self.rect.x + 17, self.rect.centery), 22, self.colour)
        cap = self.draw_key(canvas)
        if self.text:
            canvas.text(self.text, (self.rect.x + 34, self.rect.centery), CUBE_TEXT, self.ink(), "midleft",
                        bold=True, max_width=cap.x - self.rect.x - 38)


# -- the words ---------------------------------------------------------------------------------
def prompt_text(state: CathoodState, names: Sequence[str], can_act: bool, armed: int | None,
                trade_give: str | None, committed: Any) -> tuple[str, str, int, bool]:
    """Title, explanation, rows of option buttons and whether it asks for something now;
    ``committed`` is the observed rock-paper-scissors choice (``HIDDEN`` once made)."""
    if state.phase == OVER:
        return i18n.t("game.over"), "", 0, False
    mover = state.to_move
    who = names[mover]
    if not can_act:
        return i18n.t("cathood.prompt.wait_title", seat=who), _wait_text(state), 0, False
    kind = decision(state)
    if state.phase == SETUP:
        colour = state.colour
        text = (i18n.t("cathood.prompt.place_same", colour=cube_label(state.data.colours[colour]))
                if colour >= 0 else i18n.t("cathood.prompt.place_choose"))
        return i18n.t("cathood.prompt.place_title"), text, 1, True
    if kind is None:
        if armed is not None:
            name = ACTIONS[armed]
            return action_name(name), i18n.t(f"cathood.prompt.armed.{name}"), 1, True
        left = state.discs_left(state.turn)
        if not left:  # the turn waits for its End turn (button or Enter); Undo still works
            return i18n.t("game.end_turn_header", seat=who), i18n.t("game.end_turn_prompt"), 0, True
        return (i18n.plural("cathood.prompt.turn_title", left),
                i18n.t("cathood.prompt.turn"), 0, False)
    step = state.todo[-1]
    args: dict[str, Any] = {"seat": who}
    rows = 1
    if kind in ("take", "return", "steal"):
        rows = cube_rows([m.colour for m in state.legal_moves() if isinstance(m, (Take, Return, Steal))])
    if kind == "take":
        args["shop"] = i18n.t_or(f"cathood.shop.{state.data.shop_names[step[2]]}", state.data.shop_names[step[2]])
    elif kind == "return":
        args.update(n=sum(state.cubes[mover]), cap=state.data.cap)
    elif kind == "steal":
        args["loser"] = names[step[2]]
    elif kind == "fight":
        attacker, defender = step[1], step[2]
        other = defender if mover == attacker else attacker
        key = "fight_second" if committed == HIDDEN else "fight_first"
        args.update(other=names[other])
        rows = rows_of(len(RPS), per_row(rps_labels(), 16, KEY_ROOM))
        return i18n.t("cathood.prompt.fight_title", other=names[other]), i18n.t(f"cathood.prompt.{key}", **args), rows, True
    elif kind == "cb":
        kind, rows = _coffee_prompt(state, step, trade_give)
        trades = step[4] or state.data.coffee_trades
        args.update(n=trades, trades=count_text("trades", trades),
                    give=colour_name(trade_give) if trade_give else "")
    title = f"cathood.prompt.{kind}_title"
    heading = (i18n.plural(title, args["n"], give=args["give"]) if kind == "coffee"  # "up to 2 trades"
               else i18n.t(title, **args))
    return heading, i18n.t(f"cathood.prompt.{kind}", **args), rows, True


def _coffee_prompt(state: CathoodState, step: tuple, trade_give: str | None) -> tuple[str, int]:
    """Which coffee/bee prompt applies, and its button rows."""
    _, _, coffees, bees, trades = step
    legal = state.legal_moves()
    can_trade = any(isinstance(m, Trade) for m in legal)
    if not can_trade and COFFEE_DONE not in legal:
        return "bee", 0
    options = ({m.give for m in legal if isinstance(m, Trade)} if trade_give is None
               else {m.get for m in legal if isinstance(m, Trade) and m.give == trade_give})
    rows = 1 + cube_rows(sorted(options), rows_after=1)
    if trade_give is not None:
        return "coffee_get", rows
    return ("coffee_bee" if bees and not trades else "coffee"), rows


def _wait_text(state: CathoodState) -> str:
    if state.phase == SETUP:
        return i18n.t("cathood.prompt.wait_setup")
    if decision(state) == "fight":
        return i18n.t("cathood.prompt.wait_fight")
    return i18n.t("cathood.prompt.wait")


# -- the buttons -------------------------------------------------------------------------------
class _Keyed:
    """The prompt's buttons with the number key that presses each (shown on it)."""

    def __init__(self, view: CathoodState) -> None:
        self.view = view
        self.actions: dict[int, Callable[[], Any]] = {}

    def button(self, rect: pygame.FRect, key: int, text: str, act: Callable[[], Any], primary: bool = False,
               move: Any = None) -> Button:
        self.actions[key] = act
        return KeyButton(rect, str(key), text, act, primary=primary, move=move)

    def colours(self, colours: list[str], act: Callable[[str], Any], rows_after: int = 0,
                move: Callable[[str], Any] | None = None) -> list[Widget]:
        """One cube button per colour, three (or two) to a row, above ``rows_after`` more rows;
        each colour on its own key (``move``: the rules move each colour's button plays, when it
        plays one)."""
        n, named = colour_grid(colours, rows_after)
        rows = rows_of(len(colours), n)
        out: list[Widget] = []
        for i, colour in enumerate(colours):
            row, col = divmod(i, n)
            count = min(n, len(colours) - row * n)
            key = colour_key(self.view, colour)
            self.actions[key] = partial(act, colour)
            button = CubeButton(L.option_rect(col, count, row, rows + rows_after, L.DECISION_PROMPT), colour, key,
                                self.actions[key], named)
            button.move = None if move is None else move(colour)
            out.append(button)
        return out


def hint_text(state: CathoodState, armed: int | None, piece: Piece | None, target: Target | None) -> str:
    """The status line's hint: what to do now with what is held (or where a disc lies)."""
    if state.phase == SETUP:
        return i18n.t("cathood.hint.setup")
    kind = decision(state)
    if kind == "cb":
        return i18n.t(f"cathood.hint.{_coffee_hint(state.legal_moves())}")
    if kind is not None:
        return i18n.t(f"cathood.hint.{kind}")
    if state.waits_for_end_turn():
        return i18n.t("game.end_turn_tip")
    if isinstance(piece, Cat) and isinstance(target, Go) and len(routes(state, piece.armed).get(target.space, ())) > 1:
        return i18n.t("cathood.hint.routes")
    if isinstance(piece, Tile):
        return i18n.t("cathood.hint.tile")
    return i18n.t("cathood.hint.armed" if armed is not None else "cathood.hint.turn")


def _coffee_hint(legal: Sequence[Any]) -> str:
    """The coffee-and-bee hint that says what is offered now: cards are lit only while the bee
    may take one, trades only while the coffee is open."""
    bee = any(isinstance(m, Reserve) for m in legal)
    coffee = any(isinstance(m, Trade) for m in legal) or COFFEE_DONE in legal
    return "cb" if bee and coffee else "bee" if bee else "coffee"


def prompt_buttons(host: PromptHost) -> tuple[list[Widget], dict[int, Callable[[], Any]]]:
    """The prompt's buttons for a human who may act, and what each number key presses."""
    state = host.view
    numbered = _Keyed(state)
    if not host.human_can_act():
        return [], numbered.actions
    widgets: list[Widget] = []
    kind = decision(state)
    legal = state.legal_moves()
    if kind in ("take", "return", "steal"):
        cls = {"take": Take, "return": Return, "steal": Steal}[kind]
        colours = [m.colour for m in legal if isinstance(m, (Take, Return, Steal))]
        widgets += numbered.colours(colours, lambda c: host.play_human(cls(c)), move=cls)
    elif kind == "fight":
        n = per_row(rps_labels(), 16, KEY_ROOM)
        for i, choice in enumerate(RPS):
            row, col = divmod(i, n)
            rect = L.option_rect(col, min(n, len(RPS) - row * n), row, rows_of(len(RPS), n), L.DECISION_PROMPT)
            widgets.append(numbered.button(rect, i + 1, i18n.t(f"cathood.rps.{choice}"),
                                           partial(host.play_human, Rps(choice)), primary=True,
                                           move=Rps(choice)))
    elif kind == "cb":
        widgets += _coffee_buttons(host, numbered, legal)
    elif state.phase != SETUP and kind is None:
        if host.armed is not None:   # Esc, as a key top: the number keys stay the action spaces'
            widgets.append(KeyButton(L.option_rect(0, 1, 0, 1), i18n.t("cathood.key_esc"),
                                     i18n.t("cathood.take_disc_back"), host.disarm))
        end = Button(L.END_TURN, i18n.t("cathood.end_turn"), host.end_turn,
                     primary=legal == [END_TURN], size=18, tooltip=i18n.t("cathood.end_turn_tip"),
                     move=END_TURN)
        widgets.append(end)
    return widgets, numbered.actions


def _coffee_buttons(host: PromptHost, numbered: _Keyed, legal: list[Any]) -> list[Widget]:
    trades = [m for m in legal if isinstance(m, Trade)]
    if not trades and COFFEE_DONE not in legal:
        return []                                  # only the bee: click a card
    if host.trade_give is None:
        gives = list(dict.fromkeys(m.give for m in trades))
        out = numbered.colours(gives, host.choose_give, rows_after=1)
    else:
        give = host.trade_give
        gets = [m.get for m in trades if m.give == give]
        out = numbered.colours(gets, lambda c: host.play_human(Trade(give, c)), rows_after=1,
                               move=partial(Trade, give))
    label = "cathood.coffee_back" if host.trade_give else "cathood.coffee_done"
    act = (lambda: host.choose_give(None)) if host.trade_give else (lambda: host.play_human(COFFEE_DONE))
    out.append(numbered.button(L.option_rect(0, 1, 0, 1, L.DECISION_PROMPT), DONE_KEY, i18n.t(label), act,
                               move=None if host.trade_give else COFFEE_DONE))
    return out
