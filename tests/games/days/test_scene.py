"""The Woof Days / Cat Days table driven by synthetic mouse and keyboard events."""

from __future__ import annotations

import pygame
import pytest

from catgames.core.session import Match
from catgames.core.storage import Settings
from catgames.games.days.table import view
from catgames.games.days.components import DRAW
from catgames.games.days.gestures import DayTarget
from catgames.games.days.table.scene import DaysScene
from catgames.ui.app import App
from catgames.ui.scenes.handoff import HandoffScene
from tests.helpers import new_app, run_to_game_over
from tests.games.days.helpers import position
from tests.ui.helpers import click, hand_over, key
from tests.games.names import P_NAMES

DOWN, UP, MOTION = pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION


def open_table(state=None, seats=("human", "ai:easy"), players=2, options=None):
    app = new_app(Settings(ai_speed="instant"), seed=1)
    opts = {"decks": "woof", "first_player": "P1", **(options or {})}
    match = Match.new("days", players, list(seats), opts, seed=3, names=P_NAMES[:players])
    if state is not None:
        match.state = state
    scene = DaysScene(app, match)
    app.push(scene)
    scene.on_match_changed()
    app.run_frames(1)
    return app, scene


@pytest.fixture
def table(catgames_home):
    made = []

    def make(*args, **kwargs):
        app, scene = open_table(*args, **kwargs)
        made.append(app)
        return app, scene

    yield make
    for app in made:
        app.stack.pop_until(lambda s: False)


def drag(app: App, start, end) -> None:
    app.step([pygame.event.Event(DOWN, pos=start, button=1)])
    app.step([pygame.event.Event(MOTION, pos=(start[0], start[1] - 60), rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(MOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))])
    app.step([pygame.event.Event(UP, pos=end, button=1)])


def hand_card(scene: DaysScene, card_id: str) -> tuple[float, float]:
    """A point on the hand card ``card_id`` that no later card covers."""
    i = [scene.card(c).id for c in scene.hand()].index(card_id)
    rect = scene.hand_rects()[i]
    return (rect.x + 12, rect.y + 30)


def day(scene: DaysScene, seat: int, d: int) -> tuple[float, float]:
    return scene.layout.slot(seat, d).center


def ids(scene: DaysScene, seat: int, d: int) -> list[str]:
    return [scene.card(c).id for c in scene.days.weeks[seat][d]]


def test_drag_a_card_onto_a_legal_day_plays_it(table):
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    app, scene = table(state)
    drag(app, hand_card(scene, "wd_staffie"), day(scene, 0, 6))
    assert ids(scene, 0, 6) == ["wd_staffie"]
    assert "P1 puts Staffie on their Sunday." in scene.log


def test_an_illegal_drop_glides_back_with_the_reason(table):
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    app, scene = table(state)
    before = scene.days.to_dict()
    drag(app, hand_card(scene, "wd_staffie"), day(scene, 0, 3))
    assert scene.days.to_dict() == before
    assert scene.status_error and scene.status == "Staffie can only be played on your own Sunday."
    drag(app, hand_card(scene, "wd_staffie"), day(scene, 1, 6))
    assert scene.status == "Staffie can only be played in your own week."
    app.run_frames(30)
    assert not scene.drag.anims


def test_legal_days_light_up_while_a_card_is_held(table):
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    app, scene = table(state)
    start = hand_card(scene, "wd_staffie")
    app.step([pygame.event.Event(DOWN, pos=start, button=1)])
    app.step([pygame.event.Event(UP, pos=start, button=1)])       # a click selects
    assert scene.drag.legal == [DayTarget(0, 6)]
    click(app, day(scene, 0, 6))                                   # ...and a click places
    assert ids(scene, 0, 6) == ["wd_staffie"]


