"""The title's row of buttons (Play online, Statistics, Settings, Quit) draws every label at
one size: a long word (Ukrainian "Налаштування") no longer shrinks alone below its neighbours."""

from __future__ import annotations

import pytest

from catgames.core.storage import Settings
from catgames.ui import i18n
from catgames.ui.scenes.title import TitleScene
from catgames.ui.widgets import Button
from tests.helpers import new_app
from tests.ui.layout import frame_marks


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("language", i18n.available_languages())
def test_the_title_buttons_share_one_label_size(catgames_home, language, scale):
    app = new_app(Settings(ui_scale=scale, language=language))
    try:
        title = app.push(TitleScene(app))
        buttons = [w for w in title.widgets.widgets if type(w) is Button]
        marks = frame_marks(app)
        sizes = {m.px for m in marks for b in buttons if app.canvas.real_rect(b.rect).contains(m.shown)}
        assert len(buttons) >= 4 and len(sizes) == 1, (language, scale, sizes)
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
