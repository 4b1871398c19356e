"""The table's music: a quiet music-box loop composed and synthesised by this module (no file,
no numpy), played on a channel of its own at the music volume.

Synthesis takes about a second of pure Python, so it runs once per process in a background
thread started when music is first wanted; ``Music.update`` (every frame) starts the loop once
the samples are ready.  The thread works in blocks of a millisecond or two and steps aside after
each, so the frame loop never waits long for the interpreter; it keeps samples in arrays, not
lists of floats (lists took 86 MB at the peak, an array takes 8 bytes a sample).  ``close``
stops it at its next block and joins it, so none outlives the app and quitting never waits.
"""

from __future__ import annotations

import logging
import math
import random
import threading
from array import array
from typing import Callable, Iterator, Sequence

import pygame

log = logging.getLogger(__name__)

BEAT_S = 60 / 84            #: a relaxed tempo
BARS = 8                    #: four chords, twice: about 23 s before it repeats
MIX_RATE = 22050            #: synthesised at this rate, then repeated to the mixer's
# the chords, as MIDI roots (C major: C, A minor, F, G), each held for one bar
PROGRESSION = (48, 45, 41, 43)
PENTATONIC = (0, 2, 4, 7, 9)  #: the melody's scale steps above C
MELODY_SEED = 11            #: the same tune every run
BLOCK = 4096                #: samples worked on between two pauses (a millisecond or two)
PAUSE_S = 0.0005            #: how long the background composition steps aside after each block

Pause = Callable[[], None]


def _hz(midi: float) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


def _no_pause() -> None:
    """Composing in the foreground (tests): nothing to let in."""


class _Abandoned(Exception):
    """The app closes while the loop is being composed: stop at the next pause."""


def _blocks(n: int, pause: Pause, size: int = BLOCK) -> Iterator[range]:
    """``range(n)`` in blocks of at most ``size`` (and ``BLOCK``), with a ``pause`` after each."""
    size = max(1, min(size, BLOCK))
    for start in range(0, n, size):
        yield range(start, min(n, start + size))
        pause()


def _note(hz: float, seconds: float, rate: int, bright: float, pause: Pause = _no_pause) -> array:
    """One plucked note: a sine and its octave with a soft attack and an exponential decay."""
    n = int(seconds * rate)
    step, decay = 2 * math.pi * hz / rate, 4.0 / n
    attack = 0.004 * rate + 1
    exp, sin = math.exp, math.sin
    wave = array("d")
    for block in _blocks(n, pause):
        wave.extend(min(1.0, i / attack) * exp(-decay * i) * (sin(step * i) + bright * sin(2 * step * i))
                    for i in block)
    return wave


def _add(mix: array, at: int, wave: array, gain: float, pause: Pause = _no_pause) -> None:
    """Mix ``wave`` into the loop at sample ``at``; a tail past the end wraps to the start, so
    the loop repeats without a seam."""
    total = len(mix)
    for block in _blocks(len(wave), pause, size=total):  # a block wraps at most once
        start = (at + block.start) % total
        wrap = block.start + min(len(block), total - start)
        for first, last, into in ((block.start, wrap, start), (wrap, block.stop, 0)):
            end = into + last - first
            mix[into:end] = array("d", (m + gain * w for m, w in zip(mix[into:end], wave[first:last])))


def melody(bars: int = BARS, seed: int = MELODY_SEED) -> list[tuple[float, int, float]]:
    """The tune as (beat, MIDI note, beats held): a seeded walk on the pentatonic scale, two
    notes a beat, resting now and then, ending each bar on a note of its chord."""
    rng = random.Random(seed)
    notes: list[tuple[float, int, float]] = []
    degree = 7
    for bar in range(bars):
        root = PROGRESSION[bar % len(PROGRESSION)]
        for half in range(8):
            if half < 7 and rng.random() < 0.2:
                continue  # a rest
            degree += rng.choice((-2, -1, -1, 1, 1, 2))
            degree = 4 - degree if degree < 2 else 20 - degree if degree > 10 else degree
            octave, step = divmod(degree, len(PENTATONIC))
            pitch = 72 + 12 * octave + PENTATONIC[step] - 12
            if half == 7:
                pitch = root + 24 + 12 * (pitch > root + 30)
            notes.append((bar * 4 + half / 2, pitch, 1.0 if half == 7 else 0.5))
    return notes


