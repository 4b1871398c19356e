"""Woof Days log lines name a seat's own day as "their Monday" and a rival's as "P2's Monday"."""

from __future__ import annotations

import pytest

from catgames.core.rules import Event
from catgames.games.days.table.words import event_line
from catgames.ui import i18n

NAMES = ("Ann", "Bob")


@pytest.fixture
def language():
    """Switch the language for one test; English again after it."""
    yield i18n.set_language
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def place(seat: int, to: str) -> Event:
    return Event.of("place", seat, card="wd_labrador", to=to)


def discard(seat: int, at: str) -> Event:
    return Event.of("discard", seat, cards=("wd_labrador",), at=at)


def test_filling_your_own_day_says_their_day():
    assert event_line(place(0, "P1 Mon"), "uk", NAMES) == "Ann puts Labrador on their Monday."
    assert event_line(place(1, "P2 Fri"), "uk", NAMES) == "Bob puts Labrador on their Friday."


def test_filling_a_rivals_day_names_the_rival():
    assert event_line(place(0, "P2 Mon"), "uk", NAMES) == "Ann puts Labrador on Bob's Monday."


def test_a_discard_from_your_own_week_says_their_day():
    assert event_line(discard(1, "P2 Tue:0"), "uk", NAMES) == "Bob discards Labrador from their Tuesday."
    assert event_line(discard(1, "P1 Tue:0"), "uk", NAMES) == "Bob discards Labrador from Ann's Tuesday."
    assert event_line(discard(1, "hand"), "uk", NAMES) == "Bob discards Labrador (hand limit)."


@pytest.mark.parametrize("code, own, rival", [
    ("fr", "Ann pose Labrador sur son lundi.", "Ann pose Labrador sur le lundi de Bob."),
    ("ru", "Ann кладёт «Лабрадор» в свою неделю: понедельник.",
     "Ann кладёт «Лабрадор» в неделю соперника: понедельник, Bob."),
    ("uk", "Ann кладе карту «Лабрадор» у свій тиждень: понеділок.",
     "Ann кладе карту «Лабрадор» у тиждень суперника: понеділок (Bob)."),
    ("zh-TW", "Ann把拉布拉多放在自己的星期一。", "Ann把拉布拉多放在Bob的星期一。"),
])
def test_each_language_tells_its_own_week_from_a_rivals(language, code, own, rival):
    language(code)
    assert event_line(place(0, "P1 Mon"), "uk", NAMES) == own
    assert event_line(place(0, "P2 Mon"), "uk", NAMES) == rival
