"""Cathood's fights walked through over the neighbourhood (steps of ``ui.table.stage``), so that
a player sees a fight rather than reads it in a toast: for each fight of a move, in the rules'
order, the two cats face each other (the space they share ringed on the board), then both
choices are shown together, then the result — who wins and the cube taken, or a tie.  A line
under the panel says how to skip it.

Pure drawing from the move's own ``fight`` and ``steal`` events and the position after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from catgames.core.rules import Event
from catgames.games.cathood.table import layout as L
from catgames.games.cathood.table.seen import Seen
from catgames.games.cathood.table.view import draw_cat, draw_cube
from catgames.games.cathood.table.words import colour_name
from catgames.ui import i18n
from catgames.ui.callouts import draw_verdict_mark
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import Tween, ease_out
from catgames.ui.table.stage import in_turn
from catgames.ui.theme import palette

FACE_TIME = 0.9     #: the two cats face each other
CHOICE_TIME = 1.0   #: both choices shown together
RESULT_TIME = 1.8   #: the result, to be read
PANEL = pygame.FRect(0, 0, 480, 312)  #: over the half of the neighbourhood away from the fight
CAT = 86.0          #: a fighter's head in the panel
Draw = Callable[[Canvas, Point, float], None]


@dataclass(frozen=True)
class Fight:
    """One fight of a move: the two cats, their choices, the winner and what was taken."""

    attacker: int
    defender: int
    choices: tuple[str, str]        #: rock, paper or scissors: the attacker's, the defender's
    winner: int | None              #: ``None``: a tie
    taken: str | None = None        #: the colour of the cube the winner took
    empty: bool = False             #: the loser had no cube to take
    choosing: bool = False          #: the winner is still to choose the cube

    @property
    def loser(self) -> int | None:
        if self.winner is None:
            return None
        return self.defender if self.winner == self.attacker else self.attacker


def fights_of(events: Sequence[Event]) -> list[Fight]:
    """The move's fights, each with its steal (the event after it) if the move made it."""
    out: list[Fight] = []
    for i, event in enumerate(events):
        if event.kind != "fight" or event.seat is None:
            continue
        winner = event.get("winner")
        steal = next((e for e in events[i + 1:] if e.kind in ("steal", "fight")), None)
        stole = steal is not None and steal.kind == "steal" and winner is not None
        out.append(Fight(event.seat, event.get("defender"),
                         (event.get("attacker_choice"), event.get("defender_choice")), winner,
                         taken=steal.get("colour") if stole and steal is not None else None,
                         empty=stole and steal is not None and steal.get("colour") is None,
                         choosing=winner is not None and not stole))
    return out


