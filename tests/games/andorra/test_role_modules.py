"""Roles with a module of their own (issue 33 §3): the common tables hold exactly their parts."""

from __future__ import annotations

import pytest

from nightfall.games.andorra.night.steps import NIGHT
from nightfall.games.andorra.reports.catalogue import CATALOGUE
from nightfall.games.andorra.roles import ROLE_MODULES
from nightfall.games.andorra.roles.actions import ACTIONS, CONSECUTIVE_FAMILY, ONCE_PER_TARGET
from nightfall.games.andorra.roles.catalogue import ROLES
from nightfall.games.andorra.roles.descriptions import DESCRIPTIONS
from nightfall.games.andorra.roles.move_names import MOVE_NAMES
from nightfall.games.andorra.roles.role_modules import OWN, RoleModule


@pytest.mark.parametrize("module", OWN, ids=lambda m: m.ROLE.value)
def test_a_role_module_is_gathered_by_every_common_table(module: RoleModule) -> None:
    role = module.ROLE
    assert role in ROLES and ROLE_MODULES[role] == module.__name__.rsplit(".", 1)[1]  # type: ignore[attr-defined]
    assert DESCRIPTIONS[role] == module.DESCRIPTION
    for row in module.MOVES:
        assert ACTIONS[row.code] is row and role in row.roles, row.code
        assert MOVE_NAMES[row.code] == module.MOVE_NAMES[row.code], row.code
    assert set(module.MOVE_NAMES) == {row.code for row in module.MOVES}
    assert all(ONCE_PER_TARGET[code] == key for code, key in module.ONCE_PER_TARGET.items())
    assert all(CONSECUTIVE_FAMILY[code] == fam for code, fam in module.CONSECUTIVE_FAMILY.items())
    assert all(CATALOGUE[key] == forms for key, forms in module.MESSAGES.items())
    # its moves run at steps whose function is the module's own
    steps = {row.step for row in module.MOVES if row.step is not None}
    runs = {s.id: s.run for s in NIGHT}
    assert all(getattr(runs[step], "__module__", None) == module.__name__ for step in steps)  # type: ignore[attr-defined]


def test_the_doctor_lives_in_one_module() -> None:  # A-ROLE-DOCTOR-2
    from nightfall.games.andorra.roles import doctor

    assert doctor in OWN
    assert {row.code for row in doctor.MOVES} == {"HEAL", "SLEEPING_PILL"}
    assert next(s for s in NIGHT if s.id == "15").run is doctor.step_15_doctor
