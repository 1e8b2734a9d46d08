"""Service errors as gRPC status codes with google.rpc.Status details.

Every error carries an ErrorInfo (a stable ``reason``, domain
``boardbot.v1``); INVALID_ARGUMENT adds BadRequest field violations and
FAILED_PRECONDITION a PreconditionFailure. Raise ServiceError anywhere in a
handler; the RPC wrapper turns it into the call's status.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

DOMAIN = "boardbot.v1"


class ServiceError(Exception):
    def __init__(self, code: grpc.StatusCode, message: str, reason: str, *,
                 field: str | None = None, precondition: str | None = None, subject: str = "",
                 metadata: dict[str, str] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.reason = reason
        self.field = field
        self.precondition = precondition
        self.subject = subject
        self.metadata = metadata or {}

    def to_status(self) -> grpc.Status:
        details = [error_details_pb2.ErrorInfo(reason=self.reason, domain=DOMAIN, metadata=self.metadata)]
        if self.field is not None:
            details.append(error_details_pb2.BadRequest(field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=self.field, description=self.message)]))
        if self.precondition is not None:
            details.append(error_details_pb2.PreconditionFailure(violations=[
                error_details_pb2.PreconditionFailure.Violation(
                    type=self.precondition, subject=self.subject, description=self.message)]))
        packed = []
        for detail in details:
            box = any_pb2.Any()
            box.Pack(detail)
            packed.append(box)
        status = status_pb2.Status(code=self.code.value[0], message=self.message, details=packed)
        return rpc_status.to_status(status)


def invalid(field: str, message: str, reason: str = "INVALID_ARGUMENT") -> ServiceError:
    return ServiceError(grpc.StatusCode.INVALID_ARGUMENT, message, reason, field=field)


def not_found(game_id: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}", "GAME_NOT_FOUND",
                        metadata={"game_id": game_id})


def precondition(kind: str, subject: str, message: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.FAILED_PRECONDITION, message, kind, precondition=kind, subject=subject)


def aborted(message: str, current_version: int) -> ServiceError:
    return ServiceError(grpc.StatusCode.ABORTED, message, "STALE_VERSION",
                        metadata={"current_version": str(current_version)})


def unauthenticated(message: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.UNAUTHENTICATED, message, "UNAUTHENTICATED")


def permission_denied(message: str) -> ServiceError:
    return ServiceError(grpc.StatusCode.PERMISSION_DENIED, message, "PERMISSION_DENIED")


assert code_pb2.INVALID_ARGUMENT == grpc.StatusCode.INVALID_ARGUMENT.value[0]
