"""Widgets driven by synthetic mouse events and by the keyboard."""

from __future__ import annotations

import pygame

from catgames.ui.widgets import Button, Choice, Slider, Toggle, WidgetGroup


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def keydown(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def test_button_click_and_disabled():
    clicks = []
    b = Button((100, 100, 200, 50), "Go", lambda: clicks.append(1))
    group = WidgetGroup([b])
    assert group.handle(down((150, 120)))
    assert not group.handle(down((50, 50)))
    b.enabled = False
    assert not group.handle(down((150, 120)))
    assert clicks == [1]


def test_toggle_flips_and_reports():
    seen = []
    t = Toggle((0, 0, 400, 50), "Fullscreen", False, seen.append)
    WidgetGroup([t]).handle(down((10, 10)))
    assert t.value and seen == [True]


def test_slider_click_sets_value_and_keys_nudge():
    seen = []
    s = Slider((0, 0, 600, 50), "Volume", 0.5, seen.append)
    group = WidgetGroup([s])
    track = s.track
    group.handle(down((track.x + track.w * 0.25, track.centery)))
    group.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
    assert s.value == 0.25
    group.handle(keydown(pygame.K_RIGHT))
    assert abs(s.value - 0.30) < 1e-9 and seen[-1] == s.value
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(track.right + 50, 0), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    assert abs(s.value - 0.30) < 1e-9  # not dragging any more


def test_choice_click_segment_and_cycle_with_keys():
    seen = []
    c = Choice((0, 0, 820, 50), "Speed", [("a", "A"), ("b", "B"), ("c", "C")], "a", seen.append)
    group = WidgetGroup([c])
    group.handle(down(c.segments()[2].center))
    assert c.value == "c"
    group.handle(keydown(pygame.K_RIGHT))
    assert c.value == "a" and seen == ["c", "a"]


def test_tab_moves_focus_and_enter_activates():
    clicks = []
    a = Button((0, 0, 10, 10), "A", lambda: clicks.append("a"))
    b = Button((0, 20, 10, 10), "B", lambda: clicks.append("b"))
    group = WidgetGroup([a, b])
    group.handle(keydown(pygame.K_TAB))
    group.handle(keydown(pygame.K_TAB))
    assert group.focused is b and b.focused and not a.focused
    group.handle(keydown(pygame.K_RETURN))
    group.handle(keydown(pygame.K_TAB, pygame.KMOD_SHIFT))
    group.handle(keydown(pygame.K_RETURN))
    assert clicks == ["b", "a"]


def test_widgets_draw_with_tooltip(app):
    group = WidgetGroup([Button((0, 0, 200, 50), "Tip", lambda: None, tooltip="Helpful"),
                         Toggle((0, 60, 500, 50), "T", True, lambda v: None),
                         Slider((0, 120, 600, 50), "S", 0.4, lambda v: None),
                         Choice((0, 180, 800, 50), "C", [(1, "one"), (2, "two")], 2, lambda v: None)])
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 20), rel=(0, 0), buttons=(0, 0, 0)))
    group.update(1.0)
    group.draw(app.canvas)  # must not raise; a tooltip box is drawn under the pointer
    assert group.widgets[0].hovered


def test_a_press_puts_the_tooltip_away_until_the_pointer_moves(app, monkeypatch):
    """The 💡 button's tip stayed over the hint it had just asked for, until the mouse moved."""
    from catgames.ui import widgets
    drawn: list[str] = []
    monkeypatch.setattr(widgets, "draw_tooltip", lambda canvas, text, *a, **k: drawn.append(text))
    group = WidgetGroup([Button((0, 0, 200, 50), "Tip", lambda: None, tooltip="Helpful")])

    def shown_after_rest() -> bool:
        drawn.clear()
        group.update(1.0)
        group.draw(app.canvas)
        return drawn == ["Helpful"]

    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(20, 20), rel=(0, 0), buttons=(0, 0, 0)))
    assert shown_after_rest()
    group.handle(down((20, 20)))
    assert not shown_after_rest() and not group.animating()
    group.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(22, 20), rel=(2, 0), buttons=(0, 0, 0)))
    assert shown_after_rest()
