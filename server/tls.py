"""TLS for both listening addresses: a certificate and key, and optionally the CA whose
client certificates are required (mutual TLS). ``boardbot serve --tls-cert --tls-key
[--tls-client-ca]``; without them both ports are plaintext, which the README says is for
loopback or behind a proxy that terminates TLS."""

from __future__ import annotations

import dataclasses
import pathlib
import ssl

import grpc


@dataclasses.dataclass(frozen=True)
class TlsFiles:
    cert: str
    key: str
    client_ca: str | None = None  # set: every client must present a certificate it signed

    def check(self) -> None:
        """Fail at start (not at the first handshake) when a file is missing or unreadable."""
        for what, path in (("--tls-cert", self.cert), ("--tls-key", self.key), ("--tls-client-ca", self.client_ca)):
            if path is not None and not pathlib.Path(path).is_file():
                raise SystemExit(f"boardbot serve: {what} {path}: no such file")
        try:
            self.ssl_context()
        except (ssl.SSLError, OSError) as err:
            raise SystemExit(f"boardbot serve: the TLS files do not load: {err}") from None

    def grpc_credentials(self) -> grpc.ServerCredentials:
        root = pathlib.Path(self.client_ca).read_bytes() if self.client_ca else None
        return grpc.ssl_server_credentials(
            [(pathlib.Path(self.key).read_bytes(), pathlib.Path(self.cert).read_bytes())],
            root_certificates=root, require_client_auth=root is not None)

    def uvicorn_options(self) -> dict:
        options = {"ssl_certfile": self.cert, "ssl_keyfile": self.key}
        if self.client_ca:
            options.update(ssl_ca_certs=self.client_ca, ssl_cert_reqs=ssl.CERT_REQUIRED)
        return options

    def ssl_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(self.cert, self.key)
        if self.client_ca:
            context.load_verify_locations(self.client_ca)
            context.verify_mode = ssl.CERT_REQUIRED
        return context
