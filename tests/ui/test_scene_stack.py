"""Scene stack: life-cycle calls, consumed / blocked events, transparent overlays."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from catgames.ui.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, consume=False, modal=True, transparent=False):
        super().__init__(app=None)
        self.name, self.log, self.consume = name, log, consume
        self.modal, self.transparent = modal, transparent

    def enter(self): self.log.append(f"enter {self.name}")
    def pause(self): self.log.append(f"pause {self.name}")
    def resume(self): self.log.append(f"resume {self.name}")
    def exit(self): self.log.append(f"exit {self.name}")

    def handle(self, event):
        self.log.append(f"handle {self.name}")
        return self.consume

    def update(self, dt): self.log.append(f"update {self.name}")
    def draw(self, canvas): self.log.append(f"draw {self.name}")


def key_event():
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)


def test_push_pop_life_cycle():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    stack.pop()
    assert log == ["enter a", "pause a", "enter b", "exit b", "resume a"]
    stack.replace(Probe("c", log))
    assert log[-2:] == ["exit a", "enter c"] and len(stack) == 1


def test_events_stop_at_consumer_or_modal_scene():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log, consume=True))
    stack.push(Probe("b", log, modal=False))
    assert stack.handle(key_event())
    assert log[-2:] == ["handle b", "handle a"]
    log.clear()
    stack.push(Probe("c", log, modal=True))
    stack.handle(key_event())
    assert [e for e in log if e.startswith("handle")] == ["handle c"]


def test_unconsumed_event_on_non_modal_stack_reports_false():
    stack = SceneStack()
    stack.push(Probe("a", [], modal=False))
    assert not stack.handle(key_event())


def test_only_top_updates_and_overlays_draw_above_scene_below():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    stack.push(Probe("overlay", log, transparent=True))
    log.clear()
    stack.update(0.1)
    stack.draw(canvas=SimpleNamespace(layer=0))  # the scenes here draw nothing themselves
    assert log == ["update overlay", "draw b", "draw overlay"]


def test_pop_until_and_find():
    log, stack = [], SceneStack()
    a = stack.push(Probe("a", log))
    stack.push(Probe("b", log))
    stack.push(Probe("c", log))
    stack.pop_until(lambda s: s is a)
    assert stack.top is a and stack.find(Probe) is a
