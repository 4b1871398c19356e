"""Hint: the normal AI's move for the human to move, shown as a ghost (or a lit button) with a
line naming it and saying why, worked out off the frame, never played; off between humans
unless the set-up allows it."""

from __future__ import annotations

import dataclasses
import random
import threading

import pygame
import pytest

from catgames.ai.budget import Budget
from catgames.ai import hint as hint_module
from catgames.ai.hint import Reading
from catgames.ai.hooks import heuristics_for
from catgames.ai.worker import AIWorker
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids, load_game
from catgames.ui import i18n
from catgames.ui.table.hint_view import HintButton, hint_line
from catgames.ui.registry import scene_class
from catgames.ui.scenes.new_game import NewGameScene
from tests.helpers import new_app
from tests.ui.helpers import hand_over, key

GAMES = sorted(available_ids())


class AnswerWorker:
    """An AI worker that answers every request with ``answer`` on the next poll, and records
    what it was asked."""

    def __init__(self) -> None:
        self.answer = ""
        self.requests: list[tuple] = []
        self._live = False
        self.cancelled = 0

    def request(self, game_id, state_dict, seat, difficulty, seed, **options) -> None:
        self.requests.append((game_id, seat, difficulty))
        self._live = True

    def poll(self) -> str | None:
        if not self._live:
            return None
        self._live = False
        return self.answer

    def cancel(self) -> None:
        self.cancelled += 1
        self._live = False

    def close(self) -> None:
        pass


@pytest.fixture
def answers():
    return AnswerWorker()


def why_of(game_id, state, seat, move, seed):
    """The claims a hint's reading gives ``move`` (the thread, waited for)."""
    return Reading(game_id, state, seat, move, seed).wait().claims


def _app(answers: AnswerWorker, language: str = "en"):
    return new_app(Settings(ai_speed="instant", language=language), worker_factory=lambda: answers, seed=1)


def _human_to_move(game_id: str, players: int = 2, humans: int = 1, hints: bool = False,
                   seed: int = 3) -> Match:
    """A fresh match where the seat to move (and ``humans - 1`` after it) is human."""
    to_move = Match.new(game_id, players, ["human"] * players, seed=seed).state.to_move
    seats = ["ai:normal"] * players
    for i in range(humans):
        seats[(to_move + i) % players] = "human"
    return Match.new(game_id, players, seats, seed=seed, hints=hints)


def _table(app, match: Match):
    scene = app.push(scene_class(match.game_id)(app, match))
    hand_over(app)
    app.step()
    return scene


def _hinted(app, scene, answers: AnswerWorker, move) -> None:
    """Ask for a hint that ``answers`` gives as ``move``, and show it once its words are out."""
    answers.answer = str(move)
    key(app, pygame.K_h)  # the move arrives in this frame; its words are worked out off it
    if scene.hints.reading is not None:
        scene.hints.reading.wait()
    app.run_frames(1)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_opening_move_can_be_shown(catgames_home, answers, game_id):
    """Each legal move at the start has a ghost (a drop that makes it) or a button."""
    app = _app(answers)
    scene = _table(app, _human_to_move(game_id))
    missing = [m for m in scene.local.match.state.legal_moves()
               if scene.drop_for(m) is None and scene.button_for(m) is None]
    assert missing == []


@pytest.mark.parametrize("game_id", GAMES)
def test_h_shows_the_ghost_of_a_legal_move_never_played(catgames_home, answers, game_id,
                                                        monkeypatch):
    app = _app(answers)
    scene = _table(app, _human_to_move(game_id, humans=2, hints=True))
    while not any(scene.drop_for(m) for m in scene.local.match.state.legal_moves()):  # past button steps
        scene.play_human(scene.local.match.state.legal_moves()[0])
        hand_over(app)
    move = next(m for m in scene.local.match.state.legal_moves() if scene.drop_for(m) is not None)
    played = len(scene.local.match.history)
    ghosts = []
    monkeypatch.setattr(scene, "draw_ghost", lambda canvas, piece, target, legal:
                        ghosts.append((piece, target, legal)))
    _hinted(app, scene, answers, move)
    assert answers.requests == [(game_id, scene.local.match.state.to_move, "normal")]
    assert scene.hint is not None and scene.hint.move == move
    piece, target = scene.hint.spot
    assert scene.move_for(piece, target) == move and move in scene.local.match.state.legal_moves()
    assert ghosts and ghosts[-1] == (piece, target, True)
    assert len(scene.local.match.history) == played  # shown, never played
    app.run_frames(5)
    assert len(scene.local.match.history) == played


def test_a_button_move_lights_its_button(catgames_home, answers):
    """Kotatsu's pass, or If It Fits' start-row choice, is a button: the hint rings it."""
    app = _app(answers)
    scene = _table(app, _human_to_move("boxes"))
    move = next(m for m in scene.local.match.state.legal_moves() if scene.drop_for(m) is None)
    _hinted(app, scene, answers, move)
    assert scene.hint.spot is None and scene.button_for(move).move == move


