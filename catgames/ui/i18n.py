"""Player-facing text: ``t("key", **args)`` looks up ``data/strings/<lang>.yaml``.

Keys are dotted paths into the YAML (``title.play``).  Conventions: ``reason.<code>`` for a rules
``Reason`` (its arguments fill ``{placeholders}``), ``event.<kind>`` for a log line about an
``Event``, ``outcome.<game>.<code>`` for why a game ended (``Outcome.why``), ``seat_kind.<kind>``
for seat choosers, ``option.<game>.<key>`` and ``option.<game>.<key>.<value>`` for game options,
``game.<id>.title`` for titles, ``language.<code>`` for a language's own name,
``seat.<game>.<name>`` / ``seat.<name>`` for a seat the rules name ``<name>``; component names
sit under their game keyed by the data's ids (``days.card.<id>.name``, ``kotatsu.colour.<id>``,
``cathood.building.<id>``).  A missing key falls back to English, then to the key itself, so a
gap shows up but never crashes.

A count's words are a *plural group*: a mapping of CLDR plural categories
(``toys: {one: "{n} toy", other: "{n} toys"}``) read with ``plural(key, n)``, which picks the
category by the language's rule (``PLURAL_RULES``) and falls back to ``other``.  Each language
writes the categories it needs (``PLURAL_CATEGORIES``): Russian three, Chinese one.

Numbers, lists and percentages follow the language too (``number``, ``listed``, ``joined``,
``percent``): the separators are CLDR data kept here beside the plural rules, not strings a
translator writes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence, Union

from catgames.core.data import DataError, data_path, load_yaml
from catgames.core.rules import Outcome, Reason
from catgames.core.storage import DEFAULT_LANGUAGE, LANGUAGES

log = logging.getLogger(__name__)

Entry = Union[str, dict[str, str]]  #: a sentence, or a plural group: category -> sentence
CATEGORIES = ("zero", "one", "two", "few", "many", "other")  #: every CLDR plural category


def _east_slavic(n: int) -> str:
    """Russian and Ukrainian: 1, 21, 31 … one; 2–4, 22–24 … few; 0, 5–20, 25 … many."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


PLURAL_RULES: dict[str, Callable[[int], str]] = {
    "en": lambda n: "one" if n == 1 else "other",
    "zh-TW": lambda n: "other",
    "fr": lambda n: "one" if n in (0, 1) else "other",
    "ru": _east_slavic,
    "uk": _east_slavic,
}
#: the categories a language's plural groups must have: exactly what its rule can pick
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"), "zh-TW": ("other",), "fr": ("one", "other"),
    "ru": ("one", "few", "many"), "uk": ("one", "few", "many"),
}


@dataclass(frozen=True)
class NumberStyle:
    """How a language writes numbers (CLDR): ``1,234.5`` / ``1 234,5``, ``50%`` / ``50 %``."""

    decimal: str
    group: str
    percent: str  #: with ``{n}``


NBSP = "\u00a0"  #: keeps "1 234" and "50 %" on one line
NUMBER_STYLES: dict[str, NumberStyle] = {
    "en": NumberStyle(".", ",", "{n}%"),
    "zh-TW": NumberStyle(".", ",", "{n}%"),
    "fr": NumberStyle(",", NBSP, "{n}" + NBSP + "%"),
    "ru": NumberStyle(",", NBSP, "{n}" + NBSP + "%"),
    "uk": NumberStyle(",", NBSP, "{n}%"),
}

#: per game, the open tables and their players' names for the rules' seat names, topmost last
_named_seats: dict[str, list[tuple[object, dict[str, str]]]] = {}
SEAT_ARGS = ("seat", "owner", "cat")  #: ``Reason`` arguments that hold a seat's rules name
_tables: dict[str, dict[str, Entry]] = {}
_language = DEFAULT_LANGUAGE
_warned: set[str] = set()  #: keys already reported missing (draw runs 60 times a second)


def is_plural_group(value: Any) -> bool:
    """A mapping whose keys are all plural categories and whose values are sentences."""
    return (isinstance(value, dict) and bool(value) and set(map(str, value)) <= set(CATEGORIES)
            and not any(isinstance(v, (dict, list)) for v in value.values()))


