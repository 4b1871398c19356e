"""Start the desktop app: settings, window, title screen, loop.  ``main.py`` and
``python -m catgames play`` call ``run()``."""

from __future__ import annotations

import logging

from catgames.core import storage
from catgames.ui.app import App
from catgames.ui.file_notices import settings_notices
from catgames.ui.scenes.title import TitleScene


def open_app() -> App:
    """The window on the title screen, whatever files a previous run left on disk.

    Temp files of a write that was killed are removed; a settings file that cannot be used is
    reported in the window (and set aside), never a reason not to start.
    """
    storage.tidy_at_start()
    settings, problems = storage.load_settings()
    app = App(settings)
    app.push(TitleScene(app))
    for notice in settings_notices(problems):
        app.toasts.show(notice, error=True)
    return app


def run(argv: list[str] | None = None) -> int:
    """Open the window on the title screen and play until the player quits."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with open_app() as app:  # closed (window, sound, AI worker) even if the loop fails
        app.run()
    return 0
