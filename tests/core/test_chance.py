"""The shared seeded chance of a state: lazy, folded back into the seed, replayable."""

import random

from catgames.core.chance import SeededChance


class Dice(SeededChance):
    __slots__ = ()

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    def roll(self) -> int:
        value = self.rng().randrange(6)
        self.settle_rng()
        return value


def test_a_move_that_draws_nothing_keeps_the_seed() -> None:
    dice = Dice(7)
    dice.settle_rng()
    assert dice.seed == 7 and dice._rng is None


def test_a_draw_folds_the_generator_into_the_next_seed() -> None:
    dice = Dice(7)
    expected = random.Random(7)
    assert dice.roll() == expected.randrange(6)
    assert dice.seed == expected.getrandbits(62) and dice._rng is None


def test_one_generator_serves_a_whole_apply() -> None:
    dice = Dice(3)
    assert dice.rng() is dice.rng()


def test_the_same_seed_replays_the_same_rolls() -> None:
    first, second = Dice(11), Dice(11)
    assert [first.roll() for _ in range(20)] == [second.roll() for _ in range(20)]


def test_start_chance_seeds_the_set_up() -> None:
    dice = Dice(0)
    rng = dice.start_chance(5)
    assert dice.rng() is rng and rng.random() == random.Random(5).random()
