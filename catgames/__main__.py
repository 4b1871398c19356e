"""``python -m catgames [play | analyse | selfplay | arena | bench | fit | serve | bot]``.

Every user mistake (unknown game, unreadable file, bad argument) ends with one clear line on
stderr and exit code 2, never a traceback.

Each command imports what it runs inside itself (the window, the AI's search, the server, the
benches): a command loads only its own code, so ``--help`` and the rules commands start at once
and a command needs only its own packages.  Nothing imports this module back: these are lazy
loads, not a way round an import circle (``tests/test_import_layers.py`` counts them).
"""

from __future__ import annotations

import argparse
import errno
import importlib.util
import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, NoReturn, Sequence

from catgames import paths

PACKAGES = ("pygame", "yaml", "platformdirs")  #: what a Python needs to run this (main.py's NEEDED)


def setup_with_main_py(argv: Sequence[str], error: ModuleNotFoundError) -> int:
    """A Python without the packages, in a clone: ``main.py``'s answer (its ``.venv``, or its
    sentence saying what to run), never a traceback.  ``error`` is raised again where that
    cannot help: no ``main.py`` (an installed copy), or nothing it would call missing."""
    spec = importlib.util.spec_from_file_location("catgames_main_py", paths.ROOT / "main.py")
    if spec is None or spec.loader is None or not (paths.ROOT / "main.py").is_file():
        raise error
    main_py = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(main_py)
    if not main_py.missing_packages():
        raise error
    return int(main_py.start(list(argv)))


try:
    from catgames.core import safe_yaml
    from catgames.core.safe_yaml import brief
    from catgames.core.session import SAVE_FORMAT, Match, SaveError
    from catgames.games import UnknownGame, available_ids, load_game
    from catgames.net.cli import add_commands
    from catgames.net.usage import CommandError
except ModuleNotFoundError as missing:
    if __name__ != "__main__" or missing.name not in PACKAGES:
        raise
    sys.exit(setup_with_main_py(sys.argv[1:], missing))

EXIT_USAGE = 2
EXIT_NO_DISPLAY = 2
MESSAGE_MAX = 1000  #: characters of an error line; the rest is cut
HEADLESS_DRIVERS = ("dummy", "offscreen")  #: SDL video drivers that show nothing
WINDOW_CLASS = "catgames"  #: the taskbar's name for the window (the .desktop's StartupWMClass)


