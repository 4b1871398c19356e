"""Every screen of the app drawn once, with each line of text it drew (``Canvas.marks``), and
the layout problems those lines show: text that overflows the room it was given, leaves the
window, or overlaps another text of the same screen."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Iterator

import pygame

from catgames.core import stats, storage
from catgames.core.saves import Unfinished
from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games import available_ids, load_game
from catgames.games.bed.table.layout import slot_rect as bed_slot
from catgames.games.days.table.view import CARD_LEAST
from catgames.ui import i18n
from catgames.ui.app import MAX_DT
from catgames.ui.canvas import LEGIBLE, VIRTUAL_SIZE, TextMark
from catgames.ui.registry import scene_class
from catgames.ui.scenes.continue_list import ContinueScene, confirm_replace
from catgames.ui.scenes.game_over import COUNT_UP_TIME, GameOverScene
from catgames.ui.scenes.handoff import HandoffScene
from catgames.ui.scenes.new_game import NewGameScene
from catgames.ui.scenes.past_games import PastGamesScene
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.scenes.replay import ReplayScene
from catgames.ui.scenes.rules import RulesScene
from catgames.ui.scenes.settings import SettingsScene
from catgames.ui.scenes.statistics import StatisticsScene
from catgames.ui.scenes.title import TitleScene
from catgames.ui.widgets import TOOLTIP_DELAY
from tests.helpers import new_app
from tests.ui.canned_table import mid_game
from tests.ui.helpers import IdleWorker, hand_over, pass_time
from tests.ui.layout_cathood import cathood_screens
from tests.ui.layout_online import online_screens

WINDOW = pygame.FRect((0, 0), VIRTUAL_SIZE).inflate(2, 2)  #: a pixel of rounding either side
SLACK = 1.0  #: virtual pixels a line may pass its room by (rounding to real pixels)
OVERLAP = 2.0  #: two lines overlap when they share more than this many pixels each way
TWIN_DISTANCE = 80.0  #: a line moves less than this between text sizes; farther is another line
MID_GAME_MOVES = 6  #: random legal moves played before a table is looked at
SAVED_AT = 1_800_000_000.0  #: when the unfinished games of the Continue list were saved
LONG_GAME_MOVES = 36  #: moves before a long log (scrolled, or summed up at a hand-off)

Screen = Callable[[Any], None]  #: opens one screen on a fresh stack of the app


def layout_app(language: str, scale: float) -> Any:
    i18n.set_language(language)
    return new_app(Settings(ai_speed="instant", ui_scale=scale, language=language),
                   worker_factory=IdleWorker, seed=1)


def marks_of(app: Any, screen: Screen) -> list[TextMark]:
    """Every line of text of ``screen``'s first frame, drawn whole (cached layers dropped).  Two
    frames run before it changed no line of any screen in the four languages and sizes compared
    (French 150 %, Chinese 100 %, Russian 125 %, English 100 %: session 42), and cost two fifths
    of the layout test's time."""
    app.stack.pop_until(lambda s: False)
    screen(app)
    marks = whole_frame_marks(app)
    app.stack.pop_until(lambda s: False)
    return marks


def frame_marks(app: Any) -> list[TextMark]:
    """Every line of text of a full frame of what the app shows, two frames on (cached layers
    dropped)."""
    app.run_frames(2)
    return whole_frame_marks(app)


def whole_frame_marks(app: Any) -> list[TextMark]:
    """Every line of text of the next frame, drawn whole (cached layers dropped)."""
    app.canvas.marks = []
    app.canvas.resize(app.canvas.surface)  # re-fitting the window drops the cached layers
    app.invalidate()  # and the next frame is drawn whole, changed or not
    app.run_frames(1)
    marks, app.canvas.marks = app.canvas.marks, None
    return marks


def problems(marks: list[TextMark]) -> list[str]:
    """What is wrong with the layout of one frame, one sentence per problem."""
    found = []
    for m in marks:
        if m.shown.w and not WINDOW.contains(m.shown):
            found.append(f"{m.text!r} leaves the window at {tuple(round(v) for v in m.rect)}")
        if m.room is not None and m.rect.w > m.room + SLACK:
            found.append(f"{m.text!r} is {m.rect.w:.0f} wide in a room of {m.room:.0f}")
    overlapping = sorted(_overlapping_pairs(marks))
    found += [f"{marks[i].text!r} overlaps {marks[j].text!r}" for i, j in overlapping]
    return found


