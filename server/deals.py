"""The deal's commitment: a hash of a game's seed that every seat sees from its creation,
and the seed and salt revealed when it is over (``Game.deal``; docs/api-contract.md,
"Game records")."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from boardbot.v1 import common_pb2

from .records import GameRecord

SALT_BYTES = 16


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def deal_commitment(salt: str, seed: int) -> str:
    """The hash every seat sees of the deal: SHA-256 of the salt's bytes and the seed as an
    unsigned 64-bit big-endian integer, in lowercase hex (documented in the proto)."""
    return hashlib.sha256(bytes.fromhex(salt) + seed.to_bytes(8, "big")).hexdigest()


def fill_deal(out: common_pb2.DealCommitment, record: GameRecord, finished: bool) -> None:
    """``Game.deal`` (a summary's own field, set in place: no message made and copied in): the
    commitment, and once the game is ``finished`` the seed and salt."""
    if record.deal_salt:
        out.seed_sha256 = deal_commitment(record.deal_salt, record.seed)
    if finished:
        out.seed = record.seed
        out.salt = record.deal_salt


def check_deal(deal: common_pb2.DealCommitment) -> bool | None:
    """Whether the revealed seed and salt give the commitment (None: no commitment to check)."""
    if not deal.seed_sha256:
        return None
    try:
        salt = bytes.fromhex(deal.salt)
    except ValueError:
        return False
    if len(salt) != SALT_BYTES:
        return False
    return hmac.compare_digest(deal_commitment(deal.salt, deal.seed), deal.seed_sha256.lower())
