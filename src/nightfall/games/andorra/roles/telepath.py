"""The Telepath (A-ROLE-TELEPATH): everything the role does, in one module.

His moves (their catalogue rows, names and limit: not the same player two nights running),
his steps (3: a planted vote; 16: a later move's new target) and his role card. The common
tables gather these parts (``roles/role_modules.py``); the catalogue row, the codes and the
steps' rows in ``night/steps.py`` name it. His moves' fields (``vote``, ``new_target``) are
checked at submission (``move_checks.check_params``).
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import IDX, StepId
from ..tally import entry
from .action_spec import ANY, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.TELEPATH

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.TELEPATH_VOTE, StepId.TELEPATH_VOTE, "V", None, OTHER, Role.TELEPATH),
    spec(Move.TELEPATH_RETARGET, StepId.TELEPATH_RETARGET, "V", None, OTHER, Role.TELEPATH),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.TELEPATH_VOTE.value: ("внушить голос", "plant a vote"),
    Move.TELEPATH_RETARGET.value: ("сменить цель", "change the target"),
}
ONCE_PER_TARGET: dict[str, str] = {}
# A-ROLE-TELEPATH-3: both influences count as one family, not the same player two nights running.
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.TELEPATH_VOTE.value: "TELEPATH",
    Move.TELEPATH_RETARGET.value: "TELEPATH",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Ночное действие:\n{STAKE_RU}\n"
    "- внушает персонажу, за кого ему надо голосовать. Нельзя воздействовать на одного и того "
    "же игрока два раза подряд.\n"
    "- внушает персонажу новую цель его воздействия.\n"
    "- может отказаться от ночного хода.",
    f"Night move:\n{STAKE_EN}\n"
    "- makes a character vote for whom he says. Not the same player twice in a row.\n"
    "- gives a character a new target for his move.\n"
    "- may skip the night move.",
)


def step_3_telepath_vote(ctx: Night) -> None:
    """A-TALLY-4, A-ERR-13: a cast or blank vote becomes the Telepath's choice."""
    for a in ctx.acts_at(StepId.TELEPATH_VOTE):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.world.record_target(a.actor, "TELEPATH", ctx.n, a.target)
        e = entry(ctx, a.target)
        if e is not None and e["kind"] in ("VOTE", "BLANK"):
            e.update(target=int(a.params["vote"]), kind="VOTE")
            e["modified_by"].append("TELEPATH")
            a.result = "OK"
        else:
            a.result = "FAIL"
        ctx.log(a.actor, a.code, a.target, "V", a.result)


def step_16_telepath_retarget(ctx: Night) -> None:
    """A-ROLE-TELEPATH-4: the influenced player's later move gets a new target."""
    for a in ctx.acts_at(StepId.TELEPATH_RETARGET):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.world.record_target(a.actor, "TELEPATH", ctx.n, a.target)
        if not visit(ctx, a):
            continue
        victim = ctx.acts.get(a.target)
        new = int(a.params["new_target"])
        if (
            victim is None
            or victim.state != "PENDING"
            or victim.step is None  # staying home is no move (and is never pending)
            or IDX[victim.step] <= IDX[StepId.TELEPATH_RETARGET]
            or victim.target is None
        ):
            a.result = "FAIL"
            continue
        fam = victim.family  # the move's row, kept on the act (night/ctx.py, Act)
        if (
            (new == victim.actor and victim.target_kind == OTHER)
            or victim.target_kind not in (OTHER, ANY)
            or (fam is not None and ctx.world.last_target(victim.actor, fam, ctx.n - 1) == new)
        ):
            victim.params["_invalid"] = True  # the move fails: self, or the same player as last night
        victim.target = new  # messages keep naming victim.orig (A-MSG-1)
        ctx.audit_line(actor=a.actor, action="RETARGET", target=a.target, new_target=new)