def test_a_move_or_undo_clears_the_hint(catgames_home, answers):
    app = _app(answers)
    scene = _table(app, _human_to_move("bed", humans=2, hints=True))
    move = scene.local.match.state.legal_moves()[0]
    _hinted(app, scene, answers, move)
    assert scene.hint is not None
    scene.play_human(scene.local.match.state.legal_moves()[-1])
    assert scene.hint is None
    _hinted(app, scene, answers, scene.local.match.state.legal_moves()[0])
    assert scene.hint is not None
    scene.undo()
    assert scene.hint is None


def test_thinking_shows_the_spinner_and_a_move_cancels_it(catgames_home, answers):
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    answers.answer = ""
    answers.poll = lambda: None  # still thinking
    key(app, pygame.K_h)
    assert scene.hints.thinking and scene.animating()
    assert hint_line(scene.hint) == i18n.t("hint.thinking")
    scene.play_human(scene.local.match.state.legal_moves()[0])
    assert not scene.hints.thinking and answers.cancelled


def test_a_worker_that_gave_up_gives_no_hint(catgames_home, answers):
    """A worker past its cap answers a random stand-in move: that is no advice to show."""
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    answers.last_error = "AI overran its hard cap"
    _hinted(app, scene, answers, scene.local.match.state.legal_moves()[0])
    assert scene.hint is None and scene.status == i18n.t("hint.unavailable")


def test_hints_are_off_between_humans_unless_allowed(catgames_home, answers):
    app = _app(answers)
    scene = _table(app, _human_to_move("bed", humans=2))
    assert not scene.hints_offered()
    assert not any(isinstance(b, HintButton) for b in scene.buttons.widgets)
    key(app, pygame.K_h)
    assert i18n.has("hint.disabled")
    assert answers.requests == [] and scene.status == i18n.t("hint.disabled") and scene.status_error
    allowed = _table(app, _human_to_move("bed", humans=2, hints=True))
    assert allowed.hints_offered()
    assert any(isinstance(b, HintButton) for b in allowed.buttons.widgets)


def test_one_human_against_the_computer_always_has_hints(catgames_home, answers):
    app = _app(answers)
    scene = _table(app, _human_to_move("kotatsu", players=3))
    assert scene.hints_offered()
    button = next(b for b in scene.buttons.widgets if isinstance(b, HintButton))
    button.activate()
    assert answers.requests


def test_the_set_up_toggle_is_remembered_and_saved(catgames_home, answers):
    app = _app(answers)
    screen = app.push(NewGameScene(app, "bed"))
    assert screen.hints is False  # off by default between humans
    screen.hints = True
    screen.seats = ["human", "human"]
    screen.start_new()
    match = app.stack.top.local.match
    assert match.hints is True
    assert Match.from_dict(match.to_dict()).hints is True
    again = NewGameScene(app, "bed")
    assert again.hints is True
    saved = match.to_dict()
    del saved["hints"]  # a save from before hints existed
    assert Match.from_dict(saved).hints is False


def test_the_set_up_asks_about_hints_only_when_people_play_together(catgames_home, answers):
    app = _app(answers)
    screen = app.push(NewGameScene(app, "bed"))
    app.step()

    def asks() -> bool:
        return any(getattr(w, "text", None) == i18n.t("hint.setup") for w in screen.rows.rows)

    assert screen.seats[:2] == ["human", "ai:normal"] and not asks()
    screen._set_seat(1, "human")
    assert asks() and screen.widgets.focused is screen.seat_rows[1]
    screen._set_seat(1, "ai:hard")
    assert not asks()


def test_the_line_says_the_reasons_of_the_move(catgames_home, answers):
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    move = scene.local.match.state.legal_moves()[0]
    _hinted(app, scene, answers, move)
    claims = scene.hint.claims
    assert claims and claims == why_of("bed", scene.local.match.state, scene.local.match.state.to_move, move,
                                       scene.local.match.ai_request_seed())
    why = " ".join(i18n.t(c.string_key, **c.args) for c in claims[:2])
    assert hint_line(scene.hint) == i18n.t("hint.move.line", move=scene.hint.said, why=why)


def test_a_change_of_language_drops_the_hint_worded_in_the_old_one(catgames_home, answers):
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    _hinted(app, scene, answers, scene.local.match.state.legal_moves()[0])
    assert scene.hint is not None
    i18n.set_language("ru")
    try:
        scene.language_changed()
        assert scene.hint is None
    finally:
        i18n.set_language("en")

