"""The desk's thread import through the server (A-THREAD-1): ``POST /api/rooms/{code}/host/thread``
reads fetched and sent pages into a preview, only for the room's host and never from an
address inside the server's network; the confirmed rows enter the log as ``thread_votes``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nightfall.server import json_edge, thread_fetch
from tests.games.andorra.test_thread_cli import site  # noqa: F401 (the local page server fixture)
from tests.server.harness import Live

from .test_server import ok

pytestmark = pytest.mark.server  # starts a server (tests/starts.py)

PAGES = Path(__file__).parents[1] / "andorra" / "thread_pages"
NICKS = ["rubin1988", "Kassandra", "Серый Кардинал", "agent 51", "Oleg", "Мотя", "Лиса", "Deepcourier"]
ROLES = ["BOSS", "PV", "DOCTOR", "PSYCHO", "SWINDLER", "PV", "MANIAC", "PV"]


@pytest.fixture
def private_ok(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(thread_fetch, "ALLOW_PRIVATE", True)  # the page server is on loopback
    yield


async def _game(live: Live) -> dict[str, Any]:
    body = {"players": [{"name": n, "role": r} for n, r in zip(NICKS, ROLES, strict=True)]}
    r = await live.http.post("/api/andorra", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


async def test_preview_confirm_record(live: Live, site: str, private_ok: None) -> None:  # noqa: F811  # A-THREAD-1, A-THREAD-5, A-THREAD-8
    game = await _game(live)
    url = f"/api/rooms/{game['code']}/host/thread"
    page2 = (PAGES / "phpbb_page2.html").read_text(encoding="utf-8")
    ask = {"urls": [f"{site}/viewtopic.php?t=77"], "pages": [{"url": "", "text": page2}]}
    auth = {"Authorization": f"Bearer {game['host_token']}"}
    r = await live.http.post(url, json=ask, headers=auth)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["posts"] == 12 and got["rows"] == []  # names wait: nothing to record yet
    assert {c["name"]: (c["suggest"], c["optional"]) for c in got["confirm"]} == {
        "Ведущий": (None, True),  # no player like it: the host may map it, nothing waits on it
        "deepcourier": ("Deepcourier", False),
        "Kasandra": ("Kassandra", False),
    }
    assert got["blue"][1] == {
        "author": "Серый Кардинал",
        "text": "Ведущий, а Мотя с аватаркой?",
        "post": f"{site}/viewtopic.php?t=77#p104",
    }
    aliases = {"deepcourier": "Deepcourier", "Kasandra": "Kassandra"}
    r = await live.http.post(url, json={**ask, "aliases": aliases}, headers=auth)
    got = r.json()
    assert [c["name"] for c in got["confirm"]] == ["Ведущий"] and len(
        got["rows"]
    ) == 10  # day 1 has no deadline here: 112 counts
    host = await live.connect(game["code"], game["host_token"])
    await ok(host, "thread_votes", votes=got["rows"])
    seen = await host.state_where(lambda m: len(m["view"]["vote_log"]) == 10)
    assert [e["void_reason"] for e in seen["view"]["vote_log"][:2]] == ["REVOTE", None]
    again = (await live.http.post(url, json={**ask, "aliases": aliases}, headers=auth)).json()
    assert all(v["logged"] for v in again["votes"] if v["ignored"] is None)


async def test_only_the_host_and_never_inside(live: Live, site: str) -> None:  # noqa: F811  # A-THREAD-1
    game = await _game(live)
    url = f"/api/rooms/{game['code']}/host/thread"
    r = await live.http.post(url, json={"token": game["players"][0]["token"], "urls": [f"{site}/x"]})
    assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
    r = await live.http.post(url, json={"token": game["host_token"], "urls": [f"{site}/viewtopic.php?t=77"]})
    error = r.json()["error"]
    assert r.status_code == 400 and (error["code"], error["params"]["kind"]) == (
        "fetch_failed",
        "unknown_host",
    )
    r = await live.http.post(url, json={"token": game["host_token"], "pages": [{"text": "hello"}]})
    error = r.json()["error"]
    assert r.status_code == 400 and (error["code"], error["params"]["kind"]) == ("thread_unreadable", "text")
    r = await live.http.post(f"/api/rooms/{game['code']}/host/other", json={"token": game["host_token"]})
    assert r.status_code == 404


@pytest.mark.parametrize(
    ("ask", "code", "says"),
    [
        # the play-test's four: each was «Неверный запрос» and nothing else on the desk
        (
            {"pages": [{"text": "agent 51 » 08 дек 2026, 05:56\nНе согласен. Лена"}]},
            "thread_unreadable",
            "простой текст",
        ),
        (
            {"pages": [{"text": '[quote="Анна"][color=red]Лена[/color][/quote]'}]},
            "thread_unreadable",
            "post_id",
        ),
        ({"urls": ["forum.mafia.ru/viewtopic.php?t=123"]}, "fetch_failed", "http://"),
        (
            {"urls": ["http://no-such-forum.invalid/viewtopic.php?t=1"]},
            "fetch_failed",
            "такого сайта нет в интернете",
        ),
    ],
)
async def test_a_page_not_read_says_why_and_what_to_give(
    live: Live, ask: dict[str, Any], code: str, says: str
) -> None:
    """A-THREAD-1, a play-test: a host with a bad paste or address read only «Неверный
    запрос» and could not tell what to fix. Each refusal now carries its sentence (the
    desk shows ``text`` first): what the text looks like or why the page did not load, and
    what to give instead."""
    game = await _game(live)
    url = f"/api/rooms/{game['code']}/host/thread"
    r = await live.http.post(url, json=ask, headers={"Authorization": f"Bearer {game['host_token']}"})
    error = r.json()["error"]
    assert r.status_code == 400 and error["code"] == code, error
    assert says in error["text"]["ru"] and error["text"]["en"], error


async def test_a_stranger_cannot_make_the_server_read_a_large_body(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/security.md: a host tool takes pages of up to megabytes, but only from the host.
    Anyone who knows the room code could send 8 MB that the server read and parsed on its one
    event loop before the token was checked (seconds each, for every room). Now the token comes
    in a header and is checked first; without one, a body is held to the API's 4 KiB."""
    game = await _game(live)
    url = f"/api/rooms/{game['code']}/host/thread"
    parsed: list[int] = []
    loads = json_edge.loads

    def counted(raw: str | bytes) -> Any:
        parsed.append(len(raw))
        return loads(raw)

    monkeypatch.setattr(json_edge, "loads", counted)
    big = {"pages": [{"url": "", "text": "[" * 1_000_000}]}
    stranger = game["players"][0]["token"]
    r = await live.http.post(url, json={"token": stranger, **big})
    assert (r.status_code, r.json()["error"]["params"].get("reason")) == (400, "too_large")
    r = await live.http.post(url, json=big, headers={"Authorization": f"Bearer {stranger}"})
    assert (r.status_code, r.json()["error"]["code"]) == (403, "not_host")
    assert parsed == []  # nothing of either body was parsed
    r = await live.http.post(url, json=big, headers={"Authorization": f"Bearer {game['host_token']}"})
    # the host's megabyte is read, parsed and handed to the game, which finds no forum in it
    assert (r.status_code, r.json()["error"]["code"]) == (400, "thread_unreadable"), r.text
    assert parsed and max(parsed) > 1_000_000


