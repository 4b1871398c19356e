"""Player-facing sentences of If It Fits: log lines, card names, counts, placement previews,
refusal reasons and the box-by-box result.  Text only; every phrase is a string in
``data/strings/<lang>/boxes.yaml``."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from catgames.core.rules import Event, Outcome, Reason
from catgames.games.boxes.components import PRINCESS, BoxesData, Kind
from catgames.games.boxes.preview import CardPreview, Closing
from catgames.games.boxes.rules import PLAY, TURN
from catgames.ui import i18n

SeatLabel = Callable[[int], str]   #: a seat as shown to players (``● P1``)


def count(noun: str, n: int) -> str:
    """``1 toy`` / ``3 toys``."""
    return i18n.plural(f"boxes.count.{noun}", n)


def card_words(data: BoxesData, name: str) -> str:
    """``a cup (2 toys)`` for the kind ``CUP t2``."""
    kind = data.kind(name)
    words = i18n.t_or(f"boxes.card.{kind.cls}", kind.cls.lower())
    if kind.role == PRINCESS or not kind.toys:
        return words
    return f"{words} ({count('toys', kind.toys)})"


def event_line(event: Event, data: BoxesData, names: Sequence[str]) -> str | None:
    """A log sentence for one rules event (``None`` for events players need not read)."""
    kind = event.kind
    args: dict[str, Any] = dict(event.data)
    args["seat"] = names[event.seat] if event.seat is not None and event.seat >= 0 else ""
    if kind in ("card", "discard"):
        args["card"] = card_words(data, event.get("card"))
    elif kind == "cat":
        kind = "cat_awake" if event.get("awake") else "cat_sleeping"
        args["supply"] = count("cats_left", event.get("supply"))
    elif kind == "princess":
        args["victim"] = names[event.get("victim")]
    elif kind == "box_closed":
        args["cards"] = count("cards", len(event.get("cells")))
        args["toys"] = count("toys", event.get("toys"))
    elif kind == "dealt":
        args["count"] = data.hand_size
    elif kind == "start_card":
        args["side"] = i18n.t(f"boxes.side.{event.get('side')}")
    key = f"event.boxes.{kind}"
    return i18n.t(key, **args) if i18n.has(key) else None


def opening_line(start_player: str) -> str:
    """The log's first line: the start card the set-up lays, and who starts."""
    return i18n.t("event.boxes.opening", seat=start_player)


def turn_lines(events: Sequence[Event], data: BoxesData, names: Sequence[str]) -> list[str]:
    """A turn in the log: its first sentence, then the others indented under it."""
    lines: list[str] = []
    for event in events:
        text = event_line(event, data, names)
        if text:
            lines.append(text if not lines else "  " + text)
    return lines


def reason_line(reason: Reason, label: SeatLabel) -> str:
    """The rules' reason as a sentence; the holders of a box are named by seat."""
    if reason.code == "box_taken":
        holders = i18n.listed(label(s) for s in reason.kwargs.get("holders", ()))
        return i18n.capitalised(i18n.t("reason.boxes.box_taken", holders=holders))
    return i18n.reason_text(reason, "boxes")


def preview_lines(preview: CardPreview, cat_left: bool, data: BoxesData, names: Sequence[str],
                  label: SeatLabel) -> list[str]:
    """Everything a placement would do, a line each: the box it starts, grows or joins; each box
    it closes in the log's own words, and whom that box would pay; a warning when it grows a
    rival's box; and whether a cat can lie on it (not when the player has no cat left)."""
    lines = [_own_box_line(preview)]
    if preview.dead:
        lines.append(i18n.t("boxes.preview.dead"))
    lines += [closing_line(c, preview.seat, data, names, label) for c in preview.closes]
    if preview.rivals:
        key = "boxes.preview.rival_box" if preview.shut_out else "boxes.preview.shared_box"
        lines.append(i18n.t(key, seats=i18n.listed(map(label, preview.rivals))))
    if cat_left:
        lines.append(i18n.t("boxes.preview.cats" if preview.cat_spots else "boxes.preview.no_cat"))
    return lines


def _own_box_line(preview: CardPreview) -> str:
    """``Starts a new box`` / ``Adds to a box: now 3 cards, 2 toys`` / ``Joins 2 boxes into one``
    (a closed box's size is on its closing line)."""
    joined = preview.joined
    if joined >= 2:
        line = i18n.plural("boxes.preview.joins", joined)
    else:
        line = i18n.t("boxes.preview.extends" if joined else "boxes.preview.new")
    if joined and not preview.closed:
        line = i18n.t("boxes.preview.grows", what=line, cards=count("cards", len(preview.slots)),
                      toys=count("toys", preview.toys))
    return line


def closing_line(closing: Closing, seat: int, data: BoxesData, names: Sequence[str],
                 label: SeatLabel) -> str:
    """``A box is closed: 6 cards, 3 toys. ⚠ ● P2 would score 3 pts`` (the log's sentence for
    the same event, then whom the box pays as it stands; a warning when that helps a rival)."""
    closed = event_line(closing.event, data, names)
    if not closing.scorers:
        pays = i18n.t("boxes.preview.pays_nobody")
    else:
        key = "boxes.preview.pays_rival" if closing.value and any(
            s != seat for s in closing.scorers) else "boxes.preview.pays"
        pays = i18n.t(key, seats=i18n.listed(map(label, closing.scorers)),
                      points=count("points", closing.value))
    return i18n.t("boxes.preview.closing", closed=closed, pays=pays)


def hint_line(step: str, holding: bool, kind: Kind | None, discarding: bool) -> str:
    """The status line: what the player can do now (``kind``: the held card, ``None`` for a
    cat); how to move the view is written beside the zoom buttons."""
    if not holding:
        key = "discard" if step == PLAY and discarding else step
    elif kind is None:
        key = "sleeping" if step == TURN else "cat_held"
    else:
        key = "princess" if kind.role == PRINCESS else "card_held"
    return i18n.t(f"boxes.hint.{key}")


def score_table(outcome: Outcome, keys: Sequence[str], names: Sequence[str],
                cats: int) -> tuple[list[str], list[list[str]]]:
    """The end screen's table: boxes won, cats placed (of ``cats`` each) and the total
    (``keys``: the seats as the rules name them in ``outcome.detail``; ``names``: as shown)."""
    detail = outcome.detail
    heads = [i18n.t("over.player"), i18n.t("boxes.boxes_won"), i18n.t("boxes.cats_placed"),
             i18n.t("over.total")]
    rows = [[name, str(detail["boxes_won"][key]), str(cats - detail["supply"][key]),
             str(outcome.scores[s])] for s, (key, name) in enumerate(zip(keys, names))]
    return heads, rows


def box_line(box: dict[str, Any], names: Sequence[str], label: SeatLabel) -> str:
    """One box of the final scoring (an ``analyse``/``Outcome`` box entry) in a line:
    ``✓ 5 toys · ● P1 ×2, ■ P2 ×1 → ● P1 +5``."""
    mark = "✓" if box["closed"] else "✗" if box["never_closable"] else "○"
    cats = i18n.joined(f"{label(names.index(n))} ×{c}" for n, c in box["cats"].items() if c)
    if box["scores_for"] and box["value"]:
        who = i18n.listed(label(names.index(n)) for n in box["scores_for"])
        result = i18n.t("boxes.box_pays", seats=who, points=box["value"])
    else:
        result = i18n.t("boxes.box_pays_nobody")
    return i18n.t("boxes.box_line", mark=mark, toys=count("toys", box["toys"]), cats=cats,
                  result=result)