def _overlapping_pairs(marks: list[TextMark]) -> Iterator[tuple[int, int]]:
    """The index pairs (earlier line first) of lines of one layer, with different texts, that
    share more than ``OVERLAP`` pixels each way.  Lines are swept left to right: once a line
    starts within ``OVERLAP`` of another's right edge or past it, so do all the lines after it
    (a frame has hundreds of lines; comparing every pair cost seconds per language)."""
    by_left = sorted(range(len(marks)), key=lambda i: (marks[i].layer, marks[i].shown.x))
    for n, i in enumerate(by_left):
        a = marks[i]
        for j in by_left[n + 1:]:
            b = marks[j]
            if b.layer != a.layer or b.shown.x >= a.shown.right - OVERLAP:
                break
            glyphs = len(a.text.strip()) == 1 and len(b.text.strip()) == 1  # a numeral on its star
            if a.text != b.text and not glyphs:
                common = a.shown.clip(b.shown)
                if common.w > OVERLAP and common.h > OVERLAP:
                    yield min(i, j), max(i, j)


def shrunk(small: list[TextMark], large: list[TextMark], rewrapped: bool = False) -> list[str]:
    """Texts drawn smaller at the larger text scale than at the smaller one.  Each line of the
    larger frame is compared with the same text's nearest line of its layer in the smaller
    frame (a text may appear more than once); with ``rewrapped``, else with the nearest line
    of a paragraph that wrapped otherwise: a line holding the other's whole line and more (a
    sentence that took two lines at 100 % and, shrunk, one at 150 %: issue 29's invite intro).
    A line with no twin nearby is a line that re-wrapped, not a text that shrank."""
    found = []
    same_text: dict[tuple[Any, str], list[TextMark]] = defaultdict(list)
    same_layer: dict[Any, list[TextMark]] = defaultdict(list)
    for s in small:  # looked up by text and layer: comparing every pair cost a tenth of the layout test
        same_text[s.layer, s.text].append(s)
        same_layer[s.layer].append(s)
    for m in large:
        twins = [s for s in same_text[m.layer, m.text] if _near(s, m)]
        if rewrapped and not twins:
            twins = [s for s in same_layer[m.layer] if len(s.text) > 12 and m.text.startswith(s.text) and _near(s, m)]
        if twins:
            twin = min(twins, key=lambda s: _distance(s.rect.center, m.rect.center))
            if m.px < twin.px:
                found.append(f"{m.text!r}: {twin.px} px at the smaller scale, {m.px} px at the larger")
    return found


def _near(a: TextMark, b: TextMark) -> bool:
    return _distance(a.rect.center, b.rect.center) < TWIN_DISTANCE ** 2


def _distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


# -- the screens ----------------------------------------------------------------------------
_mid_game = mid_game  #: a match of human seats after random moves (the name other tests import)


def _table(app: Any, match: Match) -> Any:
    table = app.push(scene_class(match.game_id)(app, match))
    hand_over(app, drawn=False)  # its screen's frame is drawn next, whole
    return table


def open_table(app: Any, game_id: str, match: Match | None = None) -> Any:
    """A two-seat table of ``game_id`` in mid-game (on ``match`` if given), pushed on the stack."""
    return _table(app, match or _mid_game(game_id, 2, MID_GAME_MOVES))


def buttons_of(table: Any) -> dict[str, pygame.FRect]:
    """Where a table's buttons (its header's and its game's) are, by their words (or tips)."""
    return {getattr(w, "text", w.tooltip): w.rect for w in table.buttons.widgets}


def title(app: Any) -> None:
    app.push(TitleScene(app))


def settings(app: Any) -> None:
    app.push(SettingsScene(app))


def new_game(game_id: str) -> Screen:
    def open_it(app: Any) -> None:
        scene = app.push(NewGameScene(app, game_id))
        scene._set_players(load_game(game_id).max_players)  # the most rows
    return open_it


def new_game_people(game_id: str) -> Screen:
    """The new-game screen with every seat a person: the hints row shows too."""
    def open_it(app: Any) -> None:
        scene = app.push(NewGameScene(app, game_id))
        scene.seats = ["human"] * len(scene.seats)
        scene._set_players(load_game(game_id).max_players)
    return open_it


def rules(game_id: str) -> Screen:
    return lambda app: app.push(RulesScene(app, game_id))


