"""A row of choices gives a long option the room it needs: at 150 % the settings' language
row once drew "Українська" smaller than its neighbours (and "✓ English" on two lines), since
every option had an equal share of the row."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.storage import Settings
from catgames.ui import i18n
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.scenes.online_host import HostScene
from catgames.ui.scenes.settings import SettingsScene
from catgames.ui.theme import palette
from catgames.ui.widgets import Choice, wrap_points
from tests.helpers import new_app


def _drawn_in(app, row: Choice):
    app.canvas.marks = []
    app.invalidate()
    app.step([], 1 / 60)
    return [m for m in app.canvas.marks if row.rect.contains(m.rect) and m.rect.x >= row.rect.x + row.label_width]


@pytest.mark.parametrize("language", ["en", "uk", "zh-TW"])
def test_every_language_name_is_drawn_whole_at_the_rows_size_at_150_percent(catgames_home, language):
    app = new_app(Settings(language=language, ui_scale=1.5), seed=1)
    try:
        scene = SettingsScene(app)
        app.push(scene)
        row = next(w for w in scene.widgets.widgets
                   if isinstance(w, Choice) and w.text == i18n.t("settings.language"))
        drawn = _drawn_in(app, row)
        names = {i18n.t_in(code, f"language.{code}") for code in i18n.available_languages()}
        assert {m.text.removeprefix("✓").strip() for m in drawn} - {""} == names  # no name broken
        assert {m.px for m in drawn} == {app.canvas._px(18)}  # none shrunk
    finally:
        app.close()


def test_options_share_alike_while_they_fit_and_a_long_one_gets_its_room(catgames_home):
    app = new_app(Settings(ui_scale=1.5), seed=1)
    try:
        short = Choice((0, 0, 900, 60), "Size", [(v, f"{v}%") for v in (75, 100, 125, 150)], 75, print)
        long = Choice((0, 0, 900, 60), "Name", [("a", "Ab"), ("b", "Cd"), ("c", "Українська мова")], "a", print)
        for row in (short, long):
            row.fit(app.canvas)
        assert len({round(s.w, 3) for s in short.segments()}) == 1
        widths = [s.w for s in long.segments()]
        assert widths[2] > max(widths[:2]) + 50
        assert app.canvas.text_size("Українська мова", 18, True)[0] <= widths[2] - 6
    finally:
        app.close()


def test_a_seats_kinds_keep_their_size_in_russian_at_150_percent(catgames_home):
    """"Человек" beside four "ИИ: …" shrank to about 11 px in each seat row of a new game."""
    app = new_app(Settings(language="ru", ui_scale=1.5), seed=1)
    try:
        scene = NewGameScene(app, "kotatsu")
        app.push(scene)
        for row in scene.seat_rows:
            drawn = _drawn_in(app, row)
            assert i18n.t("seat_kind.human") in {m.text.removeprefix("✓").strip() for m in drawn}
            assert {m.px for m in drawn} == {app.canvas._px(18)}
    finally:
        app.close()


def test_a_seats_kinds_are_not_broken_in_chinese_at_150_percent(catgames_home):
    """The name field gives up room it does not need, and a Chinese kind breaks, if at all,
    before its bracket: "電腦（簡單）" broke after 簡 beside a field two thirds empty, and "真人"
    stood as 真 over 人."""
    app = new_app(Settings(language="zh-TW", ui_scale=1.5), seed=1)
    try:
        scene = NewGameScene(app, "bed")
        app.push(scene)
        kinds = {i18n.t(f"seat_kind.{k}") for k in ("human", "ai:easy", "ai:normal", "ai:hard")}
        whole_or_at_its_bracket = kinds | {part for kind in kinds for part in wrap_points(kind)}
        for row in scene.seat_rows:
            drawn = {m.text.removeprefix("✓").strip() for m in _drawn_in(app, row)} - {""}
            assert drawn <= whole_or_at_its_bracket and "".join(sorted(drawn)) != ""
            assert {m.px for m in _drawn_in(app, row)} == {app.canvas._px(18)}  # none shrunk
            entry = next(e for e in scene.entries if e.rect.colliderect(row.rect))
            assert entry.rect.right <= row.rect.x + row.label_width
    finally:
        app.close()


def test_rows_that_fit_above_the_buttons_do_not_scroll(catgames_home):
    """If It Fits at 150 %: six rows of two lines fit above the buttons, yet the last one was
    scrolled out of sight (the room kept for the scroll hint was the difference)."""
    app = new_app(Settings(ui_scale=1.5), seed=1)
    try:
        scene = NewGameScene(app, "boxes")
        app.push(scene)
        assert scene.rows.max_scroll == 0 and all(row.shown for row in scene.rows.rows)
        start = next(w for w in scene.widgets.widgets if getattr(w, "text", None) == i18n.t("new.start"))
        assert scene.rows.view.bottom + 20 <= start.rect.y
    finally:
        app.close()


def test_the_more_above_arrow_shows_over_the_panel_once_rows_scroll(catgames_home):
    """Kotatsu's set-up at 150 % scrolled down: its "▲" was drawn under the panel (a 2 px speck)."""
    app = new_app(Settings(ui_scale=1.5), seed=1)
    try:
        scene = NewGameScene(app, "kotatsu")
        app.push(scene)
        scene.rows.scroll_to(1)
        app.canvas.marks = []
        app.invalidate()
        app.step([], 1 / 60)
        arrow = next(m for m in app.canvas.marks if m.text == "▲")
        shown = app.canvas.surface.subsurface(app.canvas.real_rect(arrow.rect))
        focus = pygame.Color(*palette().focus[:3])
        assert any(shown.get_at((x, y))[:3] == focus[:3]
                   for x in range(shown.get_width()) for y in range(shown.get_height()))
    finally:
        app.canvas.marks = None
        app.close()


def test_the_host_screens_seat_kinds_stay_whole_in_chinese_at_150_percent(catgames_home):
    """Host a table: "在這台電腦上" stood as 在這台電 over 腦上, "電腦（簡單）" as 電腦（簡 over 單）."""
    app = new_app(Settings(language="zh-TW", ui_scale=1.5), seed=1)
    try:
        scene = HostScene(app)
        app.push(scene)
        kinds = {i18n.t(f"online.seat.{k}") for k in ("here", "friend", "ai:easy", "ai:normal", "ai:hard")}
        allowed = kinds | {part for kind in kinds for part in wrap_points(kind)}
        rows = [w for w in scene.widgets.widgets if isinstance(w, Choice) and w.badge is not None]
        assert rows
        for row in rows:
            drawn = _drawn_in(app, row)
            assert {m.text.removeprefix("✓").strip() for m in drawn} - {""} <= allowed
            assert {m.px for m in drawn} == {app.canvas._px(18)}
    finally:
        app.close()


def test_a_seats_kinds_stay_put_as_the_players_and_kinds_change(catgames_home):
    """Days in Russian at 150 %: the kinds' buttons moved 16 px sideways from two players to four
    (the name field followed the names on show)."""
    app = new_app(Settings(language="ru", ui_scale=1.5), seed=1)
    try:
        scene = NewGameScene(app, "days")
        app.push(scene)

        def places() -> list[float]:
            return [seg.x for seg in scene.seat_rows[0].segments()]

        before = places()
        scene._set_players(4)
        assert places() == before
        scene._set_seat(1, "human")  # one more person: the screen is built again
        assert places() == before
    finally:
        app.close()