class UsageError(Exception):
    """A command-line mistake: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print the whole usage block
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
    """Load a position file (or the position of a save) as a state of its game, or raise
    ``UsageError`` saying why not."""
    try:
        doc = safe_yaml.load(path)
    except safe_yaml.MissingFile as exc:
        raise UsageError(f"cannot read {path}: no such file") from exc
    except safe_yaml.UnusableFile as exc:
        raise UsageError(f"{path}: {exc.detail}") from exc
    if isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT:
        return _saved_position(path, doc)
    if not isinstance(doc, dict) or "game" not in doc:
        raise UsageError(f"{path}: not a position file (no 'game' key); see docs/positions.md")
    game = _game_of(path, doc["game"])
    try:
        return game.state_from_dict(doc)
    except ValueError as exc:
        raise UsageError(f"{path}: {exc}") from exc


def _game_of(path: Path, game_id: Any) -> Any:
    if not isinstance(game_id, str):
        raise UsageError(f"{path}: game: expected one of {', '.join(available_ids())}, "
                         f"got {brief(game_id)}")
    return _game(game_id)


def _saved_position(path: Path, doc: dict[str, Any]) -> Any:
    """The position a save has reached, by replaying it as Continue would."""
    _game_of(path, doc.get("game"))
    try:
        return Match.from_dict(doc).state
    except SaveError as exc:
        raise UsageError(f"{path}: a catgames save that cannot be used: {exc.detail}") from exc


def cmd_analyse(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        state = read_position(path)
        result = json.dumps(state.analyse(), sort_keys=False)
    except UsageError:
        raise
    except Exception as exc:  # last resort: one line even for a case the readers missed
        raise UsageError(f"{path}: cannot analyse this position (internal error "
                         f"{type(exc).__name__}: {brief(str(exc))})") from exc
    print(result)
    return 0


def _seats(text: str, extra: tuple[str, ...] = ()) -> list[str]:
    from catgames.ai.presets import SEAT_SPECS
    known = SEAT_SPECS + extra
    seats = [s.strip() for s in text.split(",") if s.strip()]
    for seat in seats:
        if seat not in known:
            raise UsageError(f"unknown seat {seat!r}; seats: {', '.join(known)}")
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
    from catgames.ai.arena import REFERENCE_SPECS, arena
    _seats(f"{args.a},{args.b}", REFERENCE_SPECS)
    _check_players(game, args.players)
    try:
        result = arena(args.game, args.a, args.b, args.n, seed=args.seed, players=args.players)
    except ValueError as exc:  # a reference seat the game cannot offer (ref:rusher needs haste)
        raise UsageError(str(exc)) from exc
    if args.json:
        print(json.dumps(result))
    else:
        lo, hi = result["ci95"]
        others = f"{args.players - 1} x {args.b}" if args.players > 2 else args.b
        print(f"{args.a} vs {others} over {result['n']} games: {result['wins_a']} wins, "
              f"{result['draws']} draws, {result['wins_b']} losses; score rate 95% interval "
              f"[{lo:.3f}, {hi:.3f}] (fair share {result['fair_share']:.3f}); average points "
              f"{result['points_a']} to {result['points_b']}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.no_front and (args.game != "net" or args.processes is None):
        raise UsageError("--no-front goes with bench net --processes K")
    if args.routed and (args.game != "net" or args.processes is None):
        raise UsageError("--routed goes with bench net --processes K")
    if args.game == "net" and args.processes is not None:
        from catgames.net.bench_processes import bench_up_to
        result = bench_up_to(args.processes, args.tables, args.seconds, seed=args.seed, front=not args.no_front,
                             routed=args.routed)
        print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
        return 0
    if args.game == "net":
        from catgames.net.bench import bench_net
        result = bench_net(args.tables, args.seconds, seed=args.seed, pin=not args.no_pin, restart=args.restart)
        print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
        return 0
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


def cmd_fit(args: argparse.Namespace) -> int:
    game = _game(args.game)
    _check_players(game, args.players)
    from catgames.ai.fit import describe, fit, write_weights
    from catgames.ai.fitted import FittedHeuristics
    from catgames.ai.hooks import heuristics_for
    from catgames.core.data import DataError, data_path
    heuristics = heuristics_for(game.id)
    if not isinstance(heuristics, FittedHeuristics):
        raise UsageError(f"{game.id}: its evaluation has no named features to fit")
    try:  # self-play plays with the weights there are: a new feature needs one first (0 will do)
        report = fit(game, heuristics, args.games, args.seed, args.players)
    except DataError as exc:
        raise UsageError(f"{exc} (give every feature a weight in ai.weights, 0 will do, then fit)") from exc
    print(describe(report))
    if not args.dry_run:
        note = f"fitted: python -m catgames fit {game.id} --games {args.games} --seed {args.seed}"
        try:
            write_weights(data_path(f"{game.id}.yaml"), report.weights, note)
        except (OSError, ValueError) as exc:
            raise UsageError(f"weights not written: {exc}") from exc
        print(f"weights written to data/{game.id}.yaml (ai.weights)")
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

    p = sub.add_parser("fit", help="fit the evaluation's weights to self-play results")
    p.add_argument("game", help=games)
    p.add_argument("--games", type=_positive, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=_positive, default=2)
    p.add_argument("--dry-run", action="store_true", help="print the fit, write nothing")
    p.set_defaults(run=cmd_fit)

    p = sub.add_parser("bench", help="rules and AI speed; 'bench net': what one server holds")
    p.add_argument("game", help=f"{games}, or net")
    p.add_argument("--tables", type=_positive, default=20, help="net: tables, each moving every 2 s")
    p.add_argument("--seconds", type=_positive, default=20, help="net: how long to load the server")
    p.add_argument("--no-pin", action="store_true",
                   help="net: do not pin the server to one core and the load generator to the others")
    p.add_argument("--restart", action="store_true",
                   help="net: kill -9 the server mid-play, restart it, report how soon every table plays again")
    p.add_argument("--processes", type=_positive, default=None, metavar="K",
                   help="net: 1, 2, … K server processes on PostgreSQL and Redis (needs both installed)")
    p.add_argument("--no-front", action="store_true",
                   help="net --processes: clients reach each process in turn directly, not through the bench's front")
    p.add_argument("--routed", action="store_true",
                   help="net --processes: the servers run --routed and the front sends each line naming a table "
                        "to one process")
    p.add_argument("--json", action="store_true")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--positions", type=_positive, default=10, help="positions timed per difficulty")
    p.add_argument("--players", type=_positive, default=None,
                   help="seats (default: the game's smallest table, at least 2)")
    p.add_argument("--ui", type=_positive, metavar="SECONDS", default=None,
                   help="also open the table for SECONDS per measure: first frame, fps with AI seats "
                        "and while dragging, idle CPU on the title and the table, memory")
    p.set_defaults(run=cmd_bench)
    add_commands(sub, games, _positive)
    return parser


@contextmanager
def _silenced_stderr() -> Iterator[None]:
    """C libraries' own complaints (Wayland's, X11's) kept off the terminal while SDL looks
    for a display: the one line saying what was found is ours."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (a windowed build)
        yield
        return
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 2)
        os.close(quiet)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def no_display() -> str | None:
    """Why no window can be seen, or ``None``.  Without a display SDL falls back to a driver
    that draws nowhere, and the game would run invisibly for ever; a headless driver asked for
    in ``SDL_VIDEODRIVER`` (the tests, CI) is another matter."""
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",") if d.strip()]
    if sys.platform in ("win32", "darwin") or (asked and all(d in HEADLESS_DRIVERS for d in asked)):
        return None  # Windows and macOS always have their own driver: no fallback to nothing there
    import pygame
    try:
        with _silenced_stderr():
            pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as exc:
        return f"catgames: no display found ({exc}); set DISPLAY, or SDL_VIDEODRIVER=dummy to run headless"
    finally:
        pygame.display.quit()
    if driver in HEADLESS_DRIVERS:
        return ("catgames: no display found, so no window can open (DISPLAY and WAYLAND_DISPLAY reach no screen); "
                "set SDL_VIDEODRIVER=dummy to run headless")
    return None


