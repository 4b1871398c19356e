"""If It Fits online opens framed on its cards as the local table does (the play-test: the
online view started scrolled away from the boxes).  The online table is built once its seat
has been shown a position; what arrived meanwhile (the other seats' moves, sent while the
lines opened) is shown as the table starts, so it must be framed on what it then shows.
Canned lines: no network."""

from __future__ import annotations

import random

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.net.links import TableLink
from catgames.ui.online.open_table import ConnectingScene
from catgames.ui.online.table import OnlineTable
from tests.helpers import new_app
from tests.ui.canned_table import TOKEN, URL, CannedLine, CannedTable
from tests.ui.helpers import IdleWorker
from tests.ui.layout import open_table

CAUGHT_UP_MOVES = 40  #: moves the server's newest position is ahead of the first one sent


def _view(table) -> tuple[float, tuple[float, float]]:
    return table.camera.zoom, table.camera.origin


def test_the_online_table_opens_framed_on_the_cards_it_shows(catgames_home):
    app = new_app(Settings(ai_speed="normal"), worker_factory=IdleWorker, seed=1)
    match = Match.new("boxes", 2, ["human"] * 2, {}, seed=3)
    canned = CannedTable(match, ["here", "here"])  # the start row, sent as the line opens
    rng = random.Random(7)
    for _ in range(CAUGHT_UP_MOVES):  # then the table as it stands now, in the same breath
        match.play(rng.choice(sorted(match.state.legal_moves(), key=str)))
    canned.tell()
    link = TableLink(URL, "t", "boxes", {0: TOKEN})
    app.push(ConnectingScene(app, link, connect=lambda url, intent: CannedLine(canned.said)))
    for _ in range(30):
        app.run_frames(1)
        if isinstance(app.stack.top, OnlineTable):
            break
    online = app.stack.top
    assert isinstance(online, OnlineTable)
    app.run_frames(2)
    assert online.public.ply == len(match.history)  # it shows the table as it stands
    shown = _view(online)
    app.stack.pop_until(lambda s: False)
    local = open_table(app, "boxes", match)
    assert shown == _view(local)  # framed as the local table opens on the same cards
    app.stack.pop_until(lambda s: False)
