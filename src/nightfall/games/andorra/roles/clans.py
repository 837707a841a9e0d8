"""The clans (A-CLAN): what the Mafia, the Cops and the Rebel's group share.

Not one role's module: the moves here are made by several clan roles (a shot, the clan's
bottle, poison-making) or at a step two roles share (the Cops' searches at 25, the Mafia's at
26), so their rows, names and steps live together (``role_modules.SHARED``), with the
recruitment every clan's step uses (22-24) and the clan's messages. What one clan role does
alone is in its module: ``boss.py``, ``soldier.py``, ``recruiter.py``, ``sheriff.py``,
``investigator.py``, ``rebel.py``.
"""

from __future__ import annotations

from dataclasses import replace

from ..clan_heads import MAX_CLAN
from ..night.ctx import Act, Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import NONE, OTHER, ActionSpec, spec
from .catalogue import MAFIA
from .codes import Move, Role
from .common import visit

# A-ROLE-JOURNALIST-6: the Journalist-Soldier counts as a Soldier.
SOLDIERS = (Role.SOLDIER, Role.JOURNALIST_SOLDIER)


def _cops_shoot_later(row: ActionSpec) -> ActionSpec:
    """The mafia shoots at 32, the Cops at 33 (A-ROLE-MAFIA-6, A-ROLE-COPS-5)."""
    cops = ((role, StepId.COPS_SHOT) for role in (Role.SHERIFF, Role.INVESTIGATOR))
    return replace(row, steps_by_role=tuple(cops))


MOVES: tuple[ActionSpec, ...] = (
    spec(Move.MAKE_POISON, StepId.MAFIA_RECRUIT, "S", "MAKE", NONE, Role.RECRUITER, *SOLDIERS),
    spec(Move.SEARCH_BOSS, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.SHERIFF),
    spec(Move.SEARCH_REBEL, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.SHERIFF),
    spec(Move.SEARCH_MANIAC, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.INVESTIGATOR),
    spec(Move.SEARCH_RECRUITER, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.INVESTIGATOR),
    spec(Move.SEARCH_SHERIFF, StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, Role.BOSS),
    spec(Move.SEARCH_INVESTIGATOR, StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, *SOLDIERS),
    _cops_shoot_later(
        spec(
            Move.SHOOT,
            StepId.MAFIA_SHOT,
            "H",
            "SHOOT",
            OTHER,
            Role.BOSS,
            Role.RECRUITER,
            *SOLDIERS,
            Role.SHERIFF,
            Role.INVESTIGATOR,
        )
    ),
    spec(Move.POISON, StepId.MAFIA_SHOT, "H", "POISON", OTHER, Role.BOSS, Role.RECRUITER, *SOLDIERS),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.MAKE_POISON.value: ("изготовить яд", "make poison"),
    Move.SEARCH_BOSS.value: ("поиск Босса мафии", "search for the Mafia Boss"),
    Move.SEARCH_REBEL.value: ("поиск Бунтаря", "search for the Rebel"),
    Move.SEARCH_MANIAC.value: ("поиск Маньяка", "search for the Maniac"),
    Move.SEARCH_RECRUITER.value: ("поиск Вербовщика мафии", "search for the Mafia Recruiter"),
    Move.SEARCH_SHERIFF.value: ("поиск Шерифа", "search for the Sheriff"),
    Move.SEARCH_INVESTIGATOR.value: ("поиск Следователя", "search for the Investigator"),
    Move.SHOOT.value: ("выстрел", "shot"),
    Move.POISON.value: ("отравить ядом клана", "poison with the clan's bottle"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-SEARCH": {
        "found": ("{X} — {role}.", "{X} is the {role}."),
        "found_shot": ("{X} — {role}. Выстрел: {ok}.", "{X} is the {role}. Shot: {ok}."),
        "not": ("{X} — не {role}.", "{X} is not the {role}."),
    },
}

# Searches: code -> (role sought, shoots when found at this step or None)
SEARCHES: dict[str, tuple[str, StepId | None]] = {
    Move.SEARCH_BOSS.value: (Role.BOSS, StepId.COPS_SHOT),
    Move.SEARCH_REBEL.value: (Role.REBEL, StepId.COPS_SHOT),
    Move.SEARCH_MANIAC.value: (Role.MANIAC, StepId.COPS_SHOT),
    Move.SEARCH_RECRUITER.value: (Role.RECRUITER, StepId.COPS_SHOT),
    Move.SEARCH_SHERIFF.value: (Role.SHERIFF, StepId.MAFIA_SHOT),
    Move.SEARCH_INVESTIGATOR.value: (Role.INVESTIGATOR, StepId.MAFIA_SHOT),
}


