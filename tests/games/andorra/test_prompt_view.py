"""Questions as a player reads them (A-DATA-I, A-ROLE-PV-6, A-RECRUIT-6, A-ERR-12)."""

from __future__ import annotations

from nightfall.engine import HOST

from .kit import GAME, mk, quiet_day


def test_a_pv_question_names_roles_in_russian_and_may_be_declined() -> None:
    """A-ROLE-PV-6, A-DATA-I: choices carry the role names; «отказаться» is allowed; an
    answered question shows as answered until the night goes on."""
    s = mk("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv2")
    s.move("pv", "PV_WATCH", "pv2")
    s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.do(HOST, "end_night")
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert q["kind"] == "PV_ROLE" and q["can_decline"] and not q["answered"]
    labels = {c["value"]: c["ru"] for c in q["choices"]}
    assert labels["MAYOR"] == "Мэр города" and labels["VH"] == "Ван Хельсинг"
    assert all(c["ru"] != c["value"] for c in q["choices"])
    s.do(s.seat("pv"), "answer", prompt=q["id"], answer="JOURNALIST")
    [q2] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]  # the recruitment offer follows
    assert q2["kind"] == "RECRUIT_ASK" and not q2["can_decline"]  # «нет» is the refusal
    assert [c["ru"] for c in q2["choices"]] == ["да", "нет"] and [c["en"] for c in q2["choices"]] == [
        "yes",
        "no",
    ]
    assert q2["default_label"] == {"ru": "нет", "en": "no"}
