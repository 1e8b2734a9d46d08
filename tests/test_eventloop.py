"""boardbot.server.eventloop: uvloop when installed, asyncio's loop on request."""

import asyncio

import pytest

from boardbot.server import eventloop


async def _loop_module() -> str:
    return type(asyncio.get_running_loop()).__module__


def test_asyncio_on_request(monkeypatch):
    monkeypatch.setenv(eventloop.ENV, "asyncio")
    assert eventloop.choice() == "asyncio"
    assert eventloop.run(_loop_module()).startswith("asyncio")


def test_uvloop_by_default_when_installed(monkeypatch):
    monkeypatch.delenv(eventloop.ENV, raising=False)
    try:
        import uvloop  # noqa: F401
    except ImportError:
        assert eventloop.choice() == "asyncio"
        return
    assert eventloop.choice() == "uvloop"
    assert eventloop.run(_loop_module()).startswith("uvloop")


def test_a_wrong_setting_is_refused(monkeypatch):
    monkeypatch.setenv(eventloop.ENV, "trio")
    with pytest.raises(SystemExit):
        eventloop.choice()
