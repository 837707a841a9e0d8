"""The roles' own modules: one role, everything it does (issue 33 §3).

A role module (``doctor.py``, ``sheriff.py``, ``telepath.py``, ... one for every role in
``OWN``) has the parts of ``RoleModule``; the common tables gather them: the move catalogue
(``actions.ACTIONS``), the moves' names (``move_names.MOVE_NAMES``), the once-per-target
limits (``actions.ONCE_PER_TARGET``), the not-twice-running families
(``actions.CONSECUTIVE_FAMILY``), the role cards (``descriptions.DESCRIPTIONS``) and the private
messages (``reports.catalogue.CATALOGUE``). Its step functions have their rows in
``night/steps.py``. The clans' shared module (``clans.py``, in ``SHARED``) gives the same
parts but a role and a card: the moves several clan roles make, or make at a step two roles
share. ``roles/__init__.py`` (``ROLE_MODULES``) says where each role lives.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol, TypeVar

from . import (
    bodyguard,
    boss,
    clans,
    doctor,
    domovoi,
    executioner,
    fairy,
    godfather,
    horseman,
    investigator,
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
    rebel,
    recruiter,
    sheriff,
    shmara,
    soldier,
    swindler,
    telepath,
    tour_operator,
    vampire,
    van_helsing,
)
from .action_spec import ActionSpec
from .codes import Role

T = TypeVar("T")


class MovesModule(Protocol):
    """The parts of a module that holds moves: a role's, or the clans' shared ones."""

    MOVES: tuple[ActionSpec, ...]  # its rows of Appendix C
    MOVE_NAMES: dict[str, tuple[str, str]]  # move code -> (Russian, English)
    ONCE_PER_TARGET: dict[str, str]  # move code -> the memory key of its targets
    CONSECUTIVE_FAMILY: dict[str, str]  # move code -> its family: not the same target two nights running
    MESSAGES: dict[str, dict[str, tuple[str, str]]]  # its private messages (§13.3)


class RoleModule(MovesModule, Protocol):
    ROLE: Role
    DESCRIPTION: tuple[str, str]  # the role card (Russian from the seed, English)


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
    telepath,
    boss,
    soldier,
    recruiter,
    sheriff,
    investigator,
    rebel,
)
# Moves no one role makes alone: the clans' (shots, the clan's bottle, poison-making, searches).
SHARED: tuple[MovesModule, ...] = (clans,)
# What the common tables gather.
PARTS: tuple[MovesModule, ...] = (*OWN, *SHARED)


def gather(common: Mapping[str, T], parts: Iterable[Mapping[str, T]]) -> dict[str, T]:
    """A common table with the role modules' parts added; a key defined twice fails at import."""
    out = dict(common)
    for part in parts:
        for key, value in part.items():
            if key in out:
                raise ImportError(f"{key} is defined twice (a common table and a role or clan module)")
            out[key] = value
    return out
