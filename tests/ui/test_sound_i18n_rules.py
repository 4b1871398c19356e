"""Procedural sounds, silence without audio, strings and reasons, rules summaries."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.data import DataError
from catgames.core.rules import Reason
from catgames.ui import i18n
from catgames.ui.rules_summary import load_rules
from catgames.ui.sound import EFFECTS, Sound, synthesize
from tests.ui.helpers import EXAMPLE_RULES


@pytest.mark.parametrize("name", EFFECTS)
def test_effects_are_short_and_in_range(name):
    samples = synthesize(name, 22050, 2)
    assert 0 < len(samples) / 2 / 22050 < 0.5
    assert max(abs(s) for s in samples) <= 32767


def test_sound_without_mixer_is_silent(monkeypatch):
    def fail():
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    sound = Sound()
    sound.play("pick")
    assert sound.warm() is False


def test_sound_plays_on_dummy_driver():
    sound = Sound(0.5)
    sound.play("drop")
    effect = sound._sounds["drop"]              # made at first use, for the mixer's format
    assert sound.warm() and effect.get_length() == pytest.approx(0.09, abs=0.01)
    assert effect.get_volume() == pytest.approx(0.5, abs=0.01)
    pygame.mixer.stop()
    sound.set_volume(0.0)
    sound.play("pick")  # muted: not even made
    assert "pick" not in sound._sounds and effect.get_volume() == 0.0
    sound.set_volume(0.5)
    sound.play("pick")
    sound.close()       # stops what plays and the mixer with it
    assert not pygame.mixer.get_init() and not sound._sounds


def test_strings_and_placeholders():
    assert i18n.t("over.winner", seat="Cat") == "Cat wins!"
    assert i18n.t("no.such.key") == "no.such.key"
    assert i18n.t("over.winner") == "{seat} wins!"  # missing argument: shown, not crashing
    assert "en" in i18n.available_languages()


def test_reasons_become_sentences():
    i18n.add_strings("en", {"reason": {"test_overlap": "That tile overlaps the {who}'s {digit}."}})
    assert i18n.reason_text(Reason.of("test_overlap", who="dog", digit=7)) == \
        "That tile overlaps the dog's 7."
    assert i18n.reason_text(Reason.of("not_in_table")) == "Not in table"


def test_rules_summary_example_loads():
    summary = load_rules(EXAMPLE_RULES)
    assert summary.title == "Toy Tic-Tac-Toe"
    assert [s.heading for s in summary.sections] == ["Goal", "Turns"]
    assert len(summary.sections[1].bullets) == 3


@pytest.mark.parametrize("text, words", [
    ("title: X\n", "missing key 'sections'"),
    ("title: X\nsections: []\n", "at least 1"),
    ("title: X\nsections:\n  - heading: H\n", "needs paragraphs or bullets"),
    ("title: X\nsections:\n  - heading: H\n    bullets: [1]\n", "sections.0.bullets.0: expected text"),
])
def test_bad_rules_summary_names_the_problem(tmp_path, text, words):
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as info:
        load_rules(path)
    assert words in str(info.value)
