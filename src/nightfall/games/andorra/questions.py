"""Which of the night's questions a player may decline (A-CYCLE-6a).

A question (a prompt of dawn or of the night's steps, A-CYCLE-6) is answered with one
of its options; declining is the answer ``None`` (the page's «отказаться»). The rule
is here once: the view offers «отказаться» by it and ``game.answer`` reads a ``None``
by it, so the page and the engine cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .words_types import AndorraWords

# A-CYCLE-6a: the PV keeps his role (A-ROLE-PV-6), the recruit refuses every offer
# (A-RECRUIT-6, remembered per faction), the Reanimator revives nobody
# (A-ROLE-REANIMATOR-4a), the Shmara takes nothing (A-ROLE-SHMARA-5).
DECLINABLE = frozenset({"PV_ROLE", "RECRUIT_CHOICE", "REANIMATE", "SHMARA_ITEM"})
# A choice among offers one of which is forced (A-ERR-12): he must pick one.
FORCED_CHOICE = "MSG-RECRUIT-CHOICE-FORCED"


def may_decline(prompt: Mapping[str, Any]) -> bool:
    """A-CYCLE-6a: whether «отказаться» is an answer to this question."""
    return prompt["kind"] in DECLINABLE and prompt["key"] != FORCED_CHOICE


def unanswered(prompt: Mapping[str, Any]) -> AndorraWords | None:
    """What no answer gives, in words, where the question's default is none of its options
    (the page says it beside the question, as it says «Без ответа: нет» for a single offer):
    a question that may be declined is declined (A-CYCLE-6a), and a choice among forced
    offers goes to the coin (Q-28, A-ERR-12)."""
    if prompt["default"] is not None:
        return None
    if may_decline(prompt):
        return {"ru": "отказ", "en": "declined"}
    if prompt["key"] == FORCED_CHOICE:
        return {
            "ru": "обязательная вербовка (жребий, если их несколько)",
            "en": "the forced offer (a coin toss if several)",
        }
    return None


def answer_value(prompt: Mapping[str, Any], answer: Any) -> Any:
    """The answer the night goes on with (A-CYCLE-6a): ``None`` declines where that is
    allowed; elsewhere it is no answer and the question's default holds («нет» to a
    single offer, the first clan with room for the host's clan question, A-DAWN-1a, the
    coin among the forced offers, Q-28)."""
    if answer is None and not may_decline(prompt):
        return prompt["default"]
    return answer


def settle(messages: list[dict[str, Any]], prompts: list[dict[str, Any]], answers: Mapping[str, Any]) -> None:
    """Marks each message that asked a question (MSG-RECRUIT-ASK, MSG-RECRUIT-CHOICE,
    MSG-PV-SAW) with how it was settled, when the morning is published: the player's page
    then shows it answered, with the answer, and never as a question still open (A-DATA-I).
    A night asks a player one question per key, so the seat and the key find it."""
    for pr in prompts:
        pid = str(pr["id"])
        for m in messages:
            if m["to"] == pr["seat"] and m["key"] == pr["key"]:
                m["asked"] = {
                    "kind": pr["kind"],
                    "answered": pid in answers,
                    "answer": answers.get(pid, pr["default"]),
                    # no answer where the default is no option: what it gave, as the question said
                    # (a forced offer is taken, not refused: Q-28)
                    "words": None if pid in answers else unanswered(pr),
                }
