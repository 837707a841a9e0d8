"""Malformed move parameters are refused at submission, never at resolution (A-MOVE-6).

A value the resolution cannot use (the Rebel's ``all``/``mapping``, the
Reanimator's ``prefer``) used to be accepted and then stop the night.
"""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.engine import Rejected
from nightfall.games.andorra import AndorraGame

from .kit import deal


@pytest.mark.parametrize(
    ("action", "params"),
    [
        ("REBEL_VOTES", {"all": "x"}),
        ("REBEL_VOTES", {"all": 99}),
        ("REBEL_VOTES", {"mapping": ["1", "2"]}),
        ("REBEL_VOTES", {"mapping": {"one": 2}}),
        ("REBEL_VOTES", {"mapping": {"1": "boss"}}),
        ("REANIMATE", {"prefer": "all"}),
        ("REANIMATE", {"prefer": [1, "x"]}),
        ("SHMARA_CLONIDINE", {"take": "VEST"}),
        ("SHMARA_CLONIDINE", {"take": [1]}),
    ],
)
def test_bad_params_are_rejected_and_change_nothing(action: str, params: dict[str, Any]) -> None:
    # A-MOVE-6, A-ROLE-REBEL-9, A-ROLE-REANIMATOR-4, A-ROLE-SHMARA-5
    s = deal("BOSS", "REBEL", "REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "PV", "SHMARA")
    s.day([("boss", "pv"), ("pv", "boss")])
    role = {"REBEL_VOTES": "rebel", "REANIMATE": "reanimator", "SHMARA_CLONIDINE": "shmara"}[action]
    target = "doctor" if action == "SHMARA_CLONIDINE" else None
    game = AndorraGame()
    before = game.snapshot(s.state)
    with pytest.raises(Rejected) as err:
        s.move(role, action, target, **params)
    assert err.value.code in ("bad_target", "bad_params")
    assert err.value.params["move"] == action
    assert game.snapshot(s.state) == before
    s.resolve()  # the night still resolves


def test_good_params_still_pass() -> None:
    """A-ROLE-REBEL-9, A-ROLE-REANIMATOR-4: well-formed parameters are stored as sent and
    the night resolves to the next day."""
    s = deal("BOSS", "REBEL", "REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "PV")
    s.day([("boss", "pv"), ("pv", "boss")])
    mapping = {str(s.seat("pv2")): s.seat("maniac")}
    s.move("rebel", "REBEL_VOTES", mapping=mapping)
    s.move("reanimator", "REANIMATE", prefer=[s.seat("pv3")])
    rebel, reanimator = (s.state.submissions[str(s.seat(nick))] for nick in ("rebel", "reanimator"))
    assert (rebel["action"], rebel["params"]) == ("REBEL_VOTES", {"mapping": mapping}), rebel
    assert (reanimator["action"], reanimator["params"]) == ("REANIMATE", {"prefer": [s.seat("pv3")]}), (
        reanimator
    )
    night = s.state.world.day
    s.resolve()
    assert (s.state.phase, s.state.world.day) == ("DAY", night + 1), "the night did not resolve (A-MOVE-6)"
