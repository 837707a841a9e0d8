"""Every refusal reads as a sentence with the seed's words, never a raw code (A-MOVE-4, A-MOVE-6)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from nightfall.engine import Rejected, kernel
from nightfall.games.andorra.reasons import SENTENCES, explain
from nightfall.games.andorra.roles.actions import ACTIONS
from nightfall.games.andorra.roles.move_names import MOVE_NAMES

from .kit import GAME, deal, quiet_day

SRC = Path(__file__).resolve().parents[3] / "src" / "nightfall"
RAW = re.compile(r"\b[A-Z_]{4,}\b")


def raised_codes() -> set[str]:
    # The rules' own refusals; the site's (games/andorra/site: chat, once-a-day votes) are the
    # server's messages, which clients localise by code.
    root = SRC / "games" / "andorra"
    rules = [p for p in root.rglob("*.py") if p.relative_to(root).parts[0] != "site"]
    text = "\n".join(p.read_text(encoding="utf-8") for p in rules)
    text += (SRC / "engine" / "kernel.py").read_text(encoding="utf-8")
    return set(re.findall(r'(?:Rejected|_rej|refuse)\(\s*"([a-z_]+)"', text))


def test_every_refusal_code_has_a_sentence() -> None:
    """A-MOVE-4: a refused move comes back with a reason the player can act on."""
    codes = raised_codes()
    assert len(codes) > 50
    assert sorted(codes - set(SENTENCES)) == []


def test_every_move_has_a_russian_name() -> None:
    """A-MOVE-1, Appendix C: each move code has the seed's word."""
    assert sorted(set(ACTIONS) - set(MOVE_NAMES)) == []


def _refusal(action: str, target: str | None = None, by: str | None = None, **params: Any) -> Rejected:
    s = deal("BOSS", "SOLDIER", "SHERIFF", "INVESTIGATOR", "DOCTOR", "PV", "PV")
    quiet_day(s)
    s.move("soldier", "SHOOT", "pv", by="boss")
    with pytest.raises(Rejected) as e:
        s.move("doctor" if by is None else by, action, target, **params)
    return e.value


@pytest.mark.parametrize(
    ("action", "target", "by", "expected"),
    [
        ("SHOOT", "pv2", None, "Ход «выстрел» не входит в ходы роли «Доктор» игрока doctor."),
        ("HEAL", None, None, "Такого игрока нет."),
        ("SLEEPING_PILL", "doctor", None, "Ход «снотворное» нельзя сделать на себя."),
        (
            "USE_CARD_SHERIFF",
            "pv",
            None,
            "У игрока doctor нет вещи «визитка шерифа» (или она получена этой ночью).",
        ),
    ],
)
def test_move_refusals_read_as_sentences(
    action: str, target: str | None, by: str | None, expected: str
) -> None:
    """A-MOVE-6: the reason names the move, role and item in Russian."""
    text = explain(_refusal(action, target, by))
    assert text == expected
    assert not RAW.findall(text)


