"""Cathood states the layout test looks at besides a random table (issue 16): the set-up, a colour choice
with its swatches and keys, a disc on an action, a turned tile's preview, a hinted walk, the dog's
streets, a coffee, and four seats of computers with a long name."""

from __future__ import annotations

from typing import Any, Iterator

import pygame

from catgames.core.session import Match
from catgames.games.cathood.game import GAME
from catgames.games.cathood.table.scene import CathoodScene
from tests.games.cathood.helpers import position
from tests.ui.helpers import hand_over

Screen = Any
MARKET = {"market": {"toys": ["TY1", "TM1", "TF1"], "buildings": ["B01", "B05", "B09"]}}


def _table(app: Any, cats: dict[str, str], boards: dict[str, Any] | None = None,
           moves: tuple[str, ...] = ()) -> CathoodScene:
    """A hand-written position after ``moves``, played on the state: the match's history stays
    empty, so its autosave never holds moves its fresh start cannot replay (the title would
    report a broken save)."""
    match = Match.new(GAME, 2, ["human", "ai:easy"], {"layout": "first_game", "first_player": "P1"}, seed=5)
    match.state = position(cats, boards, **MARKET)
    for text in moves:
        match.state.apply(next(m for m in match.state.legal_moves() if str(m) == text))
    scene = app.push(CathoodScene(app, match))
    hand_over(app, drawn=False)  # its screen's frame is drawn next, whole
    app.run_frames(1)
    return scene


def _pending(app: Any, step: tuple, boards: dict[str, Any] | None = None) -> None:
    scene = _table(app, {"P1": "H(0,1)", "P2": "V(2,0)"}, boards)
    scene.local.match.state.todo = [step]
    scene._match_changed()


def colour_choice(app: Any) -> None:
    """The mall's three colours: swatches with their names and number keys."""
    _pending(app, ("take", 0, GAME.new_state(2, {}, 1).data.shop_names.index("mall")))


def give_back(app: Any) -> None:
    """Over the cap with every colour: six swatches."""
    cubes = {"pink": 3, "blue": 2, "yellow": 2, "purple": 2, "orange": 2, "green": 2}
    _pending(app, ("return", 0), {"P1": {"cubes": cubes}})


def coffee(app: Any) -> None:
    _pending(app, ("cb", 0, 1, 1, 0), {"P1": {"cubes": {"pink": 2, "blue": 1}}})


def armed(app: Any) -> None:
    """A disc on Rotate: the Take-the-disc-back button with its Esc key."""
    scene = _table(app, {"P1": "H(0,1)", "P2": "V(2,0)"})
    scene._toggle_disc(2)


def tile_preview(app: Any) -> None:
    """A tile held over its place, turned: its ghost and the cube it gives the cat."""
    scene = _table(app, {"P1": "H(0,1)", "P2": "V(2,0)"})
    center = scene.seen.grid.tile_rect(1).center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=center, button=1)])
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(center[0] + 12, center[1] + 12), rel=(0, 0),
                                 buttons=(1, 0, 0))])
    scene.drag.rotate()


#: hinted walks whose routes end at the foot of the board, at its right edge and in its middle
HINTED_WALKS = {"bottom": ("H(2,1)", "diagonal SE 2"), "right edge": ("V(1,2)", "diagonal NE 2"),
                "centre": ("H(1,1)", "diagonal SE 2")}


def hinted_walk(where: str) -> Screen:
    """A hint whose cat walks to the ``where`` of the board (``HINTED_WALKS``): its route, and
    what the walk gives in words."""
    start, move = HINTED_WALKS[where]

    def open_it(app: Any) -> None:
        scene = _table(app, {"P1": start, "P2": "V(0,0)"})
        scene.hints.show(next(m for m in scene.view.legal_moves() if str(m) == move))
        scene.hints.reading.wait()  # its words are worked out off the frame
        app.run_frames(1)
    return open_it


def dog(app: Any) -> None:
    _table(app, {"P1": "H(1,0)", "P2": "V(0,3)"}, moves=("diagonal SW 1",))


def computers(app: Any) -> None:
    """Four seats, three computers and a long typed name: every row readable."""
    match = Match.new(GAME, 4, ["human", "ai:hard", "ai:normal", "ai:easy"], {}, seed=3,
                      names=["Wilhelmina-Catherine", "", "", ""])
    app.push(CathoodScene(app, match))
    hand_over(app, drawn=False)  # its screen's frame is drawn next, whole


def setup(app: Any) -> None:
    """The first cat to place: the prompt's words above the cat waiting in it."""
    app.push(CathoodScene(app, Match.new(GAME, 2, ["human", "ai:easy"], {}, seed=3)))
    hand_over(app, drawn=False)  # its screen's frame is drawn next, whole


def cathood_screens() -> Iterator[tuple[str, Screen]]:
    yield "cathood set-up", setup
    yield "cathood colour choice", colour_choice
    yield "cathood give a cube back", give_back
    yield "cathood coffee and bee", coffee
    yield "cathood disc on an action", armed
    yield "cathood tile preview", tile_preview
    yield "cathood dog", dog
    yield "cathood hinted walk to the foot", hinted_walk("bottom")
    yield "cathood 4 seats, computers", computers


# -- sizes that must follow the text-size setting (issue 26) ----------------------------------
CUBE_GLYPHS = frozenset("♥★◆▲♣")   #: glyphs only the cube icons bear (a seat's swatch is a ● too)


def action_label_px(marks: list[Any]) -> dict[str, int]:
    """The pixel size each action space's name was drawn at (``marks`` of a Cathood table, in
    the language set now)."""
    from catgames.games.cathood.table import layout as L
    from catgames.games.cathood.components import ACTIONS
    from catgames.games.cathood.table.words import action_name
    names = {action_name(a) for a in ACTIONS}
    return {m.text: m.px for m in marks if m.text in names and L.ACTION_BOARD.contains(m.rect)}


def seat_icon_px(marks: list[Any]) -> list[int]:
    """The pixel sizes of the glyphs on the seat rows' cube icons."""
    from catgames.ui.game_scene import SIDE_RECT
    return [m.px for m in marks if m.text in CUBE_GLYPHS and SIDE_RECT.contains(m.rect)]


def not_grown(small: list[Any], large: list[Any], base_px: int = 12, least_grown: int = 6,
              icon_growth: float = 1.35) -> list[str]:
    """What of a Cathood table fails to follow a larger text size (``small`` and ``large``: the
    marks of one table at 100 % and 150 %): an action name cut below its size at 100 %, one
    drawn smaller than there, too few names grown, seat-row icons that stay small beside their
    counts."""
    found = []
    before, after = action_label_px(small), action_label_px(large)
    found += [f"action {name!r} drawn at {px} px at 100 %" for name, px in before.items() if px < base_px]
    found += [f"action {name!r}: {before[name]} px at 100 %, {px} px at 150 %"
              for name, px in after.items() if px < before.get(name, 0)]
    grown = sum(px > before.get(name, px) for name, px in after.items())
    if grown < least_grown:
        found.append(f"only {grown} of {len(after)} action names grow at 150 %")
    icons_small, icons_large = seat_icon_px(small), seat_icon_px(large)
    if not icons_small or min(icons_large) < max(icons_small) * icon_growth:
        found.append(f"seat-row icons {icons_small} px at 100 %, {icons_large} px at 150 %")
    return found