@pytest.mark.parametrize("game_id", GAMES)
def test_the_line_names_the_move_as_the_log_would(catgames_home, answers, game_id):
    """The line says which move it means, in the words the log uses once it is played."""
    app = _app(answers)
    scene = _table(app, _human_to_move(game_id, humans=2, hints=True))
    move = next(m for m in scene.local.match.state.legal_moves() if not _waits_for_a_choice(scene.local.match.state, m))
    _hinted(app, scene, answers, move)
    said = scene.hint.said
    assert said and said in hint_line(scene.hint) and hint_line(scene.hint).startswith(
        i18n.t("hint.move.line", move=said, why="").rstrip())
    scene.play_human(move)
    history = scene.local.match.history
    assert scene.log_lines(history[-1], history[:-1])[0].rstrip(".") == said
    assert len(scene.log) == len(scene.log_panel.lines)  # the hint left the log as it was


def test_a_card_waiting_for_its_choice_is_named_by_its_play(catgames_home, answers):
    """Woof Days: the log tells a card only once its choice is made; the hint names it now."""
    app = _app(answers)
    scene = _table(app, _human_to_move("days", humans=2, hints=True))
    rng = random.Random(5)
    while True:
        waiting = [m for m in scene.local.match.state.legal_moves() if scene.drop_for(m) is not None
                   and _waits_for_a_choice(scene.local.match.state, m)]
        if waiting:
            break
        scene.play_human(rng.choice(scene.local.match.state.legal_moves()))
        hand_over(app)
    _hinted(app, scene, answers, waiting[0])
    assert scene.hint.said and scene.hint.said in hint_line(scene.hint)
    scene.play_human(waiting[0])
    history = scene.local.match.history
    assert scene.log_lines(history[-1], history[:-1]) == []  # the log itself says nothing yet


def _waits_for_a_choice(state, move) -> bool:
    after = state.clone()
    return any(e.kind == "choose" for e in after.apply(move))


@pytest.fixture
def held(monkeypatch):
    """The why's evaluations wait for ``release`` off the main thread (on it, they would hang
    the test: there they go straight on, and the test sees it in ``threads``)."""
    release, threads = threading.Event(), []
    judge = hint_module._judge

    def held_judge(*args):
        threads.append(threading.current_thread())
        if threading.current_thread() is not threading.main_thread():
            release.wait()
        return judge(*args)

    monkeypatch.setattr(hint_module, "_judge", held_judge)
    yield release, threads
    release.set()


def test_the_why_is_worked_out_off_the_frame(catgames_home, answers, held):
    """Frames go on (the spinner turning) while the why is worked out on its own thread; the
    hint shows once it is done, and the frames never work it out themselves."""
    release, threads = held
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    move = scene.local.match.state.legal_moves()[0]
    answers.answer = str(move)
    key(app, pygame.K_h)
    app.run_frames(5)
    assert scene.hint is None and scene.hints.thinking and scene.animating()
    assert hint_line(scene.hint) == i18n.t("hint.thinking")
    release.set()
    scene.hints.reading.wait()
    app.run_frames(1)
    assert scene.hint is not None and scene.hint.move == move and not scene.hints.thinking
    assert threads and threading.main_thread() not in threads


def test_a_hint_dropped_while_its_why_is_worked_out_never_shows(catgames_home, answers, held):
    release, _ = held
    app = _app(answers)
    scene = _table(app, _human_to_move("bed", humans=2, hints=True))
    answers.answer = str(scene.local.match.state.legal_moves()[0])
    key(app, pygame.K_h)
    reading = scene.hints.reading
    scene.play_human(scene.local.match.state.legal_moves()[-1])
    release.set()
    reading.wait()
    app.run_frames(2)
    assert scene.hint is None and not scene.hints.thinking


def test_a_why_that_fails_leaves_the_move_shown(catgames_home, answers, monkeypatch):
    def broken(*args):
        raise ValueError("no terms")

    monkeypatch.setattr(hint_module, "_judge", broken)
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    _hinted(app, scene, answers, scene.local.match.state.legal_moves()[0])
    assert scene.hint.spot is not None and hint_line(scene.hint) == i18n.t("hint.no_why")


def test_a_move_with_no_worded_why_is_still_named(catgames_home, answers):
    app = _app(answers)
    scene = _table(app, _human_to_move("kotatsu"))
    _hinted(app, scene, answers, scene.local.match.state.legal_moves()[0])
    scene.hints.shown = dataclasses.replace(scene.hint, claims=())
    assert hint_line(scene.hint) == i18n.t("hint.move.no_why", move=scene.hint.said)


def test_waiting_for_a_hint_behind_a_message_is_calm(catgames_home, answers):
    """The spinner is what moves while a hint is thought of: with a message over it, nothing."""
    app = _app(answers)
    scene = _table(app, _human_to_move("bed"))
    answers.poll = lambda: None  # still thinking
    key(app, pygame.K_h)
    assert scene.hints.thinking and scene.animating()
    scene.status = i18n.t("hint.disabled")
    assert scene.hints.thinking and not scene.animating()


