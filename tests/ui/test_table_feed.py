"""Tables are views over a ``TableFeed``: no table module reads the match, and a real table
plays over a feed that is not a ``Runner`` (only the protocol's members reach what is behind)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from catgames.core.feed import TableFeed
from catgames.core.runner import Runner
from catgames.core.seats import HumanSeat, ScriptSeat, SeatUpdate
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.bed.table.scene import BedScene
from catgames.ui.scenes.pause import PauseScene
from catgames.ui import i18n
from tests.helpers import new_app
from tests.ui.helpers import IdleWorker

ROOT = Path(__file__).resolve().parents[2] / "catgames"
TABLE_SIDE = [ROOT / "ui" / "game_scene.py", *sorted((ROOT / "ui" / "table").glob("*.py")),
              *sorted(ROOT.glob("games/*/table/*.py"))]
#: the one table module a local game's ``Match`` passes through: it makes the local runner
LOCAL_PATH = ROOT / "ui" / "table" / "runner_link.py"
#: ``Match`` may be imported for a type only: a local table is handed one, and passes it on
MATCH_TYPED = {LOCAL_PATH, ROOT / "ui" / "game_scene.py"}


def match_reads(path: Path, source: str | None = None) -> list[str]:
    """Where ``path`` reads a match: ``x.match`` (but through ``local``, a local game's own
    ``LocalControl``, or a call such as a regular expression's ``.match(...)``), an attribute of a name
    ``match`` (off the local path), a ``match_runner``, ``Match`` imported where not allowed."""
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    found, shown = [], path.relative_to(ROOT.parent)
    for node in ast.walk(tree):
        where = f"{shown}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute):
            through_local = (isinstance(node.value, ast.Attribute) and node.value.attr == "local"
                             or isinstance(node.value, ast.Name) and node.value.id == "local")
            if node.attr == "match" and id(node) not in called and not through_local:
                found.append(f"{where} .match")
            if node.attr == "match_runner":
                found.append(f"{where} .match_runner")
            if isinstance(node.value, ast.Name) and node.value.id == "match" and path != LOCAL_PATH:
                found.append(f"{where} match.{node.attr}")
        if isinstance(node, ast.ImportFrom) and any(a.name == "Match" for a in node.names) \
                and path not in MATCH_TYPED:
            found.append(f"{where} imports Match")
    return sorted(found)


def test_no_table_module_reads_the_match() -> None:
    assert len(TABLE_SIDE) > 40  # the scan sees the shared table and every game's table side
    assert [read for path in TABLE_SIDE for read in match_reads(path)] == []


def test_the_scan_finds_a_match_read() -> None:
    sample = ROOT / "ui" / "table" / "sample.py"  # a path on the table side, never written
    source = ("from catgames.core.session import Match\n"
              "def f(table, match):\n"
              "    return table.match.state, table.local.match, PATTERN.match('x'), match.seats\n")
    assert match_reads(sample, source) == ["catgames/ui/table/sample.py:1 imports Match",
                                           "catgames/ui/table/sample.py:3 .match",
                                           "catgames/ui/table/sample.py:3 match.seats"]


def state_reads(path: Path, source: str | None = None) -> list[str]:
    """Where ``path`` reads a match's state: ``match.state`` or ``x.match.state``."""
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    return [f"{path.relative_to(ROOT.parent)}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr == "state"
            and (isinstance(node.value, ast.Name) and node.value.id == "match"
                 or isinstance(node.value, ast.Attribute) and node.value.attr == "match")]


def test_no_module_of_the_ui_or_a_games_table_reads_a_matchs_state() -> None:
    paths = sorted({*(ROOT / "ui").rglob("*.py"), *TABLE_SIDE})
    assert len(paths) > 120
    assert [read for path in paths for read in state_reads(path)] == []


def test_the_scan_finds_a_state_read() -> None:
    sample = ROOT / "ui" / "sample.py"  # never written
    source = "def f(app, match):\n    return match.state.to_move, app.match.state, app.state\n"
    assert state_reads(sample, source) == ["catgames/ui/sample.py:2", "catgames/ui/sample.py:2"]


FEED_MEMBERS = {name for name in vars(TableFeed) if not name.startswith("_")} | set(TableFeed.__annotations__)


class OnlyFeed:
    """A ``TableFeed`` that is not a ``Runner``: only the protocol's members reach the runner
    behind it (as a remote runner's would reach the server), nothing else."""

    def __init__(self, runner: Runner) -> None:
        object.__setattr__(self, "_behind", runner)
        object.__setattr__(self, "asked", set())

    def __getattr__(self, name: str) -> Any:
        if name not in FEED_MEMBERS:
            raise AttributeError(f"{name} is no member of TableFeed")
        self.asked.add(name)
        return getattr(self._behind, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in FEED_MEMBERS:
            raise AttributeError(f"{name} is no member of TableFeed")
        setattr(self._behind, name, value)


def first_legal(update: SeatUpdate) -> str:
    return str(update.view.legal_moves()[0])


@pytest.fixture
def fed_table(catgames_home):
    """A Bed table over ``OnlyFeed``: P1 a human here, P2 a script answering from its update."""
    app = new_app(Settings(ai_speed="instant"), worker_factory=IdleWorker, seed=1)
    match = Match.new("bed", 2, ["human", "ai:easy"], {}, seed=3)
    runner = Runner(match, [HumanSeat(), ScriptSeat(first_legal)])
    feed = OnlyFeed(runner)
    scene = app.push(BedScene(app, feed=feed))
    app.run_frames(2)
    yield app, scene, feed, match
    app.stack.pop_until(lambda s: False)
    app.close()


def test_a_table_plays_over_a_feed_that_is_not_a_runner(fed_table) -> None:
    app, scene, feed, match = fed_table
    assert scene.local is None and scene.feed is feed and scene.game_id == "bed"
    for ply in range(3):  # the human's move through the table, the script's through ``step``
        assert scene.human_can_act()
        assert scene.play_human(scene.observed.legal_moves()[0])
        app.run_frames(3)
        assert scene.public.ply == len(match.history) == 2 * ply + 2
    assert scene.public.to_move == 0 and len(scene.log) >= 6 and scene.version[1] == feed.version
    assert {"start", "step", "submit", "update_for", "is_local", "private_seat"} <= feed.asked


def test_a_table_over_a_feed_offers_no_restart(fed_table) -> None:
    app, scene, _, match = fed_table
    app.push(PauseScene(app, scene))
    app.run_frames(1)
    texts = [getattr(w, "text", "") for w in app.stack.top.widgets.widgets]
    assert i18n.t("pause.undo") in texts and i18n.t("pause.restart") not in texts
    scene.restart()  # a restart asked anyway does nothing to a match it does not hold
    assert scene.public.ply == len(match.history) == 0
