"""``catgames --selftest``: the check a build is judged by, frozen or from source.

It opens the window (the dummy video driver will do), reads every shipped data file, draws
each game's table, plays a few AI moves of every game through the real AI worker *process*
(the part a frozen build most easily breaks), writes and reads back a save and greets a
loopback server (hosting) in a temporary home, never the player's own; a build must also carry
its third-party licence notices.  One line per check; exit code 0 only if every check passed.
Each check imports what it checks inside itself, so a module a build left out fails that
check's line, not the self-test's start.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from catgames import paths
from catgames.core import storage

AI_MOVES = 3          #: AI moves played per game
AI_DIFFICULTY = "easy"
AI_START_GRACE_S = 20.0  #: a cold process start on a slow machine is not what is tested here
SEED = 1
NOTICE_TEXT = "text:"  #: how THIRD-PARTY.txt names a licence text (packaging/licences.py writes it)

REPORT_FILE = "catgames-selftest.txt"  #: where a windowed build's lines go too, in the temporary folder
Check = Callable[[], str]  #: returns a short detail; raises on failure
Report = Callable[[str], Any]


@contextmanager
def temporary_home() -> Iterator[str]:
    """``CATGAMES_HOME`` pointed at a fresh folder for the duration, then put back."""
    previous = os.environ.get(storage.HOME_ENV)
    with tempfile.TemporaryDirectory(prefix="catgames-selftest-") as home:
        os.environ[storage.HOME_ENV] = home
        try:
            yield home
        finally:
            if previous is None:
                os.environ.pop(storage.HOME_ENV, None)
            else:
                os.environ[storage.HOME_ENV] = previous


def check_files() -> str:
    """The shipped folders are where the code looks, and player files are elsewhere."""
    for folder in (paths.DATA_DIR, paths.FONT_DIR, paths.ICON_DIR):
        if not folder.is_dir():
            raise FileNotFoundError(f"missing folder {folder}")
    if storage.data_dir().resolve().is_relative_to(paths.ROOT.resolve()):
        raise RuntimeError(f"saves would go inside the program folder: {storage.data_dir()}")
    return f"{'frozen bundle' if paths.is_frozen() else 'source tree'} at {paths.ROOT}"


def check_licences(folder: Path | None = None) -> str:
    """A build carries ``THIRD-PARTY.txt`` and every licence text it names; a clone has none
    until it is built."""
    folder = folder or paths.LICENCE_DIR
    notice = folder / paths.NOTICE.name
    if not notice.is_file():
        if paths.is_frozen():
            raise FileNotFoundError(f"the build has no {notice}")
        return "none in a source tree (packaging/licences.py writes them into a build)"
    lines = [line.strip() for line in notice.read_text(encoding="utf-8").splitlines()]
    texts = [line[len(NOTICE_TEXT):].strip() for line in lines if line.startswith(NOTICE_TEXT)]
    missing = [text for text in texts if not (folder / text).is_file()]
    if not texts:
        raise RuntimeError(f"{notice} names no licence text")
    if missing:
        raise FileNotFoundError(f"{notice.name} names licence texts the build lacks: {', '.join(missing)}")
    return f"{len(texts)} licence texts named by {notice.name}"


def check_data() -> str:
    """Every YAML file under ``data/`` (components, rules summaries, strings) is valid."""
    from catgames.core.data import load_yaml
    files = sorted(paths.DATA_DIR.rglob("*.yaml"))
    for path in files:
        load_yaml(path)
    return f"{len(files)} YAML files"


def check_fonts() -> str:
    """The shipped fonts render every language's tagline (Latin and Cyrillic alike)."""
    from catgames.ui import fonts, i18n
    languages = i18n.available_languages()
    for language in languages:
        i18n.set_language(language)
        for bold in (False, True):
            if fonts.render(i18n.t("title.tagline"), 24, (0, 0, 0), bold).get_width() <= 0:
                raise RuntimeError(f"empty text in {language}")
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
    return f"regular and bold, languages {', '.join(languages)}"


