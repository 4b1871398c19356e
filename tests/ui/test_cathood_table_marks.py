"""Cathood: an opponent's move made with a button, not a drop (cubes taken, traded or given
back, a cube stolen, the bee's card), is marked too — at the mover's cat, where it happened —
as ``ui.table.last_move`` marks the moves a drop makes."""

from __future__ import annotations

import random

from catgames.games.cathood.gestures import Go
from catgames.ui.table.last_move import LastMoves
from tests.ui.test_last_move import human_plays, table

BUTTON_KINDS = ("take ", "trade ", "return ", "steal ", "reserve ")
QUIET = ("end turn", "coffee done")  #: moves that land nowhere, played with the one before


def test_a_button_move_of_the_ai_is_marked_at_its_cat(catgames_home):
    app, scene = table("cathood", ["ai:easy", "human"])
    rng = random.Random(2)
    seen: list[tuple[str, int, list]] = []  #: each button move of the AI, its cat's space, its marks alone
    played = scene.last_moves.played

    def watched(seat: int) -> None:
        played(seat)
        run = []  # the AI's latest moves, newest first, but for those that land nowhere
        for turn in reversed(scene.public.log):
            if turn.seat != 0:
                break
            if turn.move not in QUIET:
                run.append(turn.move)
        if seat == 0 and run and run[0].startswith(BUTTON_KINDS):
            alone = LastMoves(scene)  # the marks of these moves alone (a walk's mark there before aside)
            alone.played(0)
            seen.append((run[0], scene.observed.cats[0], [(m.seat, m.target) for m in alone.marks]))
    scene.last_moves.played = watched
    for _ in range(3000):  # updated, not drawn: the marks are worked out as a move is played, not drawn
        app.advance(1 / 60)
        if len(seen) >= 3:
            break
        if not scene.motion.animating() and not scene.stage.playing and scene.human_can_act():
            human_plays(scene, rng)
    assert len(seen) >= 3, seen
    for move, cat, marks in seen:
        assert cat >= 0 and marks == [(0, Go(cat))], move
    assert scene.board_rect.collidepoint(scene.target_point(Go(seen[-1][1])))
