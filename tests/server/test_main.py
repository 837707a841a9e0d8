"""``nightfall serve`` helpers: the data-directory lock, the port check, the banner."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from nightfall.server.main import StartError, banner, check_port, lock_data_dir, public_url

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


def test_one_server_per_data_dir(tmp_path: Path) -> None:
    first = lock_data_dir(tmp_path / "data")
    assert first is not None
    assert lock_data_dir(tmp_path / "data") is None
    first.close()
    again = lock_data_dir(tmp_path / "data")
    assert again is not None
    again.close()


def test_a_server_on_the_loopback_promises_phones_nothing() -> None:
    """A play-test: bound to 127.0.0.1 it said "Phones on the same Wi-Fi can join at:
    http://127.0.0.1:8781/", which no phone can open."""
    text = banner("http://127.0.0.1:8000", ansi=False)
    assert "Phones on the same Wi-Fi can join" not in text and "--host 0.0.0.0" in text
    assert "http://127.0.0.1:8000/" in text
    assert "Phones on the same Wi-Fi can join at" in banner("http://192.168.1.20:8000", ansi=False)


def test_banner_shows_the_address_and_a_qr_code() -> None:
    text = banner("http://192.168.1.20:8000", ansi=False)
    assert "http://192.168.1.20:8000/" in text and "█" in text
    assert public_url("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert public_url("0.0.0.0", 9000).endswith(":9000")


def test_a_port_in_use_stops_the_start_with_advice() -> None:
    """Before the banner: the port is held by another program's listening socket."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        with pytest.raises(StartError, match=f"port {port}.*NIGHTFALL_PORT={port + 1} make run"):
            check_port("127.0.0.1", port)
    check_port("127.0.0.1", port)  # free again: no complaint
