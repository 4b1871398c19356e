"""Fitting an evaluation to self-play results: reproducible, exact on exact data, and written
into a data file without disturbing the rest of it."""

from __future__ import annotations

import pytest

from catgames.ai.fit import collect, correlation, fit, ridge, write_weights
from catgames.ai.fitted import FittedHeuristics
from catgames.core.rules import Seat, State

from .toygames import Bounty, BountyState


class BountyFitted(FittedHeuristics):
    """Bounty's evaluation as named features: prize points and the cards still in hand."""

    game_id = "toy_bounty"
    names = ("points", "hand")

    def features(self, state: State, seat: Seat) -> list[float]:
        assert isinstance(state, BountyState)
        rival = max(state.others(seat), key=lambda s: state.points[s])
        return [float(state.points[seat] - state.points[rival]),
                float(sum(state.hands[seat]) - sum(state.hands[rival]))]

    def weights(self) -> tuple[float, ...]:
        return (1.0, 0.1)


def test_terms_add_up_to_the_evaluation():
    h = BountyFitted()
    state = Bounty().new_state(2, None, 5)
    state.apply(state.legal_moves()[-1])
    state.apply(state.legal_moves()[0])
    terms = h.terms(state, 0)
    assert set(terms) == {"points", "hand"}
    assert sum(terms.values()) == pytest.approx(h.evaluate(state, 0))
    assert terms["points"] == pytest.approx(float(state.points[0] - state.points[1]))


def test_the_same_seed_gives_the_same_weights_and_another_seed_other_games():
    first = fit(Bounty(), BountyFitted(), games=6, seed=3)
    assert fit(Bounty(), BountyFitted(), games=6, seed=3).weights == first.weights
    assert fit(Bounty(), BountyFitted(), games=6, seed=4).weights != first.weights
    assert set(first.weights) == {"points", "hand"}
    assert set(first.correlation) == {"all", "early", "middle", "late"}
    # Bounty's prize points so far predict who ends ahead.
    assert first.correlation["late"][1] > 0.5


def test_samples_are_every_seat_at_every_move_with_its_own_final_margin():
    samples = collect(Bounty(), BountyFitted(), games=2, seed=1, players=3)
    margins = {s.margin for s in samples}
    assert len(samples) % 3 == 0 and len(margins) > 1
    assert {s.phase for s in samples} == {0, 1, 2}


def test_ridge_recovers_exact_weights_and_correlation_is_pearson():
    rows = [[1.0, 2.0], [2.0, 0.5], [3.0, 1.0], [0.0, 4.0], [5.0, 5.0]]
    targets = [2 * a - 3 * b for a, b in rows]
    assert ridge(rows, targets, penalty=0.0) == pytest.approx([2.0, -3.0], abs=1e-6)
    held = ridge(rows, targets, penalty=1.0)
    assert abs(held[0]) < 2.0 and abs(held[1]) < 3.0
    assert correlation([1, 2, 3], [2, 4, 6]) == pytest.approx(1.0)
    assert correlation([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert correlation([1, 1, 1], [3, 2, 1]) == 0.0


YAML = """\
title: toy                # a comment that stays
ai:                       # [R] tuning
  weights:                # fitted: old
    points: 0.5           # prize points
    gone: 2.0
  heuristics:
    sample: 3             # stays too
  easy: {algorithm: greedy}
"""


def test_weights_replace_only_their_block_and_keep_each_weight_comment(tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text(YAML, encoding="utf-8")
    write_weights(path, {"points": 1.25, "hand": -0.1}, "fitted: new")
    lines = path.read_text(encoding="utf-8").splitlines()
    old = YAML.splitlines()
    assert lines[:2] == old[:2] and lines[-3:] == old[-3:]
    block = lines[2:-3]
    assert block[0].startswith("  weights:") and block[0].endswith("# fitted: new")
    assert block[1].split() == ["points:", "1.25", "#", "prize", "points"]
    assert block[2].split() == ["hand:", "-0.1"]
    assert len(block) == 3


def test_the_blank_line_after_the_weights_stays(tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text("ai:\n  weights:\n    points: 0.5\n\n  easy: {algorithm: greedy}\n", encoding="utf-8")
    write_weights(path, {"points": 1.0}, "fitted")
    assert path.read_text(encoding="utf-8").splitlines()[3:] == ["", "  easy: {algorithm: greedy}"]


def test_weights_are_added_under_ai_when_missing(tmp_path):
    path = tmp_path / "toy.yaml"
    path.write_text("ai:\n  easy: {algorithm: greedy}\n", encoding="utf-8")
    write_weights(path, {"points": 1.0}, "fitted")
    assert path.read_text(encoding="utf-8").splitlines()[1:3] == [
        "  weights:" + " " * 30 + "# fitted", "    points:  1.0"]
    path.write_text("title: toy\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no top-level 'ai:'"):
        write_weights(path, {"points": 1.0}, "fitted")


def test_the_fit_command_prints_the_correlations_and_a_dry_run_writes_nothing(capsys):
    from catgames.__main__ import main
    from catgames.core.data import data_path
    before = data_path("kotatsu.yaml").read_text(encoding="utf-8")
    assert main(["fit", "kotatsu", "--games", "1", "--seed", "2", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "correlation with the final margin" in out and "cards_down:" in out
    assert data_path("kotatsu.yaml").read_text(encoding="utf-8") == before
    assert main(["fit", "kotatsu", "--players", "9"]) == 2
    assert "kotatsu" in capsys.readouterr().err.lower()


def test_a_feature_without_a_weight_is_told_in_one_line(capsys, monkeypatch):
    from catgames.__main__ import main
    from catgames.ai import fitted
    from catgames.core.data import DataError

    def missing(self):
        raise DataError("data/kotatsu.yaml: ai.weights: missing key 'new_feature'")
    monkeypatch.setattr(fitted.FittedHeuristics, "weights", missing)
    assert main(["fit", "kotatsu", "--games", "1", "--seed", "2", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert "missing key 'new_feature'" in err and "0 will do" in err and len(err.strip().splitlines()) == 1