def check_window(opened: list[Any]) -> str:
    """The real ``App`` opens on its title screen and draws a frame; kept in ``opened``."""
    import pygame

    from catgames.core.storage import Settings
    from catgames.ui.app import App
    from catgames.ui.scenes.title import TitleScene

    app = App(Settings(), seed=SEED)
    opened.append(app)
    app.push(TitleScene(app))
    app.step([])
    width, height = app.canvas.surface.get_size()
    return f"{pygame.display.get_driver()} driver, {width}x{height}, '{pygame.display.get_caption()[0]}'"


def check_table(app: Any, game_id: str) -> str:
    """The game's rules and table load, and its table draws two frames (human seats only; the
    hidden-information tables' first hand-off is clicked away, as the first player would)."""
    from catgames.core.session import Match
    from catgames.games import load_game
    from catgames.ui import registry
    from catgames.ui.rules_summary import load_rules, rules_path

    game = load_game(game_id)
    rules = load_rules(rules_path(game_id))
    players = max(2, game.min_players)
    match = Match.new(game, players, ["human"] * players, None, SEED)
    table = app.push(registry.scene_class(game_id)(app, match))
    below = len(app.stack) - 1
    try:
        app.stack.pop_until(lambda scene: scene is table)
        if app.stack.top is not table:
            raise RuntimeError("the table closed as it opened")
        for _ in range(2):
            app.invalidate()  # drawn whole, though nothing moves on a table at rest
            app.step([])
    finally:
        while len(app.stack) > below:
            app.stack.pop()
    return f"{game.title}: {len(match.state.legal_moves())} opening moves, {len(rules.sections)} rules sections"


def play_ai_moves(worker: Any, game_id: str) -> list[str]:
    """``AI_MOVES`` moves of ``game_id`` chosen by ``worker``, played on a real match."""
    from catgames.core.session import Match
    from catgames.games import load_game

    game = load_game(game_id)
    players = max(2, game.min_players)
    match = Match.new(game, players, [f"ai:{AI_DIFFICULTY}"] * players, None, SEED)
    played = []
    for _ in range(AI_MOVES):
        if match.state.is_over():
            break
        seat = match.state.to_move
        worker.request(game_id, match.state.observe(seat).to_dict(), seat, AI_DIFFICULTY,
                       match.ai_request_seed())
        text = None
        while text is None:
            time.sleep(0.01)
            text = worker.poll()
        if worker.last_error:
            raise RuntimeError(worker.last_error.splitlines()[-1])
        match.play(game.parse_move(match.state, text))
        played.append(text)
    return played


def check_ai(worker: Any, game_id: str) -> str:
    played = play_ai_moves(worker, game_id)
    thinkers = [p for p in multiprocessing.active_children() if p.name == "catgames-ai"]
    if not thinkers or not thinkers[0].is_alive():
        raise RuntimeError("the moves did not come from the AI worker process")
    return f"{len(played)} {AI_DIFFICULTY} moves from process {thinkers[0].pid}: {', '.join(played)}"


def check_save() -> str:
    """A match survives its save slot and settings survive their file, in the temporary home."""
    from catgames.core.session import Match
    from catgames.games import available_ids

    game_id = available_ids()[0]
    match = Match.new(game_id, 2, ["human", "human"], None, SEED)
    match.play(match.state.legal_moves()[0])
    path = storage.write_save(game_id, match.to_dict())
    loaded = storage.load_checked(path, Match.from_dict)
    if loaded.value is None or loaded.value.moves != match.moves:
        raise RuntimeError(f"the autosave did not come back: {loaded.problem}")
    settings = storage.Settings(effects_volume=0.25)
    storage.save_settings(settings)
    back, warnings = storage.load_settings()
    if back != settings or warnings:
        raise RuntimeError(f"settings did not come back: {warnings}")
    return f"a save and settings round-trip in {path.parent}"