def recruit(ctx: Night, step: StepId, faction_of: str) -> None:
    """A clan's recruitment step (22 the Sheriff's, 23 the Recruiter's, 24 the Rebel's): an
    offer decided at dawn (A-RECRUIT-8); the mafia's step also makes poison."""
    world = ctx.world
    for a in ctx.acts_at(step):
        if not ctx.start(a):
            continue
        if a.code == Move.MAKE_POISON:  # A-ROLE-SOLDIER-2/3: a self move, it has no target
            clan = world.player(a.actor).clan
            if clan in world.clans:
                world.clans[clan].poison += 1
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        if a.target is None:
            continue
        faction = faction_of if faction_of != "mafia" else (world.player(a.actor).clan or "mafia")
        if faction.startswith("mafia"):
            pending = sum(1 for r in ctx.recruits if r["faction"] == faction)
            if len(world.clan_members(faction)) + pending >= MAX_CLAN:
                a.result = "FAIL"  # A-ERR-11: not offered at all
                ctx.log(a.actor, a.code, a.target, "V", "FAIL", hit="CAP")
                continue
        if not visit(ctx, a):
            continue
        a.result = None  # decided at dawn (A-RECRUIT-8)
        ctx.recruits.append({"by": a.actor, "faction": faction, "target": a.target, "step": step})


def _search(ctx: Night, step: StepId) -> None:
    """A-ROLE-MAFIA-6, Q-77: a search that finds schedules a shot at the shot step."""
    for a in ctx.acts_at(step):
        if not ctx.start(a) or a.target is None:
            continue
        sought, shot_step = SEARCHES[a.code]
        if not visit(ctx, a, "W"):
            continue
        found = ctx.world.player(a.target).role == sought
        a.lines = [("MSG-SEARCH", {"X": a.orig, "role": sought, "found": found, "shot": None})]
        if found and shot_step:
            ctx.scheduled_shots.append((shot_step, a.actor, a.target, a.code))


def step_25_cops_search(ctx: Night) -> None:
    """The Sheriff's and the Investigator's searches (A-ROLE-COPS-5)."""
    _search(ctx, StepId.COPS_SEARCH)


def step_26_mafia_search(ctx: Night) -> None:
    """The Boss's and the Soldiers' searches (A-ROLE-BOSS-2, A-ROLE-SOLDIER-2)."""
    _search(ctx, StepId.MAFIA_SEARCH)


def shoot(ctx: Night, a: Act) -> None:
    """A pistol shot (the clans' and the Rebel group's): a hostile «SHOT»."""
    assert a.target is not None
    out = hostile(ctx, a.actor, a.target, "SHOT", a.code)
    a.result = out.result


def _scheduled(ctx: Night, step: StepId) -> None:
    for _st, actor, target, _via in [s for s in ctx.scheduled_shots if s[0] == step]:
        act = ctx.acts.get(actor)
        if not ctx.can_act(actor):
            continue
        out = hostile(ctx, actor, target, "SHOT", "SHOOT")
        if act is not None and act.lines:
            act.lines[0][1]["shot"] = out.result == "OK"


def poison_attack(ctx: Night, a: Act, clan_bottle: bool) -> None:
    """A-ITEM-POISON-1..3, A-ROLE-MAFIA-5: the bottle is written off only on «удачно»."""
    assert a.target is not None
    world = ctx.world
    clan = world.player(a.actor).clan
    if clan_bottle and (clan not in world.clans or world.clans[clan].poison < 1):
        a.result = "FAIL"
        return
    out = hostile(ctx, a.actor, a.target, "POISON", a.code)
    a.result = out.result
    if out.result == "OK":
        if clan_bottle and clan:
            world.clans[clan].poison -= 1
        else:
            world.player(a.actor).take("POISON")


def step_32_mafia(ctx: Night) -> None:
    """A-ROLE-MAFIA-6: shots (plain + search-found) then poisonings, clan 1 before clan 2."""
    for a in ctx.acts_at(StepId.MAFIA_SHOT):
        if not ctx.start(a) or a.target is None:
            continue
        if a.code == Move.SHOOT:
            shoot(ctx, a)
        else:
            poison_attack(ctx, a, clan_bottle=True)
    _scheduled(ctx, StepId.MAFIA_SHOT)


def step_33_cops(ctx: Night) -> None:
    """A-ROLE-COPS-5: the Cops' shots (plain + search-found)."""
    for a in ctx.acts_at(StepId.COPS_SHOT):
        if ctx.start(a) and a.target is not None:
            shoot(ctx, a)
    _scheduled(ctx, StepId.COPS_SHOT)


def join_mafia(ctx: Night, p: Player, clan: str, soldier: bool) -> None:
    """A player joins a mafia clan at dawn: recruited (a Soldier) or a PV who chose a clan role."""
    if soldier:  # A-RECRUIT-5: becomes a Soldier, except the Journalist
        p.role = Role.JOURNALIST_SOLDIER if p.role == Role.JOURNALIST else Role.SOLDIER
    p.faction, p.clan, p.join_key = MAFIA, clan, [ctx.n, p.seat]