def test_australian_shepherd_completed_by_clicks(table):
    state = position({"P1": "Mon[Lab]", "P2": "Mon[Mix]"}, {"P1": "Aus, Lab", "P2": "Lab"})
    app, scene = table(state, options={"edition": "fr"})
    drag(app, hand_card(scene, "wd_australian_shepherd"), day(scene, 0, 1))
    assert scene.days.pending is not None and ids(scene, 0, 1) == []   # nothing placed yet
    assert scene.prompt() == "Australian Shepherd: choose the neighbouring dog that moves"
    assert sorted({o[:2] for o in scene.facts.options}) == [(0, 0)]
    click(app, day(scene, 0, 0))
    assert scene.prompt() == "Australian Shepherd: choose the empty day it moves to (any week)"
    click(app, day(scene, 1, 0))                                   # not empty: refused, still pending
    assert scene.days.pending is not None and scene.status_error
    assert scene.status == "Australian Shepherd cannot choose P2's Monday now."
    click(app, day(scene, 1, 4))
    assert scene.days.pending is None
    assert ids(scene, 0, 1) == ["wd_australian_shepherd"] and ids(scene, 1, 4) == ["wd_labrador"]
    assert ids(scene, 0, 0) == []
    assert "Labrador moves from P1's Monday to P2's Friday." in scene.log


def test_a_multi_step_card_is_cancelled_with_the_button_or_esc(table):
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Aus", "P2": "Lab"})
    app, scene = table(state)
    drag(app, hand_card(scene, "wd_australian_shepherd"), day(scene, 0, 1))
    assert scene.days.pending is not None
    cancel = [w for w in scene.buttons.widgets if getattr(w, "text", "") == "Cancel (Esc)"]
    assert len(cancel) == 1
    click(app, cancel[0].rect.center)
    assert scene.days.pending is None and [scene.card(c).id for c in scene.hand()] == ["wd_australian_shepherd"]
    drag(app, hand_card(scene, "wd_australian_shepherd"), day(scene, 0, 1))
    click(app, day(scene, 0, 0))
    key(app, pygame.K_ESCAPE)
    assert scene.days.pending is None and scene.days.weeks[0][0]
    assert app.stack.top is scene                                  # Esc cancelled, no pause menu


def test_a_card_leaves_no_trace_in_the_log_until_it_is_committed(table):
    state = position({"P1": "Mon[Lab]", "P2": ""}, {"P1": "Aus, Staf", "P2": "Lab"})
    app, scene = table(state)
    before = list(scene.log)
    drag(app, hand_card(scene, "wd_australian_shepherd"), day(scene, 0, 1))
    click(app, day(scene, 0, 0))                                   # one choice made, one to go
    assert scene.days.pending is not None and scene.log == before  # a rival reads no plan
    key(app, pygame.K_ESCAPE)
    assert scene.days.pending is None and scene.log == before      # taken back: no trace
    drag(app, hand_card(scene, "wd_australian_shepherd"), day(scene, 0, 1))
    click(app, day(scene, 0, 0))
    click(app, day(scene, 1, 4))
    assert scene.log[len(before):] == ["P1 puts Yorkshire Terrier on their Tuesday.",
                                       "Labrador moves from P1's Monday to P2's Friday."]


def test_no_reference_hides_the_lit_days_of_a_choice(table):
    state = position({"P1": "Mon[Lab] Thu[Chi]", "P2": ""}, {"P1": "StB", "P2": "Lab"})
    app, scene = table(state)
    drag(app, hand_card(scene, "wd_st_bernard"), day(scene, 0, 3))
    assert scene.days.pending is not None and scene.inspector.shown is None
    app.run_frames(40)                                             # the pointer rests on Thursday
    assert scene.reference.shown(scene.drag.holding) is None
    click(app, day(scene, 1, 3))
    assert scene.days.pending is None
    app.step([pygame.event.Event(MOTION, pos=day(scene, 0, 3), rel=(1, 0), buttons=(0, 0, 0))])
    app.run_frames(40)
    shown = scene.reference.shown(scene.drag.holding)
    assert shown is not None and shown.title == "St Bernard"        # the card as it is now
    assert ids(scene, 0, 3) == ["wd_st_bernard"]


def test_an_event_dropped_where_it_cannot_act_says_what_it_needs(table):
    state = position({"P1": "Thu[Lab]", "P2": ""}, {"P1": "Stuffed", "P2": "Lab"})
    app, scene = table(state)
    drag(app, hand_card(scene, "wd_stuffed_toys"), day(scene, 0, 3))
    assert scene.status == "Stuffed Toys swaps two same-day stacks: drop it on another player's day."
    drag(app, hand_card(scene, "wd_stuffed_toys"), day(scene, 1, 3))
    assert scene.days.weeks[1][3] and not scene.days.weeks[0][3]


