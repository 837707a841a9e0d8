"""Which of the night's questions a player may decline (A-CYCLE-6a).

A question (a prompt of dawn or of the night's steps, A-CYCLE-6) is answered with one
of its options; declining is the answer ``None`` (the page's «отказаться»). The rule
is here once: the view offers «отказаться» by it and ``game.answer`` reads a ``None``
by it, so the page and the engine cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# A-CYCLE-6a: the PV keeps his role (A-ROLE-PV-6), the recruit refuses every offer
# (A-RECRUIT-6, remembered per faction), the Reanimator revives nobody
# (A-ROLE-REANIMATOR-4a), the Shmara takes nothing (A-ROLE-SHMARA-5).
DECLINABLE = frozenset({"PV_ROLE", "RECRUIT_CHOICE", "REANIMATE", "SHMARA_ITEM"})
# A choice among offers one of which is forced (A-ERR-12): he must pick one.
FORCED_CHOICE = "MSG-RECRUIT-CHOICE-FORCED"


def may_decline(prompt: Mapping[str, Any]) -> bool:
    """A-CYCLE-6a: whether «отказаться» is an answer to this question."""
    return prompt["kind"] in DECLINABLE and prompt["key"] != FORCED_CHOICE


def answer_value(prompt: Mapping[str, Any], answer: Any) -> Any:
    """The answer the night goes on with (A-CYCLE-6a): ``None`` declines where that is
    allowed; elsewhere it is no answer and the question's default holds («нет» to a
    single offer, the first clan with room for the host's clan question, A-DAWN-1a, the
    coin among the forced offers, Q-28)."""
    if answer is None and not may_decline(prompt):
        return prompt["default"]
    return answer
