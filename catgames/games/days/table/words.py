"""Woof Days / Cat Days in words: card rule text, choice prompts, reasons and log lines.

Everything is composed from the card vocabulary of ``data/days.yaml`` and the strings under
``days.*`` in ``data/strings/<lang>/days.yaml``, so no card is named in code and a new card gets
its text for free.  Spots travel through the rules as text (``P2 Fri:1``); here they become
"P2's Friday" (or "your Friday" for the player addressed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from catgames.core.rules import Event, Outcome, Reason
from catgames.games.days.components import (
    DAYS,
    NO_POS,
    VERSIONS,
    Card,
    Effect,
    days_data,
)
from catgames.ui import i18n

if TYPE_CHECKING:
    from catgames.core.session import Turn

_SPOT = re.compile(r"^(P\d)\s+([A-Za-z]{3})(?::(\d+))?$")
SEPARATOR = " · "   #: between the parts of a card's rule line
#: events whose line says "their Monday" (``event.days.<kind>_own``) when the acting seat acts on
#: its own week, and the argument that names the day
OWN_WEEK_SPOT = {"place": "to", "discard": "at"}


# -- small pieces --------------------------------------------------------------------------------
def version_key(card: Card) -> str:
    """``woof`` or ``cat``: what the card acts on, for "dog"/"cat" in its text."""
    return VERSIONS[card.version]


def day_name(day: int, short: bool = False) -> str:
    key = days_data().day_names[day]
    return i18n.t(f"days.day_short.{key}" if short else f"days.day.{key}")


def join_or(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return i18n.t("days.or_list", items=i18n.joined(items[:-1]), last=items[-1])


def day_span(mask: int, short: bool = True) -> str:
    """``Mon–Sat``, ``Mon, Wed, Fri`` (short) or ``Monday, Wednesday or Friday``; all = any day."""
    days = [d for d in range(DAYS) if mask >> d & 1]
    if len(days) == DAYS:
        return i18n.t("days.any_day")
    if len(days) > 2 and days == list(range(days[0], days[-1] + 1)):
        return i18n.t("days.span" if short else "days.span_long", first=day_name(days[0], short),
                      last=day_name(days[-1], short))
    names = [day_name(d, short) for d in days]
    return i18n.joined(names) if short else join_or(names)


def card_name(card: Card, edition: str) -> str:
    """The card's name as the ``edition`` option prints it: ``days.card.<id>.name`` (UK), or
    ``.name_fr_edition`` for the French edition where its name differs."""
    key = f"days.card.{card.id}"
    if edition == "fr" and i18n.has(f"{key}.name_fr_edition"):
        return i18n.t(f"{key}.name_fr_edition")
    return i18n.t(f"{key}.name")


def card_names(ids: Iterable[str], edition: str) -> list[str]:
    data = days_data()
    return [card_name(data.cards[data.by_id[c]], edition) for c in ids if c in data.by_id]


def parse_spot(text: str) -> tuple[str, int, int] | None:
    """``P2 Fri:1`` -> ("P2", 1, 4): the seat as the rules name it, its index (-1 when
    unknown) and the day; ``None`` for text that names no day."""
    m = _SPOT.match(text.strip())
    if m is None:
        return None
    data = days_data()
    seat = data.seats.index(m.group(1)) if m.group(1) in data.seats else -1
    return m.group(1), seat, data.day_index(m.group(2))


def spot_words(text: str, seat_names: Sequence[str], you: int | None = None) -> str:
    """``P2 Fri:1`` -> "P2's Friday" (or "your Friday" when P2 is ``you``)."""
    spot = parse_spot(text)
    if spot is None:
        return text
    label, seat, day = spot
    if seat == you:
        return i18n.t("days.spot_yours", day=day_name(day))
    name = seat_names[seat] if 0 <= seat < len(seat_names) else label
    return i18n.t("days.spot", seat=name, day=day_name(day))


# -- card text -----------------------------------------------------------------------------------
def _effect_variant(e: Effect) -> str:
    """Which wording of an effect type applies (strings under ``days.rule.effect.<type>.*``)."""
    if e.type == "move_animal":
        if e.from_weeks == "adjacent":
            return "adjacent"
        return "steal" if e.from_weeks == "opponent" else e.to_weeks
    if e.type == "remove":
        return e.from_position
    if e.type == "swap_day_stacks":
        return "chosen" if e.day == NO_POS else "fixed"
    return ""


def _effect_text(card: Card, short: bool) -> str:
    e = card.effect
    assert e is not None
    base = f"days.rule.{'effect_short' if short else 'effect'}.{e.type}"
    variant = _effect_variant(e)
    key = f"{base}.{variant}" if variant else base
    v = version_key(card)
    day = day_name(e.day) if e.day != NO_POS else ""
    return i18n.t(key, animal=i18n.t(f"days.animal.{v}"), animals=i18n.t(f"days.animals.{v}"), day=day)


def rule_line(card: Card) -> str:
    """The short line printed on the card: where it goes (or what an event does)."""
    p = card.placement
    if p is None:
        return _effect_text(card, short=True)
    v = version_key(card)
    parts = [i18n.t(f"days.rule.short.{p.weeks}")]
    if p.days.bit_count() < DAYS:
        parts.append(day_span(p.days))
    if p.onto != "empty_day":
        parts.append(i18n.t(f"days.rule.short.{p.onto}", animal=i18n.t(f"days.animal.{v}")))
    for name, _ in p.conditions:
        if name == "day_has_no_cat_tree" and card.kind == "cat_tree":
            continue
        parts.append(i18n.t(f"days.rule.short.{name}", animal=i18n.t(f"days.animal.{v}"),
                            animals=i18n.t(f"days.animals.{v}")))
    if card.effect is not None:
        parts.append(_effect_text(card, short=True))
    return SEPARATOR.join(parts)


def rule_text(card: Card, edition: str) -> str:
    """The card's full rule text, for the hover panel."""
    p = card.placement
    v = version_key(card)
    animal, animals = i18n.t(f"days.animal.{v}"), i18n.t(f"days.animals.{v}")
    if p is None:
        return f"{_effect_text(card, short=False)} {i18n.t('days.rule.event')}"
    sentences = [i18n.t(f"days.rule.place.{p.onto}.{p.weeks}", animal=animal)]
    if p.days.bit_count() < DAYS:
        sentences[0] += i18n.t("days.rule.on_days", days=day_span(p.days, short=False))
    sentences[0] += "."
    if p.cat_tree_ok and p.onto == "empty_day":
        sentences[0] += i18n.t("days.rule.tree_ok")
    conditions = [name for name, _ in p.conditions
                  if not (name == "day_has_no_cat_tree" and card.kind == "cat_tree")]
    for name, arg in p.conditions:
        if name in conditions:
            listed = join_or(card_names(sorted(days_data().cards[i].id for i in arg), edition))
            sentences.append(i18n.t(f"days.rule.cond.{name}", animal=animal, animals=animals,
                                    list=listed))
    if conditions:
        sentences.append(i18n.t("days.rule.checked_once"))
    if card.effect is not None:
        sentences.append(_effect_text(card, short=False))
    if card.kind == "cat_tree":
        sentences.append(i18n.t("days.rule.tree"))
    elif card.points == 0:
        sentences.append(i18n.t("days.rule.points_zero", animal=animal))
    else:
        sentences.append(i18n.plural("days.rule.points", card.points))
    return " ".join(sentences)