def test_clan_refusal_names_the_kind_of_move() -> None:
    """A-CLAN-5: «В клане уже есть ход того же вида (выстрел)»."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "PV", "PV")
    quiet_day(s)
    s.move("soldier", "SHOOT", "pv", by="boss")
    with pytest.raises(Rejected) as e:
        s.move("boss", "SHOOT", "pv2")
    assert explain(e.value) == (
        "В клане уже есть ход того же вида (выстрел) — у игрока soldier; клан делает один такой ход за ночь."
    )
    assert explain(e.value, "en").startswith("The clan already has a move of this kind (shot)")


def test_setup_refusal_lists_the_valid_roles() -> None:
    """A-SETUP-1a, A-SETUP-2: an unknown role name is refused with the list of roles, or, for
    a typo, with the role it most likely meant."""
    with pytest.raises(Rejected) as e:
        GAME.setup({"players": ["a", "b", "c"], "roles": ["Кардинал", "МЖ", "МЖ"]}, 1)
    text = explain(e.value)
    assert text.startswith("Нет такой роли: «Кардинал». Возможные роли: Босс мафии, Рядовой мафиози,")
    assert not RAW.findall(text)
    with pytest.raises(Rejected) as e:
        GAME.setup({"players": ["a", "b", "c"], "roles": ["Бос мафии", "МЖ", "МЖ"]}, 1)
    assert explain(e.value) == "Нет такой роли: «Бос мафии». Может быть, «Босс мафии»?"
    assert explain(e.value, "en") == "There is no role «Бос мафии». Did you mean «Босс мафии»?"


def test_setup_accepts_russian_role_names_and_colours() -> None:
    """A-SETUP-1a: codes, Russian names (any case, ё or е), short names and «(красные)»."""
    cfg = {
        "players": ["a", "b", "c", "d", "e", "f"],
        "roles": [
            "Босс мафии (красные)",
            "рядовой мафиози:черные",
            "BOSS:black",
            "МЖ",
            "Крестный отец",
            "doctor",
        ],
        "two_clans": True,
    }
    world = GAME.setup(cfg, 1).world
    assert [p.role for p in world.players] == ["BOSS", "SOLDIER", "BOSS", "PV", "GODFATHER", "DOCTOR"]
    assert [p.clan for p in world.players[:3]] == ["mafia:red", "mafia:black", "mafia:black"]


def test_the_glossary_document_equals_the_engine_tables() -> None:
    """Appendix A/C: docs/andorra-glossary.md maps every code to the seed's Russian word."""
    from nightfall.games.andorra.glossary import glossary

    doc = SRC.parents[1] / "docs" / "andorra-glossary.md"
    assert doc.read_text(encoding="utf-8") == glossary(), "run: python -m nightfall.games.andorra.glossary"
    for code in [*ACTIONS, "PEACEFUL", "CARD_SHERIFF", "VOUCHER", "GHOUL"]:
        assert f"| `{code}` |" in doc.read_text(encoding="utf-8")


def test_engine_texts_carry_no_raw_codes() -> None:
    """A-MSG-1, A-REPORT-3: posts, header, messages and questions of random games are words."""
    import random

    from nightfall.engine import HOST, Command

    from .test_properties import G, _random_night

    roles_pool = [
        ["BOSS", "SOLDIER", "RECRUITER", "SHERIFF", "INVESTIGATOR", "DOCTOR", "NURSE", "PV", "PV", "PV",
         "FAIRY", "MANIAC", "VAMPIRE", "REBEL", "JOURNALIST", "PRIEST", "TELEPATH", "SHMARA"],
        ["BOSS:red", "SOLDIER:red", "BOSS:black", "RECRUITER:black", "GODFATHER", "MAYOR", "PV", "PV",
         "REANIMATOR", "VH", "HORSEMAN", "DOMOVOI", "PSYCHO", "SWINDLER", "TOUROP", "JAILER", "BODYGUARD"],
    ]  # fmt: skip
    seen = 0
    for i, roles in enumerate(roles_pool * 3):
        rnd = random.Random(i)
        state = G.setup(
            {"players": [f"p{k}" for k in range(len(roles))], "roles": roles, "two_clans": ":" in roles[0]}, i
        )
        for night in range(1, 4):
            if state.phase == "OVER":
                break
            _random_night(state, rnd, night)
            kernel.apply(G, state, Command(HOST, "end_night", {}, night))
            for viewer in ("host", *range(1, len(roles) + 1)):
                v = G.view(state, viewer)
                texts = [v["header"], v["first_post"], *(p["ru"] for p in v["posts"])]
                texts += [m["ru"] for m in (v.get("me") or v.get("host") or {}).get("inbox", [])]
                texts += [m["ru"] for m in (v.get("host") or {}).get("messages", [])]
                texts += [p["ru"] for p in (v.get("me") or v.get("host") or {}).get("prompts", [])]
                for t in texts:
                    seen += 1
                    assert not RAW.findall(t), t
            if state.phase == "RESOLVING":
                kernel.apply(G, state, Command(HOST, "close_prompts", {}, night))
            kernel.apply(G, state, Command(HOST, "publish", {}, night))
    assert seen > 500
