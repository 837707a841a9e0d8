"""The tier guard (tests/starts.py): an unmarked test that starts a server, a process
left running or a network connection fails with the mark to add; running a command to
its end, a Unix socket or a socket pair does not."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from tests.starts import StartsSomething, guarded


def test_a_listening_tcp_socket_is_refused_with_the_mark_to_add() -> None:
    with (
        guarded("tests/x.py::test_y"),
        socket.socket() as sock,
        pytest.raises(
            StartsSomething, match=r"tests/x.py::test_y uses a network socket \(bind\).*mark.server"
        ),
    ):
        sock.bind(("127.0.0.1", 0))


def test_a_process_left_running_is_refused() -> None:
    with guarded("t"), pytest.raises(StartsSomething, match="Popen"):
        subprocess.Popen([sys.executable, "-c", "pass"])


def test_a_command_run_to_its_end_a_unix_socket_and_a_pair_are_allowed() -> None:
    with guarded("t"):
        done = subprocess.run(
            [sys.executable, "-c", "print(6 * 7)"], capture_output=True, text=True, check=True
        )
        assert done.stdout.strip() == "42"
        left, right = socket.socketpair()
        with left, right, socket.socket(socket.AF_UNIX) as unix:
            left.sendall(b"x")
            assert right.recv(1) == b"x"
            with pytest.raises(OSError):  # refused by the OS (no such path), not by the guard
                unix.connect("/nonexistent/nightfall.sock")


def test_leaving_the_guard_puts_everything_back() -> None:
    before = (socket.socket.bind, subprocess.Popen.__init__, subprocess.run)
    with guarded("t"):
        assert socket.socket.bind is not before[0]
    assert (socket.socket.bind, subprocess.Popen.__init__, subprocess.run) == before
