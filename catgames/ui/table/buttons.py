"""The table's buttons: Menu at the header's right end, Undo before it (greyed out, its tooltip
says why, where undo is refused), the Hint's bulb before that where hints are offered, End turn
at the status line's end while a turn waits for it, then the game's own controls."""

from __future__ import annotations

from typing import Protocol

from catgames.core.feed import TableFeed
from catgames.core.seats import SeatUpdate
from catgames.ui import end_turn, i18n
from catgames.ui.scene import SceneHost
from catgames.ui.table.hint_view import HintButton
from catgames.ui.table.layout import HEADER, HINT_RECT
from catgames.ui.widgets import Button, Widget, WidgetGroup

RIGHT = 1264  #: where the header's last button ends
SIZE = 18  #: the header buttons' words


class ButtonsHost(Protocol):
    """What the buttons need of the table: what they show and what they call."""

    app: SceneHost
    feed: TableFeed
    read_only: bool

    @property
    def public(self) -> SeatUpdate: ...

    def hints_offered(self) -> bool: ...
    def human_can_act(self) -> bool: ...
    def extra_widgets(self) -> list[Widget]: ...
    def open_pause(self) -> None: ...
    def undo(self) -> None: ...
    def ask_hint(self) -> None: ...
    def confirm_turn(self) -> None: ...


def undo_text_key(refusal: str) -> str:
    """The sentence saying why undo is refused (``TableFeed.undo_refusal``)."""
    return "game.cannot_undo" if refusal == "nothing" else f"game.cannot_undo_{refusal}"


def table_buttons(table: ButtonsHost) -> tuple[WidgetGroup, float]:
    """The buttons for the table as it is now, each as wide as its word needs, and where the
    header's buttons begin (the turn's words end before it)."""
    if table.read_only:  # the replay puts its own controls there
        return WidgetGroup(table.extra_widgets()), HEADER.right
    menu = i18n.t("game.menu")
    right = RIGHT - _width(table, menu)
    buttons: list[Widget] = [Button((right, 12, RIGHT - right, 40), menu, table.open_pause,
                                    size=SIZE)]
    text = i18n.t("game.undo")  # in every game; greyed out where a move revealed something
    w = _width(table, text)
    refusal = table.feed.undo_refusal()  # greyed out, it says why on hover
    undo = Button((right - 12 - w, 12, w, 40), text, table.undo,
                  tooltip=i18n.t(undo_text_key(refusal) if refusal else "game.undo_tip"), size=SIZE)
    undo.enabled = refusal is None
    buttons.insert(0, undo)
    if table.hints_offered():
        hint = HintButton((undo.rect.x - 12 - HintButton.WIDTH, 12, HintButton.WIDTH, 40),
                          table.ask_hint, i18n.t("hint.tip"))
        hint.enabled = table.human_can_act()
        buttons.insert(0, hint)
    left = buttons[0].rect.x
    if table.public.awaiting:
        buttons.append(end_turn.end_turn_button(table.app.canvas, HINT_RECT, table.confirm_turn))
    return WidgetGroup(buttons + table.extra_widgets()), left


def _width(table: ButtonsHost, text: str) -> float:
    return min(260.0, max(130.0, table.app.canvas.text_size(text, SIZE, bold=True)[0] + 32))
