"""The title says when a kept online table waits on a turn played here (issue 29's play-test: it
said nothing, though the Play online list knew), asking each table as that list does; a table
of this computer's own server is asked once that server listens, at its address of the day.
No network: the lobby's answer is a fake."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from catgames.core.storage import Settings
from catgames.net import kept
from catgames.net.hosting import READY, STARTING
from catgames.net.kept import KeptTable
from catgames.net.lobby import LobbyError, TableStatus
from catgames.net.links import TableLink
from catgames.ui.online import turns
from catgames.ui.online.turns import WaitingTurns
from catgames.ui.scenes.title import TitleScene
from tests.helpers import new_app
from tests.ui.layout import frame_marks

TOKEN = "0123456789abcdef0123456789abcdef"


def link(n: int, game_id: str, seat: int) -> TableLink:
    return TableLink(f"ws://127.0.0.1:{n}", f"table{n}", game_id, {seat: TOKEN})


def standing(to_move: int | None, presence: tuple[str, ...] = ("here", "here")) -> TableStatus:
    return TableStatus(["human", "human"], ["", ""], to_move, to_move is None, list(presence))


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> dict[str, TableStatus | LobbyError]:
    """Each table's answer by its address; the addresses asked, in ``asked["order"]``."""
    answers: dict[str, Any] = {"order": []}

    def table_status(link: TableLink) -> TableStatus:
        answers["order"].append(link.url)
        answer = answers[link.url]
        if isinstance(answer, LobbyError):
            raise answer
        return answer
    monkeypatch.setattr(turns, "table_status", table_status)
    return answers


def answered(app: Any, waiting: WaitingTurns) -> None:
    """Frames until every kept table was asked and answered (each answer waited for)."""
    app.run_frames(3)  # the saves and the kept tables are looked at after the first frames
    while waiting.asking:
        for pending in list(waiting.asking.values()):
            pending.join()
        app.run_frames(1)


def test_the_title_says_a_kept_table_waits_on_a_turn_here(catgames_home, asked):
    asked["ws://127.0.0.1:1"] = standing(0)            # our seat 0 to move: waits on us
    asked["ws://127.0.0.1:2"] = standing(0)            # the other seat's turn (ours is 1)
    asked["ws://127.0.0.1:3"] = standing(0, ("here", "open"))  # a friend still to come
    asked["ws://127.0.0.1:4"] = LobbyError("unreachable")
    kept.save_kept([KeptTable(link(1, "kotatsu", 0)), KeptTable(link(2, "days", 1)),
                    KeptTable(link(3, "bed", 0)), KeptTable(link(4, "boxes", 0))])
    app = new_app(Settings(language="en"))
    title = app.push(TitleScene(app))
    answered(app, title.turns)
    assert len(asked["order"]) == 4 and title.turns.waiting == ["kotatsu"]
    assert "Your turn at an online table: Kotatsu Cats" in [m.text for m in frame_marks(app)]


def test_the_title_says_nothing_when_no_table_waits_here(catgames_home, asked):
    asked["ws://127.0.0.1:1"] = standing(1)
    kept.save_kept([KeptTable(link(1, "kotatsu", 0))])
    app = new_app(Settings(language="en"))
    title = app.push(TitleScene(app))
    answered(app, title.turns)
    assert asked["order"] and title.turns.waiting == [] and not any("Your turn" in m.text for m in frame_marks(app))


@dataclass
class Hosting:
    state: str
    url: str = ""


def test_a_hosted_table_is_asked_once_its_server_listens_at_its_address(asked):
    asked["ws://127.0.0.1:8765"] = standing(0)
    waiting = WaitingTurns([KeptTable(link(5, "kotatsu", 0), hosted=True)])
    hosting = Hosting(STARTING)
    assert not waiting.step(hosting) and asked["order"] == []
    hosting.state, hosting.url = READY, "ws://127.0.0.1:8765"
    changed = [waiting.step(hosting)]  # asked (and answered at once, maybe)
    for pending in list(waiting.asking.values()):
        pending.join()
    changed.append(waiting.step(hosting))
    assert changed.count(True) == 1  # told once that the table waits
    assert asked["order"] == ["ws://127.0.0.1:8765"] and waiting.waiting == ["kotatsu"]
