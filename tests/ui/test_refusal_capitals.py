"""Every refusal opens with a capital letter, in all five languages, though its string may open
with a placeholder filled with a lowercase word (Days: "{at} is already taken." read "your
Sunday is already taken.").  Each game's refusal sentences are made by the function its table
shows them with."""

from __future__ import annotations

import re
from typing import Callable

import pytest

from catgames.core.rules import Reason
from catgames.games.boxes.table.words import reason_line
from catgames.games.cathood.components import cathood_data
from catgames.games.cathood.table.words import reason_text as cathood_reason
from catgames.games.days.table.words import day_name, reason_words
from catgames.ui import i18n

LANGUAGES = i18n.available_languages()
NAMES = ["Ann", "Bo"]


def sentence_maker(game: str | None) -> Callable[[Reason], str]:
    """How the table of ``game`` words a refusal (the shared ``reason_text`` for the others)."""
    if game == "days":
        return lambda reason: reason_words(reason, "woof", NAMES, 0)
    if game == "cathood":
        data = cathood_data()
        return lambda reason: cathood_reason(data, reason)
    if game == "boxes":
        return lambda reason: reason_line(reason, lambda seat: NAMES[seat])
    return lambda reason: i18n.reason_text(reason, game)


def lowercase_args(text: str, game: str | None) -> dict[str, object]:
    """Each placeholder of ``text`` filled with a lowercase word (a real value where the game
    reads the argument: a colour, a card, the ways along a street)."""
    args: dict[str, object] = {name: "x" for name in re.findall(r"\{(\w+)", text)}
    if game == "cathood":
        data = cathood_data()
        args.update({k: v for k, v in (("colour", data.colours[0]), ("card", data.cards[0].id),
                                       ("allowed", "E/W")) if k in args})
    if game == "boxes" and "holders" in args:
        args["holders"] = (0,)
    return args


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_opens_with_a_capital(language):
    try:
        i18n.set_language(language)
        found = []
        for key, text in i18n.strings(language).items():
            parts = key.split(".")
            if parts[0] != "reason" or not isinstance(text, str):
                continue
            game = parts[1] if len(parts) == 3 else None
            said = sentence_maker(game)(Reason.of(parts[-1], **lowercase_args(text, game)))
            if said[:1].islower():
                found.append(f"{key}: {said}")
        assert found == []
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_days_refusal_naming_your_day_first_opens_with_a_capital(language):
    try:
        i18n.set_language(language)
        said = reason_words(Reason.of("day_taken", at="P1 Sun"), "woof", NAMES, 0)
        assert i18n.t("days.spot_yours", day=day_name(6)).lower() in said.lower()  # "your Sunday"
        assert not said[:1].islower(), said
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
