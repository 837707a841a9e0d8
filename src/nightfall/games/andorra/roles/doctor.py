"""The Doctor (A-ROLE-DOCTOR, A-HEAL-1/2): everything the role does, in one module.

Its moves (their catalogue rows, names and limits), what refuses them beyond the common
checks, its step (15), what its heal stops, and its role card. The common tables gather
these parts (``roles/role_modules.py``); the catalogue row (``catalogue.ROLES``), the codes
(``codes.Role``, ``codes.Move``) and the step's row in ``night/steps.py`` name it. Its
results are the common «удачно/неудачно» (A-RES): it has no message of its own.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import ANY, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import cure, visit

ROLE = Role.DOCTOR

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.HEAL, StepId.DOCTOR, "V", None, ANY, Role.DOCTOR),
    spec(Move.SLEEPING_PILL, StepId.DOCTOR, "V", None, OTHER, Role.DOCTOR),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.HEAL.value: ("лечить", "heal"),
    Move.SLEEPING_PILL.value: ("снотворное", "sleeping pill"),
}
# A-ROLE-DOCTOR-3: each player healed once per game; the targets are kept under "HEAL".
ONCE_PER_TARGET: dict[str, str] = {Move.HEAL.value: "HEAL"}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

# A-HAR-EFFECT "Healable by Doctor": not AXE, EXPLOSION, BITE (and never the Undead, A-HEAL-1).
HEALS = frozenset({"SHOT", "RSHOT", "KNIFE_Q", "KNIFE_B", "HH_CHOP", "POISON", "CLONIDINE", "BURN"})
# The player's memory: he has healed himself (once per game, A-ROLE-DOCTOR-3).
_SELF_HEAL = "self_heal"

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНевербуемая роль.\nНочное действие:\n{STAKE_RU}\n"
    "- лечит игрока от любого враждебного воздействия, кроме топора Палача, взрыва Психа и "
    "укуса Вампира. Не лечит Нечисть.\n"
    "- поит игрока снотворным. Игрок теряет возможность сделать ночной ход.\n"
    "- может отказаться от ночного действия.\n"
    "Лечение может быть применено к игроку один раз за игру. Может вылечить себя один раз за игру.",
    f"Starts with a siren.\nCannot be recruited.\nNight move:\n{STAKE_EN}\n"
    "- heals a player from any hostile act except the Executioner's axe, the Psycho's blast "
    "and the Vampire's bite. Does not heal the Undead.\n"
    "- gives a player a sleeping draught: he cannot make his night move.\n"
    "- may skip the night move.\n"
    "Each player can be healed once per game. Can heal himself once per game.",
)


def first_self_heal(p: Player, code: str, target: int) -> bool:
    """A-ROLE-DOCTOR-3: his first heal of himself, allowed even if he was healed before."""
    return code == Move.HEAL and target == p.seat and not p.mem.get(_SELF_HEAL)


def heals_self_again(p: Player, code: str, target: int) -> bool:
    """A-ROLE-DOCTOR-3: a second heal of himself, refused (``self_once_per_game``)."""
    return code == Move.HEAL and target == p.seat and bool(p.mem.get(_SELF_HEAL))


def shields(ctx: Night, target: int, tau: str) -> bool:
    """A-HEAL-1/2: the Doctor's heal this night stops this hostile act on the target."""
    return target in ctx.shield_doctor and tau in HEALS and not ctx.world.player(target).undead


def step_15_doctor(ctx: Night) -> None:
    """A-ROLE-DOCTOR-2..5, A-HEAL-1/2."""
    world = ctx.world
    for a in ctx.acts_at(StepId.DOCTOR):
        if not ctx.start(a) or a.target is None:
            continue
        me = world.player(a.actor)
        if a.code == Move.SLEEPING_PILL:
            if visit(ctx, a):
                ctx.block(a.target, by=a.actor)
            continue
        if a.forced and (a.target in me.targets("HEAL") or (a.target == a.actor and me.mem.get(_SELF_HEAL))):
            a.result = "OK"  # the medic goes, but the limit is exhausted: nothing happens
            ctx.log(a.actor, a.code, a.target, "V", "OK")
            continue
        me.targets("HEAL").append(a.target)
        if a.target == a.actor:
            me.mem[_SELF_HEAL] = True
        if not visit(ctx, a):
            continue
        if world.player(a.target).undead:  # A-HEAL-1: does not heal the Undead
            a.result = "FAIL"
            ctx.events[-1].result = "FAIL"
            continue
        ctx.shield_doctor.add(a.target)
        cure(ctx, a.target, frozenset({"POISON", "CLONIDINE"}))
