"""Continue lists every unfinished game and continues each; a new game asks before replacing its
own game's save and never touches another's; seat names are typed, kept in the save, shown on
the table; the new-game screen remembers the last set-up; bad files are set aside and told."""

from __future__ import annotations

import random

import pygame
import pytest

from catgames.core import saves, storage
from catgames.core.session import Match
from catgames.ui import i18n
from catgames.ui.i18n import NBSP
from catgames.ui.game_scene import BaseGameScene
from catgames.ui.scenes.confirm import ConfirmScene
from catgames.ui.scenes.continue_list import ContinueScene, when_text
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.scenes.title import TitleScene
from tests.ui.helpers import click, key


def save_played(game_id: str, moves: int, names: list[str] | None = None) -> Match:
    match = Match.new(game_id, 2, ["human", "human"], None, 5, names=names)
    rng = random.Random(3)
    for _ in range(moves):
        match.play(rng.choice(match.state.legal_moves()))
    saves.autosave(match)
    return match


def open_title(app) -> TitleScene:
    title = app.push(TitleScene(app))
    app.run_frames(3)
    return title


def button(scene, text: str):
    return next(w for w in scene.widgets.widgets if getattr(w, "text", None) == text)


def type_text(app, text: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)])


def continue_list(app, title) -> ContinueScene:
    click(app, button(title, "Continue").rect.center)
    listed = app.stack.top
    assert isinstance(listed, ContinueScene)
    return listed


def test_two_unfinished_games_of_different_kinds_both_continue(app):
    bed, kotatsu = save_played("bed", 3), save_played("kotatsu", 4)
    title = open_title(app)
    listed = continue_list(app, title)
    rows = {row.entry.game_id: row for row in listed.rows.rows}
    assert set(rows) == {"bed", "kotatsu"}
    assert rows["kotatsu"].facts.replace(NBSP, " ").startswith("4 moves played, ")
    assert rows["bed"].seats.replace(NBSP, " ") == "● Cat, ■ Dog"
    key(app, pygame.K_ESCAPE)
    for game_id, match in (("kotatsu", kotatsu), ("bed", bed)):
        listed = continue_list(app, title)
        row = next(r for r in listed.rows.rows if r.entry.game_id == game_id)
        click(app, row.rect.center)
        table = app.stack.find(BaseGameScene)    # under Kotatsu's hand-off screen
        assert table is not None and table.local.match.game_id == game_id
        assert table.local.match.moves == match.moves
        app.stack.pop_until(lambda s: s is title)
        app.run_frames(2)
    assert {e.game_id for e in title.saved} == {"bed", "kotatsu"}  # continuing kept both


def test_when_is_said_in_the_players_words():
    assert when_text(1000, 1030) == "just now"
    assert when_text(0, 5 * 60) == "5 minutes ago"
    assert when_text(0, 3600) == "1 hour ago"
    assert when_text(0, 86400 + 5) == "yesterday"
    i18n.set_language("ru")
    try:
        assert when_text(0, 22 * 60) == "22 минуты назад"
        assert when_text(0, 5 * 86400) == "5 дней назад"
    finally:
        i18n.set_language("en")


def test_starting_a_game_of_the_same_kind_asks_first_and_another_kind_does_not(app):
    bed, kotatsu = save_played("bed", 3), save_played("kotatsu", 2)
    open_title(app)
    setup = app.push(NewGameScene(app, "bed"))
    app.step()
    click(app, button(setup, "Start game ▶").rect.center)
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    assert "This Bed Is Mine" in ask.text and "3 moves played" in ask.text and "Cat" in ask.text
    assert app.canvas.bounds.contains(ask.panel) and ask.panel.contains(ask.text_rect)
    key(app, pygame.K_ESCAPE)                  # Esc cancels: the screen and the save stay
    assert app.stack.top is setup and storage.save_exists("bed")
    click(app, button(setup, "Start game ▶").rect.center)
    click(app, button(app.stack.top, "Start a new one").rect.center)
    table = app.stack.top
    assert isinstance(table, BaseGameScene) and table.local.match.moves == []
    assert not storage.save_exists("bed")      # replaced, as asked
    loaded = storage.load_checked(storage.save_path("kotatsu"), Match.from_dict)
    assert loaded.value.moves == kotatsu.moves  # another game's save is never touched
    app.stack.pop()
    setup = app.push(NewGameScene(app, "kotatsu"))
    app.step()
    saves.autosave(bed)
    setup = app.push(NewGameScene(app, "days"))
    app.step()
    click(app, button(setup, "Start game ▶").rect.center)
    assert isinstance(app.stack.top, BaseGameScene) and app.stack.top.local.match.game_id == "days"
    assert storage.save_exists("bed") and storage.save_exists("kotatsu")


def test_the_dialog_can_continue_the_unfinished_game_instead(app):
    bed = save_played("bed", 2)
    open_title(app)
    setup = app.push(NewGameScene(app, "bed"))
    app.step()
    click(app, button(setup, "Start game ▶").rect.center)
    click(app, button(app.stack.top, "Continue that game").rect.center)
    assert isinstance(app.stack.top, BaseGameScene) and app.stack.top.local.match.moves == bed.moves
    assert app.stack.find(NewGameScene) is None


