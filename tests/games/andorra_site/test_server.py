"""Andorra on the server: create, private links, commands, ticks, chat, restart."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from nightfall.engine import Command, Transcript, replay
from nightfall.games.andorra import AndorraGame
from nightfall.store import SqliteStore
from tests.server.harness import Live, Ws

from .conftest import Serve
from .feed import chat_of, chat_where
from .game_data import DAY1, DAY2, NIGHT1, NIGHT2, ROLES, create_body

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


async def create(live: Live, **extra: Any) -> dict[str, Any]:
    r = await live.http.post("/api/andorra", json=create_body(**extra))
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


async def sockets(live: Live, game: dict[str, Any]) -> tuple[Ws, list[Ws]]:
    host = await live.connect(game["code"], game["host_token"])
    players = [await live.connect(game["code"], p["token"]) for p in game["players"]]
    return host, players


async def ok(ws: Ws, ctype: str, **payload: Any) -> None:
    answer = await ws.command(ctype, **payload)
    assert answer["type"] == "ack", answer


async def phase(ws: Ws, wanted: str) -> dict[str, Any]:
    return await ws.state_where(lambda m: m["view"]["phase"] == wanted)


async def play_two_cycles(host: Ws, players: list[Ws]) -> None:
    for voter, target in DAY1:
        await ok(players[voter - 1], "vote", target=target)
    await ok(host, "end_day")
    for seat, action, target in NIGHT1:
        await ok(players[seat - 1], "move", player=seat, action=action, target=target)
    await ok(host, "end_night")
    kira = await players[4].state_where(lambda m: bool(m["view"]["me"]["prompts"]))
    prompt = kira["view"]["me"]["prompts"][0]
    assert prompt["kind"] == "RECRUIT_ASK"
    await ok(players[4], "answer", prompt=prompt["id"], answer="да")
    await phase(host, "REVIEW")
    await ok(host, "publish")
    await phase(host, "DAY")
    for voter, target in DAY2:
        await ok(players[voter - 1], "vote", target=target)
    await ok(host, "end_day")
    for seat, action, target in NIGHT2:
        await ok(players[seat - 1], "move", player=seat, action=action, target=target)
    await ok(host, "end_night")
    await phase(host, "REVIEW")
    await ok(host, "publish")
    await host.state_where(lambda m: len(m["view"]["posts"]) == 2)


def engine_posts(commands: list[Command], config: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """What the plain engine publishes for the same rules commands (chat left out)."""
    game = AndorraGame()
    rules = [c for c in commands if c.type != "chat"]
    state = replay(game, Transcript(game="andorra", config=config, seed=seed, commands=rules))
    posts: list[dict[str, Any]] = game.view(state, "public")["posts"]
    return posts


async def test_create_gives_desk_and_private_links(live: Live) -> None:
    game = await create(live)
    assert len(game["players"]) == 8
    assert game["desk_url"].endswith(f"/a/{game['code']}/desk#t={game['host_token']}")
    tokens = {p["token"] for p in game["players"]} | {game["host_token"]}
    assert len(tokens) == 9
    host, players = await sockets(live, game)
    assert host.state["you"]["host"] is True and host.state["you"]["seat"] is None
    assert "host" in host.state["view"]
    for i, ws in enumerate(players):
        me = ws.state["view"]["me"]
        assert me["seat"] == i + 1 and me["role"] == ROLES[i]
        assert "host" not in ws.state["view"]


C = {"name": "C", "role": "PV"}


@pytest.mark.parametrize(
    ("players", "code"),
    [
        ([{"name": "A", "role": "NOPE"}, {"name": "B", "role": "DOCTOR"}, C], "unknown_role"),
        ([{"name": "A", "role": "DOCTOR"}, {"name": "a", "role": "PV"}, C], "name_taken"),
        ([{"name": "A", "role": "INVESTIGATOR"}, {"name": "B", "role": "PV"}, C], "role_needs_role"),
        ([{"name": "A", "role": "DOCTOR"}, {"name": "B", "role": "DOCTOR"}, C], "duplicate_role"),
        ([{"name": "A", "role": "DOCTOR"}, C], "bad_config"),
        ([{"name": "", "role": "PV"}], "bad_name"),
        ([], "bad_config"),
    ],
)
async def test_invalid_role_lists_are_refused(live: Live, players: list[Any], code: str) -> None:
    r = await live.http.post("/api/andorra", json={"players": players})
    assert r.status_code in (400, 409), r.text
    assert r.json()["error"]["code"] == code
    assert r.json()["error"]["message"]


async def test_a_nick_with_a_bbcode_tag_is_refused_in_words(live: Live) -> None:  # A-SETUP-1b
    body = create_body()
    body["players"][0]["name"] = "Va[b]sya"
    r = await live.http.post("/api/andorra", json=body)
    assert r.status_code in (400, 409), r.text
    error = r.json()["error"]
    assert error["code"] == "nick_bbcode"
    assert "«Va[b]sya»" in error["text"]["ru"] and "«[b]»" in error["text"]["ru"]
    assert "Remove the square brackets" in error["text"]["en"]


async def test_bad_deadline_and_heks_endpoint(live: Live) -> None:
    r = await live.http.post("/api/andorra", json=create_body(day_seconds=0))
    assert r.json()["error"] == {
        "code": "bad_config",
        "params": {"field": "day_seconds", "min": 1, "max": 1209600},
        "message": "The game setup is not valid.",
        "text": {
            "ru": "Неверный срок дня: нужно целое число секунд от 1 до 1209600 (20160 мин).",
            "en": "Wrong the day's length: a whole number of seconds from 1 to 1209600.",
        },
    }
    r = await live.http.post("/api/rooms", json={"name": "X", "game": "andorra"})
    assert r.status_code == 400


async def test_two_cycles_posts_equal_the_engine(live: Live, tmp_path: Any) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    await play_two_cycles(host, players)
    posts = host.state["view"]["posts"]
    stored = SqliteStore(tmp_path / "nightfall.sqlite3").load_room(game["code"])
    assert stored is not None and stored.game is not None
    expected = engine_posts(stored.commands, stored.game.config, stored.game.seed)
    assert [p["bbcode"] for p in posts] == [p["bbcode"] for p in expected]
    assert "Kira" in posts[0]["ru"] or posts[0]["ru"]  # the post exists
    assert players[4].state["view"]["me"]["role"] == "SOLDIER"  # recruited
    assert len(host.state["view"]["host"]["audits"]) == 2


async def test_privacy_and_acting_for_others(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    anna, gleb = players[0], players[2]
    view = gleb.state["view"]
    assert all("role" not in p for p in view["players"])  # the role list is public, who has what is not
    assert view["me"]["seat"] == 3 and "host" not in view and "chat" not in view
    await gleb.send(
        {"type": "command", "id": "x", "command": {"type": "vote", "actor": 1, "payload": {"target": 2}}}
    )
    assert (await gleb.answer("x"))["error"]["code"] == "wrong_actor"
    for p in players:
        await ok(p, "vote", target=8 if p is not players[7] else 1)
    await ok(host, "end_day")
    bad = await gleb.command("move", player=1, action="SHOOT", target=4)
    assert bad["error"]["code"] == "not_your_sheet"
    not_host = await anna.command("end_night")
    assert not_host["error"]["code"] == "not_host"
    await ok(anna, "move", player=1, action="SHOOT", target=4)
    await ok(anna, "move", player=1, action="SHOOT", target=6)  # changed, not doubled
    desk = await host.state_where(lambda m: m["view"]["host"]["submissions"].get("1", {}).get("target") == 6)
    assert len(desk["view"]["host"]["submissions"]) == 1
    assert "1" not in gleb.state["view"]["me"].get("clan_sheet", {})  # Gleb never sees Anna's move
    assert "submissions" not in str(gleb.state["view"])


async def test_clan_chat(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    anna, boris, gleb = players[0], players[1], players[2]
    await ok(anna, "chat", text="<b>hi</b> clan")
    got = await chat_where(boris, bool)
    assert got[0]["text"] == "<b>hi</b> clan"
    too_long = await anna.command("chat", text="x" * 501)
    assert too_long["error"]["code"] == "chat_too_long"
    empty = await boris.command("chat", text="   ")
    assert empty["error"]["code"] == "bad_chat"
    lonely = await players[7].command("chat", text="hello?")  # the Vampire has no clan
    assert lonely["error"]["code"] == "not_in_clan"
    await ok(gleb, "chat", text="cops only")
    await chat_where(host, lambda chat: len(chat) == 2)
    await chat_where(gleb, lambda chat: len(chat) == 1)
    assert all(c["clan"] == "mafia" for c in chat_of(boris))
    assert "cops only" not in str(boris.seen) and "hi" not in str(chat_of(gleb))


async def test_recruit_joins_chat_at_publish(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    await ok(players[0], "chat", text="before Kira")
    for voter, target in DAY1:
        await ok(players[voter - 1], "vote", target=target)
    await ok(host, "end_day")
    for seat, action, target in NIGHT1:
        await ok(players[seat - 1], "move", player=seat, action=action, target=target)
    await ok(host, "end_night")
    kira = await players[4].state_where(lambda m: bool(m["view"]["me"]["prompts"]))
    await ok(players[4], "answer", prompt=kira["view"]["me"]["prompts"][0]["id"], answer="да")
    await phase(host, "REVIEW")
    assert (await players[4].command("chat", text="too early"))["error"]["code"] == "not_in_clan"
    await ok(host, "publish")
    await ok(players[1], "chat", text="welcome Kira")
    seen = await chat_where(players[4], bool)
    assert [c["text"] for c in seen] == ["welcome Kira"]


async def test_deadlines_close_phases(live: Live) -> None:
    # Nothing here has to land inside a one-second window: on a busy machine connecting
    # twelve sockets can take longer than the day, so the test only waits for each deadline
    # to close its phase (nobody acts) and then sends a move too late. (A move in time counts: the other
    # tests here play whole days and nights without deadlines.)
    game = await create(live, day_seconds=1, night_seconds=1, prompt_seconds=1)
    host, players = await sockets(live, game)
    # Nothing but the two deadlines can take day 1 to night 1's results: nobody acts.
    await host.state_where(lambda m: m["view"]["phase"] in ("RESOLVING", "REVIEW"), timeout=15)
    late = await players[1].command("move", player=2, action="MAKE_POISON")
    assert late["error"]["code"] == "wrong_phase"
    assert "2" not in host.state["view"]["host"]["submissions"]


async def test_forged_token_and_survives_restart(serve: Serve) -> None:
    live = await serve()
    game = await create(live)
    ws = await live.open(game["code"])
    await ws.send({"type": "hello", "v": 1, "token": "forged" + game["players"][0]["token"][6:]})
    refused = await ws.recv()
    assert refused["error"]["code"] == "bad_token"
    _host, players = await sockets(live, game)
    await ok(players[0], "chat", text="remember me")
    await ok(players[0], "vote", target=8)
    await live.stop()
    await asyncio.sleep(0.05)
    again = await serve()
    anna = await again.connect(game["code"], game["players"][0]["token"])
    view = anna.state["view"]
    assert (await chat_where(anna, bool))[0]["text"] == "remember me"
    assert view["vote_log"][0]["target"] == 8


async def test_duplicates_are_refused_and_change_nothing(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    anna, boris = players[0], players[1]
    await ok(anna, "vote", target=8)
    again = await anna.command("vote", target=8)
    assert again["error"]["code"] == "already_voted"
    forged_time = await boris.command("vote", target=8, ts=-5)
    assert forged_time["error"]["code"] == "bad_payload"
    log = (await host.state_where(lambda m: len(m["view"]["vote_log"]) == 1))["view"]["vote_log"]
    assert log[0]["void_reason"] is None
    await ok(host, "end_day")
    at_night = await anna.command("vote", target=8)  # refused for the phase, not as a second vote
    assert at_night["error"]["code"] == "wrong_phase", at_night
    await ok(anna, "chat", text="once", id="m1")
    dup = await anna.command("chat", text="once", id="m1")
    assert dup["error"]["code"] == "duplicate"
    await ok(anna, "chat", text="twice", id="m2")
    chat = await chat_where(boris, lambda chat: len(chat) == 2)
    assert [c["text"] for c in chat] == ["once", "twice"]


async def test_host_corrects_a_move_and_resolves_again(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    for voter, target in DAY1:
        await ok(players[voter - 1], "vote", target=target)
    await ok(host, "end_day")
    await ok(players[0], "move", player=1, action="SHOOT", target=7)
    await ok(host, "end_night")
    before = (await phase(host, "REVIEW"))["view"]["host"]["pending"]["post_text"]
    assert "Mila" in before
    await ok(host, "correct", player=1, action="STAY_HOME", target=None)
    after = await host.state_where(
        lambda m: m["view"]["phase"] == "REVIEW" and m["view"]["host"]["pending"]["post_text"] != before
    )
    assert "Mila" not in after["view"]["host"]["pending"]["post_text"]
    assert players[6].state["view"]["posts"] == []  # nothing published yet
    await ok(host, "publish")
    post = (await players[6].state_where(lambda m: bool(m["view"]["posts"])))["view"]["posts"][0]
    assert "Mila" not in post["ru"].split("Убит:")[1].split("\n")[0]


async def test_pages_serve_the_andorra_entry(serve: Serve, tmp_path: Any) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("heks")
    (dist / "andorra.html").write_text("andorra")
    live = await serve(web_dist=dist)
    for path in ("/a/new", "/a/KXTR/desk", "/a/KXTR/p"):
        r = await live.http.get(path)
        assert r.text == "andorra" and "default-src 'self'" in r.headers["content-security-policy"]
    assert (await live.http.get("/r/KXTR")).text == "heks"


async def test_a_page_that_names_a_room_is_the_page_of_the_rooms_game(serve: Serve, tmp_path: Any) -> None:
    """The room's game chooses the page, not the path: the path decides only for a code
    that names no room (and for pages that name none)."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("heks")
    (dist / "andorra.html").write_text("andorra")
    live = await serve(web_dist=dist)
    andorra = (await create(live))["code"]
    heks = (await live.create("Anna", game="heks"))["code"]
    assert (await live.http.get(f"/r/{andorra}")).text == "andorra"
    assert (await live.http.get(f"/board/{andorra.lower()}")).text == "andorra"
    assert (await live.http.get(f"/a/{heks}/p")).text == "heks"
    assert (await live.http.get(f"/a/{heks}/desk")).text == "heks"
    assert (await live.http.get(f"/a/{andorra}/p")).text == "andorra"
    assert (await live.http.get(f"/r/{heks}")).text == "heks"


