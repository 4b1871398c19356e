"""The components gallery of every game (issue 28): opened from the pause menu and the rules
screen, it draws every component's picture with its name and rule, in every language, and
its text fits at 100 % and 150 %."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from catgames.games import available_ids
from catgames.games.bed.components import bed_data
from catgames.games.bed.scoring import TOY_KINDS
from catgames.games.boxes.components import BOX, TOY, boxes_data
from catgames.games.boxes.table.pictures import BOX_TOYS, SPECIAL_TOY
from catgames.games.cathood.components import cathood_data
from catgames.games.days.table.gallery import deck_cards
from catgames.games.kotatsu.components import kotatsu_data
from catgames.ui import i18n
from catgames.ui.gallery import GalleryScene
from catgames.ui.registry import scene_class
from catgames.ui.scenes.pause import PauseScene
from catgames.ui.scenes.rules import RulesScene
from tests.helpers import close_apps, new_app
from tests.ui.gallery_walk import PAINTED, flat, walk
from tests.ui.layout import layout_app
from tests.ui.test_reference import table_of

DT = 1 / 64
MISSING = re.compile(r"^[a-z_]+(\.[A-Za-z0-9_]+)+$")   #: what ``i18n.t`` gives for a missing key


def expected_entries(game_id: str) -> int:
    """How many distinct components each game's gallery shows, counted from its data."""
    if game_id == "bed":
        return 2 * len(bed_data().shapes) + 2 + len(TOY_KINDS)   # tiles, mattress and pillow, toys
    if game_id == "kotatsu":
        data = kotatsu_data()
        faces = {(data.cushion_value[c], data.cushion_symbol[c]) for c in range(data.blank)}
        return 2 * data.colours + len(faces) + 1 + 3   # cats, cards, cushion faces and back, table
    if game_id == "boxes":
        data = boxes_data()
        shapes = {k.cls for k in data.kinds if k.role in (BOX, TOY)}
        return len(shapes) + 1 + len({*BOX_TOYS, SPECIAL_TOY}) + 4   # shapes, start; toys; cats, Princess, deck
    if game_id == "cathood":
        hood = cathood_data()
        cards = {(c.kind, c.points, c.toy) for c in hood.cards}
        return (len(hood.shop_names) + 2 + 3 + 1 + len(hood.tree_names)   # shops, lots, coffee/dog/bee, tiles
                + len(cards) + 1 + 5)                                      # cards, park cards, a cat's pieces
    if game_id == "days":
        return len(deck_cards("woof"))   # the rules screen opens the Woof deck
    raise KeyError(game_id)


GAMES = ("bed", "kotatsu", "boxes", "cathood", "days")


def open_gallery(app: Any, game_id: str) -> GalleryScene:
    """The gallery as the rules screen offers it (a match's options unknown)."""
    (_, action), = scene_class(game_id).references(app, {})
    action()
    app.run_frames(1)
    scene = app.stack.top
    assert isinstance(scene, GalleryScene)
    return scene


@pytest.mark.parametrize("language", i18n.available_languages())
def test_every_gallery_draws_each_component_with_its_name_and_rule(catgames_home, monkeypatch, language):
    """In every language and at 100 % and 150 %: each entry's picture is painted, its name and
    rule are drawn in full and in that language (no English fallback), and no line overflows
    its room, leaves the window or overlaps another."""
    monkeypatch.setattr(i18n, "DEFAULT_LANGUAGE", language)   # a missing string shows as its key
    wrong = []
    try:
        for scale in (1.0, 1.5):
            app = layout_app(language, scale)
            for game_id in GAMES:
                scene = open_gallery(app, game_id)
                texts, found, painted = walk(app, scene)
                entries, _ = scene.entries(app.canvas)
                wrong += [f"{scale:.0%} {game_id}: {p}" for p in found]
                assert len(entries) == expected_entries(game_id), game_id
                for i, laid in enumerate(entries):
                    name, rule = laid.entry.name, laid.entry.rule
                    if MISSING.match(name) or MISSING.match(rule) or not name or not rule:
                        wrong.append(f"{game_id} entry {i}: a missing string ({name!r}, {rule!r})")
                    if flat(name) not in texts or flat(rule) not in texts:
                        wrong.append(f"{scale:.0%} {game_id}: {name!r} not drawn in full")
                    if painted[i] < PAINTED:
                        wrong.append(f"{scale:.0%} {game_id}: {name!r}'s picture is not drawn ({painted[i]:.2f})")
                wrong += [f"{scale:.0%} {game_id}: heading {text!r} not drawn in full"
                          for text, *_ in scene.layout(app.canvas).headings if flat(text) not in texts]
                app.stack.pop()
            close_apps()
    finally:
        i18n.set_language("en")
    assert wrong == []


@pytest.mark.parametrize("language", [lang for lang in i18n.available_languages() if lang != "en"])
def test_every_gallery_text_is_translated(catgames_home, language):
    """No entry's rule reads as in English (each is a sentence of the language's own; a name may
    be the same word, a Labrador in French)."""
    app = new_app(seed=1)
    english = {g: [e.entry.rule for e in open_gallery(app, g).entries(app.canvas)[0]] for g in GAMES}
    i18n.set_language(language)
    try:
        for game_id in GAMES:
            shown = [e.entry.rule for e in open_gallery(app, game_id).entries(app.canvas)[0]]
            assert all(rule != english[game_id][i] for i, rule in enumerate(shown)), game_id
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", available_ids())
def test_the_pause_menu_and_the_rules_screen_open_the_gallery(catgames_home, game_id):
    app, table = table_of(game_id, moves=0)
    pause = app.push(PauseScene(app, table))
    app.run_frames(1)
    label, _ = table.references(app, table.local.match.options)[0]
    entry = next(w for w in pause.widgets.widgets if getattr(w, "text", "") == label)
    entry.activate()
    assert isinstance(app.stack.top, GalleryScene)
    rules = app.push(RulesScene(app, game_id))
    app.run_frames(1)
    entry = next(w for w in rules.widgets.widgets if getattr(w, "text", "") == label)
    entry.activate()
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene) and gallery is not rules
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")], DT)
    assert gallery.scroll > 0                                   # more components than one screen
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")], DT)
    assert app.stack.top is rules