def test_typed_names_are_kept_in_the_save_and_shown_on_the_table(app):
    open_title(app)
    setup = app.push(NewGameScene(app, "bed"))
    app.step()
    cat, dog = setup.entries
    assert (cat.placeholder, dog.placeholder) == ("Cat", "Mochi (normal)")
    click(app, setup.seat_rows[1].segments()[0].center)  # the Dog: Human
    cat, dog = setup.entries  # two people: the rows were laid out anew (with the hints row)
    assert dog.placeholder == "Dog"
    click(app, cat.rect.center)
    for piece in ("Мур", "ка", "x"):
        type_text(app, piece)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    assert setup.names[:2] == ["Мурка", ""] and not cat.editing
    key(app, pygame.K_RETURN)                  # Enter on the focused field edits it again
    assert cat.editing
    type_text(app, "小花" * 20)                # longer than a name may be
    key(app, pygame.K_ESCAPE)
    assert setup.names[0] == ("Мурка" + "小花" * 20)[:20] and app.stack.top is setup
    click(app, dog.rect.center)
    type_text(app, "小花")
    click(app, button(setup, "Start game ▶").rect.center)  # a click elsewhere ends the edit
    table = app.stack.top
    assert table.seat_names == [setup.names[0], "小花"]
    app.canvas.marks = []
    app.invalidate()  # this frame, drawn or not, must be drawn to be read
    app.run_frames(1)
    shown = {m.text for m in app.canvas.marks}
    app.canvas.marks = None
    assert "小花" in shown and any("小花" in t for t in shown if t != "小花")  # seat list, turn
    table.play_human(table.local.match.state.legal_moves()[0])
    assert table.log[0].startswith(setup.names[0])
    again = storage.load_checked(storage.save_path("bed"), Match.from_dict).value
    assert again.names == [setup.names[0], "小花"]


def test_computer_seats_are_cats_with_their_level(app):
    setup = app.push(NewGameScene(app, "kotatsu"))
    app.step()
    assert [e.placeholder for e in setup.entries] == ["Player 1", "Mochi (normal)"]
    click(app, setup.seat_rows[1].segments()[3].center)  # AI hard
    assert setup.entries[1].placeholder == "Mochi (hard)"
    click(app, setup.seat_rows[0].segments()[1].center)  # AI easy
    assert [e.placeholder for e in setup.entries] == ["Mochi (easy)", "Tama (hard)"]


def test_the_new_game_screen_remembers_the_last_set_up(app):
    setup = app.push(NewGameScene(app, "kotatsu"))
    app.step()
    setup._set_players(3)
    click(app, setup.seat_rows[2].segments()[0].center)  # seat 3: Human
    click(app, setup.entries[2].rect.center)
    type_text(app, "Ана")
    key(app, pygame.K_RETURN)
    option = next(row for row in setup.rows.rows if row not in setup.seat_rows and row.text
                  and row.text != "Players")
    click(app, option.segments()[-1].center)
    chosen = dict(setup.options)
    click(app, button(setup, "Start game ▶").rect.center)
    assert app.stack.find(BaseGameScene) is not None
    app.stack.pop_until(lambda s: isinstance(s, BaseGameScene))
    app.stack.pop()
    again = app.push(NewGameScene(app, "kotatsu"))
    app.step()
    assert again.players == 3 and again.seats[:3] == ["human", "ai:normal", "human"]
    assert again.names[:3] == ["", "", "Ана"] and again.entries[2].text == "Ана"
    assert again.options == chosen
    other = app.push(NewGameScene(app, "boxes"))  # each game keeps its own
    assert other.players == other.game.min_players


@pytest.mark.parametrize("content", ["[1, 2", "- a list\n", "kotatsu: {players: many, seats: 5}\n"])
def test_a_bad_set_up_memory_is_ignored_with_a_notice_when_it_cannot_be_read(app, content):
    storage.setups_path().write_text(content)
    setup = app.push(NewGameScene(app, "kotatsu"))
    app.step()
    assert setup.players == setup.game.min_players and setup.seats[1] == "ai:normal"
    told = [t.text for t in app.toasts.items]
    readable = content.startswith("kotatsu")   # readable, only its values unusable: ignored
    assert len(told) == (0 if readable else 1)
    if not readable:
        assert "set-ups could not be read" in told[0] and ".bad" in told[0]


def test_a_corrupt_save_is_set_aside_while_the_others_stay_listed(app, catgames_home):
    save_played("bed", 2)
    storage.save_path("days").write_text("format: other\n")
    title = open_title(app)
    assert [e.game_id for e in title.saved] == ["bed"]
    told = [t.text for t in app.toasts.items]
    assert len(told) == 1 and "not a catgames save" in told[0] and "days.yaml.bad" in told[0]
    assert continue_list(app, title).rows.rows[0].entry.game_id == "bed"


def test_the_rules_sentences_name_seats_by_their_chosen_names_while_the_table_is_open(app):
    """A reason about the other side's tile names its player, and only while that table is
    open: afterwards the defaults are back."""
    from catgames.games.bed.table.scene import SCENE as BedScene
    match = Match.new("bed", 2, ["human", "human"], seed=3, names=["Мурка", "Rex"])
    app.push(BedScene(app, match))
    app.run_frames(1)
    cats_tile = random.Random(2).choice(match.state.legal_moves())
    match.play(cats_tile)
    reason = match.state.check(cats_tile)  # the Dog's same tile on the same cells
    assert reason is not None and reason.code == "overlap"
    assert "Мурка" in i18n.reason_text(reason, "bed")
    app.stack.pop()
    assert "Мурка" not in i18n.reason_text(reason, "bed")