def table(game_id: str, players: int) -> Screen:
    return lambda app: _table(app, _mid_game(game_id, players, MID_GAME_MOVES))


def computers_table(game_id: str, players: int) -> Screen:
    """A table whose opponents are computers, named with their levels ("Mochi (normal)")."""
    def open_it(app: Any) -> None:
        kinds = ["human"] + [f"ai:{level}" for level in ("normal", "hard", "easy")]
        match = Match.new(game_id, players, kinds[:players], {}, seed=3)
        rng = random.Random(7)
        for _ in range(MID_GAME_MOVES):
            match.play(rng.choice(match.state.legal_moves()))
        _table(app, match)
    return open_it


def pause(game_id: str) -> Screen:
    def open_it(app: Any) -> None:
        scene = _table(app, _mid_game(game_id, 2, MID_GAME_MOVES))
        app.push(PauseScene(app, scene))
    return open_it


def hinted(game_id: str) -> Screen:
    """A table showing a hint: the first legal move that has a ghost (else a button)."""
    def open_it(app: Any) -> None:
        match = _mid_game(game_id, 2, MID_GAME_MOVES)
        match.hints = True
        table = _table(app, match)
        moves = table.local.match.state.legal_moves()
        table.hints.show(next((m for m in moves if table.drop_for(m) is not None), moves[0]))
        table.hints.reading.wait()  # its words are worked out off the frame
    return open_it


def handoff(game_id: str) -> Screen:
    def open_it(app: Any) -> None:
        match = _mid_game(game_id, 2, LONG_GAME_MOVES)
        rng = random.Random(2)
        while not match.state.is_over() and match.history[-1].seat == match.state.to_move:
            match.play(rng.choice(match.state.legal_moves()))   # the device changes hands
        seat = match.state.to_move
        table = _table(app, match)
        app.push(HandoffScene(app, table.seat_names[seat], table.since_last_turn(seat)))
    return open_it


def scrolled_log(game_id: str) -> Screen:
    """A long game's log scrolled half way up, a line under the pointer."""
    def open_it(app: Any) -> None:
        table = _table(app, _mid_game(game_id, 2, LONG_GAME_MOVES))
        app.run_frames(1)
        panel = table.log_panel
        panel.scroll_by(app.canvas, panel.room(app.canvas)[3] / 2)
        panel.pointer = panel.rect.center
    return open_it


def game_over(game_id: str, players: int) -> Screen:
    def open_it(app: Any) -> None:
        match = _copy(_played_to_the_end(game_id, players))
        app.push(GameOverScene(app, _table(app, match), match.state.outcome())).elapsed = COUNT_UP_TIME
    return open_it


@functools.cache
def _played_to_the_end(game_id: str, players: int) -> Match:
    """``_mid_game`` played to its end, once per process (each text size and language shows the
    same game): the screens get ``_copy``s of it."""
    return _mid_game(game_id, players, 10_000)


def _copy(match: Match) -> Match:
    """A match of its own for a table to play on (and count its time in), sharing nothing a
    table changes with ``match``."""
    return dataclasses.replace(match, options=dict(match.options), seats=list(match.seats),
                               state=match.state.clone(), history=list(match.history), names=list(match.names))


TIE_BROKEN = ("cathood", 4, 20)  #: a game of a human and three computers won on the longest tie-break


def tie_broken(app: Any) -> None:
    """Cathood's end with each seat's detail and the tie-break under the score table (the
    play-test's: Ukrainian at 150 % drew the detail shrunk on one line)."""
    match = _copy(_finished(*TIE_BROKEN))
    app.push(GameOverScene(app, _table(app, match), match.state.outcome())).elapsed = COUNT_UP_TIME


def _unfinished() -> list[Unfinished]:
    """An unfinished game of every game, at most players, computer seats among them, one with
    a long typed name (nothing is written to disk); each a copy of the games made once."""
    return [dataclasses.replace(entry, match=_copy(entry.match)) for entry in _unfinished_games()]


@functools.cache
def _unfinished_games() -> tuple[Unfinished, ...]:
    """``_unfinished``'s games, played once per process."""
    entries = []
    for i, game_id in enumerate(available_ids()):
        players = load_game(game_id).max_players
        match = _mid_game(game_id, players, MID_GAME_MOVES + i)
        match.seats = ["human"] + [f"ai:{level}" for level in ("hard", "easy", "normal", "hard")][:players - 1]
        match.names = ["Wilhelmina-Catherine"] + [""] * (players - 1)
        entries.append(Unfinished(Path(f"{game_id}.yaml"), match, SAVED_AT - i * 5000))
    return tuple(entries)


