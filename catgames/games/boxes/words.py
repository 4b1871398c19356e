"""Player-facing sentences of If It Fits: log lines, card names, counts, placement previews,
refusal reasons and the box-by-box result.  Text only; every phrase is a string in
``data/strings/<lang>/boxes.yaml``."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from catgames.core.rules import Event, Reason
from catgames.games.boxes.components import PRINCESS, BoxesData
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


def reason_line(reason: Reason, label: SeatLabel) -> str:
    """The rules' reason as a sentence; the holders of a box are named by seat."""
    if reason.code == "box_taken":
        holders = i18n.t("boxes.and").join(label(s) for s in reason.kwargs.get("holders", ()))
        return i18n.t("reason.boxes.box_taken", holders=holders)
    return i18n.reason_text(reason, "boxes")


def preview_line(joined: int, closed: bool, dead: bool, toys: int, cat_fits: bool | None) -> str:
    """What a placement would do: ``Joins 2 boxes into one · closes it: 5 toys · a cat can lie
    on it`` (``cat_fits`` is ``None`` when the player has no cat left to place)."""
    if joined >= 2:
        parts = [i18n.t("boxes.preview.joins", count=joined)]
    else:
        parts = [i18n.t("boxes.preview.extends" if joined else "boxes.preview.new")]
    if closed:
        parts.append(i18n.t("boxes.preview.closes", toys=count("toys", toys)))
    elif dead:
        parts.append(i18n.t("boxes.preview.dead"))
    if cat_fits is not None:
        parts.append(i18n.t("boxes.preview.cats" if cat_fits else "boxes.preview.no_cat"))
    return " · ".join(parts)


def box_line(box: dict[str, Any], names: Sequence[str], label: SeatLabel) -> str:
    """One box of the final scoring (an ``analyse``/``Outcome`` box entry) in a line:
    ``✓ 5 toys · ● P1 ×2, ■ P2 ×1 → ● P1 +5``."""
    mark = "✓" if box["closed"] else "✗" if box["never_closable"] else "○"
    cats = ", ".join(f"{label(names.index(n))} ×{c}" for n, c in box["cats"].items() if c)
    if box["scores_for"] and box["value"]:
        who = i18n.t("boxes.and").join(label(names.index(n)) for n in box["scores_for"])
        result = i18n.t("boxes.box_pays", seats=who, points=box["value"])
    else:
        result = i18n.t("boxes.box_pays_nobody")
    return i18n.t("boxes.box_line", mark=mark, toys=count("toys", box["toys"]), cats=cats,
                  result=result)
