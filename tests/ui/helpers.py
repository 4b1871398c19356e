"""Helpers for UI tests: a fake AI worker, synthetic clicks and keys, the example rules file."""

from __future__ import annotations

from pathlib import Path

import pygame

from catgames.ui.app import MAX_DT, App

EXAMPLE_RULES = Path(__file__).parent / "data" / "rules_example.yaml"


class FakeWorker:
    """Stands in for ``catgames.ai.worker.AIWorker``: answers the lowest free cell after
    ``delay_polls`` polls, and records what it was asked."""

    def __init__(self, delay_polls: int = 2) -> None:
        self.delay_polls = delay_polls
        self.requests: list[tuple] = []
        self.cancelled = 0
        self.closed = False
        self._pending: dict | None = None
        self._polls = 0

    def request(self, game_id, state_dict, seat, difficulty, seed, **options) -> None:
        self.requests.append((game_id, seat, difficulty, seed))
        self._pending, self._polls = state_dict, 0

    def poll(self):
        if self._pending is None:
            return None
        self._polls += 1
        if self._polls < self.delay_polls:
            return None
        cell = self._pending["board"].index(-1)
        self._pending = None
        return f"c{cell}"

    def cancel(self) -> None:
        self.cancelled += 1
        self._pending = None

    def close(self) -> None:
        self.closed = True


def click(app: App, pos, button: int = 1) -> None:
    """Press and release at ``pos`` (window pixels) and run a frame."""
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app: App, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")])


class IdleWorker:
    """An AI worker that never answers: the computer seat waits while the test plays."""

    def request(self, *args, **options) -> None:
        pass

    def poll(self) -> None:
        return None

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def pass_time(app: App, frames: int) -> None:
    """``frames`` of the longest frames the loop allows, updated and not drawn: a test on its way
    to the moment it looks at (drawing each one cost it most of its time)."""
    for _ in range(frames):
        app.advance(MAX_DT)


def hand_over(app: App, drawn: bool = True) -> None:
    """The player ends a turn that waits for its End turn (Enter), then the next player takes
    the device: every hand-off screen on top is clicked away.  Not ``drawn``, the click's frame
    is only updated: for a test that draws the table itself next (the layout test's screens)."""
    from catgames.ui.scenes.handoff import GUARD_S, HandoffScene

    table = app.stack.top
    public = getattr(table, "public", None)
    if public is not None and public.awaiting:
        if table.stage.playing:  # a staged moment takes the first key for its skip alone
            key(app, pygame.K_RETURN)
        key(app, pygame.K_RETURN)
    while isinstance(app.stack.top, HandoffScene):
        pass_time(app, int(GUARD_S / MAX_DT) + 1)  # past the guard against the mover's own input
        if drawn:
            click(app, app.canvas.to_real(app.canvas.bounds.center))
        else:
            _click_undrawn(app, app.canvas.bounds.center)


def _click_undrawn(app: App, pos: tuple[int, int]) -> None:
    """``click`` at ``pos`` (virtual pixels) without drawing its frame: the press and release
    handled by the scenes as ``App.step`` hands them on, then the frame's update."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.stack.handle(pygame.event.Event(kind, pos=pos, button=1))
    app.advance()