def continue_list(app: Any) -> None:
    app.push(ContinueScene(app, _unfinished(), now=SAVED_AT + 90))


def replace_dialog(app: Any) -> None:
    app.push(NewGameScene(app, "bed"))
    confirm_replace(app, _unfinished()[0], lambda: None, now=SAVED_AT + 4000)


def screens() -> Iterator[tuple[str, Screen]]:
    """Every screen the layout test looks at, by name."""
    yield "title", title
    yield "settings", settings
    yield "continue list", continue_list
    yield "replace dialog", replace_dialog
    for game_id in available_ids():
        game = load_game(game_id)
        yield f"{game_id} new game", new_game(game_id)
        yield f"{game_id} new game, people only", new_game_people(game_id)
        yield f"{game_id} rules", rules(game_id)
        for players in sorted({game.min_players, game.max_players}):
            yield f"{game_id} table, {players} players", table(game_id, players)
        yield f"{game_id} pause", pause(game_id)
        yield f"{game_id} hint shown", hinted(game_id)
        yield f"{game_id} hand-off", handoff(game_id)
        yield f"{game_id} log scrolled", scrolled_log(game_id)
        yield f"{game_id} game over", game_over(game_id, game.max_players)
    yield "days table, computer seats", computers_table("days", 4)   # short names in its week labels
    yield "cathood game over, tie-break", tie_broken
    yield from issue15_screens()
    yield from tutorial_screens()
    yield from issue16_screens()
    yield from cathood_screens()
    yield from issue26_screens()
    yield from online_screens()


# -- statistics and replays (issue 15) ------------------------------------------------------
@functools.cache
def _finished(game_id: str, players: int, seed: int) -> Match:
    """A random game played to its end by a human against AIs of each level in turn (played
    once per process: the replays and the statistics only read it, a table gets a ``_copy``)."""
    kinds = ["human"] + [f"ai:{level}" for level in ("easy", "normal", "hard")] * 2
    match = Match.new(game_id, players, kinds[:players], {}, seed=seed, ai_seed=seed)
    rng = random.Random(seed)
    while not match.state.is_over():
        match.play(rng.choice(match.state.legal_moves()))
    return match


@functools.cache
def _recorded_matches() -> tuple[Match, ...]:
    """The dozen finished games the statistics screens show, two of each game and more of one
    (played once per process: the screens only read them)."""
    games = [load_game(game_id) for game_id in list(available_ids()) * 2 + ["kotatsu"] * 3]
    return tuple(_finished(game.id, game.min_players if seed % 2 else game.max_players, seed)
                 for seed, game in enumerate(games))


def _record_some() -> None:
    """A dozen finished games in the statistics file, added as ``stats.record_game`` adds
    each (their names in the current language) but written once, not once a game."""
    records = [stats.record_of(match, [i18n.seat_name(match.game_id, n) for n in match.seat_names])
               for match in _recorded_matches()]
    kept = functools.reduce(stats.Records.added, records, stats.load_records().value)
    storage.write_yaml(stats.stats_path(), kept.to_dict())


def statistics(app: Any) -> None:
    _record_some()
    app.push(StatisticsScene(app))


def no_statistics(app: Any) -> None:
    stats.stats_path().unlink(missing_ok=True)
    app.push(StatisticsScene(app))


def past_games(app: Any) -> None:
    _record_some()
    app.push(PastGamesScene(app))


