"""The music loop: composed by our code, seamless, at the music volume, and silent at zero."""

from __future__ import annotations

import math
import tracemalloc
from array import array
from types import SimpleNamespace

import pygame
import pytest

from catgames.ui import music
from tests.helpers import new_app


def test_the_loop_is_the_composed_length_and_in_range():
    samples = music.compose(rate=4000)
    assert len(samples) == int(music.BARS * 4 * music.BEAT_S * 4000)
    assert max(abs(v) for v in samples) == pytest.approx(1.0)
    assert samples == music.compose(rate=4000)  # the same tune every run


def test_the_melody_stays_on_its_scale():
    chord_roots = {root % 12 for root in music.PROGRESSION}  # a bar may end on its chord's root
    for _, pitch, _ in music.melody():
        assert pitch % 12 in set(music.PENTATONIC) | chord_roots


def test_the_mixer_gets_the_tune_at_its_rate_on_every_channel():
    samples = [-1.0, -0.5, 0.0, 0.5, 1.0]
    mono = music.to_mixer(samples, music.MIX_RATE, 1)
    assert list(mono) == [int(v * 0.5 * 32767) for v in samples]
    twice = music.to_mixer(samples, 2 * music.MIX_RATE, 1)  # each sample held for two at double rate
    assert list(twice) == [v for v in mono for _ in range(2)]
    stereo = music.to_mixer(samples, 2 * music.MIX_RATE, 2)
    assert list(stereo[0::2]) == list(stereo[1::2]) == list(twice)


def test_a_note_rises_softly_then_fades():
    note = music._note(220.0, 0.5, 8000, 0.3)
    assert len(note) == 4000 and note[0] == 0.0
    peaks = [max(abs(v) for v in note[i:i + 400]) for i in range(0, 4000, 400)]
    assert peaks == sorted(peaks, reverse=True)  # past the 4 ms attack it only decays


def test_a_tail_past_the_end_wraps_to_the_start():
    mix = array("d", [0.0] * 10)
    music._add(mix, 8, array("d", [1.0, 1.0, 1.0, 1.0]), 0.5)
    assert list(mix) == [0.5, 0.5, 0, 0, 0, 0, 0, 0, 0.5, 0.5]
    longer = array("d", [0.0] * 3)  # a wave longer than the loop goes round it again
    music._add(longer, 1, array("d", [1.0] * 7), 1.0)
    assert list(longer) == [2.0, 3.0, 2.0]


def _settle(app, frames: int = 400) -> None:
    """Frames until the loop plays (it is composed in the background the first time)."""
    for _ in range(frames):
        app.step([], 1 / 60)
        if app.music.playing():
            return
        if app.music._thread is not None:
            app.music._thread.join()


def test_the_music_slider_controls_the_loop():
    app = new_app()
    app.settings.music_volume = 0.4
    app.apply_settings()
    _settle(app)
    assert app.music.playing()
    channel = pygame.mixer.Channel(music.Music.CHANNEL)
    assert channel.get_busy() and channel.get_sound().get_volume() == pytest.approx(0.4, abs=0.01)
    app.settings.music_volume = 0.0
    app.apply_settings()
    assert not app.music.playing() and not channel.get_busy()


def test_no_music_is_composed_at_volume_zero(monkeypatch):
    composed = []
    monkeypatch.setattr(music, "compose", lambda *a: composed.append(1) or [0.0])
    monkeypatch.setattr(music, "_loops", {})
    app = new_app()
    app.settings.music_volume = 0.0
    app.apply_settings()
    app.run_frames(5)
    assert not composed and app.music._thread is None and not app.music.playing()


@pytest.mark.parametrize("rate", [22050, 44100, 48000])
def test_the_loop_lasts_the_same_at_every_mixer_rate(rate):
    samples = [0.0, 0.5, -0.5, 1.0] * 50
    out = music.to_mixer(samples, rate, 2)
    assert len(out) / 2 / rate == pytest.approx(len(samples) / music.MIX_RATE, abs=1 / rate)
    assert max(out) == int(0.5 * 32767)


def test_the_loop_is_composed_in_compact_arrays():
    """Lists of float objects held 86 MB at the peak of a real composition (about 140 bytes a
    sample); arrays need under 40 (the loop, the notes, one block's temporaries)."""
    tracemalloc.start()
    try:
        samples = music.compose(rate=2000)
        music.to_mixer(samples, 4000, 2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak / len(samples) < 40


def test_composing_steps_aside_after_every_block(monkeypatch):
    """In the background the composition pauses at least every ``BLOCK`` samples of a note (two
    sines each), so the frame loop never waits long for the interpreter; the tune is the same."""
    since_pause, most = [0], [0]

    def counted_sin(x: float) -> float:
        since_pause[0] += 1
        return math.sin(x)

    def pause() -> None:
        most[0] = max(most[0], since_pause[0])
        since_pause[0] = 0

    monkeypatch.setattr(music, "math", SimpleNamespace(pi=math.pi, exp=math.exp, sin=counted_sin))
    paused = music.compose(rate=4000, pause=pause)
    assert 0 < most[0] <= 2 * music.BLOCK and since_pause[0] <= 2 * music.BLOCK
    monkeypatch.undo()
    assert paused == music.compose(rate=4000)


def test_closing_the_app_while_the_loop_is_composed_does_not_wait_for_it(monkeypatch):
    monkeypatch.setattr(music, "_loops", {})
    app = new_app()
    app.settings.music_volume = 0.4
    app.apply_settings()
    app.run_frames(3)  # the composition starts in the background
    thread = app.music._thread
    assert thread is not None and thread.is_alive()
    app.close()
    assert not thread.is_alive() and music._loops == {}  # given up, not finished
