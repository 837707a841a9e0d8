"""Sending a game's e-mail notices (issue 32 §3; Andorra's A-MAIL-1..5): after each commit the
game says what mail the change made due (``GameSite.mail_due``); it is sent here, in a worker
thread with a timeout, never on the event loop. A failed send is logged and told to the host
through the game (a ``mail_failed`` command by the server); it never holds or breaks the room.

The SMTP server is the host's: as for the thread import's pages (thread_fetch.py), an address
inside the server's own network is refused, so a room's settings are not a way into the
machine's Redis or PostgreSQL. Tests run against a local SMTP server with ``ALLOW_PRIVATE``."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import smtplib
import socket
import ssl
from collections.abc import Callable
from email.message import EmailMessage
from typing import Any

from nightfall.engine import SYSTEM, Command
from nightfall.games.registry import Outbox

from .room_commit import Committer, Job
from .room_core import RoomCore
from .room_views import RoomViews

log = logging.getLogger("nightfall.mail")

TIMEOUT_S = 15.0  # per SMTP operation (connect, each command)
SEND_LIMIT_S = 60.0  # a whole batch: a server that drips answers still ends
FAILED = "mail_failed"  # the game's command that tells the host (A-MAIL-5)
ALLOW_PRIVATE = False  # tests only: the local SMTP server is on loopback


class MailError(Exception):
    """Why mail could not be sent, in words for the host."""


def _check_host(host: str, port: int) -> None:
    if ALLOW_PRIVATE:
        return
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise MailError(f"{host}: {exc}") from exc
    for info in infos:
        if not ipaddress.ip_address(str(info[4][0])).is_global:
            raise MailError(f"{host}: an address inside the server's network")


def send(outbox: Outbox, timeout_s: float = TIMEOUT_S) -> int:
    """Send every letter over one SMTP connection (blocking: run in a thread). Returns how
    many were sent; raises MailError (with no password in it) on the first failure."""
    _check_host(outbox.host, outbox.port)
    try:
        smtp: smtplib.SMTP
        if outbox.security == "ssl":
            smtp = smtplib.SMTP_SSL(
                outbox.host, outbox.port, timeout=timeout_s, context=ssl.create_default_context()
            )
        else:
            smtp = smtplib.SMTP(outbox.host, outbox.port, timeout=timeout_s)
        with smtp:
            if outbox.security == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if outbox.user:
                smtp.login(outbox.user, outbox.password)
            for to, subject, body in outbox.letters:
                msg = EmailMessage()
                msg["From"], msg["To"], msg["Subject"] = outbox.sender, to, subject
                msg.set_content(body)
                smtp.send_message(msg)
    except (smtplib.SMTPException, OSError, ssl.SSLError) as exc:
        # smtplib's messages hold the server's answer, never what we sent (the password)
        raise MailError(f"{outbox.host}:{outbox.port}: {type(exc).__name__}: {exc}"[:300]) from exc
    return len(outbox.letters)


class MailOut:
    """One room's notices: what its players had been told of at the last commit (``seen``),
    and the sends under way (kept so a task is not collected before it ends)."""

    def __init__(
        self,
        core: RoomCore,
        committer: Committer,
        views: RoomViews,
        enqueue: Callable[[Job], None],
        sender: Callable[[Outbox], int] = send,
    ) -> None:
        self.core = core
        self.committer = committer
        self.views = views
        self._enqueue = enqueue
        self._send = sender
        self.tasks: set[asyncio.Task[None]] = set()
        play = core.play
        # a restored room starts from what its log holds: nothing already there is mailed again
        self.seen: Any = core.site.mail_marks(play.state) if play is not None else None

    async def committed(self) -> None:
        """After a commit: mail what the change made due, off the loop."""
        core, play = self.core, self.core.play
        if play is None:
            return
        seen, self.seen = self.seen, core.site.mail_marks(play.state)
        if seen is None or self.seen is None:
            return  # the first state seen: a baseline, nothing is new yet
        page = f"{core.base_url or ''}/{core.site.pages.seat.format(code=core.code)}"
        outbox = core.site.mail_due(play.state, seen, self.seen, core.code, page)
        if outbox is None:
            return
        task = asyncio.get_running_loop().create_task(self._deliver(outbox))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _deliver(self, outbox: Outbox) -> None:
        try:
            sent = await asyncio.wait_for(asyncio.to_thread(self._send, outbox), SEND_LIMIT_S)
        except Exception as exc:  # any failure is the host's to see, never the room's end
            why = str(exc) if isinstance(exc, MailError) else f"{type(exc).__name__}: {exc}"[:300]
            log.warning("room %s: mail not sent: %s", self.core.code, why)
            self._enqueue(lambda: self._report(why or "timeout"))
            return
        log.info("room %s: %d notice(s) mailed", self.core.code, sent)

    async def _report(self, why: str) -> None:
        """Tell the host through the game (a command of the server's: stored, shown on the desk)."""
        if self.core.play is None:
            return
        try:
            applied = await self.committer.apply_in_time(
                lambda now: Command(actor=SYSTEM, type=FAILED, payload={"error": why}, now=now),
                unless_ended=True,
            )
        except Exception as exc:  # the game refused it (over, another game): only the log keeps it
            log.info("room %s: mail failure not recorded: %s", self.core.code, exc)
            return
        if applied and await self.committer.commit():
            self.views.broadcast()
