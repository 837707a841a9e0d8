"""Optional e-mail notices (issue 32 §3, A-MAIL-1..5): the host's SMTP settings, each player's
opt-in address, and WHAT notice a player is due: a new night question, a new private result,
a new day. Sending is the server's (``server/mail_out.py``); this module says only who gets
which notice, read from the rules' state, so it is pure and replays with the room's log.

The settings and addresses are ``mail_settings`` / ``mail_address`` commands in the room's log
(like the clan chat): they survive a restart. What leaves the server: the host's view shows the
settings without the password (``password_set`` only, A-MAIL-2), a player's view his own address
and no one else's (A-MAIL-3), and a notice carries no game content at all (A-MAIL-4)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import HOST, SYSTEM, Command, Event, Rejected

from ..view_types import AndorraMailDesk

MAIL_SETTINGS = "mail_settings"  # the host's SMTP settings
MAIL_ADDRESS = "mail_address"  # a player's own address ("" or null: no mail)
MAIL_FAILED = "mail_failed"  # the server's: a send failed (shown to the host, A-MAIL-5)
MAIL_COMMANDS = frozenset({MAIL_SETTINGS, MAIL_ADDRESS, MAIL_FAILED})
SECURITY = ("starttls", "ssl", "none")
FIELD_MAX = 200  # characters of a host name, user, password or address
ERROR_MAX = 300
# one @, no spaces or angle brackets, a dot in the domain: enough to refuse a typo, and no
# header injection (no CR/LF can pass)
_ADDRESS = re.compile(r"[^@\s<>\"',;]+@[^@\s<>\"',;]+\.[^@\s<>\"',;]+")
_HOST = re.compile(r"[A-Za-z0-9.\-:\[\]]+")

QUESTION, RESULT, DAY = "question", "result", "day"


@dataclass(slots=True)
class SmtpSettings:
    host: str
    port: int
    security: str  # SECURITY
    user: str
    password: str  # write-only: never in a view (A-MAIL-2)
    sender: str  # the From address


@dataclass(slots=True)
class MailDesk:
    smtp: SmtpSettings | None = None
    addresses: dict[int, str] = field(default_factory=dict)  # seat -> address (opt-in, A-MAIL-3)
    last_error: str | None = None  # the last failed send, for the host (A-MAIL-5)
    failed_at: int | None = None


@dataclass(frozen=True, slots=True)
class Marks:
    """What a player has been told of so far: his open questions, his private results, the day."""

    prompts: frozenset[str]
    results: int
    day: int


@dataclass(frozen=True, slots=True)
class Notice:
    seat: int
    address: str
    kind: str  # QUESTION, RESULT or DAY


def _text(payload: Mapping[str, Any], key: str, required: bool = True) -> str:
    raw = payload.get(key)
    if raw is None and not required:
        return ""
    if not isinstance(raw, str) or len(raw) > FIELD_MAX or "\r" in raw or "\n" in raw:
        raise Rejected("bad_mail", rule="A-MAIL-1", field=key)
    raw = raw.strip()
    if required and not raw:
        raise Rejected("bad_mail", rule="A-MAIL-1", field=key)
    return raw


# What a transcript carries instead of a secret (``redact``): the same views on replay
# (``password_set`` stays true, a player still opted in), nothing of the host's or a player's.
PASSWORD_STAND_IN = "(redacted)"
ADDRESS_STAND_IN = "player@redacted.invalid"


def redact(command: Command) -> Command:
    """A-MAIL-2, A-MAIL-3: the SMTP password and the players' addresses never leave the server
    in a transcript (``nightfall replay --room --save``, a bug report)."""
    p = command.payload
    if command.type == MAIL_SETTINGS and p.get("password"):
        return Command(command.actor, command.type, {**p, "password": PASSWORD_STAND_IN}, command.now)
    if command.type == MAIL_ADDRESS and p.get("address"):
        return Command(command.actor, command.type, {**p, "address": ADDRESS_STAND_IN}, command.now)
    return command


def _address(raw: str, key: str) -> str:
    if not _ADDRESS.fullmatch(raw):
        raise Rejected("bad_mail", rule="A-MAIL-1", field=key)
    return raw


def apply(desk: MailDesk, seats: int, command: Command) -> list[Event]:
    """``mail_settings`` (the host), ``mail_address`` (a player), ``mail_failed`` (the server)."""
    p = command.payload
    if command.type == MAIL_SETTINGS:
        if command.actor != HOST:
            raise Rejected("not_host", rule="A-MAIL-1")
        if p.get("clear"):
            desk.smtp, desk.last_error, desk.failed_at = None, None, None
            return []
        port = p.get("port")
        if type(port) is not int or not 1 <= port <= 65535:
            raise Rejected("bad_mail", rule="A-MAIL-1", field="port")
        security = p.get("security", "starttls")
        if security not in SECURITY:
            raise Rejected("bad_mail", rule="A-MAIL-1", field="security", allowed=list(SECURITY))
        host = _text(p, "host")
        if not _HOST.fullmatch(host):
            raise Rejected("bad_mail", rule="A-MAIL-1", field="host")
        password = _text(p, "password", required=False)
        if not password and p.get("password") is None and desk.smtp is not None:
            password = desk.smtp.password  # write-only: the desk cannot show it, so a save keeps it
        desk.smtp = SmtpSettings(
            host=host,
            port=port,
            security=str(security),
            user=_text(p, "user", required=False),
            password=password,
            sender=_address(_text(p, "sender"), "sender"),
        )
        desk.last_error, desk.failed_at = None, None
        return []
    if command.type == MAIL_ADDRESS:
        seat = command.actor
        if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= seats:
            raise Rejected("not_seated", rule="A-MAIL-3")
        address = _text(p, "address", required=False)
        if address:
            desk.addresses[seat] = _address(address, "address")
        else:
            desk.addresses.pop(seat, None)
        return []
    if command.actor != SYSTEM:  # MAIL_FAILED: only the server's sender reports
        raise Rejected("not_your_step", rule="A-MAIL-5")
    error = p.get("error")
    desk.last_error = str(error)[:ERROR_MAX] if error else None
    desk.failed_at = command.now
    return []


def host_part(desk: MailDesk) -> AndorraMailDesk:
    """The host's view of the settings: everything but the password (A-MAIL-2)."""
    s = desk.smtp
    return {
        "smtp": None
        if s is None
        else {
            "host": s.host,
            "port": s.port,
            "security": s.security,
            "user": s.user,
            "sender": s.sender,
            "password_set": bool(s.password),
        },
        "subscribers": len(desk.addresses),  # how many opted in; not who (A-MAIL-3)
        "last_error": desk.last_error,
        "failed_at": desk.failed_at,
    }


