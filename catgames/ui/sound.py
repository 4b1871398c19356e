"""Short sound effects synthesised at first use (no files, no numpy) and played via pygame.mixer.

Every call is safe without an audio device: if the mixer cannot start, ``Sound`` stays silent.
The mixer is started lazily (``warm``) so it never delays the first frame.
"""

from __future__ import annotations

import functools
import logging
import math
import random
from array import array

import pygame

log = logging.getLogger(__name__)

# name -> list of (start s, duration s, start Hz, end Hz, kind) partials; kind "tone" (a sine
# sweep), "buzz" (a square wave, for the bee) or "noise" (a burst: paper, cardboard, paws)
_RECIPES: dict[str, list[tuple[float, float, float, float, str]]] = {
    "pick": [(0.0, 0.07, 520, 820, "tone")],
    "drop": [(0.0, 0.09, 240, 140, "tone"), (0.0, 0.04, 0, 0, "noise")],
    "illegal": [(0.0, 0.09, 200, 190, "tone"), (0.12, 0.12, 170, 160, "tone")],
    "score": [(0.0, 0.08, 660, 660, "tone"), (0.08, 0.08, 830, 830, "tone"),
              (0.16, 0.16, 990, 990, "tone")],
    "click": [(0.0, 0.025, 1400, 1100, "tone")],
    "tile": [(0.0, 0.06, 0, 0, "noise"), (0.05, 0.11, 190, 110, "tone"), (0.05, 0.03, 0, 0, "noise")],
    "card": [(0.0, 0.045, 0, 0, "noise"), (0.0, 0.04, 2300, 1500, "tone")],
    "deal": [(0.0, 0.04, 0, 0, "noise"), (0.07, 0.04, 0, 0, "noise"), (0.07, 0.035, 2100, 1400, "tone")],
    "pass": [(0.0, 0.1, 440, 430, "tone"), (0.1, 0.16, 330, 320, "tone")],
    "cubes": [(0.0, 0.03, 1800, 1700, "tone"), (0.05, 0.03, 2000, 1900, "tone"),
              (0.1, 0.03, 1700, 1600, "tone")],
    "paws": [(0.0, 0.05, 150, 90, "tone"), (0.09, 0.05, 160, 95, "tone"), (0.18, 0.05, 150, 90, "tone"),
             (0.27, 0.05, 160, 95, "tone")],
    "turn": [(0.0, 0.14, 0, 0, "noise"), (0.0, 0.14, 300, 520, "tone")],
    "box": [(0.0, 0.08, 0, 0, "noise"), (0.0, 0.12, 120, 80, "tone"), (0.14, 0.1, 880, 880, "tone"),
            (0.22, 0.2, 1175, 1175, "tone")],
    "bell": [(0.0, 0.45, 1320, 1318, "tone"), (0.0, 0.3, 1980, 1976, "tone")],
    "meow": [(0.0, 0.12, 620, 900, "tone"), (0.12, 0.2, 900, 560, "tone")],
    "cushion": [(0.0, 0.12, 0, 0, "noise"), (0.0, 0.12, 140, 100, "tone")],
    "bee": [(0.0, 0.35, 210, 240, "buzz")],
    "whoosh": [(0.0, 0.12, 0, 0, "noise"), (0.14, 0.12, 0, 0, "noise"), (0.14, 0.1, 600, 300, "tone")],
    "coin": [(0.0, 0.07, 990, 990, "tone"), (0.07, 0.2, 1480, 1480, "tone")],
    "purr": [(0.0, 0.3, 70, 60, "buzz")],
}
EFFECTS = tuple(_RECIPES)


def synthesize(name: str, rate: int, channels: int) -> array:
    """16-bit samples of effect ``name``: enveloped sine sweeps and noise bursts, summed."""
    parts = _RECIPES[name]
    total = int(rate * max(start + dur for start, dur, *_ in parts)) + 1
    mix = [0.0] * total
    noise = random.Random(7)  # fixed seed: the same sound every run
    for start, dur, f0, f1, kind in parts:
        n, first = int(rate * dur), int(rate * start)
        phase = 0.0
        for i in range(n):
            x = i / n
            env = min(1.0, i / (0.005 * rate + 1)) * (1 - x) ** 2  # short attack, smooth decay
            if kind == "noise":
                mix[first + i] += env * (noise.random() * 2 - 1) * 0.5
                continue
            phase += 2 * math.pi * (f0 + (f1 - f0) * x) / rate
            wave = math.sin(phase)
            mix[first + i] += env * (0.25 if wave >= 0 else -0.25) if kind == "buzz" else env * wave
    peak = max(1e-9, max(abs(v) for v in mix))
    samples = array("h", (int(v / peak * 0.6 * 32767) for v in mix))
    if channels == 1:
        return samples
    return array("h", (s for s in samples for _ in range(channels)))


@functools.cache
def effect_bytes(name: str, rate: int, channels: int) -> bytes:
    """``synthesize``'s samples as the mixer takes them, made once a process: an effect costs
    tens of milliseconds to synthesise, and each new mixer (a window reopened, a test's app)
    would make them all again."""
    return synthesize(name, rate, channels).tobytes()


class Sound:
    """Plays named effects at the effects volume; does nothing when audio is unavailable."""

    def __init__(self, volume: float = 0.7) -> None:
        self.volume = volume
        self._ready: bool | None = None  # None = not tried yet
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def warm(self) -> bool:
        """Start the mixer (once); returns whether sound is available."""
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._ready = bool(pygame.mixer.get_init())
            except pygame.error as exc:
                log.info("no audio: %s", exc)
                self._ready = False
        return self._ready

    def close(self) -> None:
        """Stop every effect, drop them, then stop the mixer (and its audio thread).

        The order matters: a ``pygame.mixer.Sound`` whose last reference is the channel playing
        it is freed by SDL's audio thread when it ends; stopping first frees it on this one."""
        running = bool(self._ready and pygame.mixer.get_init())
        if running:
            pygame.mixer.stop()
        self._sounds.clear()
        if running:
            pygame.mixer.quit()
        self._ready = None

    def set_volume(self, volume: float) -> None:
        self.volume = volume
        for snd in self._sounds.values():
            snd.set_volume(volume)

    def play(self, name: str) -> None:
        if self.volume <= 0 or not self.warm():
            return
        try:
            snd = self._sounds.get(name) or self._make(name)
            if snd is not None:
                snd.play()
        except pygame.error as exc:
            log.info("sound %s failed: %s", name, exc)

    def _make(self, name: str) -> pygame.mixer.Sound | None:
        """Effect ``name`` synthesised for the running mixer's format (``None``: it stopped)."""
        spec = pygame.mixer.get_init()
        if spec is None:
            return None
        rate, _, channels = spec
        snd = pygame.mixer.Sound(buffer=effect_bytes(name, rate, channels))
        snd.set_volume(self.volume)
        self._sounds[name] = snd
        return snd