def test_a_card_of_a_stack_is_picked_in_the_stack_popup(table):
    state = position({"P1": "", "P2": "Mon[Cur,Grp]"}, {"P1": "Laser", "P2": "Cur"}, decks="cat")
    app, scene = table(state)
    drag(app, hand_card(scene, "cd_laser_pointer"), day(scene, 1, 0))
    assert scene.inspector.shown is not None and sorted(scene.inspector.shown.picks) == [0, 1]
    assert "click a highlighted card" in scene.prompt()
    (_, rect), = [pc for pc in scene.inspector.cards(scene.look, scene._measure()) if pc[0] == 0]
    click(app, rect.center)
    assert ids(scene, 1, 0) == ["cd_grumpy_cat"]                    # the covered Curious Cat went


def test_draw_and_pass_buttons_are_enabled_only_when_legal(table):
    state = position({"P1": "", "P2": ""}, {"P1": "Staf", "P2": "Lab"})
    app, scene = table(state)
    app.run_frames(1)
    assert scene.draw_button.enabled and not scene.pass_button.enabled
    hand = len(scene.days.hands[0])
    click(app, scene.draw_button.rect.center)
    assert len(scene.days.hands[0]) == hand + 1 and scene.days.to_move == 1
    stuck = position({"P1": "Sun[Lab]", "P2": ""}, {"P1": "Staf", "P2": "Lab"}, deck=[], discard=[])
    app, scene = table(stuck)
    app.run_frames(1)
    assert not scene.draw_button.enabled and scene.pass_button.enabled
    assert scene.prompt() == "You can neither draw nor play: pass."
    click(app, scene.pass_button.rect.center)
    assert scene.days.passes == 1


def test_clicking_the_deck_draws(table):
    state = position({"P1": "", "P2": ""}, {"P1": "Staf", "P2": "Lab"})
    app, scene = table(state)
    click(app, scene.side.deck.center)
    assert scene.local.match.history[-1].move == str(DRAW)


def test_rebuilding_the_deck_asks_for_discards_onto_the_pile(table):
    state = position({"P1": "", "P2": ""}, {"P1": "Lab, Lab, Lab, Mix, Mix, Staf", "P2": "Lab"},
                     deck=[], discard=["wd_collie"])
    app, scene = table(state)
    click(app, scene.draw_button.rect.center)
    assert scene.days.refill == [0]
    assert scene.prompt().startswith("Rebuilding the deck: discard 1 more")
    drag(app, hand_card(scene, "wd_staffie"), scene.side.discard.center)
    assert not scene.days.refill and len(scene.days.hands[0]) == 6   # discarded one, then drew


