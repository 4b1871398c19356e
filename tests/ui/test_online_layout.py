"""The Play online screens fit in every language at 100 % and 150 % text: no line overflows its
room or leaves the window, no two lines overlap, none is smaller at 150 % (issue 29), nor
shrunk onto one line where it took two at 100 % (the Russian invite intro did).  The
whole layout test (``test_layout.py``) looks at them too, at every text size."""

from __future__ import annotations

import pytest

from catgames.ui import i18n
from tests.helpers import close_apps
from tests.ui.layout import layout_app, marks_of, problems, shrunk
from tests.ui.layout_online import online_screens


@pytest.mark.parametrize("language", i18n.available_languages())
def test_online_screens_fit_at_100_and_150_percent(catgames_home, language):
    found, drawn = [], {}
    try:
        for scale in (1.0, 1.5):
            app = layout_app(language, scale)
            for name, screen in online_screens():
                drawn[name, scale] = marks = marks_of(app, screen)
                assert marks, f"{name} drew no text"
                found += [f"{scale:.0%} {name}: {p}" for p in problems(marks)]
            close_apps()
        for name, _ in online_screens():
            found += [f"{name}: {p}" for p in shrunk(drawn[name, 1.0], drawn[name, 1.5], rewrapped=True)]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert found == []
