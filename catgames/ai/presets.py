"""Difficulty presets: which algorithm plays ``easy``, ``normal`` and ``hard``, and how long it
may think.

Each algorithm family has defaults here; a game overrides them per difficulty from the ``ai:``
mapping of ``data/<game>.yaml`` (a product decision, so it lives in data), for example::

    ai:
      easy:   {algorithm: greedy, temperature: 2.0, top_k: 10}
      normal: {algorithm: greedy}
      hard:   {algorithm: alphabeta, budget_s: 0.8, cap_s: 1.8, width: 25}

A game that says nothing gets the default ladder: greedy with noise for easy and its natural
search (alpha-beta for two-player perfect information, ISMCTS with hidden information, else
MCTS) with a short budget for normal and a long one for hard.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from catgames.ai.alphabeta import AlphaBetaPlayer
from catgames.ai.budget import Budget
from catgames.ai.fitted import WEIGHTS
from catgames.ai.greedy import GreedyPlayer
from catgames.ai.hooks import Heuristics, heuristics_for
from catgames.ai.ismcts import ISMCTSPlayer
from catgames.ai.player import Player, RandomPlayer
from catgames.ai.tree import MCTSPlayer
from catgames.core.data import DataError, Node, data_path, load_yaml
from catgames.core.rules import Game
from catgames.core.catalogue import load_game

DIFFICULTIES = ("random", "easy", "normal", "hard")
TUNED = DIFFICULTIES[1:]  #: the difficulties a game may tune in data
ALGORITHMS = ("random", "greedy", "alphabeta", "mcts", "ismcts")
SEAT_SPECS = ("random",) + tuple(f"ai:{d}" for d in TUNED)  #: seats of selfplay and arena
SEARCH = "search"  #: placeholder in the default ladder for the game's natural search
HEURISTICS = "heuristics"  #: the key under ``ai:`` of a game's own weights (its ``ai.py``)


@dataclass(frozen=True)
class Preset:
    """One difficulty: an algorithm and its knobs (each algorithm reads the ones it uses)."""

    algorithm: str
    budget_s: float = 0.8            #: soft thinking time, seconds
    cap_s: float = 1.8               #: hard cap, seconds
    iterations: int | None = None    #: fixed work instead of time (deterministic play)
    width: int | None = None         #: candidates considered per node (None: all)
    root_width: int | None = None    #: alpha-beta: root candidates weighed one ply deep first
    temperature: float = 0.0         #: move noise: softmax over points (greedy, alpha-beta)
    #                                  or visits^(1/T) (mcts, ismcts); 0 = always the best
    top_k: int | None = None         #: noise only among the k best moves
    samples: int = 1                 #: greedy: determinizations averaged (hidden information)
    exact_below: int = 8             #: alpha-beta: full width to the end at this many moves
    exploration: float = 0.7         #: UCT constant for rewards in [0, 1]
    widen_c: float = 2.0             #: progressive widening: children <= c * visits^alpha
    widen_alpha: float = 0.5
    rollout_depth: int | None = None  #: playout moves before evaluating (None: to the end)
    eval_scale: float = 10.0         #: evaluation points that make a reward of 0.73
    crowd_eval_scale: float | None = None  #: the same with three or more seats (None: eval_scale)
    relative: bool = False           #: reward evaluation gains over the iteration's own world
    relative_end: bool = False       #: with relative: a finished game's result, too (playout.py)

    @property
    def budget(self) -> Budget:
        return Budget(self.budget_s, self.cap_s, self.iterations)


FAMILY: dict[str, dict[str, Any]] = {
    "random": {},
    "greedy": {"budget_s": 0.5, "cap_s": 1.0, "samples": 4},
    "alphabeta": {"width": 16},
    "mcts": {},
    "ismcts": {},
}

_NOISE = ("algorithm", "budget_s", "cap_s", "iterations", "temperature", "top_k")
_TREE = _NOISE + ("width", "exploration", "widen_c", "widen_alpha", "rollout_depth", "eval_scale",
                  "crowd_eval_scale", "relative", "relative_end")
USES: dict[str, tuple[str, ...]] = {   #: the settings each algorithm reads (``build_player``)
    "random": ("algorithm",),
    "greedy": _NOISE + ("width", "samples"),
    "alphabeta": _NOISE + ("width", "root_width", "exact_below"),
    "mcts": _TREE,
    "ismcts": _TREE,
}

LADDER: dict[str, dict[str, Any]] = {
    "easy": {"algorithm": "greedy", "temperature": 2.0, "top_k": 10},
    "normal": {"algorithm": SEARCH, "budget_s": 0.25, "cap_s": 0.75},
    "hard": {"algorithm": SEARCH, "budget_s": 0.8, "cap_s": 1.8},
}


def _optional_count(node: Node, least: int = 1) -> int | None:
    return None if node.value is None else node.int(least)


SETTINGS: dict[str, Callable[[Node], Any]] = {
    "algorithm": lambda n: n.str(ALGORITHMS),
    "budget_s": lambda n: n.number(0),
    "cap_s": lambda n: n.number(0),
    "iterations": _optional_count,
    "width": _optional_count,
    "root_width": _optional_count,
    "temperature": lambda n: n.number(0),
    "top_k": _optional_count,
    "samples": lambda n: n.int(1),
    "exact_below": lambda n: n.int(0),
    "exploration": lambda n: n.number(0),
    "widen_c": lambda n: n.number(0.01),
    "widen_alpha": lambda n: n.number(0, 1),
    "rollout_depth": lambda n: _optional_count(n, 0),
    "eval_scale": lambda n: n.number(0.001),
    "crowd_eval_scale": lambda n: n.number(0.001),
    "relative": lambda n: n.bool(),
    "relative_end": lambda n: n.bool(),
}


def read_ai_mapping(game_id: str) -> dict[str, dict[str, Any]]:
    """The validated difficulty overrides in ``data/<game_id>.yaml`` (``{}`` if none).

    Besides the difficulties, ``ai:`` may hold only ``heuristics`` (the game's own settings,
    read and checked by its ``ai.py``) and ``weights`` (its fitted evaluation, ``fitted.py``).
    """
    path = data_path(f"{game_id}.yaml")
    if not path.exists():
        return {}
    ai = load_yaml(path).get("ai")
    if ai is None:
        return {}
    ai.done(elsewhere=TUNED + (HEURISTICS, WEIGHTS))
    found: dict[str, dict[str, Any]] = {}
    for difficulty in TUNED:
        entry = ai.get(difficulty)
        if entry is None:
            continue
        settings: dict[str, Any] = {}
        for key, node in entry.items():
            if key not in SETTINGS:
                raise node.fail(f"unknown setting; expected one of {', '.join(SETTINGS)}")
            settings[key] = SETTINGS[key](node)
        found[difficulty] = settings
    return found


def natural_search(game: Game) -> str:
    """The search a game gets by default, from what kind of game it is."""
    if game.has_hidden_information:
        return "ismcts"
    return "alphabeta" if game.max_players == 2 else "mcts"


@lru_cache(maxsize=None)
def ladder(game: Game) -> dict[str, Preset]:
    """Every difficulty's preset for ``game``: family defaults <- default ladder <- data."""
    overrides = read_ai_mapping(game.id)
    presets = {"random": Preset("random")}
    for difficulty in TUNED:
        default = dict(LADDER[difficulty])
        if default["algorithm"] == SEARCH:
            default["algorithm"] = natural_search(game)
        given = overrides.get(difficulty, {})
        algorithm = given.get("algorithm", default["algorithm"])
        for key in given:
            if key not in USES[algorithm]:
                raise DataError(f"data/{game.id}.yaml: ai.{difficulty}.{key}: {algorithm} does not "
                                f"use this setting; expected one of {', '.join(USES[algorithm])}")
        settings = dict(FAMILY[algorithm])
        if algorithm == default["algorithm"]:
            settings.update(default)
        settings.update(given)
        settings["algorithm"] = algorithm
        if not game.has_hidden_information:
            settings["samples"] = 1  # every determinization would be the same state
        if algorithm == "alphabeta" and (game.has_hidden_information or game.max_players != 2):
            raise ValueError(f"{game.id}: {difficulty}: alphabeta needs a two-player game "
                             "of perfect information")
        presets[difficulty] = Preset(**settings)
    return presets


