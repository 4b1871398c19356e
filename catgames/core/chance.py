"""The seeded, lazily made random source of a state whose moves may draw chance.

A state keeps only an integer ``seed``; the first draw of an ``apply`` makes a ``Random`` from it,
and the end of the ``apply`` (``settle_rng``) folds the generator back into a fresh seed.  So a
clone copies one integer, a state replays exactly from its seed and moves, and a move that draws
nothing leaves the seed as it was.
"""

from __future__ import annotations

import random


class SeededChance:
    """Mixin for a ``State`` whose moves draw chance: it holds the ``seed`` and the generator of
    the ``apply`` in progress (a clone copies ``seed`` and leaves ``_rng`` unset)."""

    __slots__ = ("seed", "_rng")
    seed: int
    _rng: random.Random | None

    def start_chance(self, seed: int) -> random.Random:
        """The generator of a new game's set-up, made from ``seed`` (settled like any move's)."""
        rng = self._rng = random.Random(seed)
        return rng

    def rng(self) -> random.Random:
        """The random source of the current ``apply``, seeded from ``seed`` on first use."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    def settle_rng(self) -> None:
        """End of an ``apply``: the generator's state becomes the next seed (if it was used)."""
        if self._rng is not None:
            self.seed = self._rng.getrandbits(62)
            self._rng = None