def _flatten(value: Any, prefix: str, out: dict[str, Entry]) -> dict[str, Entry]:
    if is_plural_group(value):
        out[prefix] = {str(k): str(v) for k, v in value.items() if v is not None}
    elif isinstance(value, dict):
        for k, v in value.items():
            _flatten(v, f"{prefix}.{k}" if prefix else str(k), out)
    elif value is not None:
        out[prefix] = str(value)
    return out


def language_files(language: str) -> list[Path]:
    """``data/strings/<lang>.yaml`` and each game's ``data/strings/<lang>/<game>.yaml`` that
    exist."""
    folder = data_path(f"strings/{language}")
    paths = [data_path(f"strings/{language}.yaml")]
    paths += sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    return [path for path in paths if path.exists()]


def read_strings(language: str) -> dict[str, Entry]:
    """Every string ``language``'s own files hold (no English fallback), by dotted key; a plural
    group is one entry under its base key.  Read afresh (``strings`` keeps what is in use)."""
    table: dict[str, Entry] = {}
    for path in language_files(language):
        try:
            _flatten(load_yaml(path).value, "", table)
        except DataError as exc:
            log.error("%s", exc)
    return table


def strings(language: str) -> dict[str, Entry]:
    """``read_strings(language)``, read once, with any ``add_strings`` merged in."""
    if language not in _tables:
        _tables[language] = read_strings(language)
    return _tables[language]


def set_language(language: str) -> None:
    global _language
    _language = language


def current_language() -> str:
    """The language strings are read in now."""
    return _language


def available_languages() -> list[str]:
    """The languages whose strings are installed, in the order of ``LANGUAGES`` (English
    first)."""
    return [code for code in LANGUAGES if language_files(code)]


def has(key: str) -> bool:
    """``key`` is a sentence or a plural group, in this language or English."""
    return key in strings(_language) or key in strings(DEFAULT_LANGUAGE)


def _missing(key: str) -> str:
    if key not in _warned:
        _warned.add(key)
        log.warning("missing string %r", key)
    return key


def _fill(key: str, text: str, args: dict[str, Any]) -> str:
    try:
        return text.format(**args)
    except (KeyError, IndexError, ValueError):
        log.warning("string %r does not fit its arguments %s", key, sorted(args))
        return text


def t(key: str, **args: Any) -> str:
    """The sentence for ``key`` with ``{name}`` placeholders filled from ``args``."""
    for lang in (_language, DEFAULT_LANGUAGE):
        text = strings(lang).get(key)
        if isinstance(text, str) and text:
            return _fill(key, text, args)
    return _missing(key)


def plural(key: str, n: int, **args: Any) -> str:
    """``1 coin`` / ``3 coins``: the sentence of plural group ``key`` for ``n`` (its category
    by the language's rule, else ``other``), with ``{n}`` and ``args`` filled in."""
    for lang in (_language, DEFAULT_LANGUAGE):
        group = strings(lang).get(key)
        if isinstance(group, dict):
            text = group.get(PLURAL_RULES[lang](n)) or group.get("other")
            if text:
                return _fill(key, text, {"n": number(n), **args})
    return _missing(key)


def t_or(key: str, fallback: str, **args: Any) -> str:
    """``t(key)`` when the key exists, else ``fallback`` (for optional, data-driven keys)."""
    return t(key, **args) if has(key) else fallback


def game_title(game_id: str) -> str:
    """The game's name as players read it (``game.<id>.title``)."""
    return t(f"game.{game_id}.title")


def t_in(language: str, key: str) -> str:
    """``key`` as ``language`` says it, whatever language is in use (each language's own name
    in the Settings list).  A language not in use is asked only its main file, once: reading
    all its files would stall the first opening of Settings for most of a second."""
    table = _tables.get(language) or _main_file(language)
    text = table.get(key)
    return text if isinstance(text, str) and text else t(key)


@cache
def _main_file(language: str) -> dict[str, Entry]:
    try:
        return _flatten(load_yaml(data_path(f"strings/{language}.yaml")).value, "", {})
    except DataError as exc:
        log.error("%s", exc)
        return {}


def capitalised(text: str) -> str:
    """``text`` opening with a capital, as a heading or a sentence does, though the string it
    comes from may open with a lowercase word or a placeholder ("{colour} cat", "{at} is already
    taken" with "your Sunday"); scripts without case (Chinese) are left as they are."""
    return text[:1].upper() + text[1:]


