"""The recap: what really happened each day, kept as the game runs and shown at the end (H-VIS-2).

The flow records each fact at the moment it becomes final (the day's resolution, each
approval vote, the ritual, the exile vote); the Seer's checks and the thefts are read
from the private inboxes, which keep them with their day. Nothing here is in any view
before the game is over: the recap travels only inside the result (``end_game``).
``story.build`` rebuilds it from a transcript, for replays and bug reports.
"""

from __future__ import annotations

from nightfall.engine import Event

from .state import HeksState
from .view_types import (
    HeksRecapAttack,
    HeksRecapCheck,
    HeksRecapDay,
    HeksRecapMove,
    HeksRecapTheft,
    HeksRecapWitch,
)


def _today(state: HeksState) -> HeksRecapDay:
    days = state.chronicle
    if not days or days[-1]["day"] != state.day.number:
        days.append(
            {
                "day": state.day.number,
                "recipe": list(state.day.recipe),
                "closed": sorted(state.day.closed),
                "moves": [],
                "witches": [],
                "attacks": [],
                "new_frogs": [],
                "turned_back": [],
                "checks": [],
                "thefts": [],
                "teams": [],
                "ritual": None,
                "exile": None,
            }
        )
    return days[-1]


def day_resolved(state: HeksState, events: list[Event]) -> None:
    """After H-END-1 ①②: places, the guard, the witches' choices and every attack's outcome.

    ``events`` are the resolution's own; its attack events are the audit view's (secret).
    """
    day = state.day
    rec = _today(state)
    moves: list[HeksRecapMove] = []
    for seat, place in sorted(day.place.items()):
        moves.append({"seat": seat, "place": place, "how": "gather", "auto": seat in day.auto_place})
    if day.guarding is not None:
        moves.append({"seat": day.guarding, "place": day.guard_place, "how": "guard", "auto": day.guard_auto})
    witches: list[HeksRecapWitch] = []
    for seat, turn in sorted(day.witches.items()):
        moves.append({"seat": seat, "place": turn.place, "how": "witch", "auto": False})
        witches.append(
            {
                "seat": seat,
                "place": turn.place,
                "spell": turn.spell,
                "mist_place": turn.mist_place,
                "target": turn.target,
                "auto": _witch_filled(state, seat, day.number),
            }
        )
    moves.sort(key=lambda m: m["seat"])
    attacks: list[HeksRecapAttack] = []
    for e in events:
        if e.type == "attack":
            target = e.data["target"]
            where = day.guard_place if target == day.guarding else day.place.get(target)
            if where is None and target in day.witches:
                where = day.witches[target].place
            attacks.append(
                {"witch": e.data["witch"], "target": target, "where": where, "outcome": e.data["outcome"]}
            )
    rec["moves"] = moves
    rec["witches"] = witches
    rec["attacks"] = attacks
    rec["new_frogs"] = list(day.new_frogs)
    rec["turned_back"] = list(day.turned_back)
    _mark_auto_witches(state, rec)


def _witch_filled(state: HeksState, seat: int, day: int) -> list[str]:
    """H-WAT-4: what the engine chose for this witch today, from her WITCH_AUTO notice."""
    for n in state.inbox.get(seat, ()):
        if n["kind"] == "WITCH_AUTO" and n["day"] == day:
            return list(n.get("filled", ()))
    return []


def _mark_auto_witches(state: HeksState, rec: HeksRecapDay) -> None:
    """H-WAT-4: a witch whose place the engine chose has it in her WITCH_AUTO notice."""
    filled = {w["seat"]: w["auto"] for w in rec["witches"]}
    for move in rec["moves"]:
        if move["how"] == "witch":
            move["auto"] = "place" in filled.get(move["seat"], ())


def team_voted(state: HeksState) -> None:
    """After an approval vote closes (H-APR-5..8)."""
    result = state.approval_result
    night = state.night
    if result is None or night.chief is None:
        return
    _today(state)["teams"].append(
        {
            "chief": night.chief,
            "members": list(result["members"]),
            "drawn": night.proposal_auto,
            "votes_for": list(result["for"]),
            "votes_against": list(result["against"]),
            "auto": list(result["auto"]),
            "accepted": result["accepted"],
        }
    )


def ritual_done(state: HeksState) -> None:
    """After the ritual (H-RIT-6): every member's card, which H-RIT-9 hides until the end."""
    rec = _today(state)
    day = rec["day"]
    auto = {
        seat
        for seat, notes in state.inbox.items()
        for n in notes
        if n["kind"] == "CARD_PLAYED" and n["day"] == day and n.get("auto")
    }
    plays = state.night.plays
    rec["ritual"] = {
        "recipe": list(state.day.recipe),
        "plays": [{"seat": s, "card": plays[s], "auto": s in auto} for s in sorted(plays)],
        "result": state.last_ritual or "FAILURE",
    }


def exile_counted(state: HeksState) -> None:
    """After the exile vote (H-EXC-1..7): the whole ballot, as the result scene showed it."""
    if state.vote_result is not None:
        # Shared, not copied: a vote result is a new dict per count that nothing changes later.
        _today(state)["exile"] = state.vote_result


def recap(state: HeksState) -> list[HeksRecapDay]:
    """The finished recap: the recorded days plus the checks and thefts from the inboxes.

    Each day is a new dict with new lists of checks and thefts, the only parts filled in
    here; the rest is shared with the chronicle, which nothing changes after the game's
    end (K-OVER-1), instead of copying the whole tree (a few per cent of a simulated game)."""
    days: list[HeksRecapDay] = [
        {**day, "checks": list(day["checks"]), "thefts": list(day["thefts"])} for day in state.chronicle
    ]
    by_day = {d["day"]: d for d in days}
    for seat in sorted(state.inbox):
        for n in state.inbox[seat]:
            rec = by_day.get(n["day"])
            if rec is None:
                continue
            target = n.get("target")
            if target is None:
                continue
            if n["kind"] == "SEER_RESULT":
                check: HeksRecapCheck = {"seer": seat, "target": target, "result": n["result"]}
                rec["checks"].append(check)
            elif n["kind"] == "PICKPOCKET_TOOK":
                theft: HeksRecapTheft = {"thief": seat, "victim": target, "ingredient": n["ingredient"]}
                rec["thefts"].append(theft)
    return days
