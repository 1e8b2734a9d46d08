"""Which legal move a SubmitMove names: by its id in the seat's list of legal moves, by its text,
or as a move message of the game's own type. Anything else is INVALID_ARGUMENT naming the field,
with the reason ILLEGAL_MOVE; nothing here changes a game."""

from __future__ import annotations

from typing import Any

from boardbot.engine.core import EngineError
from boardbot.v1 import game_service_pb2

from . import convert, errors


def requested_move(request: game_service_pb2.SubmitMoveRequest, state: Any, game_name: str) -> Any:
    """The engine move ``request`` names among ``state``'s legal moves (``game_name``'s game)."""
    game = state.game
    moves = state.legal_moves()
    choice = request.WhichOneof("choice")
    if choice == "move_id":
        if not 0 <= request.move_id < len(moves):
            raise errors.invalid("move_id", f"move_id {request.move_id} is not one of 0-{len(moves) - 1}",
                                 "ILLEGAL_MOVE")
        move = moves[request.move_id]
    elif choice == "move_text":
        matches = [m for m in moves if state.move_text(m) == request.move_text]
        if not matches:
            raise errors.invalid("move_text", f"no legal move reads {request.move_text!r}", "ILLEGAL_MOVE")
        move = matches[0]
    elif choice == "move":
        which = convert.game_of(request.move)
        if which != convert.oneof_field(game_name):
            raise errors.invalid("move", f"the move must set the {convert.oneof_field(game_name)!r} field",
                                 "ILLEGAL_MOVE")
        try:
            move = game.move_from_dict(convert.to_dict(request.move, game_name))
        except (EngineError, convert.ProtoMismatch) as err:
            raise errors.invalid(f"move.{which}", str(err), "ILLEGAL_MOVE") from None
        if move not in moves:
            raise errors.invalid(f"move.{which}", f"illegal move {move!r}: not among the "
                                 f"{len(moves)} legal moves", "ILLEGAL_MOVE")
    else:
        raise errors.invalid("choice", "give move_id, move or move_text", "ILLEGAL_MOVE")
    return move
