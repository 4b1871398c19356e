"""This Bed Is Mine's final scoring walked through on the bed before the end screen (the steps
of ``ui.table.stage``): each won section lit in its owner's colour, its claw set and its points
counting up beside it — the Cat's sections, largest first, then the Dog's, in the order the end
screen sums them — then the tied sections together, then each toy kind's majority (side B).
The trays' points count up with it (``FinalWalk.tally``).  Pure drawing from the final score."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import pygame

from catgames.games.bed.components import TOY_KINDS
from catgames.games.bed.rules import BedState
from catgames.games.bed.scoring import BedScore, Section
from catgames.games.bed.table.board import draw_sums
from catgames.games.bed.table.layout import CELL, GEO, NOTES
from catgames.games.bed.table.view import claw_spots, draw_cells, draw_claw, draw_section_size, outline
from catgames.ui import i18n
from catgames.ui.callouts import draw_banner
from catgames.ui.canvas import Canvas, Point
from catgames.ui.motion import DrawAt, Tween, ease_in_out, ease_out
from catgames.ui.table.stage import in_turn
from catgames.ui.theme import palette

SECTION_TIME = 0.8  #: seconds a won section takes to light and count, when there are few
SECTIONS_TIME = 8.0  #: the won sections of a game take no longer than this in all
SHORTEST = 0.35  #: however many sections, each is lit at least this long
TIE_TIME = 0.9  #: the tied sections, shown together
TOY_TIME = 1.4  #: one toy kind's majority
TINT = 95  #: a won section's tint once lit (the final board's)
LIT = 170  #: and while it is the one being counted
TIED = (0x90, 0x90, 0x98)  #: a tied section (the final board's grey)


def section_order(score: BedScore) -> list[Section]:
    """The won sections as the end screen sums them: each seat's in turn, the largest first."""
    won = [sec for sec in score.sections if sec.owner is not None]
    return sorted(won, key=lambda sec: (sec.owner, -sec.size))


