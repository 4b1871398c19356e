"""Settings: volumes, fullscreen, UI scale, colour-blind palette, motion, confirming turns,
AI speed, language, the server address of online tables (``ui.online.address``: the same
setting Play online edits).

Each change applies at once and is written to settings.yaml when the screen closes.  A new
language redoes the texts of every scene on the stack (``Scene.language_changed``), this one too.

The language list shows each language in its own name: ``language.<code>`` read from that
language's own table (``i18n.t_in``), since its translator knows how it names itself; English's
table holds all five, so a name shows even before a language's translation is complete.
"""

from __future__ import annotations

from typing import Any

from catgames.core.storage import AI_SPEEDS, PALETTES
from catgames.ui import i18n
from catgames.ui.canvas import Canvas
from catgames.ui.online.address import AddressRow
from catgames.ui.scenes.base import MenuScene, heading
from catgames.ui.widgets import Button, Choice, Slider, Toggle

SCALES = (0.75, 1.0, 1.25, 1.5)
X, W, ROW_H = 190, 900, 66
TOP, BOTTOM, DONE_H = 140.0, 790.0, 58.0  #: the rows start at TOP, the Done button ends by BOTTOM
MIN_GAP = 4.0  #: between rows at the largest text size
HEADING_Y, RAISED_HEADING_Y = 50.0, 22.0  #: the title's top; raised when the rows need its room
CORNER_GAP, SCREEN_W = 16, 1280  #: Done in the lower right corner, beside the rows (a large text size)
LANGUAGE_LABEL_W = 220  #: at most: narrower than the other rows' 300, five names share the row


class SettingsScene(MenuScene):
    address: AddressRow | None = None

    def build(self) -> None:
        s = self.app.settings
        self.address = AddressRow(self.app, (X, 0, W, 54), label_width=300)
        rows = [
            Slider((X, 0, W, 54), i18n.t("settings.effects_volume"), s.effects_volume,
                   lambda v: self._set("effects_volume", v)),
            Slider((X, 0, W, 54), i18n.t("settings.music_volume"), s.music_volume,
                   lambda v: self._set("music_volume", v)),
            Toggle((X, 0, W, 54), i18n.t("settings.fullscreen"), s.fullscreen,
                   lambda v: self._set("fullscreen", v), i18n.t("common.on"), i18n.t("common.off")),
            Choice((X, 0, W, 54), i18n.t("settings.ui_scale"),
                   [(v, i18n.percent(v)) for v in SCALES], s.ui_scale,
                   lambda v: self._set("ui_scale", v), label_width=300),
            Choice((X, 0, W, 54), i18n.t("settings.palette"),
                   [(p, i18n.t(f"settings.palette_{p.replace('-', '_')}")) for p in PALETTES],
                   s.palette, lambda v: self._set("palette", v), label_width=300),
            Toggle((X, 0, W, 54), i18n.t("settings.reduce_motion"), s.reduce_motion,
                   lambda v: self._set("reduce_motion", v), i18n.t("common.on"), i18n.t("common.off"),
                   tooltip=i18n.t("settings.reduce_motion_tip")),
            Toggle((X, 0, W, 54), i18n.t("settings.confirm_turns"), s.confirm_turns,
                   lambda v: self._set("confirm_turns", v), i18n.t("common.on"), i18n.t("common.off"),
                   tooltip=i18n.t("settings.confirm_turns_tip")),
            Choice((X, 0, W, 54), i18n.t("settings.ai_speed"),
                   [(v, i18n.t(f"settings.ai_speed_{v}")) for v in AI_SPEEDS], s.ai_speed,
                   lambda v: self._set("ai_speed", v), label_width=300,
                   tooltip=i18n.t("settings.ai_speed_tip")),
            Choice((X, 0, W, 54), i18n.t("settings.language"),
                   [(code, i18n.t_in(code, f"language.{code}")) for code in i18n.available_languages()],
                   s.language, lambda v: self._set("language", v),
                   label_width=min(LANGUAGE_LABEL_W, self.app.canvas.text_size(
                       i18n.t("settings.language"), 20)[0] + 28)),
            self.address,
        ]
        canvas = self.app.canvas
        heights = [max(54, row.min_height(canvas) if isinstance(row, Choice)  # as its text needs
                       else canvas.line_height(20) + 16) for row in rows]
        # at a large text size the rows and Done need more than the room under the title: the
        # title moves up and the rows with it; if Done still does not fit under them, it moves
        # beside them, in the lower right corner, so every row and Done stay on the screen
        needed = sum(heights) + MIN_GAP * len(rows) + 24 + DONE_H
        raised = TOP + needed > BOTTOM
        self.heading_y = RAISED_HEADING_Y if raised else HEADING_Y
        y = TOP - (HEADING_Y - self.heading_y)
        beside = y + needed > BOTTOM
        room = BOTTOM - y - (0 if beside else DONE_H + 24)  # a large text size closes the gaps first
        gap = max(MIN_GAP, min(ROW_H - 54, (room - sum(heights)) / len(rows)))
        for row, height in zip(rows, heights):
            row.rect.y, row.rect.h = y, height
            y += height + gap
            self.widgets.add(row)
        self.address.place()
        self.widgets.add(self.address.entry)
        done = ((X + W + CORNER_GAP, BOTTOM - DONE_H, SCREEN_W - X - W - 2 * CORNER_GAP, DONE_H) if beside
                else (X + W / 2 - 130, y + 24 - gap, 260, DONE_H))
        self.widgets.add(Button(done, i18n.t("common.done"), self.back, primary=True))

    def handle(self, event: Any) -> bool:
        entry = self.address.entry if self.address is not None else None
        return bool(entry is not None and entry.editing and entry.take(event)) or super().handle(event)

    def _set(self, key: str, value: Any) -> None:
        setattr(self.app.settings, key, value)
        self.app.apply_settings()
        if key in ("palette", "ui_scale"):  # a new text size: rows as tall as it needs
            self.rebuild()

    def back(self) -> None:
        if self.address is not None:
            self.address.entry.finish()
        self.app.save_settings()
        super().back()

    def draw_content(self, canvas: Canvas) -> None:
        heading(canvas, i18n.t("settings.title"), self.heading_y)