async def test_every_game_is_created_at_one_address(live: Live) -> None:
    """``POST /api/rooms`` makes rooms of every game; ``POST /api/andorra`` is the same
    endpoint with the game implied."""
    r = await live.http.post("/api/rooms", json={"game": "andorra", **create_body()})
    assert r.status_code == 201, r.text
    game = r.json()
    assert game["game"] == "andorra" and len(game["players"]) == len(ROLES)
    assert r.headers["cache-control"] == "no-store"
    summary = (await live.http.get(f"/api/rooms/{game['code']}")).json()
    assert summary["game"] == "andorra" and summary["status"] == "playing"
    refused = await live.http.post("/api/rooms", json={"game": "andorra", "name": "Anna"})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_config"
    relinked = await live.http.post(
        f"/api/rooms/{game['code']}/relink", json={"token": game["host_token"], "seat": 2}
    )
    assert relinked.status_code == 200 and relinked.json()["url"].endswith(
        f"/a/{game['code']}/p#t={relinked.json()['token']}"
    )


async def test_a_private_link_shows_only_its_own_seat(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    await play_two_cycles(host, players)
    for seat, ws in enumerate(players, start=1):
        states = [m for m in ws.seen if m["type"] == "state"]
        assert states
        for message in states:
            view = message["view"]
            assert message["you"] == {"pid": seat + 1, "seat": seat, "host": False, "spectator": False}
            assert view["me"]["seat"] == seat
            assert "host" not in view and "chat" not in view
            assert all(m["to"] in (None, seat) for m in view["me"]["inbox"])
            clan = view["me"]["chat_clan"]
            assert all(m["channel"] in (None, clan) for m in view["me"]["inbox"])
            for p in view["players"]:
                if p["seat"] != seat and p["status"] == "ALIVE":
                    assert "role" not in p


async def test_no_message_when_only_others_moves_change(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    gleb, nikita = players[2], players[7]
    await ok(host, "end_day")
    await phase(gleb, "NIGHT")
    await asyncio.sleep(0.2)
    seen = len(gleb.seen)
    await ok(nikita, "move", player=8, action="BITE", target=3)
    await ok(players[0], "move", player=1, action="SHOOT", target=3)
    await host.state_where(lambda m: len(m["view"]["host"]["submissions"]) == 2)
    await asyncio.sleep(0.2)
    assert gleb.seen[seen:] == []  # neither the timing nor a version tells Gleb about the moves on him


async def test_host_gives_a_seat_a_new_link(live: Live) -> None:
    game = await create(live)
    _host, players = await sockets(live, game)
    url = f"/api/andorra/{game['code']}/relink"
    for token in ("nope", game["players"][1]["token"], None):
        r = await live.http.post(url, json={"token": token, "seat": 2})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_host"
    r = await live.http.post(url, json={"token": game["host_token"], "seat": 9})
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_member"
    r = await live.http.post(url, json={"token": game["host_token"], "seat": 2})
    assert r.status_code == 200, r.text
    fresh = r.json()
    assert fresh["url"].endswith(f"/a/{game['code']}/p#t={fresh['token']}")
    kicked = await players[1].expect("error")
    assert kicked["error"]["code"] == "bad_token"
    old = await live.open(game["code"])
    await old.send({"type": "hello", "v": 1, "token": game["players"][1]["token"]})
    assert (await old.recv())["error"]["code"] == "bad_token"
    boris = await live.connect(game["code"], fresh["token"])
    assert boris.state["view"]["me"]["seat"] == 2
    assert players[0].state["view"]["me"]["seat"] == 1  # the others keep their links


async def test_a_player_cannot_send_the_clock(live: Live) -> None:
    """K-TICK-1: only the server's clock sends ``tick``; from a player it is refused, not stored."""
    game = await create(live)
    _host, players = await sockets(live, game)
    refused = await players[2].command("tick")
    assert refused["type"] == "error" and refused["error"]["code"] == "not_your_step", refused


async def test_creation_speaks_russian_and_lists_the_roles(live: Live) -> None:
    """A-SETUP-1a, A-SETUP-2, A-SETUP-17a: Russian role names are accepted; an unknown one is
    refused in a Russian sentence listing the roles; GET /api/games lists them for the form."""
    names = [{"name": n, "role": r} for n, r in (("A", "Босс мафии"), ("B", "МЖ"), ("C", "Доктор"))]
    r = await live.http.post("/api/andorra", json={"players": names, "options": {"reveal_all_at_end": True}})
    assert r.status_code == 201, r.text
    bad = [{"name": "A", "role": "Кардинал"}, {"name": "B", "role": "МЖ"}, {"name": "C", "role": "МЖ"}]
    r = await live.http.post("/api/andorra", json={"players": bad})
    error = r.json()["error"]
    assert error["code"] == "unknown_role"
    # quoted as the host wrote it (a play-test host had «ДОКТР» shouted back at him)
    assert error["text"]["ru"].startswith("Нет такой роли: «Кардинал». Возможные роли: Босс мафии,")
    # a typo: the role it meant, not all thirty
    bad[0]["role"] = "Доктр"
    error = (await live.http.post("/api/andorra", json={"players": bad})).json()["error"]
    assert (error["code"], error["params"]["suggest"]) == ("unknown_role", "Доктор")
    assert error["text"]["ru"] == "Нет такой роли: «Доктр». Может быть, «Доктор»?"
    games = (await live.http.get("/api/games")).json()["games"]
    roles = next(g for g in games if g["name"] == "andorra")["settings"]["roles"]
    assert roles[0] == {
        "code": "BOSS",
        "ru": "Босс мафии",
        "en": "Mafia Boss",
        "side": {"ru": "Мафия", "en": "Mafia"},
        "aliases": ["босс"],  # so the form checks every line before it sends (A-SETUP-1a)
    }
    assert len(roles) == 29


async def test_a_refused_move_comes_back_as_a_sentence(live: Live) -> None:
    """A-MOVE-6: the error carries the engine's Russian sentence with the seed's words."""
    game = await create(live)
    host, players = await sockets(live, game)
    for voter, target in DAY1:
        await ok(players[voter - 1], "vote", target=target)
    await ok(host, "end_day")
    answer = await players[3].command("move", player=4, action="SHOOT", target=1)
    assert answer["error"]["code"] == "not_your_move"
    assert answer["error"]["text"]["ru"].startswith("Ход «выстрел» не входит в ходы роли «")


async def test_only_the_host_sees_who_is_connected(live: Live) -> None:
    """Issue 20 (5): a player's connecting or leaving at night hints at a night move, so the
    players' pages get nobody's presence; the host's gets everyone's and every change."""
    game = await create(live)
    host = await live.connect(game["code"], game["host_token"])
    anna = await live.connect(game["code"], game["players"][0]["token"])
    boris = await live.connect(game["code"], game["players"][1]["token"])
    boris_pid = boris.state["you"]["pid"]
    await host.presence(boris_pid, "connected")
    await boris.close()
    await host.presence(boris_pid, "grace")
    await ok(anna, "vote", target=2)  # a state message after Boris came and went
    seen = await host.state_where(lambda m: bool(m["view"]["vote_log"]))
    assert seen["you"]["presence"][str(boris_pid)] in ("grace", "disconnected")
    assert all("presence" not in m for m in seen["room"]["members"])
    state = await anna.state_where(lambda m: bool(m["view"]["vote_log"]))
    assert all("presence" not in m for m in state["room"]["members"])
    assert "presence" not in state["you"]
    assert not [m for m in anna.seen if m["type"] == "presence"]
