"""Each seat's own view of events and of the log, from the game's declaration (``core.secrets``).

Written once for every game: a game only declares which event keys and which move texts are
veiled from whom, and everything a seat is sent (``SeatUpdate``) passes through here.  A veiled
value becomes ``VEILED``; a veiled move text keeps only its first word (the move's kind), so the
log still says that a choice was made, not which.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from catgames.core.rules import Event, Outcome, Seat
from catgames.core.secrets import MOVER, VEILED, Secrets, Veil
from catgames.core.session import Turn


def _sees(veil: Veil, mover: Seat | None, event: Event | None, seat: Seat) -> bool:
    """Whether ``seat`` sees what ``veil`` hides (of ``event``, or of a move by ``mover``)."""
    if veil.seen_by == MOVER:
        return seat == mover
    value = None if event is None else event.get(veil.seen_by)
    if isinstance(value, int):
        return seat == value
    return isinstance(value, Iterable) and seat in value


def redact_event(event: Event, seat: Seat, secrets: Secrets) -> Event:
    """``event`` as ``seat`` may see it (itself when nothing in it is veiled from ``seat``)."""
    veil = secrets.events.get(event.kind)
    if veil is None or _sees(veil, event.seat, event, seat):
        return event
    data = tuple((k, VEILED if k in veil.hides else v) for k, v in event.data)
    return Event(event.kind, event.seat, data, event.shown_to)  # (``replace`` took several times as long)


def redact_move_text(text: str, mover: Seat, seat: Seat, secrets: Secrets) -> str:
    """A logged move's text as ``seat`` may read it: a veiled one keeps only its kind's word."""
    kind = text.split(" ", 1)[0]
    veil = secrets.moves.get(kind)
    if veil is None or _sees(veil, mover, None, seat):
        return text
    return f"{kind} {VEILED}" if kind != text else kind


def veiled_kind(text: str) -> str | None:
    """The kind of a logged move whose choice was veiled (``rps ?``: ``rps``), ``None`` for a
    move told whole: a table's log says that such a choice was made, never which."""
    kind, _, rest = text.partition(" ")
    return kind if rest == VEILED else None


def redact_events(events: Iterable[Event], seat: Seat, secrets: Secrets) -> tuple[Event, ...]:
    return tuple(redact_event(e, seat, secrets) for e in events)


def redact_turn(turn: Turn, seat: Seat, secrets: Secrets) -> Turn:
    """One turn of the log as ``seat`` may read it (the same object when nothing is veiled)."""
    text = redact_move_text(turn.move, turn.seat, seat, secrets)
    if not secrets.events:  # no event veiled: only the text may be (a server's log, every move)
        return turn if text == turn.move else Turn(turn.seat, text, turn.events)
    events = redact_events(turn.events, seat, secrets)
    if text == turn.move and all(a is b for a, b in zip(events, turn.events)):
        return turn
    return Turn(turn.seat, text, events)


# -- the wire form: what a remote seat is sent ------------------------------------------------
def plain(value: Any) -> Any:
    """``value`` as JSON data: tuples and sets become lists, anything else unknown its text."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (frozenset, set)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return str(value)


def event_json(event: Event) -> dict[str, Any]:
    """An (already redacted) event as JSON; whom it showed something (``shown_to``) is the
    rules' mark for undo, not part of what it says, and is left out."""
    return {"kind": event.kind, "seat": event.seat, "data": {k: plain(v) for k, v in event.data}}


def turn_json(turn: Turn, written: Callable[[Event], dict[str, Any]] = event_json) -> dict[str, Any]:
    """``written``: an event's JSON (one written already, where the caller keeps them)."""
    return {"seat": turn.seat, "move": turn.move, "events": [written(e) for e in turn.events]}


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"scores": list(outcome.scores), "winner": outcome.winner,
            "why": {"code": outcome.why.code, "args": plain(outcome.why.kwargs)},
            "detail": plain(outcome.detail)}
