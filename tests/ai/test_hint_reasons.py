"""A hint's reasons are facts: over seeded positions of every game, each claim the reason makes
holds in the real position after the move, checked here from ``analyse`` with code of its own
(not the reasons' code); and every claim has words in every language."""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from catgames.ai.hint import _judge
from catgames.ai.hooks import heuristics_for
from catgames.games import load_game
from catgames.ui import i18n

Report = dict[str, Any]


class Seen:
    """The before and after reports of a move, from the mover's side."""

    def __init__(self, before: Report, after: Report, seat: int) -> None:
        self.b, self.a = before, after
        names = list(after["scores"])
        self.me = names[seat]
        self.rivals = [n for n in names if n != self.me]

    def best(self, report: Report) -> int:
        return max(report["scores"][n] for n in self.rivals)

    def mine(self, report: Report) -> int:
        return report["scores"][self.me]


def _score_now(s: Seen, x: dict) -> bool:
    return s.mine(s.a) == x["mine"] and s.best(s.a) == x["theirs"]


def _area(s: Seen, x: dict, won: bool) -> bool:
    rival = s.rivals[0]
    return any(not sec["ignored"] and sec["size"] == x["size"]
               and sec["sums"][s.me] == x["mine"] and sec["sums"][rival] == x["theirs"]
               and (sec["owner"] == s.me if won else
                    sec["owner"] is None and x["mine"] == x["theirs"])
               for sec in s.a["detail"]["sections"])


def _box(s: Seen, x: dict, closed: bool) -> bool:
    for box in s.a["detail"]["boxes"]:
        cats = box["cats"]
        if (box["closed"] == closed and cats[s.me] == x["mine"] and box["toys"] == x["toys"]
                and max(cats[r] for r in s.rivals) == x["theirs"] < x["mine"]
                and (not closed or s.me in box["scores_for"])):
            return True
    return False


def _count(read: Callable[[Report, str], int], sign: int) -> Callable[[Seen, dict], bool]:
    def check(s: Seen, x: dict) -> bool:
        old, new = read(s.b, s.me), read(s.a, s.me)
        return (old, new) == (x["old"], x["new"]) and (new - old) * sign > 0
    return check


CHECKS: dict[str, Callable[[Seen, dict], bool]] = {
    "ends_won": lambda s, x: s.a["over"] and s.a["winner"] == s.me and _score_now(s, x),
    "ends_drawn": lambda s, x: s.a["over"] and s.a["winner"] == "draw" and _score_now(s, x),
    "ends": lambda s, x: s.a["over"] and _score_now(s, x),
    "ends_mine": lambda s, x: s.a["over"] and s.mine(s.a) == x["mine"],
    "score": lambda s, x: (s.mine(s.b), s.mine(s.a)) == (x["old"], x["new"]) and x["new"] > x["old"],
    "rival_down": lambda s, x: (s.best(s.b), s.best(s.a)) == (x["old"], x["new"])
    and x["new"] < x["old"],
    "ahead": lambda s, x: _score_now(s, x) and x["mine"] > x["theirs"],
    "level": lambda s, x: _score_now(s, x) and x["mine"] == x["theirs"],
    "quiet": lambda s, x: s.a["scores"] == s.b["scores"],
    "standing": lambda s, x: s.mine(s.a) == x["mine"],
    "hand": _count(lambda r, me: r["detail"]["hands"][me], 1),
    "bed.area_won": lambda s, x: _area(s, x, True),
    "bed.area_level": lambda s, x: _area(s, x, False),
    "boxes.box_lead": lambda s, x: _box(s, x, False),
    "boxes.box_closed": lambda s, x: _box(s, x, True),
    "boxes.supply": _count(lambda r, me: r["detail"]["supply"][me], -1),
    "days.filled": _count(lambda r, me: r["detail"]["weeks"][me]["empty_days"], -1),
    "kotatsu.first": lambda s, x: s.a["detail"]["kotatsu"][x["number"] - 1]["order"][0] == s.me,
    "kotatsu.cards": lambda s, x: (
        s.b["detail"]["kotatsu"][x["number"] - 1]["seats"][s.me]["cards"] == x["old"] < x["new"]
        == s.a["detail"]["kotatsu"][x["number"] - 1]["seats"][s.me]["cards"]),
    "kotatsu.cats": _count(lambda r, me: r["detail"]["seats"][me]["cats"], 1),
    "kotatsu.coins": _count(lambda r, me: r["detail"]["seats"][me]["coins"], 1),
    "cathood.houses": _count(lambda r, me: r["detail"]["seats"][me]["houses_placed"], 1),
    "cathood.toys": _count(lambda r, me: sum(r["detail"]["seats"][me]["toy_counts"]), 1),
    "cathood.cubes": _count(lambda r, me: r["detail"]["seats"][me]["cubes_left"], 1),
    "cathood.discs": _count(lambda r, me: r["detail"]["discs_left"][me], -1),
}


def _positions(game_id: str, players: int, seed: int, every: int):
    """Seeded random games: the real state and a seat to move every ``every`` plies."""
    game = load_game(game_id)
    rng = random.Random(seed)
    state = game.new_state(players, None, seed)
    ply = 0
    while not state.is_over():
        if state.to_move >= 0 and ply % every == 0:
            yield state, rng
        state.apply(rng.choice(state.legal_moves()))
        ply += 1


@pytest.mark.parametrize("game_id", ["bed", "kotatsu", "days", "boxes", "cathood"])
def test_every_claim_holds_after_the_move(game_id):
    game = load_game(game_id)
    heuristics = heuristics_for(game_id)
    met: set[str] = set()
    checked = 0
    for players in sorted({game.min_players, game.max_players}):
        for seed in range(3):
            for state, rng in _positions(game_id, players, seed, 3):
                seat, legal = state.to_move, state.legal_moves()
                best = heuristics.candidates(state.observe(seat).determinize(seat, rng), legal, 1)
                for move in {str(m): m for m in best + [rng.choice(legal)]}.values():
                    claims, _ = _judge(game_id, state, seat, move, seed)
                    before = state.analyse()
                    after = state.clone()
                    after.apply(move)
                    seen = Seen(before, after.analyse(), seat)
                    for claim in claims:
                        assert CHECKS[claim.key](seen, dict(claim.args)), (
                            game_id, str(move), claim)
                        met.add(claim.key)
                        checked += 1
    assert checked > 50 and met & {"score", "quiet"}
    assert any(key.startswith(game_id + ".") for key in met), "the game's own facts are met"


def test_every_claim_has_its_sentence_in_every_language():
    for language in i18n.LANGUAGES:
        table = i18n.read_strings(language)
        for key in CHECKS:
            assert f"hint.why.{key}" in table, (language, key)


def test_a_game_that_reports_no_scores_has_no_reasons_and_no_error():
    from catgames.ai.reasons import reasons
    from tests.ui.toygame import load as load_toy
    before = load_toy("toy").new_state(2)
    after = before.clone()
    after.apply(before.legal_moves()[0])
    assert reasons("toy", before, after, before.to_move) == []
