"""data/days.yaml: loads, matches the spec's counts, reports mistakes by key path; every card is
playable in some position; the rules summary loads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from catgames.core.data import DataError
from catgames.games.days.components import days_data, load_days_data
from catgames.ui.rules_summary import load_rules, rules_path
from catgames.core.position import PositionError
from catgames.games.days.game import GAME
from tests.helpers import mutated_data
from tests.games.days.helpers import position, week


def test_shipped_data_matches_the_spec():
    data = days_data()
    woof = [c for c in data.cards if c.deck == "woof"]
    assert sum(c.copies for c in woof) == 39
    assert len([c for c in woof if c.kind == "dog"]) == 14 and len([c for c in woof if c.kind == "event"]) == 8
    cat = [c for c in data.cards if c.deck == "cat"]
    assert sum(c.copies for c in cat if c.kind != "cat_tree") == 37
    assert sum(c.copies for c in cat if c.kind == "cat") == 28
    assert data.rules.hand_limit == 5 and data.rules.discard_below == 3


def write(tmp_path: Path, mutate) -> Path:
    return mutated_data(tmp_path, "days.yaml", mutate)


def card(doc, card_id):
    return next(c for c in doc["cards"] if c["id"] == card_id)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: card(d, "wd_labrador").__setitem__("copies", 5), "deck_sizes.woof: the woof cards add up to 40"),
    (lambda d: card(d, "wd_collie")["placement"].__setitem__("days", ["thursday"]),
     "cards.5.placement.days.0: 'thursday' is not one of"),
    (lambda d: card(d, "wd_dalmatian")["placement"]["conditions"].append("next_to_a_cat"),
     "cards.4.placement.conditions.1: 'next_to_a_cat' is not one of"),
    (lambda d: card(d, "wd_lead")["effect"].__setitem__("to_weeks", "nowhere"),
     "cards.21.effect.to_weeks: 'nowhere' is not one of"),
    (lambda d: card(d, "wd_lead")["effect"].__setitem__("colour", "red"),
     "cards.21.effect.colour: not a setting of move_animal"),
    (lambda d: card(d, "wd_grooming").pop("effect"), "cards.15: an event needs an effect"),
    (lambda d: d["rules"].__setitem__("tie_break", "coin"), "rules.tie_break: 'coin' is not one of"),
    (lambda d: d["modes"]["cat"].__setitem__("dealt", ["cd_tree"]), "modes.cat.dealt.0: unknown card 'cd_tree'"),
])
def test_bad_data_is_reported_with_its_key_path(tmp_path, mutate, message):
    path = write(tmp_path, mutate)
    with pytest.raises(DataError) as err:
        load_days_data(path)
    assert message in str(err.value)


WOOF_TEMPLATES = [
    {"P1": "Mon[Lab] Tue — Wed[Mix] Thu — Fri — Sat — Sun[Lab]",
     "P2": "Mon[Lab] Tue — Wed — Thu — Fri — Sat — Sun[Mix]"},
    {"P1": "Mon[Lab] Tue[Lab] Wed[Mix] Thu[Mix] Fri[Dal] Sat[Dach] Sun —", "P2": "Mon — Tue — Wed — Thu — Fri — Sat — Sun —"},
]
CAT_TEMPLATES = [
    {"P1": "Mon[Cur] Tue — Wed — Thu[Res] Fri — Sat — Sun —", "P2": "Mon[Cur] Tue — Wed — Thu[Res] Fri — Sat — Sun —"},
    {"P1": "Mon[Cur] Tue — Wed[Cur] Thu — Fri — Sat — Sun —", "P2": "Mon — Tue — Wed — Thu — Fri — Sat — Sun —"},
]


@pytest.mark.parametrize("card_id", [c.id for c in days_data().cards])
def test_every_card_is_playable_somewhere(card_id):
    deck = days_data().cards[days_data().by_id[card_id]].deck
    templates = WOOF_TEMPLATES if deck == "woof" else CAT_TEMPLATES
    found = set()
    for weeks in templates:
        doc = {"game": "days", "options": {"decks": deck}, "turn": "P1", "hands": {"P1": [card_id]},
               "weeks": {seat: week(text) for seat, text in weeks.items()}}
        found |= set(GAME.state_from_dict(doc).targets(card_id))
    assert found, card_id


def test_rules_summary_loads():
    summary = load_rules(rules_path("days"))
    assert summary.title and len(summary.sections) >= 5


@pytest.mark.parametrize("p1, decks, message", [
    ("Mon[Lab,Cur]", "combined", "weeks.P1.Mon: a day holds dogs or cats, never both"),
    ("Mon[Corgi] Tue[Corgi]", "woof", "the position holds 1 more wd_corgi than the decks have"),
    ("Mon[T,Lab]", "combined", "weeks.P1.Mon: a Cat Tree hosts only cats"),
    ("Mon[Lab] Tue[Treats]", "woof", "weeks.P1.Tue.0: wd_freds_treats is an event"),
])
def test_bad_positions_are_reported(p1, decks, message):
    with pytest.raises(PositionError, match=re.escape(message)):
        position({"P1": p1, "P2": ""}, decks=decks)


def test_unknown_cards_and_seats_in_positions():
    with pytest.raises(PositionError, match="weeks.P1.Mon.0: unknown card 'wd_poodle'"):
        GAME.state_from_dict({"game": "days", "weeks": {"P1": {"Mon": ["wd_poodle"]}, "P2": {}}})
    with pytest.raises(PositionError, match="turn: unknown seat 'P3'"):
        GAME.state_from_dict({"game": "days", "weeks": {"P1": {}, "P2": {}}, "turn": "P3"})