def replay(game_id: str, at_end: bool) -> Screen:
    def open_it(app: Any) -> None:
        scene = ReplayScene.open(app, _finished(game_id, load_game(game_id).max_players, 5))
        scene.go(scene.last if at_end else scene.last // 2)
    return open_it


def issue15_screens() -> Iterator[tuple[str, Screen]]:
    yield "statistics", statistics
    yield "statistics, no games", no_statistics
    yield "past games", past_games
    for game_id in available_ids():
        yield f"{game_id} replay", replay(game_id, False)
        yield f"{game_id} replay, end", replay(game_id, True)


# -- tutorials (issue 16) -------------------------------------------------------------------
def _tutorial(app: Any, game_id: str) -> Any:
    """A game's tutorial at its table, at its first step (nothing is remembered on disk)."""
    from catgames.ui.scenes.tutorial import tutorial_table
    from catgames.core.tutorial import load_tutorial
    return app.push(tutorial_table(scene_class(game_id))(app, load_tutorial(game_id)))


def tutorial_first(game_id: str) -> Screen:
    return lambda app: _tutorial(app, game_id)


def tutorial_last(game_id: str) -> Screen:
    """The closing step, reached by playing the whole script."""
    def open_it(app: Any) -> None:
        from catgames.core.tutorial import first_legal
        app.settings.reduce_motion = True  # the way there need not be watched
        table = _tutorial(app, game_id)
        while not table.script.at_end:
            if table.script.reading:
                table.next_step()
                continue
            move = table.script.expected(table.local.match.state)
            assert table.play_human(first_legal(table.local.match.state) if move is None else move)
            while table.script.replying:
                pass_time(app, 1)
        for _ in range(600):  # the last move's animations (a recap, a slide) are over
            if not table.animating():
                break
            pass_time(app, 1)
        app.settings.reduce_motion = False
    return open_it


def tutorial_pause(app: Any) -> None:
    app.screens.pause(_tutorial(app, "bed"))


def tutorial_offer(app: Any) -> None:
    """The title's question on a game's first play (the longest title's)."""
    from catgames.ui.scenes.first_game import offer_dialog
    app.push(TitleScene(app))
    app.push(offer_dialog(app, "days", lambda: None))


def tutorial_screens() -> Iterator[tuple[str, Screen]]:
    for game_id in available_ids():
        yield f"{game_id} tutorial, first step", tutorial_first(game_id)
        yield f"{game_id} tutorial, last step", tutorial_last(game_id)
    yield "tutorial pause", tutorial_pause
    yield "tutorial offer", tutorial_offer


# -- hover references and the Days card gallery (issue 16) ----------------------------------
def hovered(game_id: str, spot: Callable[[Any], tuple[float, float]]) -> Screen:
    """A table with the pointer resting on a component (``spot`` of the table) past the delay."""
    def open_it(app: Any) -> None:
        table = _table(app, _mid_game(game_id, 2, MID_GAME_MOVES))
        app.run_frames(1)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=spot(table), rel=(0, 0),
                                     buttons=(0, 0, 0))])
        pass_time(app, round(TOOLTIP_DELAY / MAX_DT) + 2)  # past the delay
    return open_it


def _stacked_day(table: Any) -> tuple[float, float]:
    """The centre of the first day holding a card (the viewer's week first)."""
    lay = table.layout
    spots = [(s, d) for s in reversed(lay.order) for d in range(7) if table.facts.view.weeks[s][d]]
    return lay.card_rect(*spots[0]).center


HOVER_SPOTS: dict[str, Callable[[Any], tuple[float, float]]] = {
    "bed": lambda t: bed_slot(0, t.bed.in_hand(0)[0]).center,
    "kotatsu": lambda t: _kotatsu_layout().futon(1).center,
    "days": _stacked_day,
    "boxes": lambda t: _boxes_panels().hand_rect(0).center,
    "cathood": lambda t: t.seen.grid.tile_rect(4).midtop,
}


def _boxes_box(table: Any) -> tuple[float, float]:
    """A card on the table clear of cats, in sight: its box's reference."""
    for slot in table.seen.layout.cards:
        rect = pygame.FRect(table.camera.slot_rect(*table.seen.geo.xy(slot)))
        ref = table.component_at(rect.center)
        if ref is not None and ref.rect == rect and table.app.canvas.bounds.collidepoint(rect.center):
            return rect.center
    raise AssertionError("no card clear of cats")


def _cathood_board(part: str) -> Callable[[Any], tuple[float, float]]:
    def spot(table: Any) -> tuple[float, float]:
        from catgames.games.cathood.table.board import board_rows
        return board_rows(table.app.canvas).parts()[part].center
    return spot


def _kotatsu_strip(part: str) -> Callable[[Any], tuple[float, float]]:
    def spot(table: Any) -> tuple[float, float]:
        from catgames.games.kotatsu.table.panels import info_parts
        return getattr(info_parts(table.app.canvas, table.seen.data.colours), part).center
    return spot


