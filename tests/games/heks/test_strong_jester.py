"""The strong Jester (H-JST-2: he wins only by H-WIN-7, his exile): he plays a fake Seer only
at a table whose exile ballots (H-EXC-5) he has seen follow the naive claim score."""

from __future__ import annotations

from typing import Any

from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.bots.jester import MIN_VOTES, TableReading, fake_readings
from nightfall.games.heks.bots.table_talk import TableTalk
from nightfall.games.heks.tables import JESTER, SIDE

JESTER_SEAT = 9


def _view(day: int, phase: str, **extra: Any) -> dict[str, Any]:
    players = [{"seat": s, "status": "CAT"} for s in range(1, 10)]
    empty = {"approval_result": None, "last_ritual": None, "vote_result": None}
    return {"day": day, "phase": phase, "players": players, **empty, **extra}


def _failed_ritual(reading: TableReading, day: int, members: list[int], talk: TableTalk) -> None:
    """H-RIT-9: the table sees only that the ritual failed, and who was on it (H-RIT-2)."""
    approval = {"accepted": True, "members": members, "for": [], "against": []}
    reading.observe(_view(day, "RITUAL_RESULT", approval_result=approval, last_ritual="FAILURE"), talk)


def _ballot(reading: TableReading, day: int, votes: dict[int, int | None], talk: TableTalk) -> None:
    ballot = [{"voter": v, "target": t, "auto": False} for v, t in sorted(votes.items())]
    result = {"day": day, "ballot": ballot, "outcome": "TIE", "exiled": None}
    reading.observe(_view(day, "VOTE_RESULT_SCENE", vote_result=result), talk)


def test_a_table_that_exiles_on_failed_rituals_alone_gets_a_fake_seer() -> None:
    """H-JST-2, H-WIN-7, H-EXC-5: every voter voted for a member of the failed ritual (the
    naive top, +1) though nobody was accused: the Jester then says "Not a witch" about every
    cat nobody accused, himself aside, so that he alone is unvouched."""
    talk, reading = TableTalk(), TableReading(JESTER_SEAT)
    _failed_ritual(reading, 1, [2, 3, 4], talk)
    _ballot(reading, 1, {1: 2, 5: 2, 6: 3, 7: 2, 8: 4, 2: 3, 3: 4, 9: 5}, talk)
    assert reading.agree == 7 >= MIN_VOTES and reading.disagree == 0  # his own vote aside
    assert reading.fooled()
    talk.announce(2, 1, 6, True)  # somebody accused seat 6
    assert fake_readings(reading, _view(2, "DISCUSSION"), talk) == [1, 2, 3, 4, 5, 7, 8]


def test_a_table_that_weighs_the_evidence_gets_no_lies() -> None:
    """H-JST-2: blanks and votes off the naive top while a failed ritual's members lead it
    are votes of a table that does not count claims: he tells no lie (and, no claim)."""
    talk, reading = TableTalk(), TableReading(JESTER_SEAT)
    _failed_ritual(reading, 1, [2, 3, 4], talk)
    _ballot(reading, 1, {1: None, 5: None, 6: 7, 7: None, 8: 2, 2: 5, 3: None}, talk)
    assert reading.agree == 1 and reading.disagree == 6
    assert not reading.fooled()
    assert fake_readings(reading, _view(2, "DISCUSSION"), talk) == []


def test_votes_for_an_accused_seat_tell_nothing() -> None:
    """H-SEE-3 (a "Witch" reading is certain since B-8): every table votes out a seat a
    believed Seer named, so such a ballot does not count towards his lies."""
    talk, reading = TableTalk(), TableReading(JESTER_SEAT)
    talk.announce(1, 1, 4, True)
    _ballot(reading, 1, {1: 4, 2: 4, 3: 4, 5: 4, 6: 4, 7: 4, 8: 4}, talk)
    assert reading.agree == reading.disagree == 0
    assert not reading.fooled()


def _jester_games(players: int, table: str, games: int) -> tuple[int, int]:
    """(games the strong Jester won, games he made a claim in) against ``table`` bots."""
    won = lied = 0
    jesters: list[Any] = []

    def make(_seat: int, role: str) -> Any:
        bot = BOTS["strong" if role == JESTER else table]()
        if role == JESTER:
            jesters.append(bot)
        return bot

    for seed in range(games):
        rec = play_game(
            {"players": [f"P{i}" for i in range(1, players + 1)], "mode": "timed"}, seed, make, record=False
        )
        assert rec.state.result is not None
        won += rec.state.result["winner"] == SIDE[JESTER]
        bot = jesters[-1]
        lied += any(c.speaker == bot.reading.seat for c in bot.talk.claims)
    return won, lied


def test_the_strong_jester_lies_to_naive_tables_only() -> None:
    """H-WIN-7: against heuristic voters (who count claims) he reads the table, lies and wins
    far more than the heuristic Jester (21-26 % at 9-12 players); among strong bots, who weigh
    who speaks, he seldom sees a reason to lie (docs/simulate.md, issue 21)."""
    won, lied = _jester_games(12, "heuristic", 30)
    assert lied >= 12 and won >= 12
    won, lied = _jester_games(12, "strong", 30)
    assert lied <= 3 and won <= 6
