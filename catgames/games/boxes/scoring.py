"""Scoring of If It Fits (rules 39-44), shared by the outcome, ``analyse``, the AI and the live
score preview, so that all of them always agree."""

from __future__ import annotations

from dataclasses import dataclass

from catgames.games.boxes.grid import Box, Layout


@dataclass(frozen=True)
class ScoredBox:
    box: Box
    value: int                   #: what the box is worth under the open-box option
    leaders: tuple[int, ...]     #: seats with the most cats (none if no player cat)
    scorers: tuple[int, ...]     #: seats it pays (all leaders, or nobody on a tie under "nobody")


@dataclass(frozen=True)
class BoxesScore:
    boxes: tuple[ScoredBox, ...]
    totals: tuple[int, ...]
    boxes_won: tuple[int, ...]   #: boxes that paid each seat more than 0 (the tie-break)
    winners: tuple[int, ...]     #: seats sharing first place after the tie-break

    @property
    def winner(self) -> int | None:
        """The sole winner, or ``None`` for a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None


def box_value(box: Box, open_boxes: str) -> int:
    """Rule 40: closed boxes pay their toys; open ones nothing, half (rounded down) or all."""
    if box.closed or open_boxes == "full":
        return box.toys
    return box.toys // 2 if open_boxes == "half" else 0


def score_box(box: Box, open_boxes: str, majority_tie: str) -> ScoredBox:
    """Rules 39, 41, 42: the most cats take the box; ties all score, or nobody does."""
    best = max(box.counts)
    leaders = tuple(s for s, n in enumerate(box.counts) if n == best) if best > 0 else ()
    scorers = leaders if len(leaders) == 1 or majority_tie == "all_full" else ()
    return ScoredBox(box, box_value(box, open_boxes), leaders, scorers)


def score(layout: Layout, players: int, weights: tuple[int, int], open_boxes: str,
          majority_tie: str) -> BoxesScore:
    """The final scoring of the table as it stands (rule 43 tie-break included)."""
    scored = tuple(score_box(b, open_boxes, majority_tie) for b in layout.boxes(players, weights))
    totals = [0] * players
    won = [0] * players
    for sb in scored:
        for seat in sb.scorers:
            totals[seat] += sb.value
            if sb.value > 0:
                won[seat] += 1
    best = max((totals[s], won[s]) for s in range(players))
    winners = tuple(s for s in range(players) if (totals[s], won[s]) == best)
    return BoxesScore(scored, tuple(totals), tuple(won), winners)
