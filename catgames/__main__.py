"""``python -m catgames [play | analyse | selfplay | arena | bench]``.

Every user mistake (unknown game, unreadable file, bad argument) ends with one clear line on
stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence

import yaml

from catgames.games import UnknownGame, available_ids, load_game

EXIT_USAGE = 2


class UsageError(Exception):
    """A command-line mistake: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse would print the whole usage block
        raise UsageError(f"{self.prog}: {message}")


def _game(game_id: str) -> Any:
    try:
        return load_game(game_id)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from exc


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return value


def cmd_play(args: argparse.Namespace) -> int:
    from catgames.ui.run import run
    return run() or 0


def read_position(path: Path) -> Any:
    """Load a position file as a state of its game, or raise ``UsageError`` saying why not."""
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    except yaml.YAMLError as exc:
        raise UsageError(f"{path}: not valid YAML: {getattr(exc, 'problem', exc)}") from exc
    if not isinstance(doc, dict) or "game" not in doc:
        raise UsageError(f"{path}: not a position file (no 'game' key); see docs/positions.md")
    game = _game(str(doc["game"]))
    try:
        return game.state_from_dict(doc)
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from exc


def cmd_analyse(args: argparse.Namespace) -> int:
    state = read_position(Path(args.file))
    print(json.dumps(state.analyse(), sort_keys=False))
    return 0


def _seats(text: str) -> list[str]:
    from catgames.ai.presets import SEAT_SPECS
    seats = [s.strip() for s in text.split(",") if s.strip()]
    for seat in seats:
        if seat not in SEAT_SPECS:
            raise UsageError(f"unknown seat {seat!r}; seats: {', '.join(SEAT_SPECS)}")
    return seats


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = _game(args.game)
    from catgames.ai.arena import selfplay
    seats = _seats(args.seats)
    if not game.min_players <= len(seats) <= game.max_players:
        raise UsageError(f"{game.title} takes {game.min_players}-{game.max_players} seats, "
                         f"got {len(seats)}")
    print(json.dumps(selfplay(args.game, seats, args.games, args.seed)))
    return 0


def _check_players(game: Any, players: int) -> None:
    """The game's own player-count check, as a command-line mistake."""
    try:
        game.check_players(players)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def cmd_arena(args: argparse.Namespace) -> int:
    game = _game(args.game)
    _seats(f"{args.a},{args.b}")
    from catgames.ai.arena import arena
    _check_players(game, args.players)
    result = arena(args.game, args.a, args.b, args.n, seed=args.seed, players=args.players)
    if args.json:
        print(json.dumps(result))
    else:
        lo, hi = result["ci95"]
        others = f"{args.players - 1} x {args.b}" if args.players > 2 else args.b
        print(f"{args.a} vs {others} over {result['n']} games: {result['wins_a']} wins, "
              f"{result['draws']} draws, {result['wins_b']} losses; score rate 95% interval "
              f"[{lo:.3f}, {hi:.3f}] (fair share {result['fair_share']:.3f})")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    game = _game(args.game)
    if args.players is not None:
        _check_players(game, args.players)
    from catgames.ai.bench import bench
    result = bench(args.game, seed=args.seed, positions=args.positions, players=args.players)
    if args.ui is not None:
        from catgames.ui.bench import measure_in_fresh_process
        result["ui"] = measure_in_fresh_process(args.game, args.ui, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="catgames", description="A table of five cat board games.")
    parser.add_argument("--selftest", action="store_true",
                        help="check this installation (window, data, AI process, saves) and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    sub.add_parser("play", help="open the game window (the default)").set_defaults(run=cmd_play)

    p = sub.add_parser("analyse", help="print a JSON analysis of a position file")
    p.add_argument("file")
    p.set_defaults(run=cmd_analyse)

    games = ", ".join(available_ids())
    p = sub.add_parser("selfplay", help="AI-only games, results as JSON")
    p.add_argument("game", help=games)
    p.add_argument("--seats", required=True, help="e.g. ai:easy,ai:hard (random, ai:easy, ai:normal, ai:hard)")
    p.add_argument("--games", type=_positive, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_selfplay)

    p = sub.add_parser("arena", help="A against B over N games, alternating seats")
    p.add_argument("game", help=games)
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("-n", type=_positive, default=100)
    p.add_argument("--players", type=_positive, default=2, help="seats: A in one, B in the rest")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_arena)

    p = sub.add_parser("bench", help="rules and AI speed")
    p.add_argument("game", help=games)
    p.add_argument("--json", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--positions", type=_positive, default=10, help="positions timed per difficulty")
    p.add_argument("--players", type=_positive, default=None,
                   help="seats (default: the game's smallest table, at least 2)")
    p.add_argument("--ui", type=_positive, metavar="SECONDS", default=None,
                   help="also open the table with AI seats for SECONDS: first frame, fps, memory")
    p.set_defaults(run=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv) or ["play"]
    try:
        args = build_parser().parse_args(args_list)
        if args.selftest:
            from catgames.selftest import run_selftest
            return run_selftest()
        return int(args.run(args) or 0)
    except UsageError as exc:
        print(f"catgames: {exc}" if not str(exc).startswith("catgames") else str(exc), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
