"""Reading a table's staged moment frame by frame in tests (``ui.table.stage``)."""

from __future__ import annotations

from typing import Any

FRAME = 1 / 60


def staged_frames(app: Any, table: Any) -> list[list[str]]:
    """Run the app until the table's stage is over: the text each frame drew."""
    frames = []
    while table.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        frames.append([m.text for m in app.canvas.marks])
    app.canvas.marks = None
    return frames


def drew(texts: list[str], text: str) -> bool:
    """A frame's ``texts`` show ``text`` (a wrapped paragraph's lines read on together)."""
    return text in " ".join(texts)


def first_frame(frames: list[list[str]], text: str, wrapped: bool = False) -> int:
    """The first frame that drew ``text`` as a line of its own (``wrapped``: maybe over lines)."""
    return next(n for n, texts in enumerate(frames) if (drew(texts, text) if wrapped else text in texts))
