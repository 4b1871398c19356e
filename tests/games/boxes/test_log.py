"""If It Fits' log starts with what the set-up did: the first start card and the start player."""

from __future__ import annotations

from tests.games.boxes.test_scene import moves, open_table


def test_the_set_ups_start_card_is_the_logs_first_line(catgames_home):
    app, scene = open_table(["human", "human", "human"])
    starter = scene.seat_names[scene.boxes.start_player]
    opening = f"The first start card lies in the middle of the row; {starter} is the start player."
    assert scene.log == [opening]
    scene.play_human(scene.local.match.state.legal_moves()[0])
    assert scene.log[0] == opening and len(moves(scene)) == 1 and len(scene.log) == 2
    app.stack.pop_until(lambda s: False)
