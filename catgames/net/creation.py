"""A new table from a ``create`` message: its set-up checked, its secrets drawn.

The seed that deals the cards is drawn here and never leaves the server (a player who knew it
could replay the deal).  Only a server started for tests (``--test-seeds``) takes the seed a
client asks for, so that a test can replay a game.  Each remote human seat but the creator's
gets an invite code: short, typed by a person, good for one claim.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from typing import Any

from catgames.core.catalogue import UnknownGame, available_ids, load_game
from catgames.net.attendance import CLOCKS
from catgames.net.protocol import AI, HUMAN, ProtocolError
from catgames.net.store import SeatRecord, TableRecord, token_hash

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"  #: no 0/O, 1/I/L, U: read aloud without doubt
CODE_LENGTH = 8  #: about 39 bits: guessing one costs more tries than the rate limit allows


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    """A seat token: 128 random bits, lower-case hex."""
    return secrets.token_hex(16)


@dataclass(frozen=True)
class Created:
    record: TableRecord
    seat: int  #: the creator's seat
    token: str  #: the creator's seat token

    @property
    def codes(self) -> list[str]:
        return [s.code for s in self.record.seats if s.code is not None and s.token_hash is None]


def create_table(message: dict[str, Any], test_seeds: bool, grace_s: float = 60.0) -> Created:
    """The table ``message`` asks for, or ``ProtocolError`` saying what is wrong with it."""
    game_id = message["game"]
    if game_id not in available_ids():
        raise ProtocolError("bad_setup", f"no game {game_id!r}; games: {', '.join(available_ids())}")
    try:
        game = load_game(game_id)
        game.check_players(message["players"])
        options = game.resolve_options(message.get("options"))
    except (UnknownGame, ValueError) as exc:
        raise ProtocolError("bad_setup", str(exc)) from None
    specs = message["seats"]
    if len(specs) != message["players"]:
        raise ProtocolError("bad_setup", f"{message['players']} players need {message['players']} seats")
    humans = [i for i, s in enumerate(specs) if s["kind"] == HUMAN]
    if not humans:
        raise ProtocolError("bad_setup", "a table needs a human seat for its creator")
    token = message.get("token") or new_token()
    seats = [SeatRecord(AI, s["level"]) if s["kind"] == AI
             else SeatRecord(HUMAN, token_hash=token_hash(token)) if i == humans[0]
             else SeatRecord(HUMAN, code=new_code()) for i, s in enumerate(specs)]
    asked = message.get("seed") if test_seeds else None
    seed = secrets.randbits(31) if asked is None else asked
    ai_seed = secrets.randbits(31) if asked is None else asked + 1
    record = TableRecord(secrets.token_urlsafe(9), game_id, message["players"],
                         {k: v for k, v in options.items()}, seed, ai_seed, seats,
                         grace_s=float(message.get("grace", grace_s)), clock_s=CLOCKS[message.get("clock", "off")],
                         watch_code=new_code())
    return Created(record, humans[0], token)


def rematch_table(record: TableRecord, test_seeds: bool) -> TableRecord:
    """The same table dealt again with every seat moved on by one (who began now plays second,
    and so on): each player keeps their token, an invite still open stays open (a new code).
    A test server deals from the old seed plus one, so that a test can replay it."""
    seats = record.seats[-1:] + record.seats[:-1]
    seats = [replace(s, code=new_code()) if s.code is not None and s.token_hash is None else replace(s, code=None)
             for s in seats]
    seed = record.seed + 1 if test_seeds else secrets.randbits(31)
    return TableRecord(secrets.token_urlsafe(9), record.game, record.players, dict(record.options), seed,
                       seed + 1 if test_seeds else secrets.randbits(31), seats,
                       grace_s=record.grace_s, clock_s=record.clock_s, watch_code=new_code())