def _run(args_list: list[str]) -> int:
    try:
        args = build_parser().parse_args(args_list)
    except SystemExit as exc:  # --help: printed (the caller's flush meets a closed pipe)
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.selftest or args.command == "play":
        problem = no_display()
        if problem:
            print(problem, file=sys.stderr)
            return EXIT_NO_DISPLAY
    if args.selftest:
        from catgames.selftest import run_from_command_line
        return run_from_command_line()
    return int(args.run(args) or 0)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv) or ["play"]
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", WINDOW_CLASS)  # not "main.py" or "python3"
    os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", WINDOW_CLASS)
    try:
        code = _run(args_list)
        if sys.stdout is not None:
            sys.stdout.flush()   # a closed pipe shows here, not at exit
        return code
    except (UsageError, CommandError) as exc:
        text = str(exc) if str(exc).startswith("catgames") else f"catgames: {exc}"
        print(one_line(text), file=sys.stderr)
        return EXIT_USAGE
    except OSError as exc:  # ``--help | head -c1``: the reader left, so stop quietly
        if not reader_left(exc):
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except ModuleNotFoundError as exc:  # pygame missing, found only now that the window is wanted
        if exc.name not in PACKAGES:
            raise
        return setup_with_main_py(args_list, exc)
    except KeyboardInterrupt:
        return 130


def reader_left(error: OSError) -> bool:
    """A write to a pipe nobody reads any more: ``EPIPE``, which Windows reports as ``EINVAL``."""
    return isinstance(error, BrokenPipeError) or (sys.platform == "win32" and error.errno == errno.EINVAL)


def one_line(text: str) -> str:
    """``text`` as one printable line: control characters escaped, cut at ``MESSAGE_MAX``."""
    line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return line if len(line) <= MESSAGE_MAX else line[:MESSAGE_MAX - 1] + "…"


if __name__ == "__main__":
    sys.exit(main())
