"""Start the desktop app: settings, window, title screen, loop.  ``main.py`` and
``python -m catgames play`` call ``run()``."""

from __future__ import annotations

import logging


def run(argv: list[str] | None = None) -> int:
    """Open the window on the title screen and play until the player quits."""
    from catgames.core import storage
    from catgames.ui import i18n
    from catgames.ui.app import App
    from catgames.ui.scenes.title import TitleScene

    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    settings, warnings = storage.load_settings()
    app = App(settings)
    app.push(TitleScene(app))
    for warning in warnings:
        app.toasts.show(i18n.t("settings.problem", warning=warning), error=True)
    app.run()
    return 0