# -- prompts ------------------------------------------------------------------------------------
def step_prompt(card: Card, chosen: int) -> tuple[str, dict[str, Any]]:
    """The string key and arguments of what the player chooses next after ``chosen`` choices."""
    v = version_key(card)
    args: dict[str, Any] = {"card": "", "animal": i18n.t(f"days.animal.{v}"),
                            "animals": i18n.t(f"days.animals.{v}"), "day": ""}
    step = chosen - (card.placement is not None)
    if step < 0 or card.effect is None:
        key = "days.step.place"
    else:
        e = card.effect
        key = f"days.step.{e.type}"
        if e.type == "move_animal":
            key += f".from.{e.from_weeks}" if step == 0 else f".to.{e.to_weeks}"
        elif e.type in ("remove", "swap_day_stacks"):
            args["day"] = day_name(e.day) if e.day != NO_POS else ""
            key += "" if e.type == "remove" else f".{_effect_variant(e)}"
        elif e.type == "swap_one_same_day":
            key += ".mine" if step == 0 else ".theirs"
    return key, args


def prompt_for(card: Card, chosen: int, edition: str) -> str:
    key, args = step_prompt(card, chosen)
    args["card"] = card_name(card, edition)
    return i18n.t(key, **args)


# -- reasons and log lines ------------------------------------------------------------------------
def _words_for(args: dict[str, Any], edition: str, seat_names: Sequence[str], you: int | None) -> dict[str, Any]:
    """Rules arguments (card ids, spot texts, id tuples) turned into words."""
    data = days_data()
    out = dict(args)
    for key in ("at", "spot", "to", "source"):
        if isinstance(args.get(key), str):
            out[key] = spot_words(args[key], seat_names, you)
    if isinstance(args.get("cards"), (tuple, list)):
        out["cards"] = i18n.joined(card_names(args["cards"], edition))
    card_id = args.get("card")
    if isinstance(card_id, str) and card_id in data.by_id:
        card = data.cards[data.by_id[card_id]]
        v = version_key(card)
        out.update(card=card_name(card, edition), animal=i18n.t(f"days.animal.{v}"),
                   animals=i18n.t(f"days.animals.{v}"))
        if card.effect is not None and card.effect.day != NO_POS and "day" not in args:
            out["day"] = day_name(card.effect.day)
        if card.placement is not None:
            p = card.placement
            days = day_span(p.days, short=False)
            out["where"] = i18n.t(f"days.where.{p.weeks}", days=days)
            listed = [data.cards[i].id for name, arg in p.conditions for i in sorted(arg)]
            out["list"] = join_or(card_names(listed, edition))
    return out