def test_the_same_hint_says_the_same_each_time(catgames_home, answers):
    """Seeded: asking again in the same position gives the same words."""
    lines = []
    for _ in range(2):
        app = _app(answers)
        scene = _table(app, _human_to_move("kotatsu"))
        _hinted(app, scene, answers, scene.local.match.state.legal_moves()[3])
        lines.append(hint_line(scene.hint))
    assert lines[0] == lines[1] and lines[0] != i18n.t("hint.no_why")


@pytest.mark.parametrize("game_id", GAMES)
def test_terms_sum_to_the_evaluation(game_id):
    game = load_game(game_id)
    heuristics = heuristics_for(game_id)
    named: set[str] = set()
    for players in sorted({game.min_players, game.max_players}):
        rng = random.Random(players)
        state = game.new_state(players, None, 5)
        for ply in range(400):
            if ply % 5 == 0 or state.is_over():
                for seat in range(players):
                    terms = heuristics.terms(state, seat)
                    assert terms, "every game names its terms"
                    named |= set(terms)
                    assert sum(terms.values()) == pytest.approx(heuristics.evaluate(state, seat))
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_moves()))


def test_a_move_that_ends_the_game_says_how_it_ends():
    """A winning last move says it wins, a drawing one that it draws, a losing one only that
    it ends (with the score)."""
    game = load_game("bed")
    seen: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = game.new_state(2, None, seed)
        while not state.is_over():
            seat, moves = state.to_move, sorted(state.legal_moves(), key=str)
            for move in moves:
                after = state.clone()
                after.apply(move)
                if after.is_over():
                    winner = after.outcome().winner
                    key = "ends_won" if winner == seat else "ends_drawn" if winner is None else "ends"
                    assert why_of("bed", state, seat, move, 1)[0].key == key
                    seen.add(key)
                    break
            state.apply(rng.choice(moves))
        if {"ends_won", "ends"} <= seen:
            return
    raise AssertionError(f"only {seen} met")


def test_a_real_worker_suggests_a_legal_move(catgames_home):
    """The real worker (a thread, a fixed iteration budget) answers a hint off the frame."""
    worker = AIWorker(use_process=False, budget=Budget(None, None, iterations=2))
    app = new_app(Settings(ai_speed="instant"), worker_factory=lambda: worker, seed=1)
    scene = _table(app, _human_to_move("bed"))
    key(app, pygame.K_h)
    import time
    while scene.hints.thinking:  # the thread answers (two iterations; the worker has no cap)
        app.step([], 1 / 60)
        time.sleep(0.002)
    app.step([], 1 / 60)
    assert scene.hint is not None and scene.hint.move in scene.local.match.state.legal_moves()
    assert scene.hint.spot is not None and scene.local.match.history == []


#: moves no drop nor button makes, which the table shows its own way (``draw_hint_move``)
SHOWN_APART = {"days": ("Choose", "Play"), "cathood": ("Reserve", "Trade")}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_along_a_game_can_be_shown(catgames_home, answers, game_id):
    app = _app(answers)
    game = load_game(game_id)
    scene = _table(app, _human_to_move(game_id, game.max_players, humans=game.max_players,
                                       hints=True))
    rng = random.Random(11)
    for _ in range(40):
        if scene.local.match.state.is_over():
            break
        legal = scene.local.match.state.legal_moves()
        missing = [m for m in legal if scene.drop_for(m) is None and scene.button_for(m) is None
                   and type(m).__name__ not in SHOWN_APART.get(game_id, ())]
        assert missing == [], (len(scene.local.match.history), missing)
        scene.play_human(rng.choice(legal))
        hand_over(app)
        if scene.stage.playing:  # a staged moment takes no move: a key skips it first
            scene.stage.skip()


@pytest.mark.parametrize("game_id", ["days", "boxes"])
def test_a_chinese_hint_proposes_a_draw_and_does_not_say_it_was_done(catgames_home, answers, game_id):
    """The hint names its move in the log's words, so a log line in the perfective ("抽了一張牌",
    drew a card) read as if the draw had happened (the play-test, zh-TW); the log's lines for a
    player's moves are as plain as its others ("打出", plays)."""
    try:
        app = _app(answers, "zh-TW")
        scene = _table(app, _human_to_move(game_id, humans=2, hints=True))
        rng = random.Random(4)
        while not (draws := [m for m in scene.local.match.state.legal_moves() if str(m) == "draw"]):
            scene.play_human(rng.choice(scene.local.match.state.legal_moves()))
            hand_over(app)
        _hinted(app, scene, answers, draws[0])
        assert "抽" in scene.hint.said and "了" not in scene.hint.said
    finally:
        i18n.set_language("en")
