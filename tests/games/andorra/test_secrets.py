"""No answer tells a secret (issue 30, findings 2, 3, 4, 6): prompt ids are opaque (A-SEC-1),
who may send a move is checked before anything hidden is read (A-SEC-2), a command carries
only the keys the rules read (A-SEC-3), and the winners follow the host's reveal (A-SEC-5)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nightfall.engine import HOST, TICK, Command, Rejected, kernel
from nightfall.games.andorra.game import COMMANDS
from nightfall.games.andorra.site import AndorraSiteGame

from .kit import GAME, Scenario, deal, quiet_day


def _refusal(s: Scenario, actor: Any, type_: str, **payload: Any) -> dict[str, Any]:
    """The refusal as the sender reads it (the kernel's rejection, worded by the game)."""
    cmd = Command(actor, type_, payload, s.now + 1)
    with pytest.raises(Rejected) as got:
        kernel.apply(GAME, s.state, cmd)
    return GAME.refusal(s.state, cmd, got.value).to_json()


def _recruit_night() -> Scenario:
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.do(HOST, "end_night")
    assert s.state.phase == "RESOLVING"
    return s


def test_a_guessed_prompt_id_is_refused_as_no_question_at_all() -> None:
    """A-SEC-1 (A-DATA-I): a villager guessing the recruit's question id from its old pattern,
    naming a seat that has no question, or even sending the real id, reads one refusal."""
    s = _recruit_night()
    [pr] = s.state.pending["prompts"]  # type: ignore[index]
    assert pr["seat"] == s.seat("pv")
    pv2 = s.seat("pv2")
    guessed = _refusal(s, pv2, "answer", prompt=f"N1:RECRUIT:{s.seat('pv')}", answer="да")
    nothing = _refusal(s, pv2, "answer", prompt=f"N1:RECRUIT:{pv2}", answer="да")
    real = _refusal(s, pv2, "answer", prompt=pr["id"], answer="да")
    assert guessed == nothing == real, "A-SEC-1: the same refusal whether or not the question exists"
    assert real["code"] == "unknown_prompt" and real["params"] == {}


def test_prompt_ids_follow_no_pattern_and_depend_on_the_secret_seed() -> None:
    """A-SEC-1: an id is an HMAC under the seed's key: no night, kind or seat in it, and another
    game's id for the same question differs; the same game replayed keeps it."""
    ids = []
    for seed in (1, 2):
        s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR", seed=seed)
        quiet_day(s)
        s.move("recruiter", "RECRUIT", "pv", by="boss")
        s.do(HOST, "end_night")
        [pr] = s.state.pending["prompts"]  # type: ignore[index]
        ids.append(pr["id"])
    assert all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids), ids
    assert ids[0] != ids[1]
    again = _recruit_night()
    assert again.state.pending["prompts"][0]["id"] == ids[0]  # type: ignore[index]
    view = GAME.view(again.state, again.seat("pv"))
    assert view["me"]["prompts"][0]["id"] == ids[0]
    again.do(again.seat("pv"), "answer", prompt=ids[0], answer="да")  # its addressee answers with it
    assert again.state.phase == "REVIEW"


def _poison_night(gift: str) -> Scenario:
    s = deal("BOSS", "SOLDIER", "PV", "PV", "DOCTOR", gifts={"pv": gift})
    quiet_day(s)
    return s


def test_a_poison_move_for_another_is_refused_alike_whether_or_not_he_holds_a_gifted_bottle() -> None:
    """A-SEC-2 (A-MOVE-5, A-ITEM-POISON-3a): the Doctor sending POISON for the PV reads the same
    refusal whether the PV's gift is a bottle of poison or a diploma."""
    got = []
    for gift in ("POISON", "DIPLOMA"):
        s = _poison_night(gift)
        got.append(
            _refusal(s, s.seat("doctor"), "move", player=s.seat("pv"), action="POISON", target=s.seat("boss"))
        )
    assert got[0] == got[1], "A-SEC-2: the refusal must not depend on the PV's hidden item"
    assert got[0]["code"] == "not_your_sheet" and got[0]["params"]["move"] == "POISON"


def test_the_holder_of_a_gifted_bottle_still_uses_it() -> None:
    """A-ITEM-POISON-3a: the PV's own POISON is the gifted bottle's use (unchanged by A-SEC-2)."""
    s = _poison_night("POISON")
    s.move("pv", "POISON", "boss")
    assert s.state.submissions[str(s.seat("pv"))]["action"] == "GIFT_POISON"


