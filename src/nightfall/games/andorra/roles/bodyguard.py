"""The Bodyguard (A-ROLE-BODYGUARD): everything the role does, in one module.

His move (its catalogue row, name and limit: not the same player two nights running), his
step (21), when his protection stops a hostile act and at whom he fires back (``guard``,
``fired_at``: the hostile-action resolution, ``night/hostile_actions.py`` H6, asks them and
resolves the return shots), the Maniac he becomes by killing a Peaceful (``turns_maniac``, an
end-of-step trigger), his role card and his message. The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Death, Night
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .catalogue import LONERS
from .codes import Move, Role
from .common import visit

ROLE = Role.BODYGUARD

MOVES: tuple[ActionSpec, ...] = (spec(Move.PROTECT, StepId.BODYGUARD, "V", None, OTHER, Role.BODYGUARD),)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.PROTECT.value: ("защищать", "protect"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.PROTECT.value: "BODYGUARD",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-BODYGUARD": {
        "": (
            "Ваш подопечный подвергся нападению. Вы выстрелили в: {list}.",
            "Your ward was attacked. You shot at: {list}.",
        )
    },
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНевербуемая роль.\nНочное действие:\n{STAKE_RU}\n"
    "- защита выбранного персонажа. При враждебном действии против защищаемого стреляет в "
    "нападающего.\n"
    "- может отказаться от ночного действия.\n"
    "Не может защитить от Нечисти. Не может защищать сам себя и одного и того же игрока две "
    "ночи подряд.",
    f"Starts with a siren.\nCannot be recruited.\nNight move:\n{STAKE_EN}\n"
    "- guards a character: if anyone acts hostile against him, shoots the attacker.\n"
    "- may skip the night move.\n"
    "Cannot guard against the Undead. Cannot guard himself, nor the same player two nights "
    "in a row.",
)


def step_21_bodyguard(ctx: Night) -> None:
    """A-ROLE-BODYGUARD-2..7: protection for hostile actions at steps ≥ 21."""
    for a in ctx.acts_at(StepId.BODYGUARD):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.world.record_target(a.actor, "BODYGUARD", ctx.n, a.target)
        if visit(ctx, a):
            ctx.bodyguard[a.target] = a.actor


def guard(ctx: Night, target: int, actor: int, tau: str, response: bool) -> int | None:
    """A-ROLE-BODYGUARD-3..5 (H6): the living Bodyguard whose protection stops this hostile act
    on the target, or None: never a response, an act of the Undead or the axe."""
    world = ctx.world
    bg = ctx.bodyguard.get(target)
    if (
        bg is not None
        and not response
        and world.player(bg).alive
        and world.player(bg).role == Role.BODYGUARD
        and not world.player(actor).undead
        and tau != "AXE"
    ):
        return bg
    return None


def fired_at(ctx: Night, bg: int, attackers: list[int]) -> None:
    """A-ROLE-BODYGUARD-4: he shoots every attacker (a stake hunt's whole group), named in his
    message (``MSG-BODYGUARD``); the resolution fires each return shot, a hostile «RSHOT»."""
    ctx.bodyguard_fired.setdefault(bg, []).extend(attackers)


def turns_maniac(ctx: Night, d: Death, killer: Player, was_peaceful: bool) -> None:
    """A-ROLE-BODYGUARD-6/7: his return shot kills a Peaceful: he becomes the Maniac at once
    and his protection ends."""
    if d.cause == "RSHOT" and was_peaceful and killer.role == Role.BODYGUARD:
        assert d.by is not None
        killer.role, killer.faction = Role.MANIAC, LONERS
        ctx.bodyguard = {k: v for k, v in ctx.bodyguard.items() if v != d.by}
        ctx.notice(d.by, "MSG-NEWROLE", role=Role.MANIAC)
