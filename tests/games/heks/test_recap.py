"""The end-of-game recap (H-VIS-2) checked against the commands of whole games.

Every fact the recap states is re-derived here from the transcript alone (who sent
which command while which step was open), never from the recap's own code: places
(H-DEP-9..12), the witches' places, spells and targets (H-WAT-2, H-SPL-1..7), the
Seer's checks (H-SEE-1), thefts (H-PP-1..4), every approval ballot (H-APR-1..8), every
ritual card (H-RIT-4/5, hidden until the end by H-RIT-9) and every exile ballot
(H-EXV-1..3). Before the end no view holds any of it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from nightfall.engine import Command, Transcript, kernel
from nightfall.games.heks import HeksGame
from nightfall.games.heks.bots.driver import play_game
from nightfall.games.heks.bots.heuristic import HeuristicBot
from nightfall.games.heks.bots.random_bot import RandomBot
from nightfall.games.heks.story import build

EXAMPLE = Path(__file__).parents[3] / "docs/examples/heks-5p.json"

Key = tuple[int, int]  # (day, public step) of the step a command was sent in


def _commands_by_step(transcript: Transcript) -> list[tuple[int, int, str, Command]]:
    """Each accepted command with the day, step and phase it was sent in."""
    game = HeksGame()
    state = game.setup(transcript.config, transcript.seed)
    out = []
    for cmd in transcript.commands:
        out.append((state.day.number, state.step, state.phase, cmd))
        kernel.apply(game, state, cmd)
    return out


def _expected(transcript: Transcript) -> dict[str, Any]:
    """The last say of each seat in each step: what the rules count (H-DEP-10, H-APR-3, H-EXV-2)."""
    last: dict[str, dict[Any, Any]] = defaultdict(dict)
    for day, step, _phase, cmd in _commands_by_step(transcript):
        seat, p = cmd.actor, cmd.payload
        if cmd.type == "depart" and ("place" in p or "guard" in p):
            last["depart"][(day, seat)] = "guard" if p.get("guard") else p.get("place")
        elif cmd.type == "guard_place":
            last["guard"][(day, seat)] = p["place"]
        elif cmd.type == "witch_place":
            last["witch_place"][(day, seat)] = p["place"]
        elif cmd.type == "witch_spell":
            last["spell"][(day, seat)] = p.get("spell")
        elif cmd.type in ("witch_target", "witch_second") and p.get("target") is not None:
            last["targets"].setdefault((day, seat), []).append(p["target"])
        elif cmd.type == "approve":
            last["approve"].setdefault((day, step), {})[seat] = p["vote"]
        elif cmd.type == "play_card":
            last["card"][(day, seat)] = p["card"]
        elif cmd.type == "exile_vote":
            last["exile"].setdefault(day, {})[seat] = p.get("target")
        elif cmd.type == "seer_check":
            last["seer"][day] = (seat, p["target"])
        elif cmd.type == "pickpocket_take":
            last["take"][day] = (seat, p["ingredient"])
    return last


def _check(transcript: Transcript, recap: Any = None) -> Any:
    recap = build(transcript) if recap is None else recap
    want = _expected(transcript)
    assert [d["day"] for d in recap] == list(range(1, len(recap) + 1))
    for d in recap:
        n = d["day"]
        for m in d["moves"]:
            key = (n, m["seat"])
            if m["how"] == "gather" and not m["auto"]:
                assert want["depart"][key] == m["place"]
            elif m["how"] == "gather":
                assert want["depart"].get(key) in (None, "guard")  # never a place of his own
            elif m["how"] == "guard":
                assert want["depart"][key] == "guard"
                assert m["place"] == want["guard"].get(key, m["place"]) and (
                    m["auto"] == (key not in want["guard"])
                )
            else:
                assert m["auto"] == (key not in want["witch_place"])
                if not m["auto"]:
                    assert m["place"] == want["witch_place"][key]
        for w in d["witches"]:
            if (n, w["seat"]) in want["spell"]:
                assert w["spell"] == want["spell"][(n, w["seat"])]
            # H-WAT-4 (issue 31 §2): the recap stars what the engine chose for a Witch.
            assert ("spell" in w["auto"]) == ((n, w["seat"]) not in want["spell"])
            assert ("place" in w["auto"]) == ((n, w["seat"]) not in want["witch_place"])
            if "target" in w["auto"]:
                assert w["target"] is None and (n, w["seat"]) not in want["targets"]
        for a in d["attacks"]:
            sent = want["targets"].get((n, a["witch"]))
            if sent is not None and len(sent) == 2:
                assert a["target"] in sent
            where = next(m["place"] for m in d["moves"] if m["seat"] == a["target"])
            assert a["where"] == where
        for w in d["witches"]:  # every target a witch sent became an attack (H-WAT-5)
            for t in want["targets"].get((n, w["seat"]), []):
                assert any(a["witch"] == w["seat"] and a["target"] == t for a in d["attacks"])
        place_of = {m["seat"]: m["place"] for m in d["moves"]}
        guard = next((m for m in d["moves"] if m["how"] == "guard"), None)
        caught = {  # H-PRO-6: a Witch who attacks the guard at his own place is caught
            a["witch"]
            for a in d["attacks"]
            if guard
            and a["outcome"] == "blocked"
            and a["target"] == guard["seat"]
            and place_of[a["witch"]] == guard["place"]
        }
        hits = {a["target"] for a in d["attacks"] if a["outcome"] == "hit"}
        assert set(d["new_frogs"]) == hits | caught
        sent_rounds = sorted(k for k in want["approve"] if k[0] == n)
        hand_votes = [want["approve"][k] for k in sent_rounds]
        for team in d["teams"]:
            ballots = next((b for b in hand_votes if set(b) - set(team["auto"]) == set(b)), None)
            if ballots is not None and ballots:
                hand_votes.remove(ballots)
                assert sorted(s for s, v in ballots.items() if v == "for") == sorted(
                    set(team["votes_for"]) - set(team["auto"])
                )
                assert sorted(s for s, v in ballots.items() if v == "against") == team["votes_against"]
            assert team["accepted"] == (len(team["votes_for"]) > len(team["votes_against"]))
        assert not hand_votes, "an approval vote that the recap lost"
        if d["ritual"] is not None:
            for play in d["ritual"]["plays"]:
                key = (n, play["seat"])
                assert play["auto"] == (key not in want["card"])
                if not play["auto"]:
                    assert play["card"] == want["card"][key]
        if n in want["exile"]:
            assert d["exile"] is not None
            hand = {b["voter"]: b["target"] for b in d["exile"]["ballot"] if not b["auto"]}
            assert hand == want["exile"][n]
        checks = [(c["seer"], c["target"]) for c in d["checks"]]
        assert checks == ([want["seer"][n]] if n in want["seer"] else [])
        for t in d["thefts"]:
            if n in want["take"]:
                assert (t["thief"], t["ingredient"]) == want["take"][n]
    return recap


def test_the_worked_example_recap_tells_every_day() -> None:
    # H-VIS-2, H-RIT-9: the 5-player transcript's recap, checked against its commands.
    transcript = Transcript.loads(EXAMPLE.read_text())
    recap = _check(transcript)
    assert len(recap) >= 1
    day1 = recap[0]
    assert {m["seat"] for m in day1["moves"]} == {1, 2, 3, 4, 5}
    assert any(d["ritual"] for d in recap) and any(d["exile"] for d in recap)


@pytest.mark.parametrize("where", ["card", "ballot", "place", "vote", "check"])
def test_a_recap_that_tells_it_wrong_is_caught(where: str) -> None:
    # The check above can fail: one wrong fact in the example's recap is found.
    transcript = Transcript.loads(EXAMPLE.read_text())
    if where == "check":  # no Seer at 5 players (B-5): a 7-player game with a Seer's checks,
        # from day 1 (the test-only "from_days"; at 7 players she checks from day 2, B-12)
        names = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Guus"]
        config = {"players": names, "mode": "timed", "from_days": {"seer": 1}}
        transcript = play_game(config, 7, lambda _s, _r: HeuristicBot()).transcript
    recap: Any = build(transcript)
    day1 = recap[0]
    if where == "check":
        assert day1["checks"], "the game's Seer checks on day 1"
    if where == "card":
        day1["ritual"]["plays"][0]["card"] = "COBWEB"
    elif where == "ballot":  # another cat than the one the first voter chose
        b = day1["exile"]["ballot"][0]
        b["target"] = next(s for s in range(1, 6) if s not in (b["voter"], b["target"]))
    elif where == "place":
        m = day1["moves"][0]
        m["place"] = "P3" if m["place"] != "P3" else "P1"
    elif where == "vote":
        team = day1["teams"][0]
        team["votes_against"] = [] if team["votes_against"] else [team["votes_for"][-1]]
    else:
        day1["checks"] = []
    with pytest.raises(AssertionError):
        _check(transcript, recap)


@pytest.mark.parametrize("n", [5, 8, 12])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_recap_matches_their_transcripts(n: int, seed: int) -> None:
    # H-VIS-2 over whole games with timeouts, guards, spells, checks and thefts.
    names = [f"P{i}" for i in range(1, n + 1)]
    rec = play_game({"players": names, "mode": "timed"}, seed, RandomBot(idle_rate=0.1))
    assert rec.state.result is not None
    recap = _check(rec.transcript)
    assert recap == rec.state.result["recap"]


def test_the_recap_shows_hidden_facts_from_the_kit_game() -> None:
    # H-RIT-9: cards are hidden during play and told in the recap; H-SEE-1 and H-PP-3 likewise.
    fact_kinds: set[str] = set()
    for seed in range(1, 8):
        # 9 players: every role that leaves a hidden fact (8 have no Seer, Table 2.1 B-2)
        rec = play_game({"players": [f"P{i}" for i in range(1, 10)], "mode": "timed"}, seed, RandomBot())
        for d in _check(rec.transcript):
            fact_kinds |= {k for k in ("attacks", "checks", "thefts", "teams") if d[k]}
            if d["ritual"]:
                fact_kinds.add("ritual")
            if any(m["how"] == "guard" for m in d["moves"]):
                fact_kinds.add("guard")
            if any(w["spell"] for w in d["witches"]):
                fact_kinds.add("spell")
    assert fact_kinds == {"attacks", "checks", "thefts", "teams", "ritual", "guard", "spell"}


def test_no_view_holds_the_recap_before_the_end() -> None:
    # H-VIS-1, H-RIT-9: the recap is in no view (public, host, any seat) until GAME_END.
    game = HeksGame()
    seen_end = []

    def look(state: Any, _cmd: Command) -> None:
        over = game.result(state) is not None
        for viewer in ["public", "host", *state.seats()]:
            text = json.dumps(game.view(state, viewer))
            assert ('"recap"' in text) == over, (viewer, state.phase)
        seen_end.append(over)

    play_game({"players": [f"P{i}" for i in range(1, 7)], "mode": "timed"}, 4, RandomBot(), on_command=look)
    assert seen_end[-1] and not seen_end[0]