def check_server() -> str:
    """A server on loopback greets a client, in the temporary home: the online parts a build
    may leave out (websockets, the server's event loop, its frame encoder, the table store),
    which hosting a table runs in a process of the app's own."""
    import asyncio
    import json

    from websockets.asyncio.client import connect

    from catgames.net.protocol import PROTOCOL
    from catgames.net.listening import run
    from catgames.net.server import Config

    async def greet() -> str:
        listening: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        serving = asyncio.ensure_future(run(Config(storage.data_dir() / "server", port=0), listening.set_result))
        try:
            url = await asyncio.wait_for(asyncio.shield(listening), 30)
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL}))
                welcome = json.loads(await asyncio.wait_for(ws.recv(), 30))
        finally:
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"the server answered {welcome}")
        return url

    url = asyncio.run(greet())
    return f"a server at {url} greeted a client"


def _run(name: str, check: Check, report: Report) -> bool:
    try:
        detail = check()
    except Exception as exc:  # every failure is one line, and the next check still runs
        report(f"FAIL  {name}: {type(exc).__name__}: {exc}")
        if os.environ.get("CATGAMES_SELFTEST_TRACE"):
            report(traceback.format_exc())
        return False
    report(f"ok    {name}: {detail}")
    return True


def run_selftest(report: Report = print) -> int:
    """Run every check, reporting one line each; 0 if all passed, else 1."""
    from catgames.ai.worker import AIWorker
    from catgames.games import available_ids

    results: list[bool] = []
    results.append(_run("files", check_files, report))  # before the temporary home: the real one
    results.append(_run("licences", check_licences, report))
    with temporary_home():
        results.append(_run("data", check_data, report))
        opened: list[Any] = []
        results.append(_run("window", partial(check_window, opened), report))
        if opened:
            results.append(_run("fonts", check_fonts, report))
            for game_id in available_ids():
                results.append(_run(f"table {game_id}", partial(check_table, opened[0], game_id),
                                    report))
        for app in opened:
            app.close()  # the window, sound and fonts go before the AI's process starts
        with AIWorker(use_process=True, grace_s=AI_START_GRACE_S) as worker:
            for game_id in available_ids():
                results.append(_run(f"ai {game_id}", partial(check_ai, worker, game_id), report))
        results.append(_run("save", check_save, report))
        results.append(_run("server", check_server, report))
    failed = results.count(False)
    report(f"selftest: {len(results)} checks, {f'{failed} failed' if failed else 'all passed'}")
    return 0 if not failed else 1


def attach_console() -> Any:
    """The console of the shell that started a windowed Windows build, open for writing, or
    ``None`` (not Windows, or started by a double-click: no console to attach to)."""
    if sys.platform != "win32":
        return None
    import ctypes
    attach_parent_process = -1
    if not ctypes.windll.kernel32.AttachConsole(attach_parent_process):
        return None
    try:
        return open("CONOUT$", "w", encoding="utf-8", errors="replace")
    except OSError:
        return None


def open_for_reading(path: Path) -> None:
    """Show ``path`` to someone who double-clicked: Windows opens it in its text editor."""
    startfile = getattr(os, "startfile", None)
    if startfile is not None:
        startfile(str(path))


def run_from_command_line() -> int:
    """``--selftest``: its lines on stdout; a windowed build (``catgames.exe``) has none, so
    there they go to the console it was started from, and to ``REPORT_FILE`` in the temporary
    folder, which is opened for reading when there is no console either."""
    if sys.stdout is not None:
        return run_selftest()
    path = Path(tempfile.gettempdir()) / REPORT_FILE
    console = attach_console()
    with open(path, "w", encoding="utf-8") as file:
        def report(line: str) -> None:
            for stream in (file, console):
                if stream is not None:
                    stream.write(line + "\n")
                    stream.flush()

        code = run_selftest(report)
        report(f"(these lines are also in {path}; exit code {code})")
    if console is not None:
        console.close()
    else:
        open_for_reading(path)
    return code
