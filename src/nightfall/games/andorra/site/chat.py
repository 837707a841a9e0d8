"""The site's clan chat: members of a clan (each mafia clan, the Cops, the Rebel
and followers) talk privately. Membership is the engine's clan at send time; a
recruit reads the chat from the moment the engine puts him into the clan.

Chat messages are ``chat`` commands in the room's log, so they survive a restart
and replay deterministically with the rest of the game (``AndorraSiteGame``).
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import Command, Event, Rejected
from nightfall.engine.event import Audience

from ..form_types import AndorraMoveOption
from ..reports.review import clan_word
from ..state import ALIVE
from ..view_types import AndorraChatMessage
from ..words_types import AndorraWords
from .mail import MailDesk

CHAT = "chat"
CHAT_MAX = 500  # characters per clan chat message
CHAT_ID_MAX = 40  # the client's id for a message, so a resend is not posted twice
# Messages a room's chat holds: far more than a clan writes in a forum game of weeks, and few
# enough that a room's replay (at every load) stays a fraction of a second (attack round 7)
CHAT_LINES_MAX = 20_000


@dataclass(slots=True)
class RoomState:
    """The engine's state plus the site's clan chat."""

    game: Any
    chat: list[AndorraChatMessage] = field(default_factory=list)
    # seat -> [clan, index of the first chat message it may read]
    member_since: dict[int, tuple[str, int]] = field(default_factory=dict)
    # seat -> the indexes in ``chat`` of the messages sent to it, in order: a seat's messages
    # are numbered by their place here, so its numbers run on without a gap whatever other
    # clans write (a room-wide number told how much they wrote, and when)
    inbox: dict[int, list[int]] = field(default_factory=dict)
    options_cache: dict[int, list[AndorraMoveOption]] = field(default_factory=dict)
    # player -> what the host may enter for him (the host's correction form)
    host_options_cache: dict[int, list[AndorraMoveOption]] = field(default_factory=dict)
    now: int = 0  # the kernel's clock (K-TIME-1)
    # the part of the view every seat shares, built once per change (game.py; None: not yet)
    public: Any = None
    # seat -> role card, kept while the world is unchanged (game.CARD_KEEPS)
    cards: dict[int, Any] = field(default_factory=dict)
    # the e-mail notices' settings and addresses (mail.py; never in a snapshot, A-MAIL-2)
    mail: MailDesk = field(default_factory=MailDesk)
    # the thread import's confirmed forum names -> seat (aliases.py, A-THREAD-5a)
    aliases: dict[str, int] = field(default_factory=dict)
    # (seat, id) of every chat message sent with an id: a resend is found at once (scanning
    # the chat made a room's replay quadratic: 20,000 lines held the loop 19 s, attack round 7)
    chat_ids: set[tuple[int, str]] = field(default_factory=set)


def clean_chat(raw: object) -> str:
    if not isinstance(raw, str):
        raise Rejected("bad_chat", reason="empty")
    text = unicodedata.normalize("NFC", raw).strip()
    if not text:
        raise Rejected("bad_chat", reason="empty")
    if len(text) > CHAT_MAX:
        raise Rejected("chat_too_long", max=CHAT_MAX, length=len(text))
    # ``isprintable`` (in C) passes the usual text at once; only a text with another space
    # (no-break, thin) or a refused character is looked at one character at a time: that loop
    # was most of a room's replay (attack round 7)
    if not text.replace("\n", " ").isprintable() and any(
        unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch != "\n" for ch in text
    ):
        raise Rejected("bad_chat", reason="control_chars")
    return text


def clans(state: RoomState) -> dict[int, str | None]:
    """Each seat's clan, as the engine holds it (the host view shows the same). Read from the
    players, not from a view: this runs after every command of the room, and the host view
    renders the whole game (the review, the audits, every message)."""
    return {p.seat: p.clan for p in state.game.world.players}


def track_clans(state: RoomState) -> None:
    """A recruit reads the clan's chat from the moment the engine puts him in the clan."""
    for seat, clan in clans(state).items():
        before = state.member_since.get(seat)
        if clan is None:
            state.member_since.pop(seat, None)
        elif before is None or before[0] != clan:
            state.member_since[seat] = (clan, len(state.chat))


