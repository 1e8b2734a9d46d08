"""What the store keeps of a hosted game besides its engine state and its events.

``GameRecord``: what is fixed when the game is created (its id, game type,
config, seed, owner, initial state, creation time, creator) and its seats
(``SeatRecord``: human or bot, the bot's spec, the hash of the seat's token,
whether it resigned), which change only when a seat resigns (a new record).
What changes with every version (the version, when it was updated and
finished, whether a bot is to move, the store's sequence number) is the
``boardbot.server.store.Live`` game's own, beside the record and the state.
``deal_salt``: the salt of the deal's commitment (``boardbot.server.game_records``),
shown as a hash of salt and seed from the start and revealed with the seed at the end.

Both are frozen: a store shares them between versions and between calls.
Their stored form is the JSON-safe dict every store has kept from the start
(``to_dict``, ``from_dict``: the same keys, so games stored before these
classes existed load unchanged; tests/test_stored_games.py), plus the
``rules_version`` the game is played under. A record stored before rules
versions existed has none: it reads as ``FIRST_RULES_VERSION``, the version
every game type started at, whose rules those games were played by
(docs/storage.md, "Rules versions").
"""

from __future__ import annotations

import dataclasses
from typing import Any

HUMAN, BOT = "human", "bot"
# a seat's state (SeatRecord.state; boardbot.server.seats): "" a player (or the server's bot) holds it
TAKEN, OPEN, RESERVED, LEFT, REPLACED = "", "open", "reserved", "left", "replaced"
FIRST_RULES_VERSION = 1  # of every game type when rules versions began, and of every game stored before


@dataclasses.dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat: ``kind`` HUMAN or BOT; ``bot``: a bot seat's spec ("" for a human);
    ``token``: the SHA-256 (hex) of a human seat's token ("" for a bot); ``resigned``:
    the seat is out (the master plays it with the random bot); ``state``: whether a player
    holds a human seat (TAKEN, OPEN, RESERVED until ``until``, a ``time.time()``, or LEFT:
    ``boardbot.server.seats``); ``name``: the name its player gave JoinGame. The stored
    form has the last three only when they are not their defaults (games stored before
    seats could be open load unchanged)."""

    kind: str
    bot: str = ""
    token: str = ""
    resigned: bool = False
    state: str = TAKEN
    name: str = ""
    until: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": self.kind, "bot": self.bot, "resigned": self.resigned, "token": self.token}
        if self.state != TAKEN:
            out["state"] = self.state
        if self.name:
            out["name"] = self.name
        if self.until:
            out["until"] = self.until
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SeatRecord":
        return cls(data["kind"], data["bot"], data["token"], data["resigned"], data.get("state", TAKEN),
                   data.get("name", ""), data.get("until", 0.0))


@dataclasses.dataclass(frozen=True, slots=True)
class GameRecord:
    """A hosted game as created: ``id``; ``game``: its type's name; ``config``: the
    validated config (never changed by anyone); ``seed``: the engine's; ``seats``;
    ``owner``: the SHA-256 (hex) of the owner token; ``initial``: the engine state at
    version 0 (``State.to_dict``), or None for a game dealt from its config and ``seed`` under
    its ``rules_version`` (every game the server creates: ``store.initial_state`` deals it
    again, and no store keeps it); ``created``: ``time.time()``; ``reproducible``:
    created with a caller's seed as it is; ``creator``: the client whose quota of
    stored games it takes (None: an in-process caller, or a game from before quotas);
    ``rules_version``: the game type's rules version it was created under, and so is
    played under to its end (``boardbot.server.snapshots.check_rules``); ``deal_salt``: 32 hex
    digits salting the deal's commitment (``boardbot.server.game_records.deal_commitment``;
    "" for a game stored before commitments existed); ``rated``: a rated game's entrant per seat
    (``boardbot.server.ratings.entrants``), () for a game that is not rated; ``lobby``: what
    becomes of a seat whose player leaves or runs out of time (``boardbot.server.seats``,
    None: the defaults); ``clock``: the seats' clocks as of the current version
    (``boardbot.server.clocks``; None: no clocks), which is why a clocked game's record
    changes with every version."""

    id: str
    game: str
    config: dict
    seed: int
    seats: tuple[SeatRecord, ...]
    owner: str
    initial: dict | None
    created: float
    reproducible: bool = False
    creator: str | None = None
    rules_version: int = FIRST_RULES_VERSION
    deal_salt: str = ""
    rated: tuple[str, ...] = ()
    lobby: dict | None = None
    clock: dict | None = None

    def with_resigned(self, resigned: list[bool]) -> "GameRecord":
        """The record with each seat's resignation as ``resigned`` says."""
        seats = tuple(s if s.resigned == r else dataclasses.replace(s, resigned=r)
                      for s, r in zip(self.seats, resigned))
        return dataclasses.replace(self, seats=seats)

    def to_dict(self) -> dict[str, Any]:
        """The stored form: new dicts and lists (the config and the initial state are shared)."""
        out = {"id": self.id, "game": self.game, "config": self.config, "seed": self.seed,
               "seats": [s.to_dict() for s in self.seats], "owner": self.owner, "initial": self.initial,
               "created": self.created, "reproducible": self.reproducible, "rules_version": self.rules_version}
        if self.creator is not None:
            out["creator"] = self.creator
        if self.lobby is not None:
            out["lobby"] = self.lobby
        if self.clock is not None:
            out["clock"] = self.clock
        if self.deal_salt:
            out["deal_salt"] = self.deal_salt
        if self.rated:
            out["rated"] = list(self.rated)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "GameRecord":
        """From the stored form; keys it does not know (a version's own fields, the state) are
        left to the caller. ``reproducible``, ``creator``, ``rules_version`` and ``deal_salt`` came
        later: a game without them is not reproducible, counts for nobody, was played under its
        game type's first rules and has no commitment of its deal (its seed is still revealed
        when it is over)."""
        return cls(data["id"], data["game"], data["config"], data["seed"],
                   tuple(SeatRecord.from_dict(s) for s in data["seats"]), data["owner"], data["initial"],
                   data["created"], data.get("reproducible", False), data.get("creator"),
                   data.get("rules_version", FIRST_RULES_VERSION), data.get("deal_salt", ""),
                   tuple(data.get("rated", ())), data.get("lobby"), data.get("clock"))
