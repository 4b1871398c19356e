"""The game log gives no staged moment away: while the board walks through a result (a Cathood
fight, a Kotatsu resolution, the wait before and the walkthrough of Days' final tally), the
log's lines of the turns behind it wait, and come once the walkthrough is over
(``LogPanel.hold``, one mechanism for every table)."""

from __future__ import annotations

import random

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.days.table.scene import DaysScene
from catgames.ui.log_panel import LogLine, LogPanel
from catgames.ui.table.layout import LOG_RECT
from tests.games.cathood.test_stage import fight  # noqa: F401  (a fixture)
from tests.games.kotatsu.test_stage import human_picks  # noqa: F401  (a fixture)
from tests.games.names import P_NAMES
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker

FRAME = 1 / 60


def log_text(app) -> str:
    """The words the last frame drew in the log's box (its wrapped rows read on together)."""
    return " ".join(m.text for m in app.canvas.marks if LOG_RECT.contains(m.rect))


def frames_while(app, scene, going) -> list[str]:
    """Frames run while ``going()``: the log's words each drew; then one more, redrawn whole."""
    said = []
    while going():
        app.canvas.marks = []
        app.run_frames(1, FRAME)
        if going():
            said.append(log_text(app))
    app.canvas.marks = []
    app.invalidate()
    app.run_frames(1, FRAME)
    said.append(log_text(app))
    app.canvas.marks = None
    return said


def new_lines(scene, before: int) -> list[str]:
    """The log's lines since its first ``before`` ones, as a row draws them (no indent), but
    for those that read as an earlier line does ("P1 ends the turn")."""
    earlier = {line.strip() for line in scene.log[:before]}
    return [line.strip() for line in scene.log[before:] if line.strip() not in earlier]


def assert_held_then_shown(said: list[str], lines: list[str]) -> None:
    assert len(said) > 10  # a walkthrough of several frames
    for text in said[:-1]:
        assert not any(line in text for line in lines), text
    assert all(line in said[-1] for line in lines)


def test_a_fights_lines_wait_for_its_walkthrough(fight):  # noqa: F811
    app, scene, move = fight
    before = len(scene.log)
    assert scene.play_human(move) and scene.stage.playing
    lines = new_lines(scene, before)
    assert any("Fight!" in line for line in lines)
    assert_held_then_shown(frames_while(app, scene, lambda: scene.stage.playing), lines)


def test_a_kotatsus_resolution_waits_for_its_walkthrough(human_picks):  # noqa: F811
    app, scene, move = human_picks
    before = len(scene.log)
    assert scene.play_human(move) and scene.stage.playing
    lines = new_lines(scene, before)
    assert len(lines) > 1  # the card, then what the resolution decided
    assert_held_then_shown(frames_while(app, scene, lambda: scene.stage.playing), lines)


def test_the_last_moves_lines_wait_for_the_final_tally(catgames_home):
    app = new_app(Settings(ai_speed="instant", confirm_turns=False), worker_factory=IdleWorker, seed=1)
    scene = app.push(DaysScene(app, Match.new("days", 2, ["human", "ai:easy"], {"decks": "woof"},
                                              seed=4, names=P_NAMES[:2])))
    match, rng = scene.local.match, random.Random(4)

    def pick():
        return rng.choice(sorted(match.state.legal_moves(), key=str))

    move = pick()
    while not _ends(match.state, move):
        assert scene._play(move) is None
        move = pick()
    app.run_frames(1, FRAME)  # the position before the last move, seen
    before = len(scene.log)
    assert scene._play(move) is None and scene.ending
    lines = new_lines(scene, before)
    said = frames_while(app, scene, lambda: scene.ending or scene.stage.playing)
    try:
        assert_held_then_shown(said, lines)
    finally:
        app.stack.pop_until(lambda s: False)


def _ends(state, move) -> bool:
    after = state.clone()
    after.apply(move)
    return after.is_over()


def test_a_held_log_keeps_what_was_seen_and_lets_the_rest_come_at_once():
    panel = LogPanel(LOG_RECT)
    panel.set_lines([LogLine("set-up", -1, 0), LogLine("a", 0, 0)])  # what the table opened on
    panel.set_lines(panel.lines + [LogLine("b", 1, 0), LogLine("  b's result", 1, 1), LogLine("c", 2, 0)])
    panel.hold(True)
    assert [line.text for line in panel.shown] == ["set-up", "a"]
    panel.hold(True)  # still held from the same turn
    assert len(panel.shown) == 2
    panel.hold(False)
    assert panel.shown == panel.lines