def preset_for(game: Game, difficulty: str) -> Preset:
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; expected one of "
                         f"{', '.join(DIFFICULTIES)}")
    return ladder(game)[difficulty]


def build_player(preset: Preset, heuristics: Heuristics) -> Player:
    """A fresh player configured by ``preset``."""
    p = preset
    noise = {"temperature": p.temperature, "top_k": p.top_k, "budget": p.budget}
    if p.algorithm == "random":
        return RandomPlayer()
    if p.algorithm == "greedy":
        return GreedyPlayer(heuristics, width=p.width, samples=p.samples, **noise)
    if p.algorithm == "alphabeta":
        return AlphaBetaPlayer(heuristics, width=p.width, root_width=p.root_width,
                               exact_below=p.exact_below, **noise)
    tree = MCTSPlayer if p.algorithm == "mcts" else ISMCTSPlayer
    return tree(heuristics, width=p.width, exploration=p.exploration, widen_c=p.widen_c,
                widen_alpha=p.widen_alpha, rollout_depth=p.rollout_depth,
                eval_scale=p.eval_scale, crowd_eval_scale=p.crowd_eval_scale, relative=p.relative,
                relative_end=p.relative_end, **noise)


def make_player(game_id: str, difficulty: str, game: Game | None = None) -> Player:
    """The player for ``difficulty`` in ``game_id`` (``game`` skips the registry, e.g. in tests)."""
    if game is None:
        game = load_game(game_id)
    return build_player(preset_for(game, difficulty), heuristics_for(game_id))


def player_from_spec(game: Game, spec: str) -> Player:
    """A seat spec of the command line: ``random``, ``ai:easy``, ``ai:normal`` or ``ai:hard``."""
    if spec not in SEAT_SPECS:
        raise ValueError(f"unknown player {spec!r}; expected one of {', '.join(SEAT_SPECS)}")
    if spec == "random":
        return RandomPlayer()
    return make_player(game.id, spec.partition(":")[2], game)
