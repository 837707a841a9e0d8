"""DNS rebinding (docs/security.md, gap 9): a page whose name an outsider rebinds to the
server's address reaches it with its own name in ``Host`` and a matching ``Origin``, so
only the name can tell. The server answers to addresses, local names, ``--public-url``'s
name and ``--allowed-host``; any other name is refused before a room is touched."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

import pytest

from nightfall.server.host_names import HostNames, is_local_name, name_of

from .conftest import Serve
from .harness import Live


@pytest.mark.parametrize(
    ("host", "name"),
    [
        ("192.168.1.20:8000", "192.168.1.20"),
        ("[::1]:8000", "::1"),
        ("[fe80::1]", "fe80::1"),
        ("Laptop.Local.", "laptop.local"),
        ("evil.example:80", "evil.example"),
    ],
)
def test_the_name_is_the_host_header_without_its_port(host: str, name: str) -> None:
    assert name_of(host) == name


@pytest.mark.parametrize(
    "name", ["127.0.0.1", "192.168.1.20", "::1", "localhost", "laptop", "laptop.local", "x.home.arpa"]
)
def test_an_address_or_a_name_public_dns_does_not_serve_is_local(name: str) -> None:
    assert is_local_name(name)


@pytest.mark.parametrize("name", ["evil.example", "127.0.0.1.nip.io", "localhost.evil.example", ""])
def test_a_name_anyone_can_register_is_not_local(name: str) -> None:
    assert not is_local_name(name)


def test_an_address_in_brackets_with_a_name_after_it_is_no_address() -> None:
    """Attack round 5: ``[::1]evil.example`` was read as ``::1``."""
    assert not HostNames().allowed("[::1]evil.example")
    assert HostNames().allowed("[::1]:8000") and HostNames().allowed("[::1]")


def test_the_public_url_and_allowed_names_are_answered_others_are_not() -> None:
    names = HostNames(["nightfall.example", None, "Party.Example.org"])
    assert names.allowed("nightfall.example:443") and names.allowed("party.example.org")
    assert names.allowed(None)  # no Host: HTTP/1.0, a proxy's health check: not a browser
    assert not names.allowed("evil.example")


async def upgrade_status(live: Live, host: str) -> bytes:
    """The status line of a WebSocket upgrade that says it is for ``host``, with the
    ``Origin`` a rebound page sends (its own name, so the Origin check passes)."""
    port = urlsplit(live.url).port
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        (
            f"GET /ws/ABCD HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        ).encode()
    )
    await writer.drain()
    line = await asyncio.wait_for(reader.readline(), 5)
    writer.close()
    return line


@pytest.mark.server
@pytest.mark.timeout(60)
@pytest.mark.parametrize("fast_paths", [True, False])
async def test_a_rebound_name_is_refused_before_a_room_is_made_or_a_socket_opens(
    serve: Serve, fast_paths: bool
) -> None:
    live = await serve(fast_paths=fast_paths, allowed_hosts=("party.example.org",))
    rebound = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
    made = await live.http.post("/api/rooms", json={"name": "Anna", "game": "toy"}, headers=rebound)
    assert made.status_code == 421, made.text
    error = made.json()["error"]
    assert error["code"] == "unknown_host" and error["params"] == {"host": "evil.example"}
    assert "--allowed-host" in error["message"]
    page = await live.http.get("/", headers={"Host": "evil.example"})
    assert page.status_code == 421 and page.headers["x-content-type-options"] == "nosniff"
    assert b" 101 " not in await upgrade_status(live, "evil.example:8000")

    # two Host headers (no browser sends them; the first one used to decide): refused
    port = urlsplit(live.url).port
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n")
    assert (await asyncio.wait_for(reader.readline(), 5)).startswith(b"HTTP/1.1 421")
    writer.close()

    for name in ("127.0.0.1:8000", "laptop.local", "party.example.org"):
        ok = await live.http.post(
            "/api/rooms",
            json={"name": "Anna", "game": "toy"},
            headers={"Host": name, "Origin": f"http://{name}"},
        )
        assert ok.status_code == 201, (name, ok.text)
        assert b" 101 " in await upgrade_status(live, name), name
