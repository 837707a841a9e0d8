"""The Telepath's retargeting (16, A-ROLE-TELEPATH-4); his vote (3) is in ``votes.py``. He reads
the move catalogue (``actions.ACTIONS``), which gathers the role modules, so he is not one of
them yet. The other Loners have modules of their own (``tour_operator.py``, ``fairy.py``,
``shmara.py``, ``maniac.py``, ``psycho.py``, ``swindler.py``)."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import IDX, StepId
from .action_spec import ANY, OTHER
from .actions import ACTIONS, CONSECUTIVE_FAMILY
from .common import visit


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
        spec = ACTIONS[victim.code]
        fam = CONSECUTIVE_FAMILY.get(victim.code)
        if (
            (new == victim.actor and spec.target == OTHER)
            or spec.target not in (OTHER, ANY)
            or (fam is not None and ctx.world.last_target(victim.actor, fam, ctx.n - 1) == new)
        ):
            victim.params["_invalid"] = True  # the move fails: self, or the same player as last night
        victim.target = new  # messages keep naming victim.orig (A-MSG-1)
        ctx.audit_line(actor=a.actor, action="RETARGET", target=a.target, new_target=new)
