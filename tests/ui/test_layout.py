"""Text fits in every screen, every language and every text size: no line overflows the room it
was given or leaves the window, no two lines of one screen overlap, and no text is drawn smaller
at 125 % or 150 % than at 100 % (issue 13, "It fits")."""

from __future__ import annotations

import pytest

from catgames.ui import i18n
from tests.helpers import close_apps
from tests.ui.layout import layout_app, marks_of, problems, screens, shrunk

SCALES = (1.0, 1.25, 1.5)


@pytest.mark.parametrize("language", i18n.available_languages())
def test_every_screen_fits_at_every_text_size(catgames_home, language):
    found, drawn = [], {}
    try:
        for scale in SCALES:
            app = layout_app(language, scale)
            for name, screen in screens():
                drawn[name, scale] = marks = marks_of(app, screen)
                assert marks, f"{name} drew no text"
                found += [f"{scale:.0%} {name}: {p}" for p in problems(marks)]
            close_apps()
        for name, _ in screens():  # at a larger text size, nothing smaller than at 100 %
            for large in SCALES[1:]:
                found += [f"{name}: {p}" for p in shrunk(drawn[name, SCALES[0]], drawn[name, large])]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert found == []
