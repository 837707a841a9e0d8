"""Who speaks and decides for a clan (A-CLAN): the move sender, the item manager,
the manager's election when the head is gone, and the successions that promote a
new head (the Investigator for the Sheriff, a follower for the Rebel)."""

from __future__ import annotations

from .night.ctx import Night
from .roles.codes import Role
from .state import World

MAX_CLAN = 5  # A-SETUP-3: members of one clan at most, also through recruitment (A-ERR-11)


def sender(world: World, clan: str) -> int | None:
    """A-CLAN-2/3, A-ERR-1: Boss, else the earliest Soldier, else the earliest member."""
    members = world.clan_members(clan)
    if not members:
        return None
    head = Role.SHERIFF if clan == "cops" else Role.REBEL if clan == "rebel" else Role.BOSS
    for m in members:
        if m.role == head:
            return int(m.seat)
    for m in members:
        if m.role in (Role.SOLDIER, Role.JOURNALIST_SOLDIER):
            return int(m.seat)
    return int(members[0].seat)


def item_manager(world: World, clan: str) -> int | None:
    """A-CLAN-4: the head while active, else the elected manager, else the move sender."""
    for m in world.clan_members(clan):
        if m.role == Role.BOSS:
            return int(m.seat)
    got = world.clan_manager.get(clan)
    if got is not None and world.player(got).alive and world.player(got).clan == clan:
        return int(got)
    return sender(world, clan)


def open_poll(ctx: Night, cid: str) -> None:
    """A-CLAN-4: the head (or the elected manager) left: the clan elects an item manager."""
    ctx.world.clan_manager.pop(cid, None)
    ctx.world.clan_poll[cid] = {}
    ctx.clan_notices.append((cid, "MSG-CLAN-POLL", {"X": sender(ctx.world, cid)}))


def promote(ctx: Night, gone: set[int]) -> None:
    """A-ROLE-COPS-2/4, A-ROLE-REBEL-8: a gone Sheriff or Rebel leaves his place to a successor."""
    world = ctx.world
    for s in sorted(gone):
        p = world.player(s)
        if p.role == Role.SHERIFF:
            inv = next((q for q in world.players if q.alive and q.role == Role.INVESTIGATOR), None)
            if inv is not None:
                inv.role = Role.SHERIFF
                ctx.dawn_msgs.append((inv.seat, "MSG-NEWROLE", {"role": Role.SHERIFF}))
        if p.role == Role.REBEL:
            fol = [q for q in world.clan_members("rebel") if q.follower]
            if fol:
                fol[0].role, fol[0].follower = Role.REBEL, False
                ctx.dawn_msgs.append((fol[0].seat, "MSG-NEWROLE", {"role": Role.REBEL}))
