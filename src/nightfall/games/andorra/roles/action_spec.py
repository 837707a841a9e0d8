"""A row of the move catalogue (Appendix C): ``ActionSpec``, its target kinds and markers.

Apart from ``actions.py`` so that a role's own module (``doctor.py``) can write its rows,
which ``actions.ACTIONS`` gathers.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..night.step_ids import StepId
from .codes import Move

# target kinds
NONE = "none"  # no target
OTHER = "other"  # a living player other than the actor (A-MOVE-6, Q-75)
ANY = "any"  # self allowed (Doctor heal, Nurse pump, blessing, antidote)
JAILED_TODAY = "jailed_today"  # the Jailer's lynched-player actions


@dataclass(frozen=True, slots=True)
class ActionSpec:
    code: Move
    step: StepId | None  # None: staying home is no move of any step
    cls: str
    clan_type: str | None
    target: str
    roles: frozenset[str]
    # The roles for whom the move runs at another step (A-ROLE-COPS-5: the Cops shoot at 33).
    steps_by_role: tuple[tuple[str, StepId], ...] = ()

    def step_for(self, role: str) -> StepId | None:
        """The step at which this role's move runs."""
        return next((step for r, step in self.steps_by_role if r == role), self.step)


def spec(
    code: Move, step: StepId | None, cls: str, ctype: str | None, target: str, *roles: str
) -> ActionSpec:
    return ActionSpec(code, step, cls, ctype, target, frozenset(roles))


NON_UNDEAD = "*"  # marker: any non-Undead player (stake)
ITEM = "item"  # marker: any holder of the item
