"""Cathood's final score sheet with four cats at a large text size: every cat's name over its
column whole (staggered on two lines when a name does not fit its column), none over another."""

from __future__ import annotations

import random

import pytest

from catgames.core.session import Match
from catgames.games.cathood.table import final
from catgames.games.cathood.table.scene import CathoodScene
from catgames.ui import i18n
from tests.helpers import close_apps
from tests.ui.layout import layout_app

SEATS = ["human", "ai:easy", "ai:easy", "ai:easy"]
OPTIONS = {"rps_auto": True}


def last_move_of(seed: int) -> tuple[list, object]:
    """A seeded random four-cat game: its moves but the last, and the last."""
    match, rng, moves = Match.new("cathood", 4, SEATS, OPTIONS, seed=seed), random.Random(seed), []
    while not match.state.is_over():
        moves.append(rng.choice(sorted(match.state.legal_moves(), key=str)))
        match.play(moves[-1])
        if match.awaiting:
            match.confirm_turn()
    return moves[:-1], moves[-1]


@pytest.mark.parametrize("language", ["ru", "en"])
def test_four_cats_names_are_whole_over_the_final_sheet_at_150(catgames_home, language):
    before, last = last_move_of(4)
    app = layout_app(language, 1.5)
    try:
        match = Match.new("cathood", 4, SEATS, OPTIONS, seed=4)
        for move in before:
            match.play(move)
            if match.awaiting:
                match.confirm_turn()
        scene = app.push(CathoodScene(app, match))
        app.run_frames(2)
        scene.local.play(last)
        scene.catch_up()
        for _ in range(60):  # the sheet laid, its first rows counting
            app.run_frames(1, 1 / 60)
        assert scene.stage.playing
        app.canvas.marks = []
        app.run_frames(1, 1 / 60)
        names = list(scene.seat_names)
        heads = [m for m in app.canvas.marks if m.text in names and final.SHEET.contains(m.rect)]
        assert sorted(m.text for m in heads) == sorted(names)  # every name whole, none cut short
        assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(heads) for b in heads[i + 1:])
        assert min(m.px for m in heads) >= 12  # not shrunk out of reading (a name's least at 100 %)
    finally:
        app.canvas.marks = None
        close_apps()
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
