"""The phone's keepalive (web/src/core/connection.ts, docs/protocol.md §4): it pings only a
socket that has been quiet for 15 s, and replaces one that stays quiet for 25 s.

The page's clock is Playwright's fake one, stepped 5 s at a time with a moment of real
time after each step for the server's answers to arrive."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, WebSocket, WebSocketRoute

from .conftest import NewPhone
from .table import create_room

pytestmark = pytest.mark.browser

STEP_MS = 5_000  # the client's keepalive tick


def _watch(page: Page) -> tuple[list[WebSocket], list[str]]:
    """Every socket the page opens, and every text frame it sends."""
    sockets: list[WebSocket] = []
    sent: list[str] = []

    def opened(ws: WebSocket) -> None:
        sockets.append(ws)
        ws.on(
            "framesent",
            lambda payload: sent.append(payload if isinstance(payload, str) else payload.decode()),
        )

    page.on("websocket", opened)
    return sockets, sent


def _pings(sent: list[str]) -> int:
    return sum('"type":"ping"' in frame for frame in sent)


def _lobby_then_pause(page: Page, base: str) -> None:
    """Create a room (a quiet lobby: nothing happens in it) and stop the page's clock."""
    page.clock.install()
    create_room(page, base, "Anna")
    page.wait_for_timeout(500)  # the open ping's pong
    page.clock.pause_at(float(page.evaluate("Date.now()")) / 1000 + 0.1)  # seconds, in Python


def _advance(page: Page, steps: int, each: Callable[[], None] | None = None) -> None:
    for _ in range(steps):
        if each is not None:
            each()
        page.clock.run_for(STEP_MS)
        page.wait_for_timeout(250)


def test_a_quiet_lobby_pings_every_15_to_20_seconds(server: str, new_phone: NewPhone) -> None:
    page = new_phone()
    sockets, sent = _watch(page)
    _lobby_then_pause(page, server)
    assert _pings(sent) == 1  # on open, for the clock offset
    _advance(page, 2)  # 10 s without a message: too soon
    assert _pings(sent) == 1
    _advance(page, 10)  # 60 s in all: a ping each 15-20 s (it was one each 10 s)
    assert 3 <= _pings(sent) - 1 <= 4, sent
    assert len(sockets) == 1  # every ping was answered: the socket stays


def test_a_phone_that_hears_messages_sends_no_pings(server: str, new_phone: NewPhone) -> None:
    page = new_phone()
    routes: list[WebSocketRoute] = []

    def relay(route: WebSocketRoute) -> None:
        route.connect_to_server()  # both directions pass through untouched
        routes.append(route)

    page.route_web_socket("**/ws/**", relay)
    _, sent = _watch(page)
    _lobby_then_pause(page, server)
    assert routes
    before = _pings(sent)
    # A table in play: some message every few seconds (an unknown type, which the
    # client ignores, stands in for a view).
    _advance(page, 12, lambda: routes[-1].send('{"type":"x-test"}'))
    assert _pings(sent) == before


def test_a_socket_whose_pongs_never_come_is_replaced(server: str, new_phone: NewPhone) -> None:
    page = new_phone()

    def drop_pongs(route: WebSocketRoute) -> None:
        upstream = route.connect_to_server()
        upstream.on_message(lambda m: None if '"type":"pong"' in str(m) else route.send(m))

    page.route_web_socket("**/ws/**", drop_pongs)
    sockets, sent = _watch(page)
    _lobby_then_pause(page, server)
    assert len(sockets) == 1
    _advance(page, 4)  # 20 s: the ping at 15-20 s goes unanswered
    assert _pings(sent) >= 2 and len(sockets) == 1
    _advance(page, 3)  # past 25 s of quiet: dropped and opened again
    assert len(sockets) == 2
    assert sockets[0].is_closed()