def test_hovering_shows_rule_text_and_stacks(table):
    state = position({"P1": "Mon[Lab,GSh]", "P2": ""}, {"P1": "Staf", "P2": "Lab"})
    app, scene = table(state)
    app.step([pygame.event.Event(MOTION, pos=hand_card(scene, "wd_staffie"), rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.hovered_hand_card() == 0
    app.step([pygame.event.Event(MOTION, pos=day(scene, 0, 0), rel=(0, 0), buttons=(0, 0, 0))])
    app.run_frames(30)
    click(app, day(scene, 0, 0))                                   # pin the stack popup
    assert scene.inspector.shown is not None and (scene.inspector.shown.seat, scene.inspector.shown.day) == (0, 0)
    key(app, pygame.K_ESCAPE)
    assert scene.inspector.shown is None and app.stack.top is scene
    click(app, scene.side.discard.center)
    assert scene.inspector.shown is not None and scene.inspector.shown.kind == "discard"
    click(app, (400, 300))
    assert scene.inspector.shown is None


def test_keyboard_play_digit_arrows_enter(table):
    state = position({"P1": "", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    app, scene = table(state)
    key(app, pygame.K_1)                                           # Staffie; cursor on P1 Monday
    for _ in range(6):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert ids(scene, 0, 6) == ["wd_staffie"]


def test_the_day_cursor_wraps_round_days_and_rows(table):
    state = position({"P1": "", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    app, scene = table(state)
    key(app, pygame.K_LEFT)                                        # from P1 Monday back to Sunday
    assert scene.cursor == (0, 6)
    key(app, pygame.K_DOWN)                                        # below the bottom row: the top
    assert scene.cursor == (scene.layout.order[0], 6)
    key(app, pygame.K_UP)
    assert scene.cursor == (0, 6)


def test_hand_off_between_two_humans_hides_the_table(table):
    state = position({"P1": "", "P2": ""}, {"P1": "Staf", "P2": "Lab"})
    app, scene = table(state, seats=("human", "human"))
    assert isinstance(app.stack.top, HandoffScene)                 # P1 first gets the device
    hand_over(app)
    drag(app, hand_card(scene, "wd_staffie"), day(scene, 0, 6))
    assert app.stack.top is scene and scene.local.match.awaiting         # P1 may still take it back
    key(app, pygame.K_RETURN)                                      # End turn
    assert isinstance(app.stack.top, HandoffScene)
    hand_over(app)
    assert app.stack.top is scene and scene.facts.viewer == 1
    assert [scene.card(c).id for c in scene.hand()] == ["wd_labrador"]


def test_another_seats_hand_is_never_drawn(table, monkeypatch):
    state = position({"P1": "", "P2": ""}, {"P1": "Lab", "P2": "Corgi, GDane"})
    app, scene = table(state)
    drawn: list[str] = []
    real = view.draw_card
    monkeypatch.setattr(view, "draw_card", lambda c, r, card, *a, **k: (drawn.append(card.id), real(c, r, card, *a, **k)))
    scene.on_match_changed()
    app.canvas._layers.clear()
    app.run_frames(2)
    assert "wd_labrador" in drawn
    assert "wd_corgi" not in drawn and "wd_great_dane" not in drawn


def test_ai_viewer_hand_is_face_down(table):
    _, scene = table(seats=("ai:easy", "ai:easy"))
    assert not scene.shows_hand() and scene.piece_at(scene.hand_rects()[0].center) is None


def test_game_over_shows_days_and_total(table):
    state = position({"P1": "Mon[Lab] Tue[Mix] Wed[Lab] Thu[Col] Fri[Col] Sat[Lab]", "P2": "Mon[GDane]"},
                     {"P1": "Staf", "P2": "Lab"})
    app, scene = table(state)
    drag(app, hand_card(scene, "wd_staffie"), day(scene, 0, 6))
    assert scene.days.is_over()
    over = run_to_game_over(app, skip_stages=True)  # past the weeks tallied on the board
    heads, rows = scene.score_table(over.outcome)
    assert heads[1] == "Mon" and heads[-1] == "Total"
    assert rows[0] == ["P1 ✓", "1", "4", "1", "3", "3", "1", "4", "17"]
    assert rows[1][1] == "7" and rows[1][2] == "–"


def test_every_event_has_a_sentence():
    """Every event kind the rules emit has a log line (reasons: tests/games/test_reasons.py)."""
    import re
    from pathlib import Path

    from catgames.ui import i18n
    root = Path(__file__).resolve().parents[3] / "catgames/games/days"
    text = "".join((root / f).read_text(encoding="utf-8") for f in ("rules.py", "effects.py"))
    kinds = set(re.findall(r'Event\.of\("([a-z_]+)"', text)) - {"choose", "game_over"}
    for kind in kinds:
        assert i18n.has(f"event.days.{kind}"), kind


def test_the_day_cursor_leaves_once_the_mouse_is_used_or_a_card_is_played(table):
    """The keyboard's day frame is a keyboard player's; it must not stay on the board once the
    player goes on with the mouse, nor after the card it placed."""
    state = position({"P1": "", "P2": ""}, {"P1": "Staf, Lab", "P2": "Lab"})
    app, scene = table(state)
    key(app, pygame.K_RIGHT)
    assert scene.cursor == (0, 1)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(4, 0), buttons=(0, 0, 0))])
    assert scene.cursor is None
    key(app, pygame.K_1)                                           # Staffie; cursor on P1 Monday
    key(app, pygame.K_LEFT)                                        # back round to Sunday, its day
    key(app, pygame.K_RETURN)
    assert ids(scene, 0, 6) == ["wd_staffie"]
    assert scene.cursor is None