@dataclass
class FinalWalk:
    """The walkthrough of one finished bed: its steps, and the points each step gives a seat."""

    bed: BedState
    score: BedScore
    names: Sequence[str]  #: the seats as the table names them
    steps: list[Tween] = field(default_factory=list)
    points: list[tuple[int, int]] = field(default_factory=list)
    #: each section's cells filled in one picture per size: one blit a frame, not one a cell
    tints: dict[tuple[tuple[int, int], float], tuple[pygame.Surface, Point]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        icons = 0
        for mask in self.bed.data.sides[self.bed.side].toys.values():
            icons |= mask
        won = section_order(self.score)
        each = max(SHORTEST, min(SECTION_TIME, SECTIONS_TIME / max(1, len(won))))
        for sec in won:
            assert sec.owner is not None
            gain = (sec.size, 0) if sec.owner == 0 else (0, sec.size)
            self._add(self._section(sec, icons), each, gain)
        tied = [sec for sec in self.score.sections if sec.owner is None and not sec.ignored]
        if tied:
            self._add(self._ties(tied, icons), TIE_TIME, (0, 0))
        if self.bed.data.sides[self.bed.side].toys:
            for k, kind in enumerate(TOY_KINDS):
                self._add(self._toys(k, kind), TOY_TIME, self._bonus(k))
        in_turn(self.steps)
        if self.steps:
            end = self.steps[-1].delay + self.steps[-1].duration
            self.steps.append(Tween(self._caption, [NOTES.center], duration=end, ease=lambda t: t))

    def tally(self) -> tuple[int, int]:
        """Each seat's points so far: the steps begun, at their progress."""
        got = [0, 0]
        for step, gain in zip(self.steps, self.points):
            if step.t >= step.delay:
                for seat in (0, 1):
                    got[seat] += round(gain[seat] * step.progress)
        return got[0], got[1]

    # -- the steps ------------------------------------------------------------------------
    def _add(self, draw: DrawAt, duration: float, gain: tuple[int, int]) -> None:
        self.steps.append(Tween(draw, [GEO.rect.center], duration=duration, ease=ease_out))
        self.points.append(gain)

    def _bonus(self, k: int) -> tuple[int, int]:
        cat, dog = self.score.toys[0][k], self.score.toys[1][k]
        if cat == dog:
            return (0, 0)
        bonus = self.bed.data.toy_bonus
        return (bonus, 0) if cat > dog else (0, bonus)

    def _section(self, sec: Section, icons: int) -> DrawAt:
        grid = self.bed.data.grid
        cells = grid.cells(sec.mask)
        claw, beside = claw_spots(grid, sec.mask, icons)
        assert sec.owner is not None
        style = palette().seat(sec.owner)

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            counting = progress < 1
            self._tint(canvas, cells, style.color, round(LIT + (TINT - LIT) * progress))
            if counting:
                _draw_outline(canvas, cells)
            centre = GEO.centre(*claw)
            draw_claw(canvas, centre, CELL * 0.8 * min(1.0, 0.4 + progress), style)
            shown = round(sec.size * ease_in_out(progress))
            at = GEO.centre(*beside) if beside is not None else (centre[0], centre[1] + CELL * 0.3)
            draw_section_size(canvas, at, shown, CELL)
        return draw

    def _ties(self, tied: list[Section], icons: int) -> DrawAt:
        grid = self.bed.data.grid
        spots = [(grid.cells(sec.mask), claw_spots(grid, sec.mask, icons)[0], sec.sums) for sec in tied]

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            for cells, claw, sums in spots:
                self._tint(canvas, cells, TIED, 90)
                if progress < 1:
                    _draw_outline(canvas, cells)
                draw_sums(canvas, GEO.centre(*claw), f"{sums[0]}:{sums[1]}")
        return draw

    def _tint(self, canvas: Canvas, cells: Sequence[tuple[int, int]], colour: Sequence[int], alpha: int) -> None:
        """``cells`` (a section) tinted ``colour`` at ``alpha``."""
        key = (cells[0], canvas.scale)
        kept = self.tints.get(key)
        if kept is None:
            rects = [GEO.cell_rect(*cell) for cell in cells]
            bounds = rects[0].unionall(rects[1:])
            picture = pygame.Surface(canvas.real_rect(bounds).size, pygame.SRCALPHA)
            with canvas.unrecorded(), canvas.offscreen(picture, bounds.topleft):
                draw_cells(canvas, GEO, cells, (*colour, 255))
            kept = self.tints[key] = (picture, bounds.topleft)
        picture, topleft = kept
        picture.set_alpha(alpha)
        canvas.surface.blit(picture, canvas.to_real(topleft))

    def _toys(self, k: int, kind: str) -> DrawAt:
        """One toy kind: its icons in won sections ringed in their taker's colour, the count and
        who takes the bonus in a banner over the bed."""
        grid = self.bed.data.grid
        printed = self.bed.data.sides[self.bed.side].toys.get(kind, 0)
        taken = [(grid.cells(sec.mask & printed), sec.owner) for sec in self.score.sections
                 if sec.owner is not None and sec.mask & printed]
        counts = (self.score.toys[0][k], self.score.toys[1][k])
        if counts[0] == counts[1]:
            result = i18n.t("bed.toy_tie")
        else:
            leader = 0 if counts[0] > counts[1] else 1
            result = i18n.t("bed.toy_bonus_to", seat=self.names[leader], bonus=self.bed.data.toy_bonus)
        text = i18n.t("bed.toy_line", toy=i18n.t(f"bed.toy.{kind}"), cat=counts[0], dog=counts[1], result=result)

        def draw(canvas: Canvas, _pos: Point, progress: float) -> None:
            if progress >= 1:
                return  # the board keeps the claws; the line was read
            for cells, owner in taken:
                assert owner is not None
                for cell in cells:
                    canvas.circle(palette().seat(owner).color, GEO.centre(*cell), CELL * 0.5, width=4)
            banner = pygame.FRect(0, 0, GEO.rect.w * 0.72, 64).move_to(center=GEO.rect.center)
            draw_banner(canvas, banner, text)
        return draw

    def _caption(self, canvas: Canvas, _pos: Point, progress: float) -> None:
        """What is happening and how to skip it, under the bed where the notes were."""
        if progress >= 1:
            return
        words = f"{i18n.t('bed.final_scoring')}  ·  {i18n.t('stage.skip')}"
        canvas.paragraph(words, NOTES, 16, palette().text, bold=True, middle=True)


def _draw_outline(canvas: Canvas, cells: Sequence[tuple[int, int]]) -> None:
    """The section being counted, ringed along its edge."""
    colour = palette().focus
    for a, b in outline(set(cells)):
        canvas.line(colour, GEO.point(*a), GEO.point(*b), 4)
