"""The Sheriff (A-ROLE-SHERIFF): everything the role does alone, in one module.

His own move (recruiting an Investigator: its catalogue row and name), what refuses it beyond
the common checks, his step (22), how his offer is taken at dawn before the others (D2), the
depression a Cop's shot at a Peaceful brings (the Investigator's too, A-ROLE-INVESTIGATOR-2),
his role card and the message of the player he recruits. His searches (25) and shot (33) are
the Cops' (``clans.py``); his succession is the clan heads' (``clan_heads.promote``). The
common tables gather these parts (``roles/role_modules.py``); the catalogue row, the codes
and the step's row in ``night/steps.py`` name it.
"""

from __future__ import annotations

from typing import Any

from ..night.ctx import Death, Night
from ..night.step_ids import StepId
from ..state import Player, World
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .catalogue import PEACEFUL
from .clans import recruit
from .codes import Move, Role

ROLE = Role.SHERIFF

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.SHERIFF_RECRUIT, StepId.COPS_RECRUIT, "V", "RECRUIT", OTHER, Role.SHERIFF),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.SHERIFF_RECRUIT.value: ("вербовка Следователя", "recruit an Investigator"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-RECRUITED-SHERIFF": {
        "": (
            "Вас завербовал Шериф. Ваша роль: Следователь. Шериф: {sheriff}.",
            "The Sheriff recruited you. Your role: Investigator. Sheriff: {sheriff}.",
        )
    },
    "MSG-DEPRESSION": {
        "": (
            "Вы убили мирного жителя и впали в депрессию: следующей ночью вы не можете сделать ход, "
            "а ваш голос сегодня не учитывается.",
            "You killed a peaceful player and fell into depression: next night you cannot move, "
            "and your vote today is not counted.",
        )
    },
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет бронежилет.\nНевербуемая роль.\nЗнает Следователя.\nНочное действие:\n{STAKE_RU}\n"
    "- делает выстрел. В случае убийства мирного впадает в депрессию.\n"
    "- поиск Босса мафии. При нахождении - стреляет.\n"
    "- поиск Бунтаря. При нахождении - стреляет.\n"
    "- вербует Следователя (если в игре отсутствует/выбыл Следователь) из числа МЖ без роли.\n"
    "Ходы Копов отправляются Шерифом.",
    f"Starts with a bulletproof vest.\nCannot be recruited.\nKnows the Investigator.\nNight move:\n{STAKE_EN}\n"
    "- shoots. After killing a Peaceful he falls into depression.\n"
    "- searches for the Mafia Boss; if found, shoots.\n"
    "- searches for the Rebel; if found, shoots.\n"
    "- recruits an Investigator (if there is none) from the Peaceful Villagers without a role.\n"
    "The Sheriff sends the Cops' moves.",
)

COPS = (Role.SHERIFF, Role.INVESTIGATOR)


def _investigator_alive(world: World) -> bool:
    return any(q.alive and q.role == Role.INVESTIGATOR for q in world.players)


def recruits_beside_investigator(world: World, code: str) -> bool:
    """A-ROLE-SHERIFF-2: he recruits an Investigator only while there is none
    (``investigator_present``)."""
    return code == Move.SHERIFF_RECRUIT and _investigator_alive(world)


def step_22_cops_recruit(ctx: Night) -> None:
    """A-ROLE-SHERIFF-2/3: an offer, taken at dawn before any other (D2)."""
    recruit(ctx, StepId.COPS_RECRUIT, "cops")


def recruited_at_dawn(ctx: Night, p: Player, offers: list[dict[str, Any]]) -> dict[str, Any] | None:
    """D2, A-RECRUIT-11, A-ROLE-SHERIFF-3: his offer, first of all and without consent, makes a
    Peaceful Villager without a role the Investigator while there is none; the offer taken, or
    None (then every offer of his fails)."""
    world = ctx.world
    sheriff = [r for r in offers if r["faction"] == "cops"]
    if (
        sheriff
        and p.alive
        and p.role == Role.PV
        and not p.follower
        and p.faction == PEACEFUL
        and not _investigator_alive(world)
    ):
        r = sheriff[0]
        p.role, p.clan, p.join_key = Role.INVESTIGATOR, "cops", [ctx.n, p.seat]
        p.give("SIREN", ctx.n)
        world.roles_taken.append(Role.INVESTIGATOR)
        ctx.decide_offer(r, "OK")
        ctx.dawn_msgs.append((p.seat, "MSG-RECRUITED-SHERIFF", {"sheriff": r["by"]}))
        return r
    for r in sheriff:
        ctx.decide_offer(r, "FAIL")
    return None


def depression(ctx: Night, d: Death, killer: Player, was_peaceful: bool) -> None:
    """A-ROLE-SHERIFF-4/5 (and A-ROLE-INVESTIGATOR-2): a Cop whose shot kills a Peaceful loses
    his next night's move and the Day N+1 vote."""
    if d.cause == "SHOT" and was_peaceful and killer.role in COPS:
        assert d.by is not None
        killer.depressed_night = ctx.n + 1
        ctx.world.lose_vote(ctx.n + 1, d.by, "DEPRESSION")
        ctx.notice(d.by, "MSG-DEPRESSION")