def reason_words(reason: Reason, edition: str, seat_names: Sequence[str], you: int | None) -> str:
    """The sentence for a rules ``Reason`` addressed to seat ``you``."""
    key = f"reason.days.{reason.code}"
    if not i18n.has(key):
        return i18n.reason_text(reason, "days")
    args = _words_for(i18n.seat_args("days", reason.kwargs), edition, seat_names, you)
    if reason.code == "no_target":  # say what the event needs, not only where it failed
        key = _needs_key(reason.kwargs.get("card")) or key
    return i18n.capitalised(i18n.t(key, **args))  # "{at} is already taken": "Your Sunday …"


def _needs_key(card_id: object) -> str | None:
    """``days.needs.<effect>[.<variant>]``: where an event card can be dropped."""
    data = days_data()
    if not isinstance(card_id, str) or card_id not in data.by_id:
        return None
    effect = data.cards[data.by_id[card_id]].effect
    if effect is None:
        return None
    variant = _effect_variant(effect)
    key = f"days.needs.{effect.type}" + (f".{variant}" if variant else "")
    return key if i18n.has(key) else None


def event_line(event: Event, edition: str, seat_names: Sequence[str]) -> str | None:
    """A log line for one event, or ``None`` for events a player need not read."""
    data = dict(event.data)
    kind = event.kind
    seat = seat_names[event.seat] if event.seat is not None and event.seat >= 0 else ""
    if kind == "discard" and data.get("at") == "hand":
        kind = "discard_hand"
    elif kind == "game_over":
        kind = f"game_over_{data.get('why')}"
    elif kind in ("swap", "exchange"):
        first, second = data.get("days") or data["spots"]
        data.update(first=first, second=second)
    elif kind == "relayout":
        laid = [parse_spot(s) for s in data.get("days", ())]
        data["days"] = i18n.joined(day_name(spot[2], short=True) for spot in laid if spot) or "—"
    words = _words_for(data, edition, seat_names, None)
    for key in ("first", "second"):
        if key in data:
            words[key] = spot_words(data[key], seat_names)
    own_day = _own_day(kind, data, event.seat)
    if own_day is not None:  # "P1 puts Mochi on their Monday", not "on P1's Monday"
        kind, words["day"] = f"{kind}_own", day_name(own_day)
    key = f"event.days.{kind}"
    return i18n.t(key, seat=seat, **{k: v for k, v in words.items() if k != "seat"}) if i18n.has(key) else None