def marks(game: Any) -> dict[int, Marks]:
    """Per seat, what the rules' state holds for him now: the ids of his open night questions
    (a question waits while the night resolves), how many private messages he has, the day
    number while it is day (a new day is a notice, A-MAIL-4)."""
    open_prompts: dict[int, set[str]] = {}
    if game.phase == "RESOLVING":
        for pr in (game.pending or {}).get("prompts", []):
            if str(pr["id"]) not in game.answers:
                open_prompts.setdefault(pr["seat"], set()).add(str(pr["id"]))
    results: dict[int, int] = {}
    for m in game.messages:
        for seat in m["audience"]:
            results[seat] = results.get(seat, 0) + 1
    day = game.world.day if game.phase == "DAY" else 0
    return {
        p.seat: Marks(frozenset(open_prompts.get(p.seat, ())), results.get(p.seat, 0), day)
        for p in game.world.players
    }


def due(desk: MailDesk, before: dict[int, Marks], after: dict[int, Marks]) -> list[Notice]:
    """The notices between two states, for the players who gave an address: a question he had
    not been asked, more private messages, a day he had not seen start (A-MAIL-4). One notice
    of each kind per change; none while the host has no SMTP settings."""
    if desk.smtp is None:
        return []
    out: list[Notice] = []
    for seat, address in sorted(desk.addresses.items()):
        now = after.get(seat)
        if now is None:
            continue
        was = before.get(seat, Marks(frozenset(), 0, 0))
        if now.prompts - was.prompts:
            out.append(Notice(seat, address, QUESTION))
        if now.results > was.results:
            out.append(Notice(seat, address, RESULT))
        if now.day and now.day != was.day:
            out.append(Notice(seat, address, DAY))
    return out


_SUBJECTS = {
    QUESTION: ("Новый вопрос ведущего", "A new question from the host"),
    RESULT: ("Новый результат", "A new result"),
    DAY: ("Начался новый день", "A new day has begun"),
}


def letter(kind: str, code: str, link: str) -> tuple[str, str]:
    """The subject and body of a notice: the kind and the player's page, nothing of the game
    (no role, no target, no result text; A-MAIL-4). ``link`` holds no token: the page reads it
    from the device it was first opened on."""
    ru, en = _SUBJECTS[kind]
    subject = f"Андорра {code}: {ru} / {en}"
    body = (
        f"{ru} в игре {code}. Откройте свою страницу: {link}\n{en} in game {code}. Open your page: {link}\n"
    )
    return subject, body
