"""The header's words of the turn: a friend playing online is waited for, not "thinking" (no
machine thinks for them), in every language; a machine seat still thinks."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from catgames.core.seats import REMOTE
from catgames.ui import i18n
from catgames.ui.table.header import turn_words_key

LANGUAGES = ("en", "fr", "ru", "uk", "zh-TW")


class Table:
    """The header's view of a table whose seat 1 is to move and played elsewhere."""

    def __init__(self, kind: str, thinking: bool = True) -> None:
        self.public = SimpleNamespace(seats=("human", kind))  # the seats' kinds as the set-up made them
        self.thinking = thinking

    def turn_key(self) -> str:
        return "game.turn"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_friend_online_is_waited_for_and_a_machine_thinks(language: str) -> None:
    i18n.set_language(language)
    try:
        waiting = i18n.t(turn_words_key(Table(REMOTE), 1, False), seat="Mimi")  # type: ignore[arg-type]
        thinking = i18n.t(turn_words_key(Table("ai:hard"), 1, False), seat="Mimi")  # type: ignore[arg-type]
        assert "Mimi" in waiting and "Mimi" in thinking and waiting != thinking
        assert waiting == i18n.t("online_table.waiting_for", seat="Mimi")
        assert turn_words_key(Table(REMOTE, thinking=False), 1, True) == "game.end_turn_header"  # type: ignore[arg-type]
    finally:
        i18n.set_language("en")
