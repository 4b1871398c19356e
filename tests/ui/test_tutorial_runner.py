"""The tutorial files and the step script, without pygame: what a file must hold, how a bad one
is told, and how the script walks the steps (the tables are tested in test_tutorial.py)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from catgames.core.data import DataError
from catgames.core.storage import LANGUAGES
from catgames.games import available_ids
from catgames.ui import i18n
from catgames.core.tutorial import ANY, Script, TutorialMatch, first_legal, load_tutorial

ROOT = Path(__file__).resolve().parents[2]


def play_through(game_id: str) -> tuple[Script, TutorialMatch]:
    """The whole script, as the table plays it: the player's moves, then the replies."""
    tutorial = load_tutorial(game_id)
    match = tutorial.new_match()
    script = Script(tutorial)
    while not script.at_end:
        if script.reading:
            script.next()
            continue
        match.play(script.expected(match.state) or first_legal(match.state))
        script.moved(again=match.state.to_move == tutorial.player)
        while script.replying:
            match.play(tutorial.game.parse_move(match.state, script.reply_text(match.state)))
            script.replied(again=match.state.to_move != tutorial.player)
    assert isinstance(match, TutorialMatch)
    return script, match


def test_the_script_and_every_tutorial_need_no_pygame():
    code = textwrap.dedent(f"""
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == 'pygame' or name.startswith('pygame.'):
                    raise ImportError('pygame is blocked')
        sys.meta_path.insert(0, Block())
        from catgames.core.tutorial import load_tutorial
        for game_id in {available_ids()!r}:
            load_tutorial(game_id)
        assert not any(k == 'pygame' or k.startswith('pygame.') for k in sys.modules)
    """)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("game_id", available_ids())
def test_every_script_reaches_its_closing_step_with_the_game_going_on(game_id):
    script, match = play_through(game_id)
    assert script.at_end and script.reading and not script.replying
    assert not match.state.is_over()
    humans = {turn.seat for turn in match.history if match.is_human(turn.seat)}
    assert humans == {script.tutorial.player}
    assert match.undo_refusal() == "tutorial"


@pytest.mark.parametrize("game_id", available_ids())
def test_every_sentence_of_every_tutorial_is_in_every_language(game_id):
    tutorial = load_tutorial(game_id)
    keys = {k for step in tutorial.steps for k in (step.say, step.hint)}
    for language in LANGUAGES:
        table = i18n.read_strings(language)
        missing = sorted(k for k in keys if k not in table)
        assert not missing, (language, missing)


def test_the_script_walks_a_step_reply_and_refuses_what_the_step_does_not_ask():
    tutorial = load_tutorial("bed")
    match = tutorial.new_match()
    script = Script(tutorial)
    assert script.reading and not script.awaiting_move
    assert not script.allows(match.state, match.state.legal_moves()[0])  # nothing to play yet
    script.next()
    assert script.index == 1 and script.awaiting_move
    asked = script.expected(match.state)
    other = next(m for m in match.state.legal_moves() if m != asked)
    assert script.allows(match.state, asked) and not script.allows(match.state, other)
    match.play(asked)
    script.moved(again=False)
    assert script.replying and script.index == 1 and not script.awaiting_move
    reply = script.reply_text(match.state)
    assert reply == tutorial.steps[1].reply[0]
    match.play(tutorial.game.parse_move(match.state, reply))
    script.replied(again=False)
    assert script.index == 2 and script.awaiting_move and script.reply_text(match.state) is None


def test_an_any_step_lasts_the_players_whole_turn():
    """If It Fits: a turn is a draw, then a card, then maybe a cat."""
    tutorial = load_tutorial("boxes")
    script = Script(tutorial)
    free = next(i for i, step in enumerate(tutorial.steps) if step.move == ANY)
    script.index = free
    script.moved(again=True)
    assert script.index == free and script.awaiting_move
    script.moved(again=False)
    assert script.replying
    script.replied(again=True)  # an 'any' reply lasts the other seat's whole turn too
    assert script.replying
    script.replied(again=False)
    assert script.index == free + 1


BED_POSITION = "position: {game: bed, to_move: cat}\n"


@pytest.mark.parametrize("text, found", [
    ("steps: [\n", "not valid YAML"),
    (BED_POSITION, "missing key 'steps'"),
    ("position: 3\nsteps: [{say: a}, {say: b}]\n", "position: expected a mapping"),
    ("position: {game: bed, to_move: fox}\nsteps: [{say: a}, {say: b}]\n", "position: not a position"),
    ("position: {game: bed, to_move: cat, options: {bogus: 1}}\nsteps: [{say: a}, {say: b}]\n",
     "position: not a position"),
    (BED_POSITION + "steps: [{say: a}]\n", "steps: has 1 items, expected at least 2"),
    (BED_POSITION + "steps: [{say: a, sya: b}, {say: b}]\n", "steps.0.sya: unknown key"),
    (BED_POSITION + "steps: [{say: a, move: jump}, {say: b}]\n", "steps.0.move: 'jump' is not a move"),
    (BED_POSITION + "steps: [{say: a, move: '9 rot0 @ (0,0)'}, {say: b}]\n", "steps.0.move: '9 rot0 @ (0,0)' is not legal"),
    (BED_POSITION + "steps: [{say: a, move: '2 rot0 @ (6,4)', reply: ['8 rot0 @ (0,10)', '1 rot0 @ (0,0)']},"
     " {say: b}]\n", "steps.0.reply.1: another seat should move here"),
    (BED_POSITION + "steps: [{say: a, reply: '2 rot0 @ (6,4)'}, {say: b}]\n", "steps.0: a reply answers"),
    (BED_POSITION + "steps: [{say: a}, {say: b, move: any}]\n", "steps.1: the last step closes"),
    (BED_POSITION + "steps: [{say: a, move: any, reply: any}, {say: c, move: '2 rot0 @ (6,4)'},"
     " {say: b}]\n", "steps.1.move: after an 'any' move"),
    (BED_POSITION + "steps: [{say: a, show: [move, board], move: '2 rot0 @ (6,4)'}, {say: b}]\n",
     "steps.0.show: 'move' and 'none' stand alone"),
    (BED_POSITION + "steps: [{say: a, show: move}, {say: b}]\n", "steps.0: show: move needs"),
])
def test_a_malformed_tutorial_is_refused_with_where_and_why(tmp_path, text, found):
    path = tmp_path / "bed.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_tutorial("bed", path)
    message = str(caught.value)
    assert found in message and message.startswith(str(path)), message
