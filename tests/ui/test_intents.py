"""Mouse and keys map to intents."""

from __future__ import annotations

import pygame
import pytest

from catgames.ui import intents as I


def kinds(event):
    return [(i.kind, i.value) for i in I.intents_of(event)]


def keydown(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


@pytest.mark.parametrize("event, expected", [
    (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=1), [(I.SELECT, 0)]),
    (pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 6), button=1), [(I.RELEASE, 0)]),
    (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=3), [(I.ROTATE, 1)]),
    (pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 6), rel=(1, 1), buttons=(0, 0, 0)),
     [(I.POINT, 0)]),
    (pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1), [(I.SCROLL, 1), (I.ROTATE, 1)]),
    (keydown(pygame.K_ESCAPE), [(I.BACK, 0)]),
    (keydown(pygame.K_RETURN), [(I.CONFIRM, 0)]),
    (keydown(pygame.K_r), [(I.ROTATE, 1)]),
    (keydown(pygame.K_r, pygame.KMOD_LSHIFT), [(I.ROTATE, -1)]),
    (keydown(pygame.K_7), [(I.DIGIT, 7)]),
    (keydown(pygame.K_KP3), [(I.DIGIT, 3)]),
    (keydown(pygame.K_z, pygame.KMOD_LCTRL), [(I.UNDO, 0)]),
    (keydown(pygame.K_u), [(I.UNDO, 0)]),
    (keydown(pygame.K_p), [(I.PAUSE, 0)]),
    (keydown(pygame.K_t), [(I.TOGGLE_PREVIEW, 0)]),
    (keydown(pygame.K_LEFT), [(I.LEFT, 0)]),
    (keydown(pygame.K_TAB), [(I.NEXT_FOCUS, 0)]),
    (keydown(pygame.K_TAB, pygame.KMOD_SHIFT), [(I.PREV_FOCUS, 0)]),
    (keydown(pygame.K_q), []),
])
def test_event_to_intents(event, expected):
    assert kinds(event) == expected


def test_pointer_intents_carry_position():
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(12, 34), button=1)
    assert I.first(event, I.SELECT).pos == (12, 34)
    assert I.first(event, I.BACK) is None
