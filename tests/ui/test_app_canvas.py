"""The virtual layout: letterboxing, pointer conversion, resizing, crisp text, frame stats."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.storage import Settings
from catgames.ui import i18n
from catgames.ui.canvas import _TOKENS
from catgames.ui.scene import Scene
from tests.helpers import new_app


class Recorder(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.events = []

    def handle(self, event):
        self.events.append(event)
        return True


def test_letterbox_maps_pointer_to_virtual_coordinates(catgames_home):
    app = new_app(size=(640, 600))  # half scale, with bars above and below
    canvas = app.canvas
    assert canvas.scale == 0.5 and canvas.offset == (0, 100)
    rec = app.push(Recorder(app))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(320, 300), button=1),
              pygame.event.Event(pygame.MOUSEMOTION, pos=(0, 100), rel=(2, 4), buttons=(0, 0, 0))])
    assert rec.events[0].pos == (640, 400)
    assert rec.events[1].pos == (0, 0) and rec.events[1].rel == (4, 8)
    assert canvas.real_rect((100, 100, 200, 50)) == pygame.Rect(50, 150, 100, 25)


def test_resize_refits_the_layout(catgames_home):
    app = new_app()
    app.push(Recorder(app))
    pygame.display.set_mode((1920, 1200), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1200, size=(1920, 1200))])
    assert app.canvas.scale == 1.5 and app.windowed_size == (1920, 1200)


def test_text_is_rendered_at_real_size_and_scaled_by_setting(catgames_home):
    app = new_app(Settings(ui_scale=1.5), size=(640, 400))
    w_small, h_small = app.canvas.text_size("Hello", 20)
    app.settings.ui_scale = 1.0
    app.apply_settings()
    w, h = app.canvas.text_size("Hello", 20)
    assert w_small > w and h_small > h
    rect = app.canvas.text("Hello", (100, 100), 20, anchor="center")
    assert abs(rect.centerx - 100) < 1 and abs(rect.centery - 100) < 1
    assert app.canvas.fit_size("A rather long sentence", 40, 100) < 40


def test_wrap_keeps_lines_within_width(catgames_home):
    app = new_app()
    lines = app.canvas.wrap("one two three four five six seven eight nine ten", 120, 20)
    assert len(lines) > 1 and all(app.canvas.text_size(l, 20)[0] <= 120 for l in lines)


def test_a_hyphenated_word_wider_than_a_line_breaks_after_a_hyphen_and_only_then(catgames_home):
    app = new_app()
    canvas = app.canvas
    wide = canvas.text_size("Вест-хайленд-уайт-терьер", 20)[0]
    lines = canvas.wrap("Вест-хайленд-уайт-терьер", wide * 0.7, 20)
    assert len(lines) == 2 and "".join(lines) == "Вест-хайленд-уайт-терьер" and lines[0].endswith("-")
    assert all(canvas.text_size(line, 20)[0] <= wide * 0.7 for line in lines)
    assert canvas.wrap("a Дім-оранжерея", wide * 2, 20) == ["a Дім-оранжерея"]  # it fits: whole
    assert canvas.wrap("-3 x", 1, 20) == ["-3", "x"]  # a minus is no hyphen


def greedy_wrap(canvas, text, width, size):
    """The wrap measured at every piece (how ``Canvas.wrap`` was written before it galloped)."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for token in _TOKENS.findall(para):
            if not token.strip(" \t"):
                line += " " if line else ""
                continue
            for piece in canvas._pieces(token, width, size, False, False):
                trial = line + piece
                if line.strip() and canvas.text_size(trial, size)[0] > width:
                    lines.append(line.rstrip())
                    line = piece
                else:
                    line = trial
        lines.append(line.rstrip())
    return lines


@pytest.mark.parametrize("language", i18n.available_languages())
def test_wrap_breaks_every_sentence_where_a_greedy_fill_measured_at_every_piece_does(catgames_home, language):
    """Galloping to a line's end breaks where measuring the line at each piece would (each
    language's sentences, at three widths), and a line with a blank on either side keeps it."""
    canvas = new_app().canvas
    texts = [text for entry in i18n.strings(language).values()
             for text in ([entry] if isinstance(entry, str) else entry.values())][::7]
    texts += ["  two  blanks  ", "", "\n\nfirst\n", "a\tb"]
    differ = [(text, width) for text in texts for width in (90, 240, 600)
              if canvas.wrap(text, width, 18) != greedy_wrap(canvas, text, width, 18)]
    assert differ == []


class Moving(Recorder):
    def animating(self):
        return True


def test_quit_event_stops_the_loop_and_stats_are_kept(catgames_home):
    app = new_app()
    app.push(Moving(app))  # drawn every frame: the stats count drawn frames
    app.run_frames(3)
    stats = app.frame_stats()
    assert stats["frames"] == 3 and stats["max_ms"] >= stats["median_ms"] > 0
    app.step([pygame.event.Event(pygame.QUIT)])
    assert not app.running


def test_ai_delay_follows_setting(catgames_home):
    app = new_app(Settings(ai_speed="instant"))
    assert app.ai_delay() == 0
    app.settings.ai_speed = "slow"
    assert app.ai_delay() > 1
