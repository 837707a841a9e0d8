"""The Peaceful Villager (A-ROLE-PV): everything the role does, in one module.

His move (its catalogue row and name), his step (20: a watch over the whole night), his choice
of a free role at dawn when what he watched was hit (D1, A-ROLE-PV-6, the first dawn step of
``night/steps.py``), his role card and his messages. The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the steps' rows in
``night/steps.py`` name it.
"""

from __future__ import annotations

from typing import Any

from ..clan_heads import MAX_CLAN
from ..night.ctx import Night
from ..night.dawn import free_roles
from ..night.step_ids import StepId
from ..state import ALIVE, Clan
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .catalogue import ROLES
from .clans import join_mafia
from .codes import Move, Role

ROLE = Role.PV

MOVES: tuple[ActionSpec, ...] = (spec(Move.PV_WATCH, StepId.PV, "W", None, OTHER, Role.PV),)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.PV_WATCH.value: ("следить", "watch"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-PV-NOTHING": {"": ("Ничего не замечено.", "Nothing noticed.")},
    "MSG-PV-SAW": {
        "": (
            "На игрока {X} совершено удачное враждебное действие. Вы можете выбрать одну из свободных ролей: "
            "{roles}.",
            "A successful hostile action was committed on {X}. You may choose one of the free roles: "
            "{roles}.",
        )
    },
    # A-MSG-4a: what MSG-PV-SAW told him, in the morning, without the question (reports/answered.py)
    "MSG-PV-HIT": {
        "": (
            "На игрока {X} совершено удачное враждебное действие.",
            "A successful hostile action was committed on {X}.",
        )
    },
    "MSG-HOST-PV-REANIMATED": {
        "": (
            "{X} (МЖ) убит(а) этой ночью и реанимирован(а); на того, за кем {X} следил(а), было "
            "удачное враждебное действие. Дать игроку {X} выбрать роль?",
            "{X} (PV) was killed tonight and reanimated; the player he watched suffered a successful "
            "hostile action. Let him choose a role?",
        )
    },
}

DESCRIPTION: tuple[str, str] = (
    f"Ночное действие:\n{STAKE_RU}\n"
    "- следит за одним из жителей, и в случае удачного враждебного действия на него может "
    "выбрать одну из свободных ролей, не задействованных в игре. Видит момент отравления ядом.\n"
    "- может отказаться от ночного действия.\n"
    "В начале партии каждый МЖ получает один случайный подарок из списка феи.",
    f"Night move:\n{STAKE_EN}\n"
    "- watches a villager; if a hostile act on him succeeds, may choose one of the free roles "
    "not in play. Sees a poisoning.\n"
    "- may skip the night move.\n"
    "At the start each Peaceful Villager gets one random gift from the Fairy's list.",
)


def step_20_pv(ctx: Night) -> None:
    """A-ROLE-PV-2/6: a watch over the whole night; the choice comes at dawn D1."""
    for a in ctx.acts_at(StepId.PV):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.pv_watch[a.actor] = a.target
        a.result = "OK"
        a.lines = [("MSG-PV-NOTHING", {})]
        ctx.log(a.actor, a.code, a.target, "W", "OK")


def _hit(ctx: Night, target: int) -> bool:
    return any(
        e.target == target and e.cls == "H" and e.result == "OK" and not e.reflected for e in ctx.events
    )


# A-DAWN-1b: the host's answer that lets a PV killed and reanimated in the night choose a role.
PV_REANIMATED_DEFAULT = "да"


def _reanimated_pvs_who_choose(ctx: Night, pvs: list[int]) -> set[int]:
    """A-DAWN-1b: a PV killed this night and reanimated at step 40 whose watch saw a hit — the
    rules disagree (A-DEATH-2: his watch ended with his death; A-RES-4: a reanimated player
    gets his results normally), so the host decides («решающее слово остается за ведущим»)
    for each, default «да» (A-RES-4, the rule written for the reanimated). Asked alone: the
    PV's own question depends on it (H-11b)."""
    back = [pv for pv in pvs if pv in ctx.reanimated]
    if not back:
        return set(pvs)
    prompts = [
        {
            "id": f"N{ctx.n}:PV_REANIMATED:{pv}",
            "seat": 0,
            "kind": "PV_REANIMATED",
            "options": ["да", "нет"],
            "default": PV_REANIMATED_DEFAULT,
            "key": "MSG-HOST-PV-REANIMATED",
            "params": {"X": pv},
            "alone": True,
        }
        for pv in back
    ]
    got = ctx.ask(prompts)
    denied = {pv for pv in back if got[f"N{ctx.n}:PV_REANIMATED:{pv}"] == "нет"}
    return set(pvs) - denied


