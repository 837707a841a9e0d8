"""E-mail notices on the server (issue 32 §3; A-MAIL-1..5) against a local SMTP server (aiosmtpd):
the host sets SMTP on the desk, a player opts in, a night question reaches his mailbox with no
secret in it; a broken SMTP server does not break the room; the password is never sent back."""

from __future__ import annotations

import asyncio
import email
import email.policy
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from nightfall.games.registry import Outbox
from nightfall.server import mail_out
from tests.local_servers import free_port
from tests.server.harness import Live, Ws

from .game_data import DAY1, NIGHT1
from .test_server import create, ok, phase, sockets

pytestmark = pytest.mark.server

PASSWORD = "pw-Zq81-never-shown"
KIRA = 5  # the Recruiter's offer comes to her at the end of Night 1 (game_data)


@dataclass
class Mailbox:
    """What the local SMTP server took in; ``refuse`` makes it refuse every recipient."""

    refuse: bool = False
    letters: list[tuple[list[str], str]] = field(default_factory=list)
    arrived: threading.Event = field(default_factory=threading.Event)
    refused: threading.Event = field(default_factory=threading.Event)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if self.refuse:
            self.refused.set()
            return "550 mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        body = msg.get_body()
        text = f"{msg['subject']}\n{body.get_content() if body is not None else ''}"
        self.letters.append((list(envelope.rcpt_tos), text))
        self.arrived.set()
        return "250 Message accepted"


@pytest.fixture
def mailbox(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Mailbox, int]]:
    monkeypatch.setattr(mail_out, "ALLOW_PRIVATE", True)  # the SMTP server is on loopback
    box = Mailbox()
    port = free_port()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


async def _wait(event: threading.Event) -> None:
    assert await asyncio.to_thread(event.wait, 10.0), "no mail event within 10 s"


async def _night_one(host: Ws, players: list[Ws]) -> dict[str, Any]:
    for voter, target in DAY1:
        await ok(players[voter - 1], "vote", target=target)
    await ok(host, "end_day")
    for seat, action, target in NIGHT1:
        await ok(players[seat - 1], "move", player=seat, action=action, target=target)
    await ok(host, "end_night")
    return await players[KIRA - 1].state_where(lambda m: bool(m["view"]["me"]["prompts"]))


def _settings(port: int, **extra: Any) -> dict[str, Any]:
    return {
        "host": "127.0.0.1",
        "port": port,
        "security": "none",
        "user": "",
        "password": PASSWORD,
        "sender": "host@example.org",
        **extra,
    }


async def test_a_night_question_is_mailed_to_the_player_alone_a_mail_4(
    live: Live, mailbox: tuple[Mailbox, int]
) -> None:
    """A-MAIL-1 (the host's settings), A-MAIL-3 (opt-in, own address only), A-MAIL-4 (the
    notice names the kind and the page, nothing of the game), A-MAIL-2 (no password out)."""
    box, port = mailbox
    game = await create(live)
    host, players = await sockets(live, game)
    await ok(host, "mail_settings", **_settings(port))
    desk = await host.state_where(lambda m: m["view"]["host"]["mail"]["smtp"] is not None)
    assert desk["view"]["host"]["mail"]["smtp"]["password_set"] is True
    await ok(players[KIRA - 1], "mail_address", address="kira@example.org")
    await players[KIRA - 1].state_where(lambda m: m["view"]["me"]["mail"] == "kira@example.org")
    assert not box.letters  # nothing new yet: an address alone sends nothing

    prompted = await _night_one(host, players)
    assert prompted["view"]["me"]["prompts"][0]["kind"] == "RECRUIT_ASK"
    await until_letters(box, lambda: any("question" in t for _, t in box.letters))
    questions = [(to, text) for to, text in box.letters if "question" in text]
    assert [to for to, _ in questions] == [["kira@example.org"]]
    text = questions[0][1]
    assert f"/a/{game['code']}/p" in text
    kira_token = game["players"][KIRA - 1]["token"]
    for secret in (kira_token, "RECRUIT", "Recruiter", "вербов", "PV", "BOSS", "Anna", PASSWORD):
        assert secret not in text, secret
    # only Kira gave an address: no letter to anyone else
    assert all(to == ["kira@example.org"] for to, _ in box.letters)

    await ok(players[KIRA - 1], "answer", prompt=prompted["view"]["me"]["prompts"][0]["id"], answer="да")
    await phase(host, "REVIEW")
    await ok(host, "publish")
    await phase(host, "DAY")
    await until_letters(box, lambda: any("new day" in t for _, t in box.letters))

    seen = json.dumps([m for ws in [host, *players] for m in ws.seen], ensure_ascii=False)
    assert PASSWORD not in seen  # A-MAIL-2: never in a view, an ack or an error
    others = json.dumps([m for ws in [host, *players[: KIRA - 1], *players[KIRA:]] for m in ws.seen])
    assert "kira@example.org" not in others  # A-MAIL-3: her address is hers alone


