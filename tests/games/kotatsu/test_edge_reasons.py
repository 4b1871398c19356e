"""Issue 26.2: cards dropped on another seat's edge glide home saying why, as every table does."""

from __future__ import annotations

import pytest

from catgames.games.kotatsu.table import layout as L
from tests.games.kotatsu.test_scene import advance, drag, legal_single, open_table
from catgames.games.kotatsu.rules import PLAYING


@pytest.mark.parametrize("players", [2, 4])
def test_a_card_on_a_rivals_edge_glides_home_with_the_reason(catgames_home, players):
    app, scene = open_table(["human"] + ["ai:easy"] * (players - 1))
    advance(scene, lambda s: s.to_move == 0 and s.phase == PLAYING)
    app.run_frames(1)
    i, k, _ = legal_single(scene)
    rival = 1
    side = scene.seen.side(rival)
    before = len(scene.local.match.history)
    drag(app, L.hand_rect(i).center, L.edge_area(k, side).center)
    assert len(scene.local.match.history) == before
    assert scene.status_error
    assert scene.status == (f"That is {scene.seat_names[rival]}'s edge: you play cards only to your own edge "
                            "of a kotatsu, the one beside your hand.")
    assert scene.drag.anims and scene.drag.anims[0].piece is not None     # gliding home
    app.stack.pop_until(lambda s: False)


def test_a_card_on_an_edge_nobody_sits_at_says_so(catgames_home):
    app, scene = open_table(["human", "ai:easy"])
    advance(scene, lambda s: s.to_move == 0 and s.phase == PLAYING)
    app.run_frames(1)
    i, k, _ = legal_single(scene)
    drag(app, L.hand_rect(i).center, L.edge_area(k, "left").center)
    assert scene.status_error
    assert scene.status == ("Nobody sits at this edge: you play cards only to your own edge of a kotatsu, "
                            "the one beside your hand.")
    app.stack.pop_until(lambda s: False)


def test_the_card_stays_in_hand_over_a_rivals_edge(catgames_home, monkeypatch):
    """No preview lies on another's edge, so the held card is drawn at the pointer there."""
    import pygame

    import catgames.games.kotatsu.table.scene as scene_module
    app, scene = open_table(["human", "ai:easy"])
    advance(scene, lambda s: s.to_move == 0 and s.phase == PLAYING)
    app.run_frames(1)
    i, k, _ = legal_single(scene)
    held: list[tuple[float, float]] = []
    monkeypatch.setattr(scene_module, "draw_held", lambda canvas, data, cards, center: held.append(center))
    spot = L.edge_area(k, scene.seen.side(1)).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=L.hand_rect(i).center, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(1, 0, 0))])
    held.clear()
    app.invalidate()
    app.run_frames(1)
    assert held and held[-1] == spot
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)])
    app.stack.pop_until(lambda s: False)
