"""Player-facing text: ``t("key", **args)`` looks up ``data/strings/<lang>.yaml``.

Keys are dotted paths into the YAML (``title.play``).  Conventions: ``reason.<code>`` for a rules
``Reason`` (its arguments fill ``{placeholders}``), ``event.<kind>`` for a log line about an
``Event``, ``outcome.<game>.<code>`` for why a game ended (``Outcome.why``), ``seat_kind.<kind>``
for seat choosers, ``option.<game>.<key>`` and ``option.<game>.<key>.<value>`` for game options,
``game.<id>.title`` for titles.  A missing key falls back to English, then to the key itself,
so a gap shows up but never crashes.
"""

from __future__ import annotations

import logging
from typing import Any, Iterable, Sequence

from catgames.core.data import DataError, data_path, load_yaml
from catgames.core.rules import Outcome, Reason

log = logging.getLogger(__name__)

DEFAULT_LANGUAGE = "en"
_tables: dict[str, dict[str, str]] = {}
_language = DEFAULT_LANGUAGE
_warned: set[str] = set()  #: keys already reported missing (draw runs 60 times a second)


def _flatten(value: Any, prefix: str, out: dict[str, str]) -> dict[str, str]:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    elif value is not None:
        out[prefix] = str(value)
    return out


def _table(language: str) -> dict[str, str]:
    """``data/strings/<lang>.yaml`` merged with each game's ``data/strings/<lang>/<game>.yaml``."""
    if language not in _tables:
        table: dict[str, str] = {}
        folder = data_path(f"strings/{language}")
        paths = [data_path(f"strings/{language}.yaml")]
        paths += sorted(folder.glob("*.yaml")) if folder.is_dir() else []
        for path in paths:
            if not path.exists():
                continue
            try:
                _flatten(load_yaml(path).value, "", table)
            except DataError as exc:
                log.error("%s", exc)
        _tables[language] = table
    return _tables[language]


def set_language(language: str) -> None:
    global _language
    _language = language


def available_languages() -> list[str]:
    return sorted(p.stem for p in data_path("strings").glob("*.yaml"))


def has(key: str) -> bool:
    return key in _table(_language) or key in _table(DEFAULT_LANGUAGE)


def t(key: str, **args: Any) -> str:
    """The sentence for ``key`` with ``{name}`` placeholders filled from ``args``."""
    text = _table(_language).get(key) or _table(DEFAULT_LANGUAGE).get(key)
    if text is None:
        if key not in _warned:
            _warned.add(key)
            log.warning("missing string %r", key)
        return key
    try:
        return text.format(**args)
    except (KeyError, IndexError, ValueError):
        log.warning("string %r does not fit its arguments %s", key, sorted(args))
        return text


def plural(key: str, n: int, **args: Any) -> str:
    """``1 coin`` / ``3 coins``: the ``<key>.one`` or ``<key>.many`` sentence, with ``{n}``."""
    return t(f"{key}.{'one' if n == 1 else 'many'}", n=n, **args)


def t_or(key: str, fallback: str, **args: Any) -> str:
    """``t(key)`` when the key exists, else ``fallback`` (for optional, data-driven keys)."""
    return t(key, **args) if has(key) else fallback


def game_title(game_id: str) -> str:
    """The game's name as players read it (``game.<id>.title``)."""
    return t(f"game.{game_id}.title")


def reason_text(reason: Reason, game_id: str | None = None) -> str:
    """A sentence for a rules ``Reason``: ``reason.<game>.<code>``, else ``reason.<code>``,
    else the code made readable."""
    if game_id is not None and has(f"reason.{game_id}.{reason.code}"):
        return t(f"reason.{game_id}.{reason.code}", **reason.kwargs)
    fallback = reason.code.replace("_", " ").capitalize()
    return t_or(f"reason.{reason.code}", fallback, **reason.kwargs)


def listed(items: Iterable[str]) -> str:
    """``P1``, ``P1 and P2``, ``P1, P2 and P3`` (the joins are ``list.comma`` and ``list.and``)."""
    names = list(items)
    if len(names) < 2:
        return "".join(names)
    return t("list.comma").join(names[:-1]) + t("list.and") + names[-1]


def _outcome_arg(name: str, value: Any, seat_names: Sequence[str]) -> str:
    """One data argument of ``Outcome.why`` in words: ``seat``/``seats`` are seat indices,
    ``scores`` numbers (said winner first), a number with an ``outcome.<name>`` plural is
    counted."""
    if name == "seat":
        return seat_names[value]
    if name == "seats":
        return listed(seat_names[s] for s in value)
    if name == "scores":
        return t("outcome.score_join").join(str(v) for v in value)
    if isinstance(value, int) and has(f"outcome.{name}.one"):
        return plural(f"outcome.{name}", value)
    return str(value)


def outcome_text(outcome: Outcome, game_id: str, seat_names: Sequence[str]) -> str:
    """Why a game ended, in words: ``outcome.<game>.<code>`` filled from ``Outcome.why``'s
    arguments.  A text argument is a code whose sentence is ``<game>.<name>.<code>`` (``end``:
    ``kotatsu.end.lucky``), itself filled from the other arguments."""
    why = outcome.why
    args = {k: _outcome_arg(k, v, seat_names) for k, v in why.args if not isinstance(v, str)}
    args.update({k: t_or(f"{game_id}.{k}.{v}", v, **args)
                 for k, v in why.args if isinstance(v, str)})
    return t_or(f"outcome.{game_id}.{why.code}", why.code.replace("_", " ").capitalize(), **args)


def add_strings(language: str, table: dict[str, Any]) -> None:
    """Merge extra strings (tests, plug-ins) into ``language``'s table."""
    _table(language).update(_flatten(table, "", {}))
