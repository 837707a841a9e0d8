"""The shape of the host's review of a resolved night (H-03, ``reports/review.py``) and of the
night's audit (A-ORDER-6), part of the Andorra view (``view_types.py``): typed once like the
rest, and written to ``web/src/generated/protocol.ts`` by ``nightfall.typegen``."""

from __future__ import annotations

from typing import Any, TypedDict

from .words_types import AndorraWords, Seat


class AndorraReviewTally(TypedDict):
    scores: AndorraWords
    penalties: AndorraWords
    jailed: AndorraWords
    coin: AndorraWords


class AndorraReviewMessage(TypedDict):
    to: AndorraWords
    text: AndorraWords


class AndorraReview(TypedDict):
    """H-03: the resolved night in words before publication (reports/review.py)."""

    night: int
    tally: AndorraReviewTally
    # the host's check, in the desk's two languages
    moves: list[AndorraWords]
    deaths: list[AndorraWords]
    messages: list[AndorraReviewMessage]
    corrections: list[AndorraWords]
    answers: list[AndorraWords]
    host_entries: list[AndorraWords]  # H-03b/H-03c: PM entries and state edits of this day and night


class AndorraAuditAct(TypedDict):
    code: str
    name: AndorraWords
    orig: Seat | None
    target: Seat | None
    state: str
    result: str | None


class AndorraAuditEvent(TypedDict):
    """One executed action (A-ORDER-6)."""

    seq: int
    step: str
    actor: Seat
    code: str
    name: AndorraWords
    target: Seat | None
    cls: str
    result: str
    hit: str
    reflected: bool
    response: bool
    visible: bool
    note: str
    hit_words: AndorraWords | None  # what stopped or absorbed it («бронежилет»), reports/review.HITS
    note_words: AndorraWords | None  # the kind of harm («нож Маньяка (быстро)»), reports/review.CAUSES


class AndorraAudit(TypedDict):
    """Everything the resolution of one night did, for the host (H-03)."""

    night: int
    steps: list[Any]
    events: list[AndorraAuditEvent]
    tally: Any
    prompts: Any
    acts: dict[str, AndorraAuditAct]