def compose(rate: int = MIX_RATE, pause: Pause = _no_pause) -> array:
    """The whole loop as floats in [-1, 1]: melody, a soft chord on each bar, a bass on beats
    one and three (``pause`` is called after every ``BLOCK`` samples of work)."""
    beat = BEAT_S * rate
    mix = array("d", bytes(8 * int(BARS * 4 * beat)))
    waves: dict[tuple[int, float, float], array] = {}

    def play(at_beat: float, pitch: int, beats: float, gain: float, bright: float) -> None:
        key = (pitch, beats, bright)
        if key not in waves:
            waves[key] = _note(_hz(pitch), beats * BEAT_S + 0.6, rate, bright, pause)
        _add(mix, int(at_beat * beat), waves[key], gain, pause)

    for bar in range(BARS):
        root = PROGRESSION[bar % len(PROGRESSION)]
        minor = root == 45
        for interval in (12, 16 - minor, 19):
            play(bar * 4, root + interval, 4.0, 0.10, 0.1)
        for beat_in_bar in (0, 2):
            play(bar * 4 + beat_in_bar, root, 2.0, 0.28, 0.3)
    for at, pitch, beats in melody():
        play(at, pitch, beats, 0.22, 0.5)
    peak = max(1e-9, max(abs(v) for v in mix))
    for block in _blocks(len(mix), pause):
        mix[block.start:block.stop] = array("d", (v / peak for v in mix[block.start:block.stop]))
    return mix


_loops: dict[tuple[int, int], bytes] = {}  #: the loop per mixer format, kept for the process
_loops_lock = threading.Lock()


def loop_bytes(rate: int, channels: int, pause: Pause = _no_pause) -> bytes:
    """The loop as the mixer's 16-bit samples, composed once per process and format."""
    with _loops_lock:
        if (rate, channels) not in _loops:
            _loops[rate, channels] = to_mixer(compose(pause=pause), rate, channels, pause).tobytes()
        return _loops[rate, channels]


def to_mixer(samples: Sequence[float], rate: int, channels: int, pause: Pause = _no_pause) -> array:
    """16-bit samples for the mixer's format: each output sample takes the nearest composed one,
    so the tune keeps its pitch and tempo at any mixer rate."""
    level = 0.5 * 32767
    ratio = MIX_RATE / rate
    count = int(len(samples) / ratio)
    mono = array("h")
    for block in _blocks(count, pause):
        mono.extend(int(samples[int(i * ratio)] * level) for i in block)
    if channels == 1:
        return mono
    out = array("h", bytes(2 * channels * count))
    for channel in range(channels):
        out[channel::channels] = mono
    return out


class Music:
    """The loop at the music volume; silent (and never composed) at volume 0 or without audio."""

    CHANNEL = 0  #: the mixer channel kept for music, so effects never cut it

    def __init__(self, volume: float = 0.5) -> None:
        self.volume = volume
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()  #: tells a composition under way to give up
        self._sound: pygame.mixer.Sound | None = None
        self._failed = False  #: the mixer refused the loop once: do not ask every frame

    def set_volume(self, volume: float) -> None:
        self.volume = volume
        if self._sound is not None:
            self._sound.set_volume(volume)
            if volume <= 0:
                self._stop()

    def update(self) -> None:
        """Once a frame: compose in the background when music is wanted, and start the loop
        once it is ready (the mixer must be running: the app starts it after the first frame)."""
        spec = pygame.mixer.get_init()
        if self.volume <= 0 or self._sound is not None or self._failed or spec is None:
            return
        rate, _, channels = spec
        if (rate, channels) not in _loops:
            if self._thread is None:
                self._thread = threading.Thread(target=self._compose, args=(rate, channels),
                                                name="catgames-music", daemon=True)
                self._thread.start()
            return
        self._start(_loops[rate, channels])

    def playing(self) -> bool:
        return self._sound is not None

    def _start(self, samples: bytes) -> None:
        try:
            pygame.mixer.set_reserved(self.CHANNEL + 1)
            self._sound = pygame.mixer.Sound(buffer=samples)
            self._sound.set_volume(self.volume)
            pygame.mixer.Channel(self.CHANNEL).play(self._sound, loops=-1)
        except pygame.error as exc:
            log.info("no music: %s", exc)
            self._sound, self._failed = None, True

    def _stop(self) -> None:
        if pygame.mixer.get_init():
            pygame.mixer.Channel(self.CHANNEL).stop()
        self._sound = None

    def _compose(self, rate: int, channels: int) -> None:
        """The background composition: it gives the interpreter up after every block, so the
        frame loop never waits for it longer than one block's work (left alone, a busy thread
        keeps it 5 ms at a time, several times a frame), and gives up when the app closes."""
        def pause() -> None:
            if self._closing.wait(PAUSE_S):
                raise _Abandoned
        try:
            loop_bytes(rate, channels, pause)
        except _Abandoned:
            pass

    def close(self) -> None:
        """Stop the loop, and a composition under way at its next block (before the mixer
        stops; the app's quitting never waits for the music)."""
        self._closing.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self._stop()
