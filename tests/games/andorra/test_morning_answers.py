"""A night's question in the player's morning messages (A-MSG-2, A-MSG-4a, A-DATA-I): he was
asked it during the resolution; the morning tells him what he was told and what came of his
answer, and never asks the question again (EX-1: «… Вы согласны? (да / нет)» during D4 →
«Вы завербованы …» in the morning)."""

from __future__ import annotations

from nightfall.engine import HOST

from .kit import GAME, deal, quiet_day
from .test_prompt_view import pv_saw_a_shot


def _settled(s: object, nick: str, lang: str = "ru") -> list[str]:
    view = GAME.view(s.state, s.seat(nick))  # type: ignore[attr-defined]
    return [m[lang] for m in view["me"]["inbox"] if m["question"] is not None]


def test_an_accepted_offer_reads_as_the_offer_and_the_consent() -> None:  # A-MSG-4a, A-DATA-I
    s = pv_saw_a_shot(recruited=True)
    [saw] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    s.do(s.seat("pv"), "answer", prompt=saw["id"], answer="NURSE")
    # the recruitment is asked once the role is chosen (H-11b)
    [offer] = [p for p in GAME.view(s.state, s.seat("pv"))["me"]["prompts"] if p["kind"] == "RECRUIT_ASK"]
    s.do(s.seat("pv"), "answer", prompt=offer["id"], answer="да")
    s.do(HOST, "publish")
    assert _settled(s, "pv") == [
        "На игрока pv2 совершено удачное враждебное действие. Вы выбрали роль: Медсестра.",
        "Вам поступило предложение о вербовке. Вы согласились.",
    ]
    assert _settled(s, "pv", "en") == [
        "A successful hostile action was committed on pv2. You chose the role: Nurse.",
        "You have received a recruitment offer. You accepted.",
    ]


def test_a_declined_and_an_unanswered_question_say_so_without_asking() -> None:  # A-CYCLE-6a, H-11
    s = pv_saw_a_shot(recruited=True)
    [saw] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    s.do(s.seat("pv"), "answer", prompt=saw["id"], answer=None)  # «отказаться»
    s.do(HOST, "close_prompts")  # the offer is left unanswered: its «нет» holds
    s.do(HOST, "publish")
    said = _settled(s, "pv")
    assert said == [
        "На игрока pv2 совершено удачное враждебное действие. Вы отказались от новой роли.",
        "Вам поступило предложение о вербовке. Вы не ответили, и это отказ.",
    ]
    # nothing the player reads in the morning is the question itself
    assert not any("?" in m or "Выберите" in m or "Вы можете выбрать" in m for m in said)


def test_the_shmaras_morning_names_what_she_took() -> None:  # A-ROLE-SHMARA-5a, A-ROLE-SHMARA-5
    s = deal("SHMARA", "BOSS", "PV", "PV", "DOCTOR", "VAMPIRE")
    quiet_day(s)
    s.move("shmara", "SHMARA_CLONIDINE", "boss")
    s.resolve({("SHMARA_ITEM", "shmara"): "VEST"})
    assert _settled(s, "shmara") == ["Вещи boss: пистолет, бронежилет. Вы забрали: бронежилет."]