async def test_the_hosts_import_is_read_off_the_event_loop(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A host's thread import of several MB was parsed on the loop every room shares: a 7.9 MB
    page stalled every room 1 s (an attack round of 2026-12-07; 28 ms after). Its body and the
    game's parse both run in a worker thread now, while the room waits for them alone."""
    import threading

    from nightfall.games.andorra.site import hosting

    game = await _game(live)
    threads: dict[str, str] = {}
    loads, tool = json_edge.loads, hosting.AndorraSite.host_tool

    def body_read(raw: str | bytes) -> Any:
        threads["body"] = threading.current_thread().name
        return loads(raw)

    def tool_run(self: Any, *args: Any) -> Any:
        threads["tool"] = threading.current_thread().name
        return tool(self, *args)

    monkeypatch.setattr(json_edge, "loads", body_read)
    monkeypatch.setattr(hosting.AndorraSite, "host_tool", tool_run)
    page2 = (PAGES / "phpbb_page2.html").read_text(encoding="utf-8")
    r = await live.http.post(
        f"/api/rooms/{game['code']}/host/thread",
        json={"pages": [{"url": "", "text": page2}]},
        headers={"Authorization": f"Bearer {game['host_token']}"},
    )
    assert r.status_code == 200, r.text
    loop_thread = threading.main_thread().name
    assert set(threads) == {"body", "tool"} and loop_thread not in threads.values(), threads
