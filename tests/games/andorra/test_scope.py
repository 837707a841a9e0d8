"""Spec statements that are not game rules: what the engine does (and does not) about them."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightfall.engine import Rejected
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.night.steps import NIGHT

from .kit import deal

G = AndorraGame()
SRC = Path(__file__).resolve().parents[3] / "src" / "nightfall" / "games" / "andorra"


def test_only_the_host_regulates_the_stages() -> None:  # A-GEN-1
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    for cmd in ("end_day", "end_night", "publish", "correct", "close_prompts"):
        with pytest.raises(Rejected) as e:
            s.do(s.seat("boss"), cmd)
        assert e.value.code in ("not_host", "wrong_phase")
    with pytest.raises(Rejected) as e:
        s.do(s.seat("boss"), "end_day")
    assert e.value.code == "not_host"


def test_pipeline_keeps_the_source_numbering() -> None:  # A-SRC-2, A-SRC-5, A-ORDER-1
    numbered = [s.id for s in NIGHT if s.id.isdigit()]
    assert numbered == [str(i) for i in range(1, 44)]  # §28's order, canonical numbers 1-43
    labels: dict[str, str] = {s.id: s.name for s in NIGHT}
    assert labels["28"] == "Шмара-клофелинщица" and labels["43"] == "возвращение из турпоездки"


def test_forum_reputation_is_outside_the_engine() -> None:  # A-GEN-10, A-SRC-4
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    with pytest.raises(Rejected) as e:
        s.do(s.seat("boss"), "reputation", target=2)
    assert e.value.code == "unknown_command"


def test_spoiler_artefact_is_not_text() -> None:  # A-SRC-1
    text = "".join(p.read_text(encoding="utf-8") for p in SRC.rglob("*.py"))
    assert "показать" not in text


def test_engine_keeps_its_own_result() -> None:  # A-SRC-3
    s = deal("PV", "PV", "PV", "MANIAC")
    s.day([("pv", "maniac"), ("pv2", "maniac"), ("pv3", None), ("maniac", None)])
    s.resolve()
    assert G.result(s.state) == {
        "winner": "PEACEFUL",
        "winners": [1, 2, 3],
        "roles": {"1": "PV", "2": "PV", "3": "PV", "4": "MANIAC"},
    }


def test_every_role_and_action_is_registered() -> None:  # A-ORDER-1, A-ORDER-3
    from nightfall.games.andorra.night.step_ids import IDX, StepId
    from nightfall.games.andorra.roles import ROLE_MODULES
    from nightfall.games.andorra.roles.actions import ACTIONS
    from nightfall.games.andorra.roles.catalogue import ROLES

    assert set(ROLE_MODULES) == set(ROLES)
    steps = {s.id for s in NIGHT if s.kind == "step"}
    for code, spec in ACTIONS.items():
        assert spec.step is None or spec.step in steps, code
        assert all(step in steps for _, step in spec.steps_by_role), code
    # One table: every step id once, in StepId's order, each with its function unless another
    # row or the host does it ("inside").
    assert len(IDX) == len(NIGHT) and [s.id for s in NIGHT] == list(StepId)
    assert all((s.run is None) == (s.kind == "inside") for s in NIGHT)
    assert ACTIONS["SHOOT"].step_for("SHERIFF") == "33" and ACTIONS["SHOOT"].step_for("BOSS") == "32"
