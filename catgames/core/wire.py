"""The wire form read back: the events, turns and outcomes ``core.redaction`` wrote as JSON.

JSON has no tuples: every sequence in an event's data or in an outcome's reason was a tuple
(the rules write them so, and a table may use one as a key) and becomes one again; an outcome's
detail was plain data already and stays as it came.
"""

from __future__ import annotations

from typing import Any

from catgames.core.rules import Event, Outcome, Reason
from catgames.core.session import Turn


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    if isinstance(value, dict):
        return {k: _tupled(v) for k, v in value.items()}
    return value


def event_from_json(data: dict[str, Any]) -> Event:
    """The event ``redaction.event_json`` wrote (who was shown it is not sent: none)."""
    return Event(data["kind"], data["seat"], tuple((k, _tupled(v)) for k, v in data["data"].items()))


def turn_from_json(data: dict[str, Any]) -> Turn:
    return Turn(data["seat"], data["move"], tuple(event_from_json(e) for e in data["events"]))


def outcome_from_json(data: dict[str, Any] | None) -> Outcome | None:
    if data is None:
        return None
    why = data["why"]
    return Outcome(tuple(data["scores"]), data["winner"],
                   Reason.of(why["code"], **{k: _tupled(v) for k, v in why["args"].items()}),
                   dict(data["detail"]))
