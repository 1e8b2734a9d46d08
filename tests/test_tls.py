"""TLS on both ports (issue 19): with --tls-cert/--tls-key a client that trusts the CA is
served and a plaintext one is not; with --tls-client-ca a client without a certificate
from that CA is refused. Certificates are made for the test with openssl."""

import http.client
import json
import pathlib
import signal
import socket
import ssl
import subprocess
import sys
import time

import grpc
import pytest

from boardbot.v1 import game_service_pb2, game_service_pb2_grpc
from tests.test_external import free_port, process_env

ROOT = pathlib.Path(__file__).resolve().parent.parent


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    d = tmp_path_factory.mktemp("tls")
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=boardbot test CA", cwd=d)
    (d / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    for name in ("server", "client"):
        openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", f"{name}.key", "-out", f"{name}.csr",
                "-subj", f"/CN=boardbot {name}", cwd=d)
        openssl("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", f"{name}.pem", "-days", "2", "-extfile", "san.ext", cwd=d)
    return d


class TlsServe:
    def __init__(self, certs, mutual: bool):
        self.grpc_port, self.http_port = free_port(), free_port()
        args = [sys.executable, "-m", "boardbot.tools.cli", "serve", "--address", f"127.0.0.1:{self.grpc_port}",
                "--http-address", f"127.0.0.1:{self.http_port}", "--ai-workers", "0",
                "--tls-cert", str(certs / "server.pem"), "--tls-key", str(certs / "server.key")]
        if mutual:
            args += ["--tls-client-ca", str(certs / "ca.pem")]
        # the log to a file: a pipe nobody reads would stall the server once it fills
        self.log = open(certs / f"serve-{self.grpc_port}.log", "w+")
        self.proc = subprocess.Popen(args, cwd=ROOT, env=process_env(), stdout=subprocess.DEVNULL,
                                     stderr=self.log, text=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.http_port), 0.2).close()
                socket.create_connection(("127.0.0.1", self.grpc_port), 0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        self.log.seek(0)
        raise AssertionError(self.log.read() if self.proc.poll() is not None else "no listener")

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(20)
        self.log.close()


def list_types(channel) -> int:
    stub = game_service_pb2_grpc.GameServiceStub(channel)
    return len(stub.ListGameTypes(game_service_pb2.ListGameTypesRequest(), timeout=5).game_types)


def https_list_types(port: int, context: ssl.SSLContext):
    conn = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=10)
    conn.request("POST", "/boardbot.v1.GameService/ListGameTypes", b"{}", {"Content-Type": "application/json"})
    body = json.loads(conn.getresponse().read())
    conn.close()
    return len(body["gameTypes"])


def test_tls_on_both_ports(certs):
    server = TlsServe(certs, mutual=False)
    try:
        ca = (certs / "ca.pem").read_bytes()
        with grpc.secure_channel(f"127.0.0.1:{server.grpc_port}", grpc.ssl_channel_credentials(ca)) as channel:
            assert list_types(channel) == 5
        with grpc.insecure_channel(f"127.0.0.1:{server.grpc_port}") as channel:
            with pytest.raises(grpc.RpcError) as err:
                list_types(channel)
            assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        assert https_list_types(server.http_port, ssl.create_default_context(cafile=str(certs / "ca.pem"))) == 5
        with pytest.raises(ssl.SSLError):  # a client that does not trust the CA
            https_list_types(server.http_port, ssl.create_default_context())
    finally:
        server.stop()


def test_mutual_tls_needs_a_client_certificate(certs):
    server = TlsServe(certs, mutual=True)
    try:
        ca = (certs / "ca.pem").read_bytes()
        with grpc.secure_channel(f"127.0.0.1:{server.grpc_port}", grpc.ssl_channel_credentials(ca)) as channel:
            with pytest.raises(grpc.RpcError) as err:
                list_types(channel)
            assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        with_cert = grpc.ssl_channel_credentials(ca, (certs / "client.key").read_bytes(),
                                                 (certs / "client.pem").read_bytes())
        with grpc.secure_channel(f"127.0.0.1:{server.grpc_port}", with_cert) as channel:
            assert list_types(channel) == 5
        context = ssl.create_default_context(cafile=str(certs / "ca.pem"))
        with pytest.raises((ssl.SSLError, ConnectionError, http.client.RemoteDisconnected)):
            https_list_types(server.http_port, context)
        context.load_cert_chain(str(certs / "client.pem"), str(certs / "client.key"))
        assert https_list_types(server.http_port, context) == 5
    finally:
        server.stop()