def post(state: RoomState, command: Command) -> list[Event]:
    """A ``chat`` command: one message to the sender's clan."""
    seat = command.actor
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise Rejected("not_in_clan", actor=seat)
    text = clean_chat(command.payload.get("text"))
    nonce = command.payload.get("id")
    if nonce is not None and (not isinstance(nonce, str) or not 0 < len(nonce) <= CHAT_ID_MAX):
        raise Rejected("bad_chat", reason="id")
    if nonce is not None and (seat, nonce) in state.chat_ids:
        raise Rejected("duplicate", seat=seat, id=nonce)  # a resend: the first one counts
    world = state.game.world
    clan = world.player(seat).clan if 1 <= seat <= len(world.players) else None
    if clan is None or seat not in state.member_since:
        raise Rejected("not_in_clan", seat=seat)
    if len(state.chat) >= CHAT_LINES_MAX:
        raise Rejected("chat_full", max=CHAT_LINES_MAX)
    if world.player(seat).status != ALIVE:  # A-GEN-6: the killed and the jailed do not write
        raise Rejected("not_alive", seat=seat)
    entry: AndorraChatMessage = {
        "n": len(state.chat),
        "clan": clan,
        "seat": seat,
        "text": text,
        "at": command.now,
    }
    if nonce is not None:
        entry["id"] = nonce
        state.chat_ids.add((seat, nonce))
    state.chat.append(entry)
    members = frozenset(s for s, (c, _) in state.member_since.items() if c == clan)
    for member in members:
        state.inbox.setdefault(member, []).append(entry["n"])
    return [Event("chat", {"clan": clan, "seat": seat}, Audience(seats=members, host=True))]


def readable(state: RoomState, seat: int) -> tuple[str | None, list[AndorraChatMessage]]:
    """The seat's clan and the messages it may read."""
    since = state.member_since.get(seat)
    if since is None:
        return None, []
    return since[0], [m for m in state.chat[since[1] :] if m["clan"] == since[0]]


def page(
    state: RoomState, viewer: object, lo: int, hi: int, limit: int
) -> tuple[list[AndorraChatMessage], bool]:
    """The messages ``viewer`` may read (the desk: every clan's; a seat: its clan's, sent
    while it was in it; anyone else: none) with their index in ``chat`` in ``[lo, hi)``, the
    latest ``limit`` of them, and whether it may read older ones (the client's «earlier
    messages»). The desk's ``n`` is the index; a seat's, the message's place in its inbox."""
    if viewer in ("host", "all"):
        lo, hi = max(lo, 0), min(hi, len(state.chat))
        got = state.chat[max(lo, hi - limit) : hi]
        return got, hi - len(got) > 0
    if not (isinstance(viewer, int) and not isinstance(viewer, bool) and viewer in state.member_since):
        return [], False
    clan = state.member_since[viewer][0]
    inbox = state.inbox.get(viewer, [])
    mine: list[AndorraChatMessage] = []
    at = bisect_left(inbox, hi) - 1
    first = bisect_left(inbox, lo)
    while at >= first and len(mine) < limit:  # newest first, only as far back as the page needs
        m = state.chat[inbox[at]]
        if m["clan"] == clan:  # not what he read in a clan he was moved out of
            mine.append({**m, "n": at})
        at -= 1
    older = any(state.chat[inbox[k]]["clan"] == clan for k in range(at + 1))
    mine.reverse()
    return mine, older


def index_of(state: RoomState, viewer: object, n: int) -> int:
    """The index in ``chat`` of ``viewer``'s message numbered ``n`` (a page's ``before``)."""
    if isinstance(viewer, int) and not isinstance(viewer, bool):
        inbox = state.inbox.get(viewer, [])
        return inbox[n] if n < len(inbox) else len(state.chat)
    return n


def clan_name(state: RoomState, clan: str | None) -> AndorraWords | None:
    """The chat's clan in words («мафия (красные)»), as the page titles it."""
    if clan is None:
        return None
    world = state.game.world
    return {"ru": clan_word(world, clan, "ru"), "en": clan_word(world, clan, "en")}