async def until_letters(box: Mailbox, check: Any) -> None:
    for _ in range(100):
        if check():
            return
        box.arrived.clear()
        if check():
            return
        await asyncio.to_thread(box.arrived.wait, 0.1)
    raise AssertionError(f"no such letter in {[t[-200:] for _, t in box.letters]}")


async def test_a_broken_smtp_server_does_not_break_the_room_a_mail_5(
    live: Live, mailbox: tuple[Mailbox, int]
) -> None:
    """A-MAIL-5: the SMTP server refuses the recipient; the night goes on, and the host sees why."""
    box, port = mailbox
    box.refuse = True
    game = await create(live)
    host, players = await sockets(live, game)
    await ok(host, "mail_settings", **_settings(port))
    await ok(players[KIRA - 1], "mail_address", address="kira@example.org")
    prompted = await _night_one(host, players)
    await _wait(box.refused)
    failed = await host.state_where(lambda m: m["view"]["host"]["mail"]["last_error"] is not None)
    assert "550" in failed["view"]["host"]["mail"]["last_error"]
    assert PASSWORD not in failed["view"]["host"]["mail"]["last_error"]
    await ok(players[KIRA - 1], "answer", prompt=prompted["view"]["me"]["prompts"][0]["id"], answer="да")
    await phase(host, "REVIEW")
    await ok(host, "publish")
    await phase(host, "DAY")
    assert not box.letters


async def test_the_password_is_write_only_and_kept_on_a_resave_a_mail_2(
    live: Live, mailbox: tuple[Mailbox, int]
) -> None:
    """A-MAIL-2: a save without a password keeps the stored one (the desk cannot show it); a
    player may not set SMTP; a bad address is refused with its field."""
    _, port = mailbox
    game = await create(live)
    host, players = await sockets(live, game)
    await ok(host, "mail_settings", **_settings(port))
    resave = _settings(port, sender="other@example.org")
    del resave["password"]
    await ok(host, "mail_settings", **resave)
    desk = await host.state_where(
        lambda m: m["view"]["host"]["mail"]["smtp"]["sender"] == "other@example.org"
    )
    assert desk["view"]["host"]["mail"]["smtp"]["password_set"] is True
    refused = await players[0].command("mail_settings", **_settings(port))
    assert refused["type"] == "error" and refused["error"]["code"] == "not_host"
    bad = await players[0].command("mail_address", address="kira at example")
    assert bad["type"] == "error" and bad["error"]["code"] == "bad_mail"
    assert "name@example.org" in bad["error"]["text"]["ru"]  # worded for the page
    seen = json.dumps([m for ws in [host, *players] for m in ws.seen])
    assert PASSWORD not in seen


def test_starttls_against_a_plain_server_fails_in_words_a_mail_5(mailbox: tuple[Mailbox, int]) -> None:
    """A-MAIL-5: a server without STARTTLS is an error the host can read, without the password."""
    box, port = mailbox
    outbox = Outbox(
        "127.0.0.1", port, "starttls", "u", PASSWORD, "host@example.org", (("a@example.org", "s", "b"),)
    )
    with pytest.raises(mail_out.MailError) as failed:
        mail_out.send(outbox, timeout_s=5)
    assert "STARTTLS" in str(failed.value) and PASSWORD not in str(failed.value)
    assert not box.letters


def test_an_smtp_host_inside_the_servers_network_is_refused_a_mail_5(monkeypatch: pytest.MonkeyPatch) -> None:
    """A-MAIL-5: like the thread import's pages, the host's SMTP server must be outside."""
    monkeypatch.setattr(mail_out, "ALLOW_PRIVATE", False)
    outbox = Outbox("127.0.0.1", 6379, "none", "", "", "host@example.org", (("a@example.org", "s", "b"),))
    with pytest.raises(mail_out.MailError, match="inside the server's network"):
        mail_out.send(outbox, timeout_s=5)
