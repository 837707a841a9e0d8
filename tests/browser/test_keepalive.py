"""The phone's keepalive (web/src/core/connection.ts, docs/protocol.md §4): it pings only a
socket that has been quiet for 15 s, and replaces one that stays quiet for 25 s.

The page's clock is Playwright's fake one, stepped 5 s at a time; after each step the test
waits for what must have happened (the server's answer to every ping, the frame it injected)
rather than for a guess at how long a busy machine takes."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, WebSocket, WebSocketRoute, expect

from .conftest import NewPhone
from .table import create_room

pytestmark = pytest.mark.browser

STEP_MS = 5_000  # the client's keepalive tick
ARRIVES_S = 15.0  # the longest a frame may take on a busy machine (a bound, not a wait)

# Counts the messages the page's sockets deliver (a frame that a test injects through a
# routed socket raises no Playwright event).
COUNT_HEARD = """
window.__heard = 0;
const Original = window.WebSocket;
window.WebSocket = class extends Original {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", () => { window.__heard++; });
  }
};
"""


@dataclass
class Frames:
    """Every socket the page opens, every text frame it sends and every one it receives."""

    sockets: list[WebSocket] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)

    def opened(self, ws: WebSocket) -> None:
        self.sockets.append(ws)
        ws.on("framesent", lambda payload: self.sent.append(_text(payload)))
        ws.on("framereceived", lambda payload: self.received.append(_text(payload)))

    @property
    def pings(self) -> int:
        return sum('"type":"ping"' in frame for frame in self.sent)

    @property
    def pongs(self) -> int:
        return sum('"type":"pong"' in frame for frame in self.received)

    def wait(self, page: Page, arrived: Callable[[], bool], what: str) -> None:
        """Let the page run until ``arrived`` (Playwright hands over its events meanwhile)."""
        end = time.monotonic() + ARRIVES_S
        while not arrived():
            assert time.monotonic() < end, f"{what} never arrived"
            page.wait_for_timeout(20)


def _text(payload: str | bytes) -> str:
    return payload if isinstance(payload, str) else payload.decode()


def _watch(page: Page) -> Frames:
    frames = Frames()
    page.on("websocket", frames.opened)
    page.add_init_script(COUNT_HEARD)
    return frames


def _lobby_then_pause(page: Page, base: str, frames: Frames, answered: bool = True) -> None:
    """Create a room (a quiet lobby: nothing happens in it) and stop the page's clock once the
    open ping is answered (or sent, where the test drops the answers)."""
    page.clock.install()
    create_room(page, base, "Anna")
    pongs = 1 if answered else 0
    frames.wait(page, lambda: frames.pings >= 1 and frames.pongs >= pongs, "the open ping's pong")
    for _ in range(5):  # "now" may be past by the time the page hears of it: ask again
        with contextlib.suppress(PlaywrightError):
            page.clock.pause_at(float(page.evaluate("Date.now()")) / 1000 + 0.5)  # seconds, in Python
            return
    raise AssertionError("the page's clock could not be paused")


def _advance(page: Page, frames: Frames, steps: int, each: Callable[[], None] | None = None) -> None:
    """Step the page's clock ``steps`` times 5 s; every ping sent in a step is answered
    before the next step (a ping whose answer the test drops: see the last test)."""
    for _ in range(steps):
        if each is not None:
            heard = int(page.evaluate("window.__heard"))
            each()

            def injected(n: int = heard) -> bool:
                return int(page.evaluate("window.__heard")) > n

            frames.wait(page, injected, "the injected message")
        page.clock.run_for(STEP_MS)
        frames.wait(page, lambda: frames.pongs >= frames.pings, "a pong for every ping")


def test_a_quiet_lobby_pings_every_15_to_20_seconds(server: str, new_phone: NewPhone) -> None:
    page = new_phone()
    frames = _watch(page)
    _lobby_then_pause(page, server, frames)
    assert frames.pings == 1  # on open, for the clock offset
    _advance(page, frames, 2)  # 10 s without a message: too soon
    assert frames.pings == 1
    _advance(page, frames, 10)  # 60 s in all: a ping each 15-20 s (it was one each 10 s)
    assert 3 <= frames.pings - 1 <= 4, frames.sent
    assert len(frames.sockets) == 1  # every ping was answered: the socket stays


def test_a_phone_that_hears_messages_sends_no_pings(server: str, new_phone: NewPhone) -> None:
    page = new_phone()
    routes: list[WebSocketRoute] = []

    def relay(route: WebSocketRoute) -> None:
        route.connect_to_server()  # both directions pass through untouched
        routes.append(route)

    page.route_web_socket("**/ws/**", relay)
    frames = _watch(page)
    _lobby_then_pause(page, server, frames)
    assert routes
    before = frames.pings
    # A table in play: some message every few seconds (an unknown type, which the
    # client ignores, stands in for a view).
    _advance(page, frames, 12, lambda: routes[-1].send('{"type":"x-test"}'))
    assert frames.pings == before


def test_a_socket_whose_pongs_never_come_is_replaced(server: str, new_phone: NewPhone) -> None:
    page = new_phone()

    def drop_pongs(route: WebSocketRoute) -> None:
        upstream = route.connect_to_server()
        upstream.on_message(lambda m: None if '"type":"pong"' in str(m) else route.send(m))

    page.route_web_socket("**/ws/**", drop_pongs)
    frames = _watch(page)
    _lobby_then_pause(page, server, frames, answered=False)
    assert len(frames.sockets) == 1
    for _ in range(4):  # 20 s: the ping at 15-20 s goes unanswered
        page.clock.run_for(STEP_MS)
    frames.wait(page, lambda: frames.pings >= 2, "the ping at 15-20 s")
    assert len(frames.sockets) == 1
    for _ in range(3):  # past 25 s of quiet: dropped and opened again
        page.clock.run_for(STEP_MS)
    frames.wait(page, lambda: len(frames.sockets) == 2, "the new socket")
    frames.wait(page, frames.sockets[0].is_closed, "the old socket's close")  # it may come after
    assert len(frames.sockets) == 2


def test_a_link_called_offline_over_a_live_socket_is_asked_at_the_next_tick(
    server: str, new_phone: NewPhone
) -> None:
    """A play-test: every phone showed "No connection" for 15 s and more at a game's end, over
    links that were fine. The link had been called offline in the game's last seconds and the
    lobby's slow keepalive asks only after 15 s of quiet. Now an "offline" link is pinged at
    every tick until something comes back (here the browser's own "offline" event, while the
    socket lives)."""
    page = new_phone()
    frames = _watch(page)
    _lobby_then_pause(page, server, frames)
    banner = page.locator(".conn-banner")
    expect(banner).to_have_count(0)
    before = frames.pings
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    expect(banner).to_be_visible()
    _advance(page, frames, 1)  # 5 s: the lobby's keepalive would not ask before 15 s
    assert frames.pings > before, frames.sent
    expect(banner).to_have_count(0)


def test_a_page_that_could_not_run_does_not_count_that_time_as_quiet(
    server: str, new_phone: NewPhone
) -> None:
    """A tick that comes late (the page rendered a big scene on a busy phone, or slept) asks
    the socket instead of judging the link by a quiet it could not have heard: 40 s jumped
    at once (timers fire once, late) neither replaces the socket nor says "No connection"."""
    page = new_phone()
    frames = _watch(page)
    _lobby_then_pause(page, server, frames)
    before = frames.pings
    page.clock.fast_forward(40_000)
    frames.wait(page, lambda: frames.pings > before and frames.pongs >= frames.pings, "the late tick's ping")
    page.wait_for_timeout(300)
    expect(page.locator(".conn-banner")).to_have_count(0)
    assert len(frames.sockets) == 1, "the socket was replaced"
