"""What a test starts decides its tier, and a test that starts something must say so.

`make check` runs every test not marked ``server``, ``browser`` or ``slow``. A test
that starts a server, a subprocess or a database connection is marked ``server``
(``pytestmark = pytest.mark.server`` in its module; the folders where every test
does, such as tests/browser, are marked whole by tests/conftest.py). While an
unmarked test runs (its fixtures included), this guard makes starting anything an
error that says which mark to add, so the fast tier cannot quietly grow slow and a
pure test is never left out of it because of the folder it lives in.

What counts as starting something: a subprocess left running (``Popen``: a server),
a network socket that binds, listens or connects (a server over real sockets, Redis,
HTTP to a live server), or a PostgreSQL connection. A command run to its end
(``subprocess.run``: the CLI's tests), in-process ASGI (Starlette's TestClient,
httpx's ASGITransport), SQLite files, Unix sockets and socket pairs (a process pool's
fork server) are not: they cost no more than the code they run.
"""

from __future__ import annotations

import socket
import subprocess
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

TIERED_MARKS = ("server", "browser", "slow")


class StartsSomething(AssertionError):
    pass


def _refuse(what: str, nodeid: str) -> Callable[..., Any]:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise StartsSomething(
            f"{nodeid} {what}, but is not marked server: add `pytestmark = pytest.mark.server` "
            "to its module (or mark the test), so that `make check` stays fast (tests/starts.py)"
        )

    return refuse


def _postgres_connect() -> tuple[Any, str] | None:
    try:
        import psycopg
    except ImportError:  # without the cluster extra there is no PostgreSQL to start
        return None
    return psycopg.Connection, "connect"


_NETWORK = (socket.AF_INET, socket.AF_INET6)
_running = threading.local()  # inside subprocess.run: the child ends before the test goes on


def _run_to_the_end(original: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any, **kwargs: Any) -> Any:
        _running.depth = getattr(_running, "depth", 0) + 1
        try:
            return original(*args, **kwargs)
        finally:
            _running.depth -= 1

    return run


def _popen_only_to_the_end(original: Callable[..., Any], nodeid: str) -> Callable[..., Any]:
    refuse = _refuse("starts a subprocess and leaves it running (Popen)", nodeid)

    def init(self: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
        if getattr(_running, "depth", 0) == 0:
            refuse()
        original(self, *args, **kwargs)

    return init


def _network_only(original: Callable[..., Any], method: str, nodeid: str) -> Callable[..., Any]:
    refuse = _refuse(f"uses a network socket ({method})", nodeid)

    def guarded_method(self: socket.socket, *args: Any, **kwargs: Any) -> Any:
        if self.family in _NETWORK:
            refuse()
        return original(self, *args, **kwargs)

    return guarded_method


@contextmanager
def guarded(nodeid: str) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for name in ("run", "call", "check_call", "check_output"):
            patch.setattr(subprocess, name, _run_to_the_end(getattr(subprocess, name)))
        patch.setattr(subprocess.Popen, "__init__", _popen_only_to_the_end(subprocess.Popen.__init__, nodeid))
        for method in ("bind", "connect", "connect_ex", "listen"):
            patch.setattr(
                socket.socket, method, _network_only(getattr(socket.socket, method), method, nodeid)
            )
        postgres = _postgres_connect()
        if postgres is not None:
            patch.setattr(postgres[0], postgres[1], _refuse("connects to PostgreSQL", nodeid))
        yield


def _unmarked(item: pytest.Item) -> bool:
    return not any(item.get_closest_marker(mark) for mark in TIERED_MARKS)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    if _unmarked(item):
        with guarded(item.nodeid):
            yield
    else:
        yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    if _unmarked(item):
        with guarded(item.nodeid):
            yield
    else:
        yield
