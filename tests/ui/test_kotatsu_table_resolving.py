"""Kotatsu Cats: while a kotatsu's resolution is walked through on the board, nothing around it
says who won before its ranking step does (the header's turn, the status line, the seats'
rows, the prompt beside the hand); in a two-human hot seat the winner's peek shows the cushions' faces once the device is
handed to the winner, and to nobody else."""

from __future__ import annotations



from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.kotatsu.table.resolution import decision_text
from catgames.games.kotatsu.table import stage
from catgames.games.kotatsu.table.scene import KotatsuScene
from catgames.ui import i18n
from catgames.ui.scenes.handoff import HandoffScene
from catgames.ui.table.layout import HEADER
from tests.games.kotatsu.test_stage import caption, human_picks, play_to_resolution  # noqa: F401  (a fixture)
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker, hand_over

FRAME = 1 / 60


def test_nothing_names_the_winner_before_the_ranking_step(human_picks):  # noqa: F811
    app, scene, move = human_picks
    assert scene.play_human(move)
    state = scene.local.match.state
    winner = scene.seat_names[state.order[0]]
    ranking = " ".join(decision_text(state.data, tuple(scene.seat_names), tuple(state.hand_values(state.pending)),
                                     tuple(state.order)).split())
    spoilers = {i18n.t("kotatsu.turn_pick", seat=winner), i18n.t("kotatsu.hint_pick")}
    frames: list[tuple[str, bool]] = []  #: each staged frame: its caption, whether a spoiler was drawn
    while scene.stage.playing:
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        if scene.stage.playing:
            said = {m.text for m in app.canvas.marks}
            named = any(winner in m.text for m in app.canvas.marks if HEADER.contains(m.rect))
            prompt = i18n.t("kotatsu.prompt_pick") in " ".join(m.text for m in app.canvas.marks)
            frames.append((caption(app), bool(spoilers & said) or named or prompt))
    app.canvas.marks = None
    ranked = next(n for n, (line, _) in enumerate(frames) if line == ranking)
    assert ranked > 10 and [spoiled for _, spoiled in frames[:ranked]] == [False] * ranked
    app.canvas.marks = []
    app.invalidate()
    app.run_frames(1, FRAME)
    assert i18n.t("kotatsu.turn_pick", seat=winner) in {m.text for m in app.canvas.marks}  # over: the winner picks
    app.canvas.marks = None


def hot_seat_resolving() -> tuple:
    """Two humans at one device; the first's move completes a kotatsu the second wins."""
    for seed in range(40):
        app = new_app(Settings(ai_speed="normal"), worker_factory=IdleWorker, seed=1)
        scene = app.push(KotatsuScene(app, Match.new("kotatsu", 2, ["human", "human"], seed=seed,
                                                     names=["Ann", "Bo"])))
        hand_over(app)
        move = play_to_resolution(app, scene, seed, lambda state, after: after.order[0] != state.to_move)
        if move is not None:
            hand_over(app)
            return app, scene, move
        app.close()
    raise AssertionError("no such position")


def test_in_a_hot_seat_the_winner_sees_the_faces_at_the_peek_once_handed_the_device(catgames_home, monkeypatch):
    app, scene, move = hot_seat_resolving()
    try:
        mover = scene.local.match.state.to_move
        assert scene.seen.private == mover
        drawn: list[tuple[int, int | None, bool]] = []
        face = stage.draw_cushion_face

        def watched(canvas, rect, data, value):
            drawn.append((value, scene.seen.private, isinstance(app.stack.top, HandoffScene)))
            face(canvas, rect, data, value)
        monkeypatch.setattr(stage, "draw_cushion_face", watched)
        assert scene.play_human(move)
        state = scene.local.match.state
        picker, k = state.order[0], state.pending
        assert isinstance(app.stack.top, HandoffScene)  # the device goes to the winner first
        app.run_frames(5, FRAME)
        assert drawn == []
        hand_over(app)
        assert scene.seen.private == picker and scene.stage.playing
        while scene.stage.playing:
            app.run_frames(1, FRAME)
        assert {value for value, _, _ in drawn} == {cu for _, cu in state.pairs[k]}
        assert all(seat == picker and not covered for _, seat, covered in drawn)
    finally:
        app.stack.pop_until(lambda s: False)
