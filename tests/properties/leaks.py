"""The §11 visibility table as checks on one rendered view (H-VIS-1..3)."""

from __future__ import annotations

from typing import Any

from nightfall.engine import Viewer
from nightfall.games.heks import HeksState
from nightfall.games.heks.public_part import public_view
from nightfall.games.heks.state import APPROVAL_VOTE, EXILE_VOTE, GAME_END, GUARD_B, WITCH_C
from nightfall.games.heks.tables import CROW, PICKPOCKET, PROTECTOR, SEER, WITCH

PUBLIC_KEYS = {
    "attacks_from",
    "seer_from",
    "exile_quorum",  # H-EXC-8 (B-13): Table 2.2's Q and today's votes, public to everyone
    "exile_needed",
    "stall",  # H-TBL-6: since when Unlimited's departure waits, no names
    "roles_in_play",  # H-TBL-7: Table 2.1's row, public as the rules are
    "game",
    "step",
    "phase",
    "deadline",
    "deadline_total",
    "mode",
    "day",
    "knights_day",
    "is_knights_day",
    "seals",
    "seals_needed",
    "spoiled",
    "curse",
    "curse_max",
    "recipe",
    "recipe_size",
    "places",
    "unlocked_spells",
    "players",
    "chief",
    "proposal",
    "proposal_auto",
    "announcement",
    "approval_result",
    "last_ritual",
    "vote_result",
    "progress",
    "waiting",
    "result",
}
PLAYER_KEYS = {"seat", "name", "status", "host"}
INBOX_KINDS = {
    "SEER_RESULT": {SEER},
    "PICKPOCKET_HAND": {PICKPOCKET},
    "PICKPOCKET_TOOK": {PICKPOCKET},
    "REPELLED": {PROTECTOR},
    "WITCH_AUTO": {WITCH},
}


def assert_fresh(state: HeksState, view: dict[str, Any]) -> None:
    """The memoised public part equals the rules' fresh one (a stale memo would show old facts)."""
    fresh: dict[str, Any] = dict(public_view(state))
    shown = {k: v for k, v in view.items() if k not in ("me", "host")}
    if shown.get("phase") == GUARD_B:  # the guarding Protector's own view of step B
        fresh["phase"], fresh["deadline"], fresh["deadline_total"] = GUARD_B, state.deadline, state.timer_ms
    assert shown == fresh


def assert_no_leaks(state: HeksState, viewer: Viewer, view: dict[str, Any]) -> None:
    assert_fresh(state, view)
    extra = set(view) - PUBLIC_KEYS - {"me", "host"}
    assert not extra, f"unexpected keys {extra}"
    for p in view["players"]:
        assert set(p) == PLAYER_KEYS, f"player entry leaks {set(p) - PLAYER_KEYS}"
    ended = state.phase == GAME_END
    assert (view["result"] is not None) == ended  # roles only on the results screen (H-VIS-2)
    if view["vote_result"] is not None:
        assert state.phase not in (EXILE_VOTE,)  # ballots only after the vote closes (§11)
    if state.phase == APPROVAL_VOTE and view["approval_result"] is not None:
        # only an earlier, closed vote's names may show while this one is open (§11)
        shown = set(view["approval_result"]["for"]) | set(view["approval_result"]["against"])
        assert (
            view["approval_result"] is state.approval_result and shown != set(state.night.votes)
        ) or not shown
    if view["phase"] == GUARD_B:
        assert viewer == state.day.guarding  # step B is invisible to everyone else (H-DEP-13)
    if viewer in ("public", "host", "all"):
        assert "me" not in view
        return
    assert isinstance(viewer, int)
    me = view["me"]
    mine = state.player(viewer)
    assert me["seat"] == viewer and me["role"] == mine.role and me["hand"] == mine.hand
    assert ("witch" in me) == (mine.role == WITCH and state.phase == WITCH_C and viewer in state.day.witches)
    assert ("guard" in me) == (
        mine.role == PROTECTOR and state.phase == GUARD_B and viewer == state.day.guarding
    )
    assert ("seer" in me) == (mine.role == SEER)
    assert ("pickpocket" in me) == (mine.role == PICKPOCKET)
    if "spells_cast" in me:
        assert mine.role == WITCH
    if me["known_witches"]:
        assert mine.role in (WITCH, CROW)
    for msg in me["inbox"]:
        allowed = INBOX_KINDS.get(msg["kind"])
        assert allowed is None or mine.role in allowed, f"{msg['kind']} shown to a {mine.role}"
    assert me["inbox"] == state.inbox.get(viewer, [])
    if "host" in view:
        assert viewer == state.host
        if view["phase"] in ("DEPART_A", "GUARD_B"):
            assert view["host"]["pending"] is None  # H-HST-4: no names in secret steps
    if view["phase"] in ("DEPART_A", "GUARD_B", WITCH_C):
        assert view["waiting"] is None  # H-TBL-1: who owes a secret step is itself secret
