"""The roles that have a module of their own: one role, everything it does (issue 33 §3).

A role module (``doctor.py``) has the parts of ``RoleModule``; the common tables gather
them from ``OWN``: the move catalogue (``actions.ACTIONS``), the moves' names
(``move_names.MOVE_NAMES``), the once-per-target limits (``actions.ONCE_PER_TARGET``), the
role cards (``descriptions.DESCRIPTIONS``) and the private messages
(``reports.catalogue.CATALOGUE``). Its step function has its row in ``night/steps.py``.
The other roles still live by family (``roles/__init__.py``, ``ROLE_MODULES``).
"""

from __future__ import annotations

from typing import Protocol

from . import doctor
from .action_spec import ActionSpec
from .codes import Role


class RoleModule(Protocol):
    ROLE: Role
    MOVES: tuple[ActionSpec, ...]  # its rows of Appendix C
    MOVE_NAMES: dict[str, tuple[str, str]]  # move code -> (Russian, English)
    ONCE_PER_TARGET: dict[str, str]  # move code -> the memory key of its targets
    DESCRIPTION: tuple[str, str]  # the role card (Russian from the seed, English)
    MESSAGES: dict[str, dict[str, tuple[str, str]]]  # its private messages (§13.3)


OWN: tuple[RoleModule, ...] = (doctor,)
