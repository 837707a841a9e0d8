"""Andorra Mafia on the server: a forum game run from the host's desk.

The host (ведущий) is not a player: a room holds the host (actor ``"host"``)
and one private link per seat. The rules stay in ``nightfall.games.andorra``;
this module wraps ``AndorraGame`` with what the site adds and the engine must
not know about:

* clan chat (``chat`` commands, stored in the room's command log like every
  command, so they survive a restart and replay deterministically), with
  membership taken from the engine's own clan view at send time;
* the night move form's choices: for a seat, which moves and targets the
  engine accepts right now, found by trying them on a scratch copy through
  the engine's public ``apply`` (no rule is duplicated here).
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import Command, Event, Game, Rejected, Viewer
from nightfall.engine.event import Audience
from nightfall.games import registry
from nightfall.games.andorra.items import DISPLAY_ONLY, ITEM_NAMES

CHAT = "chat"
CHAT_MAX = 500  # characters per clan chat message
CHAT_ID_MAX = 40  # the client's id for a message, so a resend is not posted twice
CHAT_KEEP = 2000  # messages per clan shown to a viewer (the store keeps all)
NIGHT = "NIGHT"

# Every move code of Appendix C the form may offer (the engine decides which are legal).
MOVE_CODES = [
    "STAY_HOME",
    "STAKE",
    "USE_DIPLOMA",
    "PROSECUTOR_ACCUSE",
    "TELEPATH_VOTE",
    "REBEL_VOTES",
    "SWINDLER_CHANGE",
    "VAMPIRE_GHOUL_VOTE",
    "DRINK_VODKA",
    "USE_CARD_BOSS",
    "USE_CARD_DOCTOR",
    "USE_CARD_SHERIFF",
    "USE_CARD_JOURNALIST",
    "GF_MUTE",
    "GF_BLOCK",
    "MAYOR_MUTE",
    "MAYOR_BLOCK",
    "NURSE_PUMP",
    "NURSE_TEST",
    "NURSE_QUARANTINE",
    "NURSE_REPORT_VH",
    "USE_ANTIDOTE",
    "PRIEST_CONFESS",
    "PRIEST_BLESS",
    "USE_VOUCHER",
    "TOUR_SEND",
    "TOUR_EXCURSION",
    "DOMOVOI_BLOCK",
    "DOMOVOI_BURN",
    "HEAL",
    "SLEEPING_PILL",
    "TELEPATH_RETARGET",
    "FAIRY_GIFT",
    "EXECUTIONER_WATCH",
    "JOURNALIST_WATCH",
    "PV_WATCH",
    "PROTECT",
    "SHERIFF_RECRUIT",
    "RECRUIT",
    "MAKE_POISON",
    "REBEL_RECRUIT",
    "SEARCH_BOSS",
    "SEARCH_REBEL",
    "SEARCH_MANIAC",
    "SEARCH_RECRUITER",
    "SEARCH_SHERIFF",
    "SEARCH_INVESTIGATOR",
    "PROSECUTOR_SEARCH",
    "PROSECUTOR_REPORT",
    "SHMARA_NIGHT",
    "SHMARA_CLONIDINE",
    "SHMARA_STEAL",
    "BITE",
    "MANIAC_BLOODY",
    "MANIAC_QUICK",
    "MANIAC_TORTURE",
    "REBEL_SHOOT",
    "SHOOT",
    "POISON",
    "GIFT_POISON",
    "EXPLODE",
    "MAKE_EXPLOSIVE",
    "JAILER_SIN",
    "JAILER_CHECK_JAILED",
    "JAILER_RELEASE",
    "SWINDLER_CHOOSE",
    "VH_SEARCH_VAMPIRE",
    "VH_SEARCH_HORSEMAN",
    "VH_SEARCH_UNDEAD",
    "VH_SHOOT",
    "HORSEMAN_SEARCH",
    "REANIMATE",
    "INTERROGATE",
]
GIFTS = ("VEST", "SIREN", "POISON", "ANTIDOTE", "DIPLOMA", "VODKA", "VOUCHER")
LONER_ROLES = (
    "MANIAC",
    "TELEPATH",
    "SHMARA",
    "PSYCHO",
    "REBEL",
    "SWINDLER",
    "VAMPIRE",
    "DOMOVOI",
    "HORSEMAN",
)
# What the Shmara may list to take (A-ROLE-SHMARA-5): any item but the display-only ones.
TAKEABLE = tuple(code for code in ITEM_NAMES if code not in DISPLAY_ONLY)
# Extra fields a move needs, as the form shows them: "seat" (a player) or a list (one of
# these) is required; {"optional": "seat"} may be left out; {"ranked": "seat" | [values],
# "max": n} is an ordered preference list of up to n (may be empty); {"per_voter": "seat"}
# maps voters to candidates (may be empty). SWINDLER_CHANGE's is built per night.
PARAMS: dict[str, dict[str, Any]] = {
    "TELEPATH_VOTE": {"vote": "seat"},
    "VAMPIRE_GHOUL_VOTE": {"vote": "seat"},
    "TELEPATH_RETARGET": {"new_target": "seat"},
    "FAIRY_GIFT": {"gift": list(GIFTS)},
    "USE_VOUCHER": {"kind": ["tour", "excursion"]},
    "PROSECUTOR_SEARCH": {"role": list(LONER_ROLES)},
    "REBEL_VOTES": {"mapping": {"per_voter": "seat"}, "all": {"optional": "seat"}},  # A-ROLE-REBEL-9
    "REANIMATE": {"prefer": {"ranked": "seat", "max": 3}},  # A-ROLE-REANIMATOR-4
    "SHMARA_CLONIDINE": {"take": {"ranked": list(TAKEABLE), "max": 3}},  # A-ROLE-SHMARA-5
}
# The shape of each move's parameters. The engine reads some of them only when the night
# is resolved, so a malformed value sent by a player would stop the resolution of the
# whole night; the server refuses it when it arrives ("seat": a seat number).
PARAM_SHAPES: dict[str, dict[str, str]] = {
    "TELEPATH_VOTE": {"vote": "seat"},
    "VAMPIRE_GHOUL_VOTE": {"vote": "seat"},
    "TELEPATH_RETARGET": {"new_target": "seat"},
    "FAIRY_GIFT": {"gift": "str"},
    "USE_VOUCHER": {"kind": "str"},
    "PROSECUTOR_SEARCH": {"role": "str"},
    "SWINDLER_CHANGE": {"changes": "changes"},
    "REBEL_VOTES": {"mapping": "mapping", "all": "seat"},
    "SHMARA_CLONIDINE": {"take": "strs"},
    "REANIMATE": {"prefer": "seats"},
    "USE_DIPLOMA": {"clan": "bool"},
}
# Rejections that depend on the target: the move itself may still be possible.
_TARGET_CODES = {"bad_target", "target_not_alive", "self_target", "no_target_expected"}


@dataclass(slots=True)
class RoomState:
    """The engine's state plus the site's clan chat."""

    game: Any
    chat: list[dict[str, Any]] = field(default_factory=list)
    # seat -> [clan, index of the first chat message it may read]
    member_since: dict[int, tuple[str, int]] = field(default_factory=dict)
    options_cache: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    now: int = 0  # the kernel's clock (K-TIME-1)


def clean_chat(raw: object) -> str:
    if not isinstance(raw, str):
        raise Rejected("bad_chat", reason="empty")
    text = unicodedata.normalize("NFC", raw).strip()
    if not text:
        raise Rejected("bad_chat", reason="empty")
    if len(text) > CHAT_MAX:
        raise Rejected("chat_too_long", max=CHAT_MAX, length=len(text))
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch != "\n" for ch in text):
        raise Rejected("bad_chat", reason="control_chars")
    return text


class AndorraRoomGame:
    """``AndorraGame`` as the room runs it: the same rules, plus chat and move choices."""

    name = "andorra"

    def __init__(self, inner: Game[Any] | None = None) -> None:
        self.inner: Game[Any] = inner if inner is not None else registry.get("andorra")
        self.commands = self.inner.commands | {CHAT}

    # -- the Game protocol ---------------------------------------------------

    def setup(self, config: Mapping[str, Any], seed: int) -> RoomState:
        state = RoomState(self.inner.setup(config, seed))
        self._track_clans(state)
        return state

    def apply(self, state: RoomState, command: Command) -> list[Event]:
        if command.type == CHAT:
            return self._chat(state, command)
        if command.type in ("vote", "edit_vote") and "ts" in command.payload:
            # the vote's time is the server's (the command's ``now``), never the client's
            raise Rejected("bad_payload", field="ts")
        if command.type == "vote" and isinstance(command.actor, int):
            self._once_a_day(state, command.actor)
        if command.type in ("move", "correct"):
            self._check_params(state, command.payload)
        events = self.inner.apply(state.game, command)
        if command.type == "move":
            # A night move changes only its player's sheet, which only the checks of the
            # same clan read (A-CLAN-5/6): the other seats' choices stay as they were.
            player = command.payload.get("player", command.actor)
            since = state.member_since.get(player) if isinstance(player, int) else None
            clan = since[0] if since is not None else None
            for seat in list(state.options_cache):
                mine = state.member_since.get(seat)
                if seat in (player, command.actor) or (
                    clan is not None and mine is not None and mine[0] == clan
                ):
                    del state.options_cache[seat]
        else:
            state.options_cache.clear()
        self._track_clans(state)
        return events

    def refusal(self, state: RoomState, command: Command, refused: Rejected) -> Rejected:
        return self.inner.refusal(state.game, command, refused)

    def view(self, state: RoomState, viewer: Viewer) -> dict[str, Any]:
        out = self.inner.view(state.game, viewer)
        if viewer in ("host", "all"):
            out["chat"] = state.chat[-CHAT_KEEP:]
        elif isinstance(viewer, int) and not isinstance(viewer, bool) and "me" in out:
            since = state.member_since.get(viewer)
            out["me"]["chat_clan"] = since[0] if since else None
            out["me"]["chat"] = (
                [m for m in state.chat[since[1] :] if m["clan"] == since[0]][-CHAT_KEEP:] if since else []
            )
            out["me"]["options"] = self.options(state, viewer) if out["phase"] == NIGHT else []
        return out

    def next_deadline(self, state: RoomState) -> int | None:
        return self.inner.next_deadline(state.game)

    def result(self, state: RoomState) -> dict[str, Any] | None:
        return self.inner.result(state.game)

    def snapshot(self, state: RoomState) -> Any:
        return {"game": self.inner.snapshot(state.game), "chat": state.chat}

    def _once_a_day(self, state: RoomState, seat: int) -> None:
        """On the site a player votes once a day: a second tap (a double click, a retry
        after a lost connection) is refused instead of being logged as a void repeated
        vote with a penalty (A-VOTE-3). A deliberate change is still possible as
        ``edit_vote``, which the engine logs as void (A-VOTE-3)."""
        log = self.inner.view(state.game, "public").get("vote_log", [])
        if any(entry.get("voter") == seat for entry in log):
            raise Rejected("already_voted", rule="A-VOTE-3", seat=seat)

    def _check_params(self, state: RoomState, payload: Mapping[str, Any]) -> None:
        params = payload.get("params")
        if params is None:
            return
        action = payload.get("action")
        if not isinstance(params, dict):
            raise Rejected("bad_params", action=action)
        shape = PARAM_SHAPES.get(action, {}) if isinstance(action, str) else {}
        n = len(self.inner.view(state.game, "public")["players"])

        def seat(v: Any) -> bool:
            return type(v) is int and 1 <= v <= n

        def fits(kind: str, v: Any) -> bool:
            if kind == "seat":
                return seat(v)
            if kind == "str":
                return isinstance(v, str) and len(v) <= 40
            if kind == "bool":
                return isinstance(v, bool)
            if kind == "strs":
                return (
                    isinstance(v, list)
                    and len(v) <= 20
                    and all(isinstance(x, str) and len(x) <= 40 for x in v)
                )
            if kind == "seats":
                return isinstance(v, list) and len(v) <= n and all(seat(x) for x in v)
            if kind == "mapping":
                return (
                    isinstance(v, dict)
                    and len(v) <= n
                    and all(k.isdigit() and seat(int(k)) and seat(x) for k, x in v.items())
                )
            if kind == "changes":
                return (
                    isinstance(v, list)
                    and len(v) <= n
                    and all(
                        isinstance(c, dict)
                        and set(c) <= {"voter", "target"}
                        and seat(c.get("voter"))
                        and (c.get("target") is None or seat(c.get("target")))
                        for c in v
                    )
                )
            return False

        for key, value in params.items():
            kind = shape.get(key)
            if kind is None or not fits(kind, value):
                raise Rejected("bad_params", action=action, field=key)

    # -- clan chat -------------------------------------------------------------

    def clans(self, state: RoomState) -> dict[int, str | None]:
        """Each seat's clan, as the engine's host view shows it."""
        players = self.inner.view(state.game, "host")["host"]["players"]
        return {int(p["seat"]): p.get("clan") for p in players}

    def _track_clans(self, state: RoomState) -> None:
        """A recruit reads the clan's chat from the moment the engine puts him in the clan."""
        for seat, clan in self.clans(state).items():
            before = state.member_since.get(seat)
            if clan is None:
                state.member_since.pop(seat, None)
            elif before is None or before[0] != clan:
                state.member_since[seat] = (clan, len(state.chat))

    def _chat(self, state: RoomState, command: Command) -> list[Event]:
        seat = command.actor
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Rejected("not_in_clan", actor=seat)
        text = clean_chat(command.payload.get("text"))
        nonce = command.payload.get("id")
        if nonce is not None and (not isinstance(nonce, str) or not 0 < len(nonce) <= CHAT_ID_MAX):
            raise Rejected("bad_chat", reason="id")
        if nonce is not None and any(m["seat"] == seat and m.get("id") == nonce for m in state.chat):
            raise Rejected("duplicate", seat=seat, id=nonce)  # a resend: the first one counts
        players = {int(p["seat"]): p for p in self.inner.view(state.game, "public")["players"]}
        clan = self.clans(state).get(seat)
        if clan is None or seat not in state.member_since:
            raise Rejected("not_in_clan", seat=seat)
        if players.get(seat, {}).get("status") != "ALIVE":
            raise Rejected("not_alive", seat=seat)
        entry: dict[str, Any] = {
            "n": len(state.chat),
            "clan": clan,
            "seat": seat,
            "text": text,
            "at": command.now,
        }
        if nonce is not None:
            entry["id"] = nonce
        state.chat.append(entry)
        members = frozenset(s for s, (c, _) in state.member_since.items() if c == clan)
        return [Event("chat", {"clan": clan, "seat": seat}, Audience(seats=members, host=True))]

    # -- the move form ---------------------------------------------------------

    def options(self, state: RoomState, seat: int) -> list[dict[str, Any]]:
        """The moves ``seat`` may submit now (for itself, or as its clan's sender)."""
        cached = state.options_cache.get(seat)
        if cached is None:
            cached = state.options_cache[seat] = self._options(state, seat)
        return cached

    def _options(self, state: RoomState, seat: int) -> list[dict[str, Any]]:
        # A trial that succeeds changes only the trying player's own sheet, which no
        # other check of that player reads; the scratch copy is renewed per player.
        scratch = [copy.deepcopy(state.game), False]
        public = self.inner.view(state.game, "public")["players"]
        seats = [int(p["seat"]) for p in public]
        alive = [int(p["seat"]) for p in public if p["status"] == "ALIVE"]
        now = self.inner.next_deadline(state.game) or 0
        now = max(0, now - 1)  # inside the phase

        def ok(player: int, action: str, target: int | None, params: dict[str, Any]) -> str | None:
            payload: dict[str, Any] = {"player": player, "action": action, "target": target}
            if params:
                payload["params"] = params
            try:
                self.inner.apply(scratch[0], Command(actor=seat, type="move", payload=payload, now=now))
            except Rejected as rejected:
                return rejected.code
            scratch[1] = True
            return None

        out: list[dict[str, Any]] = []
        for player in seats:
            if scratch[1]:
                scratch[:] = [copy.deepcopy(state.game), False]
            if player != seat and ok(player, "STAY_HOME", None, {}) is not None:
                continue  # not this seat's sheet (A-MOVE-5)
            for action in MOVE_CODES:
                spec = PARAMS.get(action, {})
                # required fields get a trial value; optional ones (dicts) are left out
                trial = {
                    k: (alive[0] if v == "seat" else v[0])
                    for k, v in spec.items()
                    if alive and not isinstance(v, dict)
                }
                if action == "FAIRY_GIFT":
                    gifts = [
                        g for g in GIFTS if ok(player, action, _other(alive, player), {"gift": g}) is None
                    ]
                    if not gifts:
                        continue
                    trial = {"gift": gifts[0]}
                    spec = {"gift": gifts}
                if action == "SWINDLER_CHANGE":  # A-TALLY-7: which voters' votes may change, and how many
                    window = [
                        v
                        for v in alive
                        if ok(player, action, None, {"changes": [{"voter": v, "target": None}]}) is None
                    ]
                    if not window:
                        continue
                    pair = [{"voter": v, "target": None} for v in window[:2]]
                    most = 2 if len(pair) == 2 and ok(player, action, None, {"changes": pair}) is None else 1
                    out.append(
                        {
                            "player": player,
                            "action": action,
                            "targets": None,
                            "params": {"changes": {"voters": window, "max": most}},
                        }
                    )
                    continue
                first = ok(player, action, None, trial)
                if first is None:
                    out.append({"player": player, "action": action, "targets": None, "params": spec})
                    continue
                if first not in _TARGET_CODES:
                    continue
                targets = [t for t in seats if ok(player, action, t, trial) is None]
                if targets:
                    out.append({"player": player, "action": action, "targets": targets, "params": spec})
        return out


def _other(alive: list[int], seat: int) -> int | None:
    return next((s for s in alive if s != seat), None)


class AndorraAdapter:
    """The server-facing facts of Andorra. Rooms are made by ``Rooms.create_andorra``."""

    name = "andorra"
    min_players = 3
    max_players = 40
    host_is_player = False

    def make_game(self) -> Game[Any]:
        return AndorraRoomGame()

    def default_settings(self) -> dict[str, Any]:
        return {}

    def describe_settings(self) -> dict[str, Any]:
        return {}

    def merge_settings(self, current: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
        raise Rejected("bad_settings", field=sorted(patch)[0] if patch else None)

    def build_config(self, names: list[str], host_seat: int, settings: Mapping[str, Any]) -> dict[str, Any]:
        raise Rejected("wrong_status", status="playing")  # an Andorra game starts when it is created
