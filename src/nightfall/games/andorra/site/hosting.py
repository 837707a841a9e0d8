"""Andorra Mafia as the server hosts it: a forum game run from the host's desk.

The host (ведущий) is not a player: a room holds the host (actor ``"host"``) and
one private link per seat. There is no lobby: the game starts when the room is
created, from the host's role list (docs/protocol.md, "Andorra").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from nightfall.engine import Command, Game, Rejected

from ...interface import Created, GameSite, Opening, Outbox, Pages
from .. import schedule_text
from ..creation_types import AndorraCreated, AndorraRoleInfo
from ..reasons import worded
from ..roles.catalogue import ROLE_ALIASES, ROLES
from ..setup import STARTING_ROLES, canonical_role_list
from ..win import WIN_EN, WIN_RU
from . import aliases, chat, mail, thread_tool
from .chat import RoomState
from .game import AndorraSiteGame

PHASE_MIN_S, PHASE_MAX_S = 1, 14 * 24 * 3600  # a phase's deadline, if the host sets one
MAX_PLAYERS = 40
# The form's phase lengths (seconds) and the schedule's fields (ms) they set.
SCHEDULE = (("day_seconds", "day_ms"), ("night_seconds", "night_ms"), ("prompt_seconds", "prompt_ms"))
OPTIONS = ("show_full_tally", "reveal_all_at_end")


class AndorraSite(GameSite):
    name = "andorra"
    min_players = 3
    max_players = MAX_PLAYERS
    host_seated = False
    private_presence = True  # a connection at night hints at a night move (issue 20)
    held_answers = True  # a chat line's ack at night must not time another's move (docs/security.md §1)
    max_form_bytes = 32768  # a role list of up to 40 players
    host_tool_bytes = thread_tool.MAX_BYTES  # the thread import's saved pages (A-THREAD-1)
    api_alias = "andorra"  # POST /api/andorra: the address the desk page has always used
    error_texts: ClassVar[Mapping[str, str]] = {
        "not_in_clan": "Only members of a clan can use its chat.",
        "chat_too_long": "The chat message is too long.",
        "bad_chat": "The chat message is empty or has invalid characters.",
    }
    pages: ClassVar[Pages] = Pages(
        entry="andorra.html",
        paths=("a/new", "a/{code}/desk", "a/{code}/p"),
        seat="a/{code}/p",
        desk="a/{code}/desk",
    )

    def make_game(self) -> Game[Any]:
        return AndorraSiteGame()

    def host_tool(self, tool: str, state: Any, request: Mapping[str, Any]) -> dict[str, Any]:
        """``thread``: the thread import's preview (A-THREAD-1)."""
        if tool != "thread":
            raise Rejected("not_found", tool=tool)
        # A-THREAD-5a: the room's confirmed names first; the request may add its own
        table = aliases.by_nick(cast(RoomState, state).aliases, state.game.world)
        sent = request.get("aliases")
        if isinstance(sent, dict):
            table |= {str(k): v for k, v in sent.items() if isinstance(v, str)}
        try:
            return thread_tool.preview(state.game, {**request, "aliases": table})
        except Rejected as rejected:
            raise worded(rejected) from None

    def redact(self, command: Command) -> Command:
        return mail.redact(command)

    def mail_marks(self, state: Any) -> Any:
        """None while no mail can go out (no settings, nobody opted in): nothing to compare,
        and a desk without mail pays nothing per change (the next marks are a fresh start)."""
        room = cast(RoomState, state)
        if room.mail.smtp is None or not room.mail.addresses:
            return None
        return mail.marks(room.game)

    def mail_due(self, state: Any, seen: Any, now: Any, code: str, page: str) -> Outbox | None:
        """A-MAIL-4: a notice per new question, new private result and new day, to the players
        who gave an address, through the host's SMTP settings."""
        room = cast(RoomState, state)
        smtp = room.mail.smtp
        notices = mail.due(room.mail, seen, now)
        if smtp is None or not notices:
            return None
        return Outbox(
            host=smtp.host,
            port=smtp.port,
            security=smtp.security,
            user=smtp.user,
            password=smtp.password,
            sender=smtp.sender,
            letters=tuple((n.address, *mail.letter(n.kind, code, page)) for n in notices),
        )

    def feed_length(self, state: Any) -> int:
        """The clan chat is the feed (docs/protocol.md, ``feed``): ``RoomState.chat``."""
        return len(cast(RoomState, state).chat)

    def feed(self, state: Any, viewer: Any, lo: int, hi: int, limit: int) -> tuple[list[Any], bool] | None:
        got, older = chat.page(cast(RoomState, state), viewer, lo, hi, limit)
        return cast("list[Any]", got), older

    def feed_index(self, state: Any, viewer: Any, n: int) -> int:
        return chat.index_of(cast(RoomState, state), viewer, n)

    def describe_settings(self) -> dict[str, Any]:
        """What the creation form shows (``GET /api/games``): every role a game may start
        with, in the published order (A-SETUP-17a), with its side, by the engine's catalogue."""
        roles: list[AndorraRoleInfo] = [
            {
                "code": r["role"],
                "ru": ROLES[r["role"]].ru,
                "en": ROLES[r["role"]].en,
                "side": {"ru": WIN_RU[ROLES[r["role"]].faction], "en": WIN_EN[ROLES[r["role"]].faction]},
                "aliases": sorted(w for w, code in ROLE_ALIASES.items() if code == r["role"]),
            }
            for r in canonical_role_list([(c, None) for c in STARTING_ROLES], False)
        ]
        return {
            "roles": roles,
            "options": list(OPTIONS),
        }

    def open_room(self, form: Mapping[str, Any], now: int) -> Opening:
        try:
            return self._open_room(form, now)
        except Rejected as rejected:
            raise worded(rejected) from None

    def _open_room(self, form: Mapping[str, Any], now: int) -> Opening:
        """The desk's form: players with their roles, the schedule and the options.
        The engine validates the role list itself when the game is set up."""
        raw_players = form.get("players")
        if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= MAX_PLAYERS:
            raise Rejected("bad_config", field="players", max=MAX_PLAYERS)
        names: list[object] = []
        roles: list[Any] = []
        for i, entry in enumerate(raw_players):
            if not isinstance(entry, dict):
                raise Rejected("bad_config", field=f"players[{i}]")
            role = entry.get("role")
            if not isinstance(role, str) or not role.strip():
                raise Rejected("bad_config", field=f"players[{i}].role", reason="role code expected")
            role = role.strip()  # as the host wrote it: a refusal quotes it back (the engine folds case)
            clan = entry.get("clan")
            roles.append(
                {"role": role, "clan": clan.strip().lower()}
                if isinstance(clan, str) and clan.strip()
                else role
            )
            names.append(entry.get("name"))
        schedule: dict[str, Any] = {"start": now}
        for key, field in SCHEDULE:
            ms = _phase_ms(form, key)
            if ms is not None:
                schedule[field] = ms
        text = form.get("schedule_text")
        if text is not None and not isinstance(text, str):
            raise Rejected("bad_config", field="schedule_text")
        if text and text.strip():  # A-SETUP-18: the text's fields win over the length fields
            schedule |= _from_text(text, now)
        options = form.get("options") or {}
        if not isinstance(options, dict):
            raise Rejected("bad_config", field="options")
        setup = {
            "roles": roles,
            "two_clans": bool(form.get("two_clans", False)),
            "shuffle": bool(form.get("shuffle", False)),
            "schedule": schedule,
            "options": {k: bool(options.get(k)) for k in OPTIONS},
        }
        return Opening(players=names, setup=setup)

    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        return {"players": list(names), **settings}

    def answer_created(self, created: Created) -> dict[str, Any]:
        base, code = created.base_url, created.code
        host_view = self.make_game().view(created.state, "host") if created.state is not None else {}
        answer: AndorraCreated = {
            "code": code,
            "game": self.name,
            "host_token": created.host_token,
            "desk_url": self.pages.desk_url(base, code, created.host_token),
            "players": [
                {"seat": seat, "name": name, "token": token, "url": self.pages.seat_url(base, code, token)}
                for seat, name, token in created.players
            ],
            "warnings": host_view.get("host", {}).get("warnings", []),
        }
        return cast("dict[str, Any]", answer)  # the GameSite interface answers with any JSON object


def _from_text(text: str, now: int) -> dict[str, Any]:
    """A-SETUP-18: the schedule written as text; Day 1 must still be running now."""
    got = schedule_text.parse(text, now)
    for key in ("day_ms", "night_ms", "prompt_ms"):
        if key in got and not PHASE_MIN_S * 1000 <= got[key] <= PHASE_MAX_S * 1000:
            raise Rejected("bad_schedule", rule="A-SETUP-18", line=0, item=key, reason="too_long")
    if "start" in got and "day_ms" in got and got["start"] + got["day_ms"] <= now:
        raise Rejected("bad_schedule", rule="A-SETUP-18", line=0, item="", reason="day_one_over")
    return got


def _phase_ms(form: Mapping[str, Any], key: str) -> int | None:
    raw = form.get(key)
    if raw is None:
        return None  # no deadline: the host closes the phase
    if type(raw) is not int or not PHASE_MIN_S <= raw <= PHASE_MAX_S:
        raise Rejected("bad_config", field=key, min=PHASE_MIN_S, max=PHASE_MAX_S)
    return raw * 1000
