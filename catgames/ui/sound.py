"""Short sound effects synthesised at first use (no files, no numpy) and played via pygame.mixer.

Every call is safe without an audio device: if the mixer cannot start, ``Sound`` stays silent.
The mixer is started lazily (``warm``) so it never delays the first frame.
"""

from __future__ import annotations

import logging
import math
import random
from array import array

import pygame

log = logging.getLogger(__name__)

# name -> list of (start s, duration s, start Hz, end Hz, kind) partials; kind "tone" or "noise"
_RECIPES: dict[str, list[tuple[float, float, float, float, str]]] = {
    "pick": [(0.0, 0.07, 520, 820, "tone")],
    "drop": [(0.0, 0.09, 240, 140, "tone"), (0.0, 0.04, 0, 0, "noise")],
    "illegal": [(0.0, 0.09, 200, 190, "tone"), (0.12, 0.12, 170, 160, "tone")],
    "score": [(0.0, 0.08, 660, 660, "tone"), (0.08, 0.08, 830, 830, "tone"),
              (0.16, 0.16, 990, 990, "tone")],
    "click": [(0.0, 0.025, 1400, 1100, "tone")],
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
            else:
                phase += 2 * math.pi * (f0 + (f1 - f0) * x) / rate
                mix[first + i] += env * math.sin(phase)
    peak = max(1e-9, max(abs(v) for v in mix))
    samples = array("h", (int(v / peak * 0.6 * 32767) for v in mix))
    if channels == 1:
        return samples
    return array("h", (s for s in samples for _ in range(channels)))


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
        snd = pygame.mixer.Sound(buffer=synthesize(name, rate, channels).tobytes())
        snd.set_volume(self.volume)
        self._sounds[name] = snd
        return snd
