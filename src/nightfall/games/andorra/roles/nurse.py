"""The Nurse (A-ROLE-NURSE, A-HEAL-3): everything the role does, in one module.

Her moves (their catalogue rows, names and limits), what refuses them beyond the common
checks, her step (11), what her stomach pump stops, her role card and her message to Van
Helsing. The common tables gather these parts (``roles/role_modules.py``); the catalogue
row (``catalogue.ROLES``), the codes (``codes.Role``, ``codes.Move``) and the step's row in
``night/steps.py`` name it. Her blood test answers with the common «нечисть / не нечисть»
lines (``MSG-UNDEAD``), which Van Helsing's search shares.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import ANY, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import confirm_undead, cure, visit

ROLE = Role.NURSE

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.NURSE_PUMP, StepId.NURSE, "V", None, ANY, Role.NURSE),
    spec(Move.NURSE_TEST, StepId.NURSE, "V", None, OTHER, Role.NURSE),
    spec(Move.NURSE_QUARANTINE, StepId.NURSE, "V", None, OTHER, Role.NURSE),
    spec(Move.NURSE_REPORT_VH, StepId.NURSE, "S", None, OTHER, Role.NURSE),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.NURSE_PUMP.value: ("промывание желудка", "stomach pump"),
    Move.NURSE_TEST.value: ("анализ крови", "blood test"),
    Move.NURSE_QUARANTINE.value: ("карантин", "quarantine"),
    Move.NURSE_REPORT_VH.value: ("сообщить Ван Хельсингу", "report to Van Helsing"),
}
# A-ROLE-NURSE-3: each player pumped once per game; the targets are kept under "PUMP".
ONCE_PER_TARGET: dict[str, str] = {
    Move.NURSE_PUMP.value: "PUMP",
}
CONSECUTIVE_FAMILY: dict[str, str] = {}
# A-ROLE-NURSE-2, Q-67: the blood test's result, told to Van Helsing anonymously at dawn.
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-NURSE-TO-VH": {
        "yes": ("Анализ крови: {X} — нечисть.", "Blood test: {X} is Undead."),
        "no": ("Анализ крови: {X} — не нечисть.", "Blood test: {X} is not Undead."),
    },
}

# A-HEAL-3, A-ROLE-NURSE-4: what her pump cures, and shields against this night (the Undead's too).
CURES = frozenset({"POISON", "CLONIDINE", "BITE", "CROSS"})
# The player's memory: she has pumped herself (once per game, A-ROLE-NURSE-3).
_SELF_PUMP = "self_pump"
# Her memory: the blood tests' results, what she may report to Van Helsing (A-ROLE-NURSE-4).
_TESTS = "tests"

DESCRIPTION: tuple[str, str] = (
    f"Ночное действие:\n{STAKE_RU}\n"
    "- промывание желудка - лечит от отравления, в том числе и Нечисть.\n"
    "- анализ крови - определяет Нечисть. Следующим ночным ходом может сообщить результат "
    "Ван Хельсингу.\n"
    "- запереть на карантин - голоса на дневном голосовании (сам игрок об этом не узнаёт).\n"
    "Лечение может быть применено к игроку один раз за игру. Один раз за игру может вылечить "
    "себя от отравления.",
    f"Night move:\n{STAKE_EN}\n"
    "- stomach pumping: cures poisoning, the Undead's too.\n"
    "- blood test: detects the Undead. Next night may tell the result to Van Helsing.\n"
    "- quarantine: the player loses his vote at the day's vote (he does not learn it).\n"
    "Each player can be cured once per game. Can cure her own poisoning once per game.",
)


def reports_nothing(p: Player, code: str) -> bool:
    """A-ROLE-NURSE-4: a report to Van Helsing before any blood test, refused (``nothing_to_report``)."""
    return code == Move.NURSE_REPORT_VH and not p.mem.get(_TESTS)


def pumps_self_again(p: Player, code: str, target: int) -> bool:
    """A-ROLE-NURSE-3: a second pump of herself, refused (``self_once_per_game``)."""
    return code == Move.NURSE_PUMP and target == p.seat and bool(p.mem.get(_SELF_PUMP))


def shields(ctx: Night, target: int, tau: str) -> bool:
    """A-HEAL-3: the Nurse's pump this night stops this hostile act on the target."""
    return target in ctx.shield_nurse and tau in CURES


def step_11_nurse(ctx: Night) -> None:
    """A-ROLE-NURSE-2..4, A-HEAL-3."""
    world = ctx.world
    for a in ctx.acts_at(StepId.NURSE):
        if not ctx.start(a) or a.target is None:
            continue
        me = world.player(a.actor)
        if a.code == Move.NURSE_REPORT_VH:  # delivered anonymously at dawn
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            tested = me.mem.get(_TESTS, {}).get(str(a.target))
            vh = next((p for p in world.players if p.alive and p.role == Role.VH), None)
            if tested is not None and vh is not None:
                ctx.notice(vh.seat, "MSG-NURSE-TO-VH", X=a.target, undead=bool(tested))
                if tested:
                    confirm_undead(vh, a.target)
            continue
        if (
            a.code == Move.NURSE_PUMP
            and a.forced
            and (a.target in me.targets("PUMP") or (a.target == a.actor and me.mem.get(_SELF_PUMP)))
        ):
            a.result = "OK"  # sent by a Doctor's card, but her limit is exhausted: nothing happens
            ctx.log(a.actor, a.code, a.target, "V", "OK")
            continue
        if a.code == Move.NURSE_PUMP:
            me.targets("PUMP").append(a.target)
            if a.target == a.actor:
                me.mem[_SELF_PUMP] = True
        if not visit(ctx, a):
            continue
        if a.code == Move.NURSE_PUMP:
            cure(ctx, a.target, CURES)
            ctx.shield_nurse.add(a.target)
        elif a.code == Move.NURSE_TEST:
            undead = world.player(a.target).undead
            me.mem.setdefault(_TESTS, {})[str(a.target)] = undead
            a.lines = [("MSG-UNDEAD" if undead else "MSG-NOT-UNDEAD", {"X": a.orig})]
        elif a.code == Move.NURSE_QUARANTINE:
            world.lose_vote(ctx.n + 1, a.target, "NURSE")
