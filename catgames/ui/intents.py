"""Input turned into intents, so mouse, keyboard (and later touch) drive the same actions.

Scenes ask ``intents_of(event)`` and react to ``Intent.kind``; pointer intents carry the
virtual position of the event.  Which key means what lives only here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

SELECT = "select"              #: left button down (pointer)
RELEASE = "release"            #: left button up (pointer)
POINT = "point"                #: the pointer moved
ROTATE = "rotate"              #: value +1 clockwise / -1 anticlockwise
BACK = "back"                  #: leave / cancel (Esc, Backspace)
CONFIRM = "confirm"            #: Enter, keypad Enter, Space
UP, DOWN, LEFT, RIGHT = "up", "down", "left", "right"
DIGIT = "digit"                #: value 1..9
UNDO = "undo"                  #: Ctrl+Z or U
PAUSE = "pause"                #: P or F10 (Esc is BACK; a game scene treats BACK as pause)
TOGGLE_PREVIEW = "toggle_preview"  #: T
HINT = "hint"                  #: H
SCROLL = "scroll"              #: value +1 up / -1 down (wheel, Page Up/Down)
NEXT_FOCUS = "next_focus"      #: Tab
PREV_FOCUS = "prev_focus"      #: Shift+Tab


@dataclass(frozen=True)
class Intent:
    kind: str
    value: int = 0
    pos: tuple[float, float] | None = None

    @property
    def at(self) -> tuple[float, float]:
        """Where a pointer intent happened (keys have no place: asking one is a bug)."""
        if self.pos is None:
            raise ValueError(f"a {self.kind} intent has no position")
        return self.pos


_KEYS = {
    pygame.K_ESCAPE: BACK, pygame.K_BACKSPACE: BACK,
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM, pygame.K_SPACE: CONFIRM,
    pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
    pygame.K_u: UNDO, pygame.K_p: PAUSE, pygame.K_F10: PAUSE, pygame.K_t: TOGGLE_PREVIEW,
    pygame.K_h: HINT,
}
_DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
_DIGITS.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)})


def intents_of(event: pygame.event.Event) -> list[Intent]:
    """The intents one event expresses (often none, sometimes two: a wheel both scrolls and rotates)."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        if event.button == 1:
            return [Intent(SELECT, pos=event.pos)]
        if event.button == 3:
            return [Intent(ROTATE, 1, pos=event.pos)]
    elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return [Intent(RELEASE, pos=event.pos)]
    elif event.type == pygame.MOUSEMOTION:
        return [Intent(POINT, pos=event.pos)]
    elif event.type == pygame.MOUSEWHEEL and event.y:
        step = 1 if event.y > 0 else -1
        return [Intent(SCROLL, step), Intent(ROTATE, step)]
    elif event.type == pygame.KEYDOWN:
        return _key_intents(event)
    return []


def _key_intents(event: pygame.event.Event) -> list[Intent]:
    mods = getattr(event, "mod", 0)
    shift = bool(mods & pygame.KMOD_SHIFT)
    if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
        return [Intent(UNDO)]
    if event.key == pygame.K_r:
        return [Intent(ROTATE, -1 if shift else 1)]
    if event.key == pygame.K_TAB:
        return [Intent(PREV_FOCUS if shift else NEXT_FOCUS)]
    if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        return [Intent(SCROLL, 5 if event.key == pygame.K_PAGEUP else -5)]
    if event.key in _DIGITS:
        return [Intent(DIGIT, _DIGITS[event.key])]
    kind = _KEYS.get(event.key)
    return [Intent(kind)] if kind else []


def first(event: pygame.event.Event, *kinds: str) -> Intent | None:
    """The first intent of ``event`` whose kind is one of ``kinds``."""
    for intent in intents_of(event):
        if intent.kind in kinds:
            return intent
    return None
