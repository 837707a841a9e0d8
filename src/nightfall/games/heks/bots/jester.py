"""The strong Jester's reading of the table: does it exile on claims alone?

The Jester wins when he is exiled (H-WIN-7, H-JST-2). A table that votes out whoever the
Seer claims leave unvouched can be played by a fake Seer who says "Not a witch" about
every seat nobody accused: he alone is left unvouched. A table that weighs who speaks
takes such a Jester for an honest Seer and never exiles him, so he lies only where he
has seen the exile ballots follow the naive claim score: +10 per "Witch" claim about a
seat, -6 per "Not a witch", +1 per failed ritual it was on (claims by the voter and about
the voter aside, as a voter would count them). He sees what his seat sees: the claims
said at the table, the performed rituals, and each day's full exile ballot (H-EXC-5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .table_talk import TableTalk

ACCUSED, CLEARED, FAILED = 10.0, -6.0, 1.0  # the naive claim score
# How many telling votes he must have seen, and what share of them must follow the naive
# score, before he lies. A vote is telling when the naive top score is above 0 and below one
# net accusation: every table votes out a seat a believed Seer called a Witch, but only a
# table that counts claims votes out whoever is least vouched for, or on failed rituals alone.
MIN_VOTES = 6
MIN_SHARE = 0.9
_AFTER_RITUAL = frozenset({"RITUAL_RESULT", "QUARREL", "EXILE_VOTE"})  # its result is shown


@dataclass(slots=True)
class TableReading:
    """What one Jester has seen of the exile ballots, against the naive claim score."""

    seat: int
    failed: dict[int, int] = field(default_factory=dict)  # seat -> failed rituals it was on
    ritual_day: int = 0  # the last day whose ritual he has counted
    ballot_day: int = 0  # the last day whose exile ballot he has read
    agree: int = 0  # telling votes for a seat the naive score puts on top
    disagree: int = 0  # telling votes elsewhere, or blank
    lying: bool = False

    def observe(self, view: dict[str, Any], talk: TableTalk) -> None:
        """Take in the public facts of ``view``: a failed ritual, an exile ballot. (Called at
        every one of his steps, so it returns at once when there is nothing new.)"""
        day = view["day"]
        if day > self.ritual_day and view["phase"] in _AFTER_RITUAL:
            approval, last = view["approval_result"], view["last_ritual"]
            if approval and approval["accepted"] and last:
                self.ritual_day = day
                if last == "FAILURE":
                    for s in approval["members"]:
                        self.failed[s] = self.failed.get(s, 0) + 1
        result = view["vote_result"]
        if result is not None and result["day"] > self.ballot_day:
            self.ballot_day = result["day"]
            self._ballot(view, result, talk)

    def _ballot(self, view: dict[str, Any], result: dict[str, Any], talk: TableTalk) -> None:
        cats = {p["seat"] for p in view["players"] if p["status"] == "CAT"}
        if result["exiled"] is not None:
            cats.add(result["exiled"])  # a cat when the votes were cast
        day = result["day"]
        score: dict[int, float] = dict.fromkeys(cats, 0.0)  # the naive score of every cat
        for s, n in self.failed.items():
            score[s] = score.get(s, 0.0) + FAILED * n
        own: dict[int, list[tuple[int, float]]] = {}  # a voter leaves out what he said himself
        for c in talk.claims:
            if c.day <= day:
                value = ACCUSED if c.witch else CLEARED
                score[c.target] = score.get(c.target, 0.0) + value
                own.setdefault(c.speaker, []).append((c.target, value))
        for b in result["ballot"]:
            voter = b["voter"]
            if voter == self.seat or b["auto"] or voter not in cats:
                continue
            seen = score  # claims about the voter change only his own score, not an option's
            if voter in own:
                seen = score.copy()
                for target, value in own[voter]:
                    seen[target] -= value
            top = max((seen[s] for s in cats if s != voter), default=0.0)
            if top <= 0 or top >= ACCUSED:
                continue  # no naive suspect (a blank or a guess says nothing), or an accused one
            if b["target"] is not None and seen.get(b["target"]) == top:
                self.agree += 1
            else:
                self.disagree += 1

    def fooled(self) -> bool:
        """Whether the table has been seen to exile on the naive score alone."""
        votes = self.agree + self.disagree
        return votes >= MIN_VOTES and self.agree >= MIN_SHARE * votes


def fake_readings(reading: TableReading, view: dict[str, Any], talk: TableTalk) -> list[int]:
    """The seats the Jester says "Not a witch" about today (none unless the table is fooled):
    every cat nobody has accused and he has not cleared yet, so that he is the one seat the
    naive score leaves unvouched."""
    reading.lying = reading.fooled()
    if not reading.lying:
        return []
    me = reading.seat
    accused = {c.target for c in talk.claims if c.witch}
    said = {c.target for c in talk.claims if c.speaker == me}
    cats = [p["seat"] for p in view["players"] if p["status"] == "CAT"]
    return [s for s in cats if s != me and s not in accused and s not in said]