def _own_day(kind: str, data: dict[str, Any], seat: int | None) -> int | None:
    """The day of the acting seat's own week that a ``place`` or ``discard`` names, if it does."""
    text = data.get(OWN_WEEK_SPOT.get(kind, ""))
    spot = parse_spot(text) if isinstance(text, str) else None
    return spot[2] if spot is not None and seat is not None and spot[1] == seat else None


# -- the log and the result ------------------------------------------------------------------------
def turn_lines(before: Sequence[Turn], turn: Turn, edition: str, seat_names: Sequence[str]) -> list[str]:
    """Each event of ``turn`` (played after the turns ``before``) in words; an animal's ``play``
    is said by where it is put.  A card mid-play leaves no line until its last choice commits it
    (then its whole play is told), and a cancelled one none at all: a hotseat rival must not
    read a plan that was taken back."""
    events = _committed_events(before, turn)
    placed = any(e.kind == "place" for e in events)
    lines = []
    for event in events:
        if event.kind == "play" and placed:
            continue
        line = event_line(event, edition, seat_names)
        if line:
            lines.append(line)
    return lines


def _committed_events(before: Sequence[Turn], turn: Turn) -> list[Event]:
    """The events a turn adds to the log: none while its card is still pending or when it
    takes the card back; for the choice that completes a card, the events of the whole play."""
    if any(e.kind in ("choose", "cancel") for e in turn.events):
        return []
    if not turn.move.startswith("choose"):
        return list(turn.events)
    earlier: list[Event] = []
    for past in reversed(before):  # back to the play that started this card
        earlier[:0] = [e for e in past.events if e.kind != "choose"]
        if past.move.startswith("play"):
            break
    return earlier + list(turn.events)


def score_table(outcome: Outcome, names: Sequence[str], seat_names: Sequence[str]) -> tuple[list[str], list[list[str]]]:
    """Each day's visible points, the tie-break count when it was used, the total (``names``:
    the seats as the rules name them, ``P1``...)."""
    detail = outcome.detail
    tie = bool(detail.get("tie_break"))
    heads = [i18n.t("over.player")] + [day_name(d, short=True) for d in range(DAYS)]
    heads += [i18n.t("days.cards_in_week")] if tie else []
    heads.append(i18n.t("over.total"))
    rows = []
    for seat, name in enumerate(names):
        week = detail["weeks"][name]
        cells = [seat_names[seat] + (" ✓" if week["filled"] else "")]
        for day in week["days"].values():
            cells.append(str(day["points"]) if day["cards"] else "–")
        cells += [str(week["animals"])] if tie else []
        rows.append(cells + [str(outcome.scores[seat])])
    return heads, rows


def tie_text(outcome: Outcome, names: Sequence[str], labels: Sequence[str]) -> str:
    """The tie-break, when it decided (``labels``: each seat as the table shows it); else how
    scoring works."""
    detail = outcome.detail
    if not detail.get("tie_break"):
        return i18n.t("days.no_tie")
    if outcome.winner is None:
        return i18n.t("days.tie_draw")
    animals = detail["weeks"][names[outcome.winner]]["animals"]
    return i18n.plural("days.tie_break", animals, seat=labels[outcome.winner])