@dataclass
class FightWalk:
    """The walkthrough of a move's fights: three steps each."""

    fights: Sequence[Fight]
    seen: Seen
    names: Sequence[str]
    lead_in: float = 0.0            #: the move's pieces still landing: the walk waits for them
    steps: list[Tween] = field(default_factory=list)
    panel: pygame.FRect = field(default_factory=lambda: PANEL.move_to(center=L.NEIGHBOURHOOD.center))

    def __post_init__(self) -> None:
        if not self.fights:
            return
        spot = self.seen.cat_points().get(self.fights[0].attacker)
        if spot is not None:  # the fight's space stays in sight, ringed
            room = L.NEIGHBOURHOOD.inflate(-12, -12)
            self.panel = PANEL.move_to(midbottom=(room.centerx, room.bottom)) if spot[1] < room.centery \
                else PANEL.move_to(midtop=(room.centerx, room.y))
        self.steps.append(Tween(lambda *_: None, [self.panel.center], duration=max(self.lead_in, 0.01)))
        ends: list[Tween] = []
        for fight in self.fights:
            self._add(self._face(fight, len(ends), ends), FACE_TIME)
            self._add(self._choices(fight, len(ends), ends), CHOICE_TIME)
            self._add(self._result(fight, len(ends), ends), RESULT_TIME)
            ends.append(self.steps[-1])
        in_turn(self.steps)

    def _add(self, draw: Draw, duration: float) -> None:
        self.steps.append(Tween(draw, [self.panel.center], duration=duration, ease=ease_out))

    def _face(self, fight: Fight, k: int, ends: list[Tween]) -> Draw:
        """The panel, both cats sliding in to face each other, the space ringed on the board."""
        title = i18n.t("cathood.stage.fight", attacker=self.names[fight.attacker],
                       defender=self.names[fight.defender])

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            if ends[k].done:
                return
            pal, panel = palette(), self.panel
            spot = self.seen.cat_points().get(fight.attacker)
            if spot is not None:
                canvas.circle(pal.focus, spot, self.seen.cat_size() * 1.5, width=4)
            canvas.rect(pal.panel, panel, radius=14)
            canvas.rect(pal.focus, panel, width=3, radius=14)
            canvas.text(title, (panel.centerx, panel.y + 24), 19, pal.text, "center", bold=True,
                        max_width=panel.w - 24)
            slide = (1 - progress) * panel.w * 0.18
            for side, seat in ((-1, fight.attacker), (1, fight.defender)):
                x = _fighter_x(panel, side) + side * slide
                draw_cat(canvas, (x, panel.y + 100), CAT, seat)
                canvas.text(self.names[seat], (x, panel.y + 158), 16, pal.text, "center", bold=True,
                            max_width=panel.w / 2 - 40)
            canvas.text(i18n.t("cathood.stage.versus"), (panel.centerx, panel.y + 100), 20, pal.text_dim,
                        "center", bold=True)
            canvas.text(i18n.t("stage.skip"), (panel.centerx, panel.bottom - 18), 13, pal.text_dim, "center",
                        max_width=panel.w - 24)
        return draw

    def _choices(self, fight: Fight, k: int, ends: list[Tween]) -> Draw:
        """Both choices, shown together."""
        words = [i18n.t(f"cathood.rps.{choice}") for choice in fight.choices]

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            if ends[k].done:
                return
            pal, panel = palette(), self.panel
            size = 17 + 5 * progress
            for side, said in zip((-1, 1), words):
                canvas.text(said, (_fighter_x(panel, side), panel.y + 186), size, pal.focus, "center", bold=True,
                            max_width=panel.w / 2 - 30)
        return draw

    def _result(self, fight: Fight, k: int, ends: list[Tween]) -> Draw:
        """Who wins (✓ by the winner, ✗ by the loser) and the cube taken, or a tie."""
        line = result_line(fight, self.names)

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            if ends[k].done:
                return
            pal, panel = palette(), self.panel
            if fight.winner is not None:
                for side, seat in ((-1, fight.attacker), (1, fight.defender)):
                    centre = (_fighter_x(panel, side) + CAT * 0.42, panel.y + 72)
                    draw_verdict_mark(canvas, centre, 13, seat == fight.winner)
            rect = pygame.FRect(panel.x + 16, panel.y + 212, panel.w - 32, 62)
            if fight.taken is not None:  # the cube taken, left of the words
                draw_cube(canvas, (rect.x + 10, rect.centery), 18 * min(1.0, 0.5 + progress), fight.taken)
                rect = rect.inflate(-48, 0).move(12, 0)
            canvas.paragraph(line, rect, 16, pal.text, bold=True, align="center", middle=True)
        return draw


def _fighter_x(panel: pygame.FRect, side: int) -> float:
    """The middle of a fighter's half of ``panel`` (``side`` -1: the attacker, 1: the defender)."""
    return panel.centerx + side * panel.w * 0.27


def result_line(fight: Fight, names: Sequence[str]) -> str:
    """``Ann wins and takes a blue cube from Bob`` — or a tie, or the winner still choosing."""
    if fight.winner is None or fight.loser is None:
        return i18n.t("cathood.stage.tie")
    args = {"winner": names[fight.winner], "loser": names[fight.loser]}
    if fight.taken is not None:
        return i18n.t("cathood.stage.takes", colour=colour_name(fight.taken), **args)
    if fight.empty:
        return i18n.t("cathood.stage.nothing", **args)
    return i18n.t("cathood.stage.chooses", **args)