def test_every_command_lists_its_keys() -> None:
    """A-SEC-3: the table names every command of the rules and the site's own (the chat, the
    e-mail notices A-MAIL-1..5, the thread import's alias table A-THREAD-5a)."""
    from nightfall.games.andorra.payload_keys import PAYLOAD_KEYS
    from nightfall.games.andorra.site import AndorraSite

    site_commands = AndorraSite().make_game().commands - COMMANDS
    assert site_commands == {"chat", "mail_settings", "mail_address", "mail_failed", "thread_alias"}
    assert set(PAYLOAD_KEYS) == COMMANDS | {TICK} | site_commands


@pytest.mark.parametrize("ctype", sorted(COMMANDS | {"chat"}))
@pytest.mark.parametrize("actor", [HOST, 1])
def test_a_key_the_command_does_not_read_is_refused(ctype: str, actor: Any) -> None:
    """A-SEC-3: any command with an unknown key is refused ``bad_payload {"keys": [...]}``
    (sorted), from a player or the desk, before anything else is checked."""
    game = AndorraSiteGame()
    state = game.setup({"players": ["a", "b", "c", "d"], "roles": ["BOSS", "PV", "PV", "DOCTOR"]}, 3)
    known = {"chat": "text", "answer": "prompt", "move": "action", "correct": "action", "pm_move": "from"}
    payload = ({known[ctype]: None} if ctype in known else {}) | {"zz": "x" * 7000, "junk": 1}
    with pytest.raises(Rejected) as got:
        kernel.apply(game, state, Command(actor, ctype, payload, 1))
    assert got.value.code == "bad_payload" and got.value.params == {"keys": ["junk", "zz"]}


def test_the_site_refuses_a_vote_time_from_the_client() -> None:
    """A-SEC-3: on the site a vote's time is the server's: ``ts`` is a key it does not take."""
    game = AndorraSiteGame()
    state = game.setup({"players": ["a", "b", "c", "d"], "roles": ["BOSS", "PV", "PV", "DOCTOR"]}, 3)
    with pytest.raises(Rejected) as got:
        kernel.apply(game, state, Command(2, "vote", {"target": 1, "ts": 5}, 1))
    assert got.value.code == "bad_payload" and got.value.params == {"keys": ["ts"]}


def _ended(reveal: bool) -> Scenario:
    s = deal(
        "BOSS",
        "PV",
        "PV",
        "DOCTOR",
        "PSYCHO",
        gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA"},
        options={"reveal_all_at_end": reveal},
    )
    s.day([("pv", "psycho"), ("pv2", "psycho"), ("doctor", "psycho"), ("boss", None), ("psycho", "pv")])
    s.resolve()
    s.day([("pv", "boss"), ("pv2", "boss"), ("boss", "pv")])
    s.move("boss", "SHOOT", "pv")
    s.resolve()
    assert s.state.phase == "OVER" and s.state.world.winners
    return s


def test_the_winners_are_public_only_when_the_host_reveals_the_roles() -> None:
    """A-SEC-5: ``result.winners`` names the winning side's seats: with the roles kept secret
    at the end, players and spectators get none; the desk always sees them."""
    hidden, shown = _ended(False), _ended(True)
    winners = hidden.state.world.winners
    for viewer in ("public", 1, hidden.seat("pv")):
        result = GAME.view(hidden.state, viewer)["result"]
        assert result["winner"] == "PEACEFUL" and result["winners"] == [], viewer
        assert GAME.view(shown.state, viewer)["result"]["winners"] == winners, viewer
    assert GAME.view(hidden.state, "host")["result"]["winners"] == winners


SCHEDULE = {"day_ms": 10_000, "night_ms": 10_000, "prompt_ms": 500}