def d1_pv_choices(ctx: Night) -> None:
    """D1, A-ROLE-PV-5..7, A-DAWN-1a: a PV whose watched player was hit may choose a free role;
    two choosing one role toss a coin; a clan role joins a clan (H-08: the host picks which)."""
    world = ctx.world
    prompts: list[dict[str, Any]] = []
    seeing = [
        pv
        for pv, watched in sorted(ctx.pv_watch.items())
        if world.player(pv).status == ALIVE and world.player(pv).role == Role.PV and _hit(ctx, watched)
    ]
    choosing = _reanimated_pvs_who_choose(ctx, seeing)
    for pv, _watched in sorted(ctx.pv_watch.items()):
        p = world.player(pv)
        if pv not in choosing:
            continue
        options = free_roles(ctx, p)
        prompts.append(
            {
                "id": ctx.prompt_id("PV_ROLE", pv),
                "seat": pv,
                "kind": "PV_ROLE",
                "options": options,
                "default": None,
                "key": "MSG-PV-SAW",
                "params": {"X": ctx.acts[pv].orig, "roles": options},
            }
        )
        ctx.acts[pv].lines, ctx.acts[pv].silent = [], True
    if not prompts:
        return
    answers = ctx.ask(prompts)
    chosen: dict[str, list[int]] = {}
    for pr in prompts:
        ans = answers[pr["id"]]
        ctx.dawn_msgs.append((pr["seat"], pr["key"], pr["params"]))
        if ans in pr["options"]:
            chosen.setdefault(str(ans), []).append(pr["seat"])
    for role, seats in sorted(chosen.items()):
        seat = seats[world.rng.below(len(seats))] if len(seats) > 1 else seats[0]  # A-ROLE-PV-7 coin
        p = world.player(seat)
        spec = ROLES[role]
        p.role = role
        if not p.follower:
            p.faction = spec.faction
        for item in spec.items:  # A-ROLE-PV-5, A-ITEM-GEN-2
            p.give(item, ctx.n)
        world.roles_taken.append(role)  # A-RCHANGE-2
        if spec.clan_role:
            clans = [
                c
                for c in sorted(world.clans, key=lambda c: world.clans[c].rank)
                if c.startswith("mafia") and len(world.clan_members(c)) < MAX_CLAN
            ]
            clan = clans[0] if clans else None  # A-DAWN-1a default: the first clan with room
            if len(clans) > 1:  # H-08: two clans → the host assigns the clan (seat 0 = the host)
                pid = ctx.prompt_id("CLAN_ASSIGN", seat)
                clan = ctx.ask(
                    [
                        {
                            "id": pid,
                            "seat": 0,
                            "kind": "CLAN_ASSIGN",
                            "options": clans,
                            "default": clan,
                            "key": "MSG-CLAN-ASSIGN",
                            "params": {"X": seat, "role": role},
                        }
                    ]
                )[pid]
            if clan is not None:
                join_mafia(ctx, p, str(clan), soldier=False)
                ctx.clan_notices.append((str(clan), "MSG-CLAN-NEWMEMBER", {"X": seat}))
        elif role in (Role.SHERIFF, Role.INVESTIGATOR):
            world.clans.setdefault("cops", Clan("cops", "COPS"))
            p.clan, p.join_key = "cops", [ctx.n, seat]
            ctx.clan_notices.append(("cops", "MSG-CLAN-NEWMEMBER", {"X": seat}))  # the other Cop is informed
        elif role == Role.REBEL:
            world.clans.setdefault("rebel", Clan("rebel", "REBEL"))
            p.clan, p.join_key = "rebel", [ctx.n, seat]
        ctx.dawn_msgs.append((seat, "MSG-NEWROLE", {"role": role}))
