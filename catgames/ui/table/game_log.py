"""The game log's words: the lines of every turn (a game words its own moves, ``log_lines``;
by default ``who: move`` and a line per event with an ``event.*`` string), what the others did
since a seat last moved (the hand-off screen's news), and the part of the table a hovered line
names lit up.  The turns are the log of the seat whose hand is on the screen, as its update
gives them: redacted for it (``core.redaction``), so a veiled choice reads as one."""

from __future__ import annotations

from typing import Protocol, Sequence

from catgames.core.redaction import veiled_kind
from catgames.core.session import Turn
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.log_panel import LogLine, LogPanel


class LogHost(Protocol):
    """What the log's words need of the table."""

    log_panel: LogPanel

    def log_turns(self) -> tuple[Turn, ...]: ...
    def opening_lines(self) -> list[str]: ...
    def log_lines(self, turn: Turn, before: list[Turn]) -> list[str]: ...
    def draw_log_highlight(self, canvas: Canvas, turn: Turn, part: int) -> None: ...


def plain_lines(turn: Turn, names: Sequence[str], game_id: str) -> list[str]:
    """``who: move`` (a hidden choice: that it was made) then one line per event with an
    ``event.<game>.<kind>`` or ``event.<kind>`` string."""
    who = i18n.t("game.chance") if turn.seat < 0 else names[turn.seat]
    lines = [hidden_move_line(game_id, turn.move, who)
             or i18n.t("common.labelled", label=who, text=turn.move)]
    for event in turn.events:
        name = names[event.seat] if event.seat is not None and event.seat >= 0 else ""
        args = dict(event.data, seat=name)
        for key in (f"event.{game_id}.{event.kind}", f"event.{event.kind}"):
            if i18n.has(key):
                lines.append("  " + i18n.t(key, **args))
                break
    return lines


def hidden_move_line(game_id: str, move: str, who: str) -> str:
    """The log's line for a move whose choice this seat may not read (``rps ?``): that ``who``
    chose, in the game's words for that kind (``<game>.log.<kind>``) or the shared ones;
    ``""`` for a move told whole."""
    kind = veiled_kind(move)
    if kind is None:
        return ""
    key = f"{game_id}.log.{kind}"
    return i18n.t(key if i18n.has(key) else "game.hidden_move", seat=who)


def fill_log(table: LogHost) -> None:
    """The log panel anew from the set-up's lines and every turn's."""
    lines = [LogLine(line, -1, part) for part, line in enumerate(table.opening_lines())]
    history = list(table.log_turns())
    lines += [LogLine(line, index, part) for index, turn in enumerate(history)
              for part, line in enumerate(table.log_lines(turn, history[:index]))]
    table.log_panel.set_lines(lines)


def since_last_turn(table: LogHost, seat: int) -> list[str]:
    """The log since ``seat`` last moved: what the others did meanwhile."""
    last = max((i for i, turn in enumerate(table.log_turns()) if turn.seat == seat),
               default=-1)
    return [line.text for line in table.log_panel.lines if line.turn > last]


def draw_hovered(table: LogHost, canvas: Canvas) -> None:
    """Light up on the table what the log line under the pointer names."""
    line, turns = table.log_panel.hovered(canvas), table.log_turns()
    if line is not None and 0 <= line.turn < len(turns):
        table.draw_log_highlight(canvas, turns[line.turn], line.part)
