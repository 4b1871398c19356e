"""The scene stack (Tuxemon style): the top scene gets events first and updates; overlays are
transparent scenes drawn over the ones below.

Events go top-down until a scene consumes one or a ``modal`` scene is reached, so an overlay
such as the pause menu shields the game below it.  ``draw`` must never change game state.

The app draws only when something changed (a calm machine): after input, a change of the stack,
a toast, the settings, or ``app.invalidate()``; and every frame while the top scene says it is
``animating()``.  So a scene whose picture changes by itself over time (an animation, a countdown,
a spinner, a delayed tooltip) must say so in ``animating()``, or it freezes until the next input.
When only a spinner turns, ``moving_parts()`` says where, and the frame redraws only there.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

import pygame

from catgames.core.rules import Outcome
from catgames.core.saves import Unfinished
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.net.hosting import HostedServer
from catgames.net.links import TableLink
from catgames.net.lobby import Hosted
from catgames.ui.canvas import Canvas
from catgames.ui.sound import Sound
from catgames.ui.toast import Toasts


class Navigator(Protocol):
    """The screens a scene may open, named by what they are for (``catgames.ui.screens.Screens``
    is the one module that knows them all).  A scene opens another only through its host's
    ``screens``, never by importing it: so the table never reaches up to the menus drawn over
    it, and no menu reaches back to the table or the menu that opened it."""

    def play(self, match: Match) -> None:
        """The table of ``match`` (a toast says why when its game's table cannot be loaded)."""
    def new_game(self, game_id: str) -> None:
        """The set-up of a new game of ``game_id``."""
    def tutorial(self, game_id: str) -> bool:
        """``game_id``'s tutorial at its table; whether it opened."""
    def rules(self, game_id: str) -> None: ...
    def settings(self) -> None: ...
    def continue_list(self, saved: Sequence[Unfinished]) -> None: ...
    def statistics(self) -> None: ...
    def past_games(self) -> None: ...
    def replay(self, match: Match) -> None:
        """A finished ``match`` replayed move by move."""
    def pause(self, table: "Scene") -> None:
        """The pause menu over ``table``."""
    def game_over(self, table: "Scene", outcome: Outcome) -> None:
        """The result of ``table``'s game, ``outcome``, over its final board."""
    def hand_over(self, name: str, since: Sequence[str]) -> None:
        """The screen that hides the table until ``name`` holds the device, with the log's lines
        ``since`` their last turn."""
    def online(self) -> None:
        """Play online: host, join, the tables kept."""
    def online_host(self) -> None: ...
    def online_join(self) -> None: ...
    def online_invite(self, hosted: Hosted, own: bool) -> None:
        """What to give the friends of a table just hosted (``own``: on this computer's server),
        in place of the screen on top."""
    def online_table(self, link: TableLink) -> None:
        """The table of ``link`` played over its server."""


class SceneHost(Protocol):
    """What a scene may use of the app that runs it (``catgames.ui.app.App`` is one): named
    here so that this module never imports the app, which imports it."""

    settings: Settings
    stack: "SceneStack"
    sound: Sound
    toasts: Toasts
    worker_factory: Callable[[], Any]  #: makes the AI worker a game table talks to
    canvas: Canvas  #: measures text at the current size, for layouts that grow with it
    screens: Navigator  #: how a scene opens another
    hosting: HostedServer  #: this computer's own server of online tables
    #: seconds the loop has run, a stalled frame's whole length included (its ``dt`` to the
    #: scenes is clamped, so that an animation does not jump): what must end on time reads it
    now: float

    def push(self, scene: "Scene") -> "Scene": ...
    def quit(self) -> None: ...
    def new_seed(self) -> int: ...
    def ai_delay(self) -> float: ...
    def apply_settings(self) -> None: ...
    def save_settings(self) -> None: ...
    def invalidate(self) -> None: ...


class Scene:
    """One screen or overlay.  Override what you need; the defaults do nothing."""

    transparent = False  #: draw the scene below first (dialogs, hand-off, pause menu)
    modal = True         #: stop events reaching scenes below, consumed or not
    home = False         #: the title screen, which ``to_title`` returns to

    def __init__(self, app: SceneHost) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was popped."""

    def exit(self) -> None:
        """Popped off the stack."""

    def language_changed(self) -> None:
        """The player chose another language (called on every scene of the stack, the top one or
        not): redo any text the scene keeps, so the switch shows at once."""

    def text_size_changed(self) -> None:
        """The player chose another text size (called on every scene of the stack, like
        ``language_changed``, which stands for both when both change): redo whatever the scene
        sized to its texts, since a scene under an overlay shows before it is resumed."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to an input event (positions already virtual); return True if consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds (only the top scene is updated)."""

    def animating(self) -> bool:
        """True while the picture changes with time alone (an animation, a countdown, a spinner,
        a tooltip about to appear): the app then draws every frame.  Asked before and after
        ``update``, so the frame that ends an animation is drawn too."""
        return False

    def moving_parts(self) -> list[pygame.FRect] | None:
        """While it animates: the virtual rects where its picture changes, if only small parts
        of it move by time alone (a spinner), so a frame redraws just those; ``None``, the
        default, redraws the whole picture."""
        return None

    def draw(self, canvas: Canvas) -> None:
        """Draw the scene; must not change any state that matters outside the frame."""


class SceneStack:
    """An ordered stack of scenes with push/pop/replace and layered drawing."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._changes = 0

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def changes(self) -> int:
        """Counts pushes, pops and replacements (the app redraws when it moved)."""
        return self._changes

    def __iter__(self):
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        self._changes += 1
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        self._changes += 1
        scene.exit()
        if self._scenes:
            self._scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self._scenes:
            self._scenes.pop().exit()
        self._scenes.append(scene)
        self._changes += 1
        scene.enter()
        return scene

    def pop_until(self, keep: Callable[[Scene], bool]) -> None:
        """Pop scenes until ``keep(top)`` is true (or the stack is empty)."""
        while self._scenes and not keep(self._scenes[-1]):
            self.pop()

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of class ``kind``."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        """Offer ``event`` top-down; stops when consumed, at a modal scene, or if the stack changed."""
        changes = self._changes
        for scene in reversed(list(self._scenes)):
            if scene.handle(event) or self._changes != changes or scene.modal:
                return True
        return False

    def update(self, dt: float) -> None:
        if self._scenes:
            self._scenes[-1].update(dt)

    def animating(self) -> bool:
        """Whether the top scene (the only one updated, so the only one that can move) animates."""
        return bool(self._scenes) and self._scenes[-1].animating()

    def moving_parts(self) -> list[pygame.FRect] | None:
        """The top scene's ``moving_parts`` (it alone is updated)."""
        return self._scenes[-1].moving_parts() if self._scenes else None

    def draw(self, canvas: Canvas) -> None:
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].transparent:
            start -= 1
        for layer, scene in enumerate(self._scenes[max(start, 0):]):
            canvas.layer = layer
            scene.draw(canvas)
