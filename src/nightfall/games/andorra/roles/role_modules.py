"""The roles that have a module of their own: one role, everything it does (issue 33 §3).

A role module (``doctor.py``, ``nurse.py``, ``reanimator.py``, ``priest.py``, ``vampire.py``,
``domovoi.py``, ``horseman.py``, ``van_helsing.py``, ``prosecutor.py``, ``jailer.py``, ``godfather.py``, ``mayor.py``) has the parts of ``RoleModule``; the common tables gather them from ``OWN``: the move catalogue (``actions.ACTIONS``), the moves' names
(``move_names.MOVE_NAMES``), the once-per-target limits (``actions.ONCE_PER_TARGET``), the
not-twice-running families (``actions.CONSECUTIVE_FAMILY``), the
role cards (``descriptions.DESCRIPTIONS``) and the private messages
(``reports.catalogue.CATALOGUE``). Its step function has its row in ``night/steps.py``.
The other roles still live by family (``roles/__init__.py``, ``ROLE_MODULES``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol, TypeVar

from . import (
    bodyguard,
    doctor,
    domovoi,
    executioner,
    fairy,
    godfather,
    horseman,
    jailer,
    journalist,
    maniac,
    mayor,
    nurse,
    priest,
    prosecutor,
    psycho,
    pv,
    reanimator,
    shmara,
    swindler,
    tour_operator,
    vampire,
    van_helsing,
)
from .action_spec import ActionSpec
from .codes import Role

T = TypeVar("T")


class RoleModule(Protocol):
    ROLE: Role
    MOVES: tuple[ActionSpec, ...]  # its rows of Appendix C
    MOVE_NAMES: dict[str, tuple[str, str]]  # move code -> (Russian, English)
    ONCE_PER_TARGET: dict[str, str]  # move code -> the memory key of its targets
    CONSECUTIVE_FAMILY: dict[str, str]  # move code -> its family: not the same target two nights running
    DESCRIPTION: tuple[str, str]  # the role card (Russian from the seed, English)
    MESSAGES: dict[str, dict[str, tuple[str, str]]]  # its private messages (§13.3)


OWN: tuple[RoleModule, ...] = (
    doctor,
    nurse,
    reanimator,
    priest,
    prosecutor,
    van_helsing,
    vampire,
    domovoi,
    horseman,
    jailer,
    godfather,
    mayor,
    executioner,
    journalist,
    pv,
    bodyguard,
    tour_operator,
    fairy,
    shmara,
    maniac,
    psycho,
    swindler,
)


def gather(common: Mapping[str, T], parts: Iterable[Mapping[str, T]]) -> dict[str, T]:
    """A common table with the role modules' parts added; a key defined twice fails at import."""
    out = dict(common)
    for part in parts:
        for key, value in part.items():
            if key in out:
                raise ImportError(f"{key} is defined twice (a common table and a role module)")
            out[key] = value
    return out
