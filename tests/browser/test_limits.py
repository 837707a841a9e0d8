"""The phone client and the server's limits (docs/protocol.md §3, §4.4): a socket closed
with 4429 waits before it reconnects instead of hammering the server, says so, and gets
back in once there is room."""

from __future__ import annotations

import contextlib
import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect
from websockets.sync.client import ClientConnection, connect

from .conftest import NewPhone, _serve
from .texts import t

pytestmark = pytest.mark.browser

SOCKETS = 2  # per address: the test holds both, so the phone is refused

# Counts the sockets the page opens (installed before the client's scripts run).
COUNT_SOCKETS = """
window.__sockets = 0;
const Original = window.WebSocket;
window.WebSocket = class extends Original {
  constructor(...args) { super(...args); window.__sockets++; }
};
"""


@pytest.fixture(scope="module")
def limited_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    flags = ["--max-sockets-per-address", str(SOCKETS)]
    with _serve(tmp_path_factory.mktemp("nightfall-limited"), None, flags) as base:
        yield base


def spectator(stack: contextlib.ExitStack, base: str, code: str) -> ClientConnection:
    ws = stack.enter_context(connect(base.replace("http://", "ws://") + f"/ws/{code}"))
    ws.send(json.dumps({"type": "hello", "v": 1}))  # said hello: it stays open
    assert json.loads(ws.recv(timeout=5))["type"] == "welcome"
    return ws


def test_a_phone_closed_with_4429_waits_then_comes_back(
    limited_server: str, new_phone: NewPhone, shots: Path
) -> None:
    request = urllib.request.Request(
        f"{limited_server}/api/rooms",
        data=json.dumps({"name": "Anna", "game": "heks"}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as r:
        code = json.loads(r.read())["code"]
    with contextlib.ExitStack() as stack:
        held = [spectator(stack, limited_server, code) for _ in range(SOCKETS)]
        page = new_phone()
        # The page's clock is the test's: its 4 s pass when the test says, however busy the
        # machine (the sockets and the server stay real).
        page.clock.install()
        page.add_init_script(COUNT_SOCKETS)
        page.goto(f"{limited_server}/board/{code}")
        expect(page.locator(".conn-banner")).to_have_text(t("conn.waiting"))
        expect(page.get_by_role("alert")).to_have_text(t("err.too_many_connections"))
        page.screenshot(path=str(shots / "waiting.png"))
        # The fast reconnect (150 ms, 300 ms, 600 ms, then every second) would have tried
        # five or six times by now; after a 4429 the client waits 2 s, then 4 s, ...
        page.clock.run_for(4000)
        tries = page.evaluate("window.__sockets")
        assert 1 <= tries <= 2, f"{tries} sockets in 4 s after a 4429"
        held.pop().close()  # room for the phone now: it gets in at its next try
        page.clock.resume()  # the page's clock runs on from here: its next try is due
        expect(page.locator(".conn-banner")).to_have_count(0, timeout=15_000)
        expect(page.get_by_text(code).first).to_be_visible()
        page.screenshot(path=str(shots / "back.png"))