def test_a_question_is_seen_only_by_whom_it_asks() -> None:
    """A-SEC-7: while the night waits on questions, a player without one sees the phase the
    table sees when none was asked (REVIEW, no deadline), and nothing changes for him when the
    last answer comes; the asked player sees RESOLVING with his own deadline until he answers,
    and the desk sees it all."""
    s = deal("REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "BOSS", "RECRUITER", schedule=SCHEDULE)
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "boss")
    s.move("pv", "PV_WATCH", "boss")
    s.move("reanimator", "REANIMATE")
    s.move("recruiter", "RECRUIT", "pv2", by="boss")
    s.do(HOST, "end_night")
    asked = s.now
    assert s.state.phase == "RESOLVING"
    ids = {p["kind"]: p["id"] for p in s.pending()["prompts"]}
    doctor = s.seat("doctor")
    before = GAME.view(s.state, doctor)
    assert (before["phase"], before["deadline"]) == ("REVIEW", None)
    assert (GAME.view(s.state, "public")["phase"], GAME.view(s.state, "public")["deadline"]) == (
        "REVIEW",
        None,
    )
    assert (GAME.view(s.state, HOST)["phase"], GAME.view(s.state, HOST)["deadline"]) == (
        "RESOLVING",
        asked + 500,
    )
    pv2 = GAME.view(s.state, s.seat("pv2"))
    assert (pv2["phase"], pv2["deadline"]) == ("RESOLVING", asked + 500)
    s.do(s.seat("pv2"), "answer", prompt=ids["RECRUIT_ASK"], answer="да")
    assert s.state.phase == "RESOLVING"  # two questions still open: his page is back with the table's
    pv2 = GAME.view(s.state, s.seat("pv2"))
    assert (pv2["phase"], pv2["deadline"]) == ("REVIEW", None)
    s.do(s.seat("pv"), "answer", prompt=ids["PV_ROLE"], answer="NURSE")
    s.do(s.seat("reanimator"), "answer", prompt=ids["REANIMATE"], answer=s.seat("boss"))
    assert s.state.phase == "REVIEW"
    assert GAME.view(s.state, doctor) == before  # the last answer changed nothing on his page


def test_a_refusal_in_the_questions_names_the_tables_phase() -> None:
    """A-SEC-7, A-SEC-2: a player without a question, voting or answering while the night waits
    on another's question, reads the refusal he reads when no question was asked."""
    waiting = _recruit_night()
    quiet = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(quiet)
    quiet.do(HOST, "end_night")
    assert (waiting.state.phase, quiet.state.phase) == ("RESOLVING", "REVIEW")
    for s in (waiting, quiet):
        doctor = s.seat("doctor")
        vote = _refusal(s, doctor, "vote", target=s.seat("boss"))
        assert (vote["code"], vote["params"]["phase"]) == ("wrong_phase", "REVIEW")
        answer = _refusal(s, doctor, "answer", prompt="0" * 32, answer="да")
        assert answer["code"] == "unknown_prompt"
    assert _refusal(waiting, HOST, "publish")["params"]["phase"] == "RESOLVING"  # the desk knows


def _late_refusal(s: Scenario, actor: Any, type_: str, at: int, **payload: Any) -> dict[str, Any]:
    """The refusal of a command that arrives at ``at``, as its sender reads it."""
    cmd = Command(actor, type_, payload, at)
    with pytest.raises(Rejected) as got:
        kernel.apply(GAME, s.state, cmd)
    return GAME.refusal(s.state, cmd, got.value).to_json()


def test_a_command_after_a_questions_deadline_does_not_tell_of_the_question() -> None:
    """A-SEC-7, K-LATE-1: a player's vote or answer that arrives after a question's deadline,
    before its tick, is refused as it would be a moment before: the question's deadline is the
    asked player's to know, not the sender's (a ``too_late`` naming it told of the question)."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR", schedule=SCHEDULE)
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.do(HOST, "end_night")
    assert s.state.phase == "RESOLVING" and s.state.deadline is not None
    quiet = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR", schedule=SCHEDULE)
    quiet_day(quiet)
    quiet.do(HOST, "end_night")
    assert quiet.state.phase == "REVIEW"
    late = s.state.deadline + 1
    read = []
    for game, at in ((s, late), (quiet, quiet.now + 1)):
        doctor = game.seat("doctor")
        vote = _late_refusal(game, doctor, "vote", at, target=game.seat("boss"))
        answer = _late_refusal(game, doctor, "answer", at, prompt="0" * 32, answer="да")
        read.append((vote, answer))
    assert read[0] == read[1]
    assert (read[0][0]["code"], read[0][0]["params"]["phase"], read[0][1]["code"]) == (
        "wrong_phase",
        "REVIEW",
        "unknown_prompt",
    )
    [pr] = s.state.pending["prompts"]  # type: ignore[index]
    mine = _late_refusal(s, s.seat("pv"), "answer", late, prompt=pr["id"], answer="да")
    assert (mine["code"], mine["params"]["deadline"]) == ("too_late", s.state.deadline)  # his own
    assert _late_refusal(s, HOST, "publish", late)["code"] == "too_late"  # the desk knows