#: the longer references of the kinds added later, each a screen of its own
MORE_HOVERS: list[tuple[str, str, Callable[[Any], tuple[float, float]]]] = [
    ("boxes", "box", _boxes_box),
    ("cathood", "board's houses", _cathood_board("houses")),
    ("cathood", "board's cubes", _cathood_board("cubes")),
    ("cathood", "board's statues", _cathood_board("statues")),
    ("cathood", "reserved card", lambda t: _cathood_layout().RESERVED.center),
    ("kotatsu", "bag", _kotatsu_strip("bag")),
    ("kotatsu", "cushions", _kotatsu_strip("cushions")),
    ("kotatsu", "lucky cats", _kotatsu_strip("lucky")),
]


def _cathood_layout() -> Any:
    from catgames.games.cathood.table import layout
    return layout


def _kotatsu_layout() -> Any:
    from catgames.games.kotatsu.table import layout
    return layout


def _boxes_panels() -> Any:
    from catgames.games.boxes.table import panels
    return panels


def gallery(deck: str, scrolled: bool) -> Screen:
    """The gallery at its top, or scrolled to a row half way down (the same row at every text
    size, so the lines of one scale find their twins at the others)."""
    def open_it(app: Any) -> None:
        from catgames.games.days.table.gallery import GalleryScene
        from catgames.ui.gallery import COLUMNS
        scene = app.push(GalleryScene(app, deck))
        if scrolled:
            entries, _ = scene.entries(app.canvas)
            scene.scroll_by(entries[len(entries) // 2 // COLUMNS * COLUMNS].rect.y)
    return open_it


def issue16_screens() -> Iterator[tuple[str, Screen]]:
    for game_id in available_ids():
        yield f"{game_id} reference", hovered(game_id, HOVER_SPOTS[game_id])
    for game_id, what, spot in MORE_HOVERS:
        yield f"{game_id} reference: {what}", hovered(game_id, spot)
    yield "days gallery", gallery("woof", False)
    yield "days gallery, cat deck scrolled", gallery("cat", True)
    yield "days gallery, woof deck scrolled", gallery("woof", True)


# -- full tables in every language (issue 26) -----------------------------------------------
LATE_GAME_MOVES = 40  #: random moves before a table is looked at with many cards down
#: four weeks of the combined decks: an empty Cat Tree on a Friday before a Saturday's dog, a
#: tree holding three cats (each a strip) and one holding one, and a hand of long names
TREES = {"game": "days", "options": {"decks": "combined"}, "turn": "P1",
         "weeks": {"P1": {"Mon": ["cd_curious_cat"], "Fri": ["cd_cat_tree"], "Sat": ["wd_labrador"]},
                   "P2": {"Fri": ["cd_cat_tree", "cd_fluffy_cat", "cd_nervous_cat", "cd_rescued_cat"],
                          "Sat": ["wd_chihuahua"]},
                   "P3": {"Thu": ["wd_french_bulldog"], "Fri": ["cd_zen_cat"]},
                   "P4": {"Sat": ["wd_great_dane"], "Sun": ["wd_german_shepherd"]}},
         "hands": {"P1": ["cd_laser_pointer", "wd_chihuahua", "cd_playful_cat", "wd_australian_shepherd",
                          "wd_french_bulldog"]}}


def late_table(game_id: str, players: int, moves: int = LATE_GAME_MOVES) -> Callable[[Any], Any]:
    """A table after ``moves`` random moves, many cards down; opening it returns the table."""
    return lambda app: _table(app, _mid_game(game_id, players, moves))


def days_trees(app: Any) -> None:
    match = Match.new("days", 4, ["human"] * 4, {"decks": "combined"}, seed=3)
    match.state = match.game.state_from_dict(TREES)
    _table(app, match)


def issue26_screens() -> Iterator[tuple[str, Screen]]:
    yield "days table, cat trees", days_trees
    for game_id, players in (("days", 2), ("days", 4), ("boxes", 2), ("boxes", 5)):
        yield f"{game_id} table, {players} players, late", late_table(game_id, players)


def legible_screen(name: str) -> float | None:
    """The smallest text a screen's table may print, for the screens whose every text must be
    large enough to read: the If It Fits tables (issue 26), the Days tables (their cards' print
    larger still)."""
    if name.startswith("days table"):
        return CARD_LEAST
    return LEGIBLE if name.startswith("boxes table") else None


def illegible(marks: list[TextMark], least: float = LEGIBLE) -> list[str]:
    """The table's own lines (not a panel over it) drawn smaller than ``least`` pixels."""
    return [f"{m.text!r} is drawn at {m.px} px" for m in marks if m.layer == 0 and m.px < least]
