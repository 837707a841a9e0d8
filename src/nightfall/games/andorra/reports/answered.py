"""A night's question as its player reads it in the morning (A-MSG-2, A-MSG-4a, A-DATA-I).

He was asked during the resolution; by the morning the question is settled, so his messages
keep what he was told (the offer, the hit the PV saw, the victim's things) and what came of
his answer, in one sentence each, and never the question again (EX-1: the consent question
«during D4», then «Вы завербованы …» in the morning). The stored message keeps its key and
parameters (``questions.settle`` adds how it was settled); only the words differ.
"""

from __future__ import annotations

from typing import Any

from ..questions import FORCED_CHOICE
from ..state import World
from .render import render
from .review import answer_label

# The question's key -> the key of what it told him, without the question.
FACTS: dict[str, str] = {
    "MSG-RECRUIT-ASK": "MSG-RECRUIT-NOTICE",
    "MSG-RECRUIT-CHOICE": "MSG-RECRUIT-OFFERS",
    FORCED_CHOICE: "MSG-RECRUIT-OFFERS",
    "MSG-PV-SAW": "MSG-PV-HIT",
    "MSG-SHMARA-PROMPT": "MSG-SHMARA-ITEMS",
}

# Per question kind, what came of it: a chosen option ({answer}), «отказаться» (None), no
# answer where the default is none of the options (the night went on with it, H-11).
Said = tuple[str, str]
OUTCOMES: dict[str, dict[str, Said]] = {
    "RECRUIT_ASK": {
        "да": ("Вы согласились.", "You accepted."),
        "нет": ("Вы отказались.", "You declined."),
        "silent": ("Вы не ответили, и это отказ.", "You did not answer, which is a refusal."),
    },
    "RECRUIT_CHOICE": {
        "chose": ("Вы выбрали {answer}.", "You chose {answer}."),
        "declined": ("Вы отказались от всех.", "You declined them all."),
        "silent": ("Вы не ответили, и это отказ от всех.", "You did not answer, which declines them all."),
        # Q-28, A-ERR-12: a forced offer is taken without an answer
        "forced": (
            "Вы не ответили, и принята обязательная вербовка.",
            "You did not answer, so the forced offer was taken.",
        ),
    },
    "PV_ROLE": {
        "chose": ("Вы выбрали роль: {answer}.", "You chose the role: {answer}."),
        "declined": ("Вы отказались от новой роли.", "You declined a new role."),
        "silent": ("Вы не выбрали роль и остались при своей.", "You chose no role and kept your own."),
    },
    "SHMARA_ITEM": {
        "chose": ("Вы забрали: {answer}.", "You took: {answer}."),
        "declined": ("Вы ничего не взяли.", "You took nothing."),
        "silent": ("Вы не ответили и ничего не взяли.", "You did not answer and took nothing."),
    },
}


def _outcome(world: World, key: str, asked: dict[str, Any], lang: str) -> str:
    kind, value = str(asked["kind"]), asked["answer"]
    said = OUTCOMES[kind]
    if kind == "RECRUIT_ASK":  # its options are its outcomes; no answer is its default «нет»
        pick = said["silent"] if not asked["answered"] else said["да" if value == "да" else "нет"]
    elif not asked["answered"] and value is None:
        pick = said["forced"] if key == FORCED_CHOICE else said["silent"]
    elif value is None:
        pick = said["declined"]
    else:
        pick = said["chose"]
    text = pick[0] if lang == "ru" else pick[1]
    if "{answer}" not in text:
        return text
    label = answer_label(world, kind, value, lang)
    if kind == "RECRUIT_CHOICE":  # an offer's label, quoted as the question listed it
        label = f"«{label}»" if lang == "ru" else f'"{label}"'
    return text.format(answer=label)


def answered_text(world: World, key: str, params: dict[str, Any], asked: dict[str, Any], lang: str) -> str:
    """The settled question ``key`` (its ``params``, ``asked`` as ``settle`` left it) in ``lang``."""
    if key not in FACTS or asked["kind"] not in OUTCOMES:
        return render(world, key, params, lang)  # no morning form: the words as they were sent
    return f"{render(world, FACTS[key], params, lang)} {_outcome(world, key, asked, lang)}"
