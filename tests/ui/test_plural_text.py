"""Counts read right in every language (issue 13): the words of a drawn count change with the
number by the language's plural rule, Russian 1 / 2 / 5 / 21 and French 0 / 1 / 2."""

from __future__ import annotations

import pytest

from catgames.games.days.table.board import hand_count
from catgames.ui import i18n
from catgames.ui.scenes.title import players_text
from tests.helpers import close_apps
from tests.ui.layout import _mid_game, _table, layout_app, marks_of, title


@pytest.fixture
def drawn(catgames_home):
    """``drawn(language, screen)``: the lines of text one frame of ``screen`` draws."""
    def draw(language, screen):
        return [m.text for m in marks_of(layout_app(language, 1.0), screen)]
    yield draw
    close_apps()
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


@pytest.mark.parametrize("language, shown", [
    ("ru", ["2 игрока", "2–4 игрока", "2–5 игроков"]),
    ("uk", ["2 гравці", "2–4 гравці", "2–5 гравців"]),
    ("fr", ["2 joueurs", "2 à 4 joueurs", "2 à 5 joueurs"]),
    ("en", ["2 players", "2–4 players", "2–5 players"]),
])
def test_the_title_screen_seat_ranges_agree_with_their_largest_count(drawn, language, shown):
    texts = drawn(language, title)
    assert [text for text in shown if text in texts] == shown


@pytest.mark.parametrize("language, ranges", [
    ("ru", {(1, 1): "1 игрок", (21, 21): "21 игрок", (2, 11): "2–11 игроков", (3, 22): "3–22 игрока",
            (5, 5): "5 игроков"}),
    ("uk", {(1, 1): "1 гравець", (2, 2): "2 гравці", (5, 5): "5 гравців", (2, 21): "2–21 гравець"}),
    ("fr", {(0, 0): "0 joueur", (1, 1): "1 joueur", (2, 2): "2 joueurs"}),
    ("zh-TW", {(1, 1): "1人", (2, 5): "2–5人"}),
])
def test_a_seat_count_takes_the_form_of_its_number(fresh_language, language, ranges):
    i18n.set_language(language)
    assert {span: players_text(*span) for span in ranges} == ranges


@pytest.fixture
def fresh_language():
    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def days_with_hands(sizes):
    """A Days table whose seats hold ``sizes`` cards (cards of the deck, dealt anew)."""
    def open_it(app):
        match = _mid_game("days", len(sizes), 0)
        state = match.state
        cards = [c for hand in state.hands for c in hand] + list(state.deck)
        state.hands = [[cards[i % len(cards)] for i in range(size)] for size in sizes]
        _table(app, match)
    return open_it


@pytest.mark.parametrize("language, sizes, shown", [
    ("ru", (1, 2, 5, 21), ["1 карта", "2 карты", "5 карт", "21 карта"]),
    ("uk", (1, 3, 11, 22), ["1 карта", "3 карти", "11 карт", "22 карти"]),
    ("fr", (0, 1, 2), ["0 carte", "1 carte", "2 cartes"]),
])
def test_the_days_seat_list_shows_each_hand_count_in_its_own_form(drawn, language, sizes, shown):
    texts = drawn(language, days_with_hands(sizes))
    assert [text for text in shown if text in texts] == shown


def test_one_card_is_the_group_not_a_separate_string(fresh_language):
    """``hand_count_one`` is folded into the group: English one and other from one key."""
    assert [hand_count(n) for n in (1, 2)] == ["1 card", "2 cards"]
    i18n.set_language("zh-TW")
    assert [hand_count(n) for n in (1, 2)] == ["1張", "2張"]
