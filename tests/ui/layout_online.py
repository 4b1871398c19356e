"""The Play online screens as the layout test looks at them (issue 29): the list of one's
tables in each state, the host screen with the most seats, the invite screen with several
friends, the join screen listing local-network tables, the forget question.  Nothing here
reaches a network: the tables' standings and the heard hosts are set on the screens, and the
online table's lines are canned (``canned_table``)."""

from __future__ import annotations

from typing import Any, Iterator

from catgames.net import kept
from catgames.net.discovery import Host
from catgames.net.kept import KeptTable
from catgames.net.links import TableLink
from catgames.net.lobby import Hosted, LobbyError, TableStatus
from catgames.ui import i18n
from catgames.ui.online.table import YOUR_TURN_S
from catgames.ui.scenes.online import OnlineScene, key_of
from catgames.ui.scenes.online_host import HostScene
from catgames.ui.scenes.online_invite import InviteScene
from catgames.ui.scenes.online_join import JoinScene
from tests.ui.canned_table import CannedTable, mid_game, open_canned_table

TOKEN = "0123456789abcdef0123456789abcdef"
URL = "ws://127.0.0.1:9"  #: never asked (the standings are set), and loopback if it were


LAN_URL = "ws://192.168.1.20:8765"  #: only shown, never reached


def _link(n: int, game_id: str, seats: tuple[int, ...]) -> TableLink:
    return TableLink(URL, f"table{n}", game_id, {seat: TOKEN for seat in seats}, "K7M2XQ9P", "S8K26BJT")


#: one kept table of each standing the list can say, the ones that need the longest words first
STANDINGS: list[tuple[TableLink, TableStatus | LobbyError]] = [
    (_link(1, "cathood", (0, 2)), TableStatus(["human"] * 4, [""] * 4, 0, False, ["here", "here", "here", "here"])),
    (_link(2, "days", (1,)), TableStatus(["human"] * 4, [""] * 4, 3, False, ["here"] * 4)),
    (_link(3, "boxes", (0,)), TableStatus(["human", "human"], ["", ""], 1, False, ["here", "open"])),
    (_link(4, "kotatsu", (0,)), TableStatus(["human", "ai:easy"], ["", ""], None, True, ["here", "ai"])),
    (_link(5, "bed", (1,)), LobbyError("unreachable")),
    (_link(6, "bed", (0,)), LobbyError("server_too_old")),
    (_link(7, "days", (0,)), LobbyError("table_gone")),
]


def online_empty(app: Any) -> None:
    kept.kept_path().unlink(missing_ok=True)
    app.settings.server_address = ""
    app.push(OnlineScene(app))


def online_tables(app: Any) -> None:
    kept.save_kept([KeptTable(link) for link, _ in STANDINGS])
    scene = app.push(OnlineScene(app))
    scene.statuses = {key_of(KeptTable(link)): status for link, status in STANDINGS}
    app.settings.server_address = "play.example.org:8765"
    scene.rebuild()


def online_forget(app: Any) -> None:
    online_tables(app)
    app.stack.top.ask_forget(KeptTable(STANDINGS[0][0]))


def host(game_id: str) -> Any:
    def open_it(app: Any) -> None:
        scene = app.push(HostScene(app))
        scene._set_game(game_id)
        scene._set_players(4 if game_id in ("cathood", "days") else 2)
    return open_it


class NoSeats:
    """An invite's seats taken nowhere: its table exists on no server (and ``LAN_URL`` is never
    to be reached).  ``presence``: what its lines would tell (none: every invite still open)."""

    presence: tuple[str, ...] = ()

    def __init__(self, link: TableLink) -> None:
        pass

    def step(self, dt: float) -> None:
        pass

    def close(self) -> None:
        pass


def invite(app: Any) -> None:
    link = TableLink(LAN_URL, "t", "cathood", {0: TOKEN}, "", "S8K26BJT")
    app.push(InviteScene(app, Hosted(link, {1: "K7M2XQ9P", 2: "ABCD2345", 3: "WXYZ6789"}), own=True,
                         take_seats=NoSeats))


def invite_nobody(app: Any) -> None:
    link = TableLink("ws://127.0.0.1:8765", "t", "bed", {0: TOKEN, 1: TOKEN}, "", "S8K26BJT")
    app.push(InviteScene(app, Hosted(link, {}), own=True, take_seats=NoSeats))


def join(app: Any) -> None:
    app.settings.server_address = ""
    scene = app.push(JoinScene(app, browse=False))
    scene.hosts = [Host("Wilhelmina-Catherine's laptop", "192.168.1.20", 8765, 2),
                   Host("Mimi", "192.168.1.31", 8765, 1)]
    scene.rebuild()


def join_no_network(app: Any) -> None:
    scene = app.push(JoinScene(app, browse=False))  # never listens to a network here
    scene.lan_problem = i18n.t("online.lan.no_network")


def table_seat_away(app: Any) -> None:
    """A Kotatsu table whose other player is away, the AI standing in (a play-test saw the
    words of it over the bag's counts), its last move marked (its ring over a card's stars)."""
    match = mid_game("kotatsu", 2, 2)
    while match.state.to_move == 0:
        match.play(sorted(match.state.legal_moves(), key=str)[0])
    canned = CannedTable(match, ["here", "stand_in"])
    table = open_canned_table(app, canned)
    canned.play(app, sorted(match.state.legal_moves(), key=str)[0])
    table.update(YOUR_TURN_S)  # "your turn" said, the move's cards landed (one step: frames cost)


def online_screens() -> Iterator[tuple[str, Any]]:
    yield "online, no tables", online_empty
    yield "online, your tables", online_tables
    yield "online, forget", online_forget
    yield "online host, cathood", host("cathood")
    yield "online host, days", host("days")
    yield "online host, bed", host("bed")
    yield "online invite", invite
    yield "online invite, nobody to invite", invite_nobody
    yield "online join", join
    yield "online join, no local network", join_no_network
    yield "online table, a seat away", table_seat_away
