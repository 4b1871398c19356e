"""Issue 26.4: on the Cathood table the action spaces' names and the seat rows' icons follow the
text-size setting in every language: no name cut below its size, none smaller at 150 % than at
100 %, most of them larger, and the icons as much larger as the counts beside them."""

from __future__ import annotations

import pytest

import pygame

from catgames.games.cathood.table import ghosts
from catgames.games.cathood.table.panels import route_segments
from catgames.ui import i18n
from tests.helpers import close_apps
from tests.ui.layout import layout_app, marks_of, table, whole_frame_marks
from tests.ui.layout_cathood import HINTED_WALKS, hinted_walk, not_grown


@pytest.mark.parametrize("language", i18n.available_languages())
def test_action_names_and_seat_icons_grow_with_the_text_size(catgames_home, language):
    drawn = {}
    try:
        for scale in (1.0, 1.5):
            drawn[scale] = marks_of(layout_app(language, scale), table("cathood", 2))
            close_apps()
        found = not_grown(drawn[1.0], drawn[1.5])   # (the names in the language drawn)
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert found == []


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("language", ["ru", "uk", "fr"])
def test_the_market_cards_names_are_printed_readable(catgames_home, language, scale):
    """A long building's name ("Солнечная терраса") takes two lines of readable print on its
    card, its head taller, rather than two squeezed into the head of a short name."""
    from catgames.games.cathood.components import BUILDING_CARD, TOY
    from catgames.games.cathood.table import layout as L
    from catgames.games.cathood.table.view import TITLE_SIZE
    cards = [L.card_rect(kind, i) for kind in (TOY, BUILDING_CARD) for i in range(3)]
    try:
        app = layout_app(language, scale)
        names = [m for players in (2, 4) for m in marks_of(app, table("cathood", players))
                 if any(card.contains(m.rect) for card in cards) and not m.text.strip().isdigit()
                 and len(m.text.strip()) > 1]
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    assert len(names) >= 6
    assert [(m.text, m.px) for m in names if m.px < TITLE_SIZE] == []


def _in_sight(scene) -> tuple[list[tuple[str, pygame.FRect]], list[tuple[pygame.Vector2, pygame.Vector2]]]:
    """What a hinted walk must leave in sight: the slots of its streets (the cat's own to the
    end), the tiles touching its end, and the lines of its route."""
    seen, view = scene.seen, scene.view
    move, path = scene.pieces.drawn_route(*scene.hint.spot)
    grid, geo = seen.grid, view.geo
    rects = [(f"street {geo.names[s]}", grid.slot(geo.points[s])) for s in (view.cats[view.turn], *path)]
    rects += [(f"tile {q}", grid.tile_rect(q)) for q, _ in geo.touch[path[-1]]]
    return rects, route_segments(seen, view.turn, move, path)


@pytest.mark.parametrize("where", sorted(HINTED_WALKS))
@pytest.mark.parametrize("language, scale", [("en", 1.0), ("ru", 1.5)])
def test_a_hinted_walks_preview_leaves_its_route_and_its_end_in_sight(catgames_home, where, language, scale):
    """The words of what a hinted walk gives cover none of its streets, none of the tiles at its
    end and no line of its route, wherever the walk ends (a play-test saw them hide the tile
    under the end, the very one whose shop the cat walks to)."""
    try:
        app = layout_app(language, scale)
        hinted_walk(where)(app)
        scene = app.stack.top
        marks = whole_frame_marks(app)
        caption = ghosts.effects_caption(scene.seen, scene.pieces.effects(scene.hint.move))
        rects, lines = _in_sight(scene)
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
    said = [m for m in marks if (t := m.text.strip(" ✓")) and not t.isdigit() and t in caption]
    assert "".join(m.text for m in said).replace(" ", "").strip("✓") == caption.replace(" ", "")  # shown whole
    box = said[0].rect.unionall([m.rect for m in said]).inflate(16, 8)   # with the room round the words
    assert [name for name, rect in rects if box.colliderect(rect)] == []
    assert [line for line in lines if box.clipline(*line)] == []
