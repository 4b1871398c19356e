"""Every screen of the app, opened by what it is for: the one module that knows them all.

Scenes open one another only through their host's ``screens`` (``catgames.ui.scene.Navigator``),
so this module stands above every screen and the table, and nothing below imports it: the app
makes one for itself.  That is how the table opens its pause menu and its result, which open
tables again (a replay, a tutorial, a new game), without any module reaching back up.
"""

from __future__ import annotations

import importlib
from typing import Sequence

from catgames.core.catalogue import UnknownGame
from catgames.core.rules import Outcome
from catgames.core.saves import Unfinished
from catgames.core.session import Match
from catgames.net.links import TableLink
from catgames.net.lobby import Hosted
from catgames.ui import i18n
from catgames.ui.registry import scene_class
from catgames.ui.scene import Scene, SceneHost
from catgames.ui.scenes.continue_list import ContinueScene
from catgames.ui.scenes.game_over import GameOverScene
from catgames.ui.scenes.handoff import HandoffScene
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.scenes.online import OnlineScene
from catgames.ui.scenes.online_host import HostScene
from catgames.ui.scenes.online_invite import InviteScene
from catgames.ui.scenes.online_join import JoinScene
from catgames.ui.scenes.past_games import PastGamesScene
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.scenes.replay import ReplayScene
from catgames.ui.scenes.rules import RulesScene
from catgames.ui.scenes.settings import SettingsScene
from catgames.ui.scenes.statistics import StatisticsScene
from catgames.ui.scenes.tutorial import TutorialTable, start_tutorial


OPEN_TABLE = "catgames.ui.online.open_table"  #: where the remote table is opened (its own module)


class Screens:
    """The ``Navigator`` of an app: each way to another screen pushes it onto the app's stack."""

    def __init__(self, app: SceneHost) -> None:
        self.app = app

    def play(self, match: Match) -> None:
        try:
            table = scene_class(match.game_id)
        except (UnknownGame, ImportError) as exc:
            self.app.toasts.show(i18n.t("title.cannot_start", error=exc), error=True)
            return
        self.app.push(table(self.app, match))

    def new_game(self, game_id: str) -> None:
        self.app.push(NewGameScene(self.app, game_id))

    def tutorial(self, game_id: str) -> bool:
        return start_tutorial(self.app, game_id)

    def rules(self, game_id: str) -> None:
        self.app.push(RulesScene(self.app, game_id))

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def continue_list(self, saved: Sequence[Unfinished]) -> None:
        self.app.push(ContinueScene(self.app, saved))

    def statistics(self) -> None:
        self.app.push(StatisticsScene(self.app))

    def past_games(self) -> None:
        self.app.push(PastGamesScene(self.app))

    def replay(self, match: Match) -> None:
        ReplayScene.open(self.app, match)

    def pause(self, table: Scene) -> None:
        """In a tutorial the menu's way out leaves the tutorial."""
        self.app.push(PauseScene(self.app, table, in_tutorial=isinstance(table, TutorialTable)))

    def game_over(self, table: Scene, outcome: Outcome) -> None:
        self.app.push(GameOverScene(self.app, table, outcome))

    def hand_over(self, name: str, since: Sequence[str]) -> None:
        self.app.push(HandoffScene(self.app, name, since))

    def online(self) -> None:
        self.app.push(OnlineScene(self.app))

    def online_host(self) -> None:
        self.app.push(HostScene(self.app))

    def online_join(self) -> None:
        self.app.push(JoinScene(self.app))

    def online_invite(self, hosted: Hosted, own: bool) -> None:
        self.app.stack.replace(InviteScene(self.app, hosted, own))

    def online_table(self, link: TableLink) -> None:
        """The remote table (``catgames.ui.online.open_table``, issue 29's remote runner); a
        toast says so where this build has none."""
        try:
            opener = importlib.import_module(OPEN_TABLE).open_online_table
        except (ImportError, AttributeError):
            self.app.toasts.show(i18n.t("online.no_remote_table"), error=True)
            return
        opener(self.app, link)