def reason_text(reason: Reason, game_id: str | None = None) -> str:
    """A sentence for a rules ``Reason``: ``reason.<game>.<code>``, else ``reason.<code>``,
    else the code made readable; opening with a capital (``capitalised``)."""
    args = dict(reason.kwargs) if game_id is None else seat_args(game_id, reason.kwargs)
    if game_id is not None and has(f"reason.{game_id}.{reason.code}"):
        return capitalised(t(f"reason.{game_id}.{reason.code}", **args))
    fallback = reason.code.replace("_", " ").capitalize()
    return capitalised(t_or(f"reason.{reason.code}", fallback, **args))


def seat_name(game_id: str, name: str) -> str:
    """A seat as the rules name it (``P1``, ``Cat``) in words: the name its player chose while
    its table is open (``name_seats``), else ``seat.<game>.<name>``, else ``seat.<name>``, else
    the name itself.  The rules' names stay the keys of saves, positions and
    ``Outcome.detail``; only what a player reads goes through here."""
    tables = _named_seats.get(game_id)
    chosen = tables[-1][1].get(name) if tables else None
    return chosen or seat_word(game_id, name)


def seat_word(game_id: str, name: str) -> str:
    """A seat's default word (``seat.<game>.<name>``, else ``seat.<name>``, else the name)."""
    return t_or(f"seat.{game_id}.{name}", t_or(f"seat.{name}", name))


def name_seats(game_id: str, table: object, names: Mapping[str, str] | None) -> None:
    """While ``table`` is open, the rules' seat names in its sentences (a ``Reason``'s seat)
    read as the names its players chose; ``None`` when it closes.  A table opened over another
    covers it, and each takes back only its own names."""
    tables = [entry for entry in _named_seats.pop(game_id, []) if entry[0] is not table]
    if names is not None:
        tables.append((table, dict(names)))
    if tables:
        _named_seats[game_id] = tables


def seat_args(game_id: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """``args`` of a ``Reason`` with its ``SEAT_ARGS`` (seats as the rules name them) in words."""
    return {k: seat_name(game_id, v) if k in SEAT_ARGS and isinstance(v, str) else v
            for k, v in args.items()}


def number(value: float, decimals: int = 0) -> str:
    """``value`` with ``decimals`` decimals as the language writes it: ``1,234.5`` in English,
    ``1 234,5`` in French."""
    style = NUMBER_STYLES.get(_language, NUMBER_STYLES[DEFAULT_LANGUAGE])
    text = f"{value:,.{decimals}f}"
    return text.translate(str.maketrans(",.", style.group + style.decimal))


def percent(fraction: float) -> str:
    """``0.75`` as ``75%`` (``75 %`` in French and Russian)."""
    style = NUMBER_STYLES.get(_language, NUMBER_STYLES[DEFAULT_LANGUAGE])
    return style.percent.format(n=number(round(fraction * 100)))


def joined(items: Iterable[str]) -> str:
    """``A, B, C`` with the language's comma (``list.comma``: ``、`` in Chinese)."""
    return t("list.comma").join(items)


def listed(items: Iterable[str]) -> str:
    """``P1``, ``P1 and P2``, ``P1, P2 and P3`` (the joins are ``list.comma`` and ``list.and``)."""
    names = list(items)
    if len(names) < 2:
        return "".join(names)
    return joined(names[:-1]) + t("list.and") + names[-1]


def _is_plural(key: str) -> bool:
    return any(isinstance(strings(lang).get(key), dict) for lang in (_language, DEFAULT_LANGUAGE))


def _outcome_arg(name: str, value: Any, seat_names: Sequence[str]) -> str:
    """One data argument of ``Outcome.why`` in words: ``seat``/``seats`` are seat indices,
    ``scores`` numbers (said winner first), a number with an ``outcome.<name>`` plural group is
    counted."""
    if name == "seat":
        return seat_names[value]
    if name == "seats":
        return listed(seat_names[s] for s in value)
    if name == "scores":
        return t("outcome.score_join").join(number(v) for v in value)
    if isinstance(value, int) and _is_plural(f"outcome.{name}"):
        return plural(f"outcome.{name}", value)
    numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
    return number(value) if numeric else str(value)


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
    strings(language).update(_flatten(table, "", {}))