def test_reflection_can_be_switched_off():
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "boardbot.tools.cli", "serve", "--address", f"127.0.0.1:{port}",
                             "--ai-workers", "0", "--no-reflection"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=process_env())
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            grpc.channel_ready_future(channel).result(30)
            stub = reflection_pb2_grpc.ServerReflectionStub(channel)
            with pytest.raises(grpc.RpcError) as err:
                list(stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]),
                                               timeout=5))
            assert err.value.code() == grpc.StatusCode.UNIMPLEMENTED
            assert list_types(channel) == 5
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)


def test_the_python_client_and_boardbot_play_over_mutual_tls(certs):
    """boardbot.client with tls_credentials, and `boardbot play --address --tls-ca --tls-cert
    --tls-key`, against a server that asks for client certificates."""
    import io

    from boardbot.client import Client, tls_credentials
    from boardbot.tools.play import play

    server = TlsServe(certs, mutual=True)
    address = f"127.0.0.1:{server.grpc_port}"
    try:
        credentials = tls_credentials(str(certs / "ca.pem"), str(certs / "client.pem"), str(certs / "client.key"))
        with Client(address, timeout=10, credentials=credentials) as client:
            game = client.create_game("frogriders", seats=["human", "random"])
            view = game.seat(0).view()
            assert view.my_turn and view.legal_moves
            assert game.seat(0).play(move_id=0, expected_version=view.version).version > view.version
        with Client(address, timeout=10, credentials=tls_credentials(str(certs / "ca.pem"))) as client:
            with pytest.raises(grpc.RpcError) as err:  # no client certificate
                client.game_types()
            assert err.value.code() == grpc.StatusCode.UNAVAILABLE
        with pytest.raises(ValueError):
            tls_credentials(str(certs / "ca.pem"), cert_file=str(certs / "client.pem"))
        out = io.StringIO()
        assert play(address, "frogriders", ["random"], credentials=credentials, inp=io.StringIO("q\n"), out=out) == 0
        assert "you quit without resigning" in out.getvalue()
        cli = subprocess.run([sys.executable, "-m", "boardbot.tools.cli", "play", "frogriders", "--address", address,
                              "--tls-ca", str(certs / "ca.pem"), "--tls-cert", str(certs / "client.pem"),
                              "--tls-key", str(certs / "client.key")],
                             input="q\n", capture_output=True, text=True, cwd=ROOT, env=process_env(), timeout=60)
        assert cli.returncode == 0 and "you quit without resigning" in cli.stdout, cli.stderr
        report = certs / "loadtest.json"
        load = subprocess.run([sys.executable, "-m", "boardbot.tools.cli", "loadtest", "--target", address,
                               "--tls-ca", str(certs / "ca.pem"), "--tls-cert", str(certs / "client.pem"),
                               "--tls-key", str(certs / "client.key"), "--game", "frogriders", "--clients", "2",
                               "--duration", "2", "--quiet", "--json-out", str(report)],
                              capture_output=True, text=True, cwd=ROOT, env=process_env(), timeout=120)
        assert load.returncode == 0, load.stderr
        run = json.loads(report.read_text())["runs"][0]
        assert run["errors"]["total"] == 0 and run["calls"]["SubmitMove"]["count"] > 0
    finally:
        server.stop()


def test_the_asyncio_client_plays_over_mutual_tls(certs):
    """boardbot.client.aio with the same tls_credentials, against a server that asks for
    client certificates; without one it is refused."""
    import asyncio

    from boardbot.client import tls_credentials
    from boardbot.client.aio import Client

    server = TlsServe(certs, mutual=True)
    address = f"127.0.0.1:{server.grpc_port}"

    async def scenario():
        credentials = tls_credentials(str(certs / "ca.pem"), str(certs / "client.pem"), str(certs / "client.key"))
        async with Client(address, timeout=10, credentials=credentials) as client:
            game = await client.create_game("frogriders", seats=["human", "random"])
            view = await game.seat(0).view()
            assert view.my_turn and view.legal_moves
            assert (await game.seat(0).play(move_id=0, expected_version=view.version)).version > view.version
        async with Client(address, timeout=10, credentials=tls_credentials(str(certs / "ca.pem"))) as client:
            with pytest.raises(grpc.RpcError) as err:  # no client certificate
                await client.game_types()
            assert err.value.code() == grpc.StatusCode.UNAVAILABLE
    try:
        asyncio.run(scenario())
    finally:
        server.stop()
