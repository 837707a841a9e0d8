"""A-GEN-4: a replacement («замена») keeps the seat, its state and its history.

The new nick is the seat's from now on; everything written before keeps the old one
(the morning posts, the private messages such as Van Helsing's Night-1 result, the host
log, the first post). So at a replacement every record without an ``epoch`` gets the
number of replacements before it, and ``as_of(world, epoch)`` gives the world with the
nicks of that time to render it with. The header lists the replacements («rubin1988 →
Kassandra, с дня 2»). Penalties burn (A-VOTE-12: «несгораемые … отменяются только заменой»).
"""

from __future__ import annotations

import copy
from typing import Any

from nightfall.engine import HOST, Command, Event, Rejected

from .reports.forum_text import plain
from .setup import BBCODE_TAG
from .state import AndorraState, World


def replace(state: AndorraState, cmd: Command) -> list[Event]:
    if cmd.actor != HOST:
        raise Rejected("not_host", rule="H-03", actor=cmd.actor)
    seat, nick = cmd.payload.get("seat"), cmd.payload.get("nick")
    current = state.world
    if (
        not isinstance(seat, int)
        or not 1 <= seat <= len(current.players)
        or not isinstance(nick, str)
        or not nick
    ):
        raise Rejected("bad_payload", rule="A-GEN-4", seat=seat)
    nick = plain(nick).strip()  # A-SEC-4: the nick goes into every post
    tag = BBCODE_TAG.search(nick)
    if not nick or tag is not None:  # A-SETUP-1b, as for the starting nicks
        raise Rejected("nick_bbcode", rule="A-SETUP-1b", nick=nick, tag=tag.group(0) if tag else "")
    epoch = len(current.replacements)
    for record in (*state.posts, *state.messages, *state.host_log):
        record.setdefault("epoch", epoch)
    record = {"seat": seat, "old": current.player(seat).nick, "new": nick, "day": current.day}
    # a night resolved but not yet published becomes the world at publication: it is replaced too
    for world in (current, state.pending_world) if state.pending_world is not None else (current,):
        world.replacements.append(dict(record))
        world.player(seat).nick = nick
        for day_s in list(world.penalties):
            world.penalties[day_s] = [s for s in world.penalties[day_s] if s != seat]
    return [Event("replaced", {"seat": seat, "nick": nick})]


def as_of(world: World, epoch: Any) -> World:
    """The world with the nicks it had when ``epoch`` replacements had been made (a record
    without an epoch is from after the last one: the world itself)."""
    if not isinstance(epoch, int) or epoch >= len(world.replacements):
        return world
    past = copy.copy(world)
    past.players = [copy.copy(p) for p in world.players]
    for r in reversed(world.replacements[epoch:]):
        past.players[r["seat"] - 1].nick = r["old"]
    return past


def replacement_lines(world: World, lang: str = "ru") -> list[str]:
    """«rubin1988 → Kassandra, с дня 2»."""
    word = "с дня" if lang == "ru" else "from day"
    return [f"{r['old']} → {r['new']}, {word} {r['day']}" for r in world.replacements]
