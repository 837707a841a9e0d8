"""``AndorraGame`` as a room of the site runs it: the same rules, plus the clan
chat, the move form's choices in each player's view, and three rules of the site
(docs/protocol.md, "Andorra"). A registered game of its own (``andorra_site``),
so a room's stored log replays with ``nightfall replay`` like any transcript."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from nightfall.engine import HOST, Command, Event, Game, Rejected, Viewer, kernel

from ..form_types import AndorraMoveOption
from ..game import AndorraGame
from ..payload_keys import refuse_unknown_keys
from ..state import DAY
from ..view import public_part
from ..view import view as view_of
from ..view_types import AndorraView
from . import aliases, chat, form, mail
from .chat import CHAT, RoomState
from .param_shapes import check_params

NIGHT = "NIGHT"
SITE_KEYS = {"vote": frozenset({"target"}), "edit_vote": frozenset({"target"})}  # no ``ts`` (A-SEC-3)
# The phases in which the host enters a move (NIGHT, from a forum PM) or corrects one (H-03).
HOST_MOVES = ("NIGHT", "RESOLVING", "REVIEW")
# Commands that leave the world as it is (votes and moves are the day's and the night's logs;
# closing the day changes the phase only): the role cards, read from the world alone
# (moves.possible), are kept across them; any other command builds them again.
CARD_KEEPS = frozenset(
    {"vote", "edit_vote", "pm_vote", "pm_vote_undo", "move", "pm_move", CHAT, "end_day", "article"}
)


class AndorraSiteGame:
    name = "andorra_site"

    def __init__(self, inner: Game[Any] | None = None) -> None:
        self.inner: Game[Any] = inner if inner is not None else AndorraGame()
        self.commands = self.inner.commands | {CHAT, aliases.ALIAS} | mail.MAIL_COMMANDS

    # -- the Game protocol ---------------------------------------------------

    def setup(self, config: Mapping[str, Any], seed: int) -> RoomState:
        state = RoomState(self.inner.setup(config, seed))
        chat.track_clans(state)
        return state

    def apply(self, state: RoomState, command: Command) -> list[Event]:
        # A-SEC-3: keys a command does not read are refused first. On the site a vote's time
        # is the server's (the command's ``now``), never the client's, so ``ts`` is one of them.
        refuse_unknown_keys(command.type, command.payload, SITE_KEYS.get(command.type))
        if command.type in mail.MAIL_COMMANDS:  # the world is unchanged: every cache stays
            return mail.apply(state.mail, len(state.game.world.players), command)
        if command.type == aliases.ALIAS:  # the same: only the import's table changes
            return aliases.apply(state.aliases, len(state.game.world.players), command)
        state.public = None  # every command may change what all seats see: built again on demand
        if command.type not in CARD_KEEPS:
            state.cards = {}
        if command.type == CHAT:
            return chat.post(state, command)
        # only by day: at night the day's log is still there, and a vote is refused for the
        # phase (a night vote was told ``already_voted``, a play-test)
        day = state.game.phase == DAY
        if day and command.type == "vote" and isinstance(command.actor, int):
            self._once_a_day(state, command.actor)
        if day and command.type == "pm_vote" and command.actor == "host" and not command.payload.get("edit"):
            self._pm_once_a_day(state, command.payload.get("from"))
        if command.type in ("move", "correct", "pm_move"):
            check_params(len(state.game.world.players), command.payload)
        _, events = kernel.apply(self.inner, state.game, command)  # the inner game keeps its clock too
        if command.type in ("move", "pm_move"):
            # A night move changes only its player's sheet, which only the checks of the
            # same clan read (A-CLAN-5/6): the other seats' choices stay as they were.
            sender = command.payload.get("from") if command.type == "pm_move" else command.actor
            player = command.payload.get("player", sender)
            since = state.member_since.get(player) if isinstance(player, int) else None
            clan = since[0] if since is not None else None
            for cache in (state.options_cache, state.host_options_cache):
                for seat in list(cache):
                    mine = state.member_since.get(seat)
                    if seat in (player, sender) or (
                        clan is not None and mine is not None and mine[0] == clan
                    ):
                        del cache[seat]
        else:
            state.options_cache.clear()
            state.host_options_cache.clear()
        chat.track_clans(state)
        return events

    def refusal(self, state: RoomState, command: Command, refused: Rejected) -> Rejected:
        return self.inner.refusal(state.game, command, refused)

    def view(self, state: RoomState, viewer: Viewer) -> dict[str, Any]:
        # The rules' AndorraView plus the site's keys (view_types marks them "site").
        if isinstance(self.inner, AndorraGame):
            # the shared part once per change, not once per seat (bench/desk_actions.py)
            if state.public is None:
                state.public = public_part(state.game)
            out = view_of(state.game, viewer, public=state.public, cards=state.cards)
        else:
            out = cast(AndorraView, self.inner.view(state.game, viewer))
        if viewer in ("host", "all"):
            # the chat itself is not in a view (it would be resent whole with every message):
            # the server sends it apart, as the room's feed (docs/protocol.md, ``feed``)
            if viewer == "host" and "host" in out and out["phase"] in HOST_MOVES:
                out["host"]["options"] = self.host_options(state)
            if viewer == "host" and "host" in out and out["phase"] == NIGHT:
                out["host"]["pm_options"] = self.pm_options(state)
            if viewer == "host" and "host" in out:
                out["host"]["mail"] = mail.host_part(state.mail)
                out["host"]["aliases"] = aliases.by_nick(state.aliases, state.game.world)
        elif isinstance(viewer, int) and not isinstance(viewer, bool) and "me" in out:
            me = out["me"]
            since = state.member_since.get(viewer)
            me["chat_clan"] = since[0] if since is not None else None
            me["chat_clan_name"] = chat.clan_name(state, me["chat_clan"])
            me["options"] = self.options(state, viewer) if out["phase"] == NIGHT else []
            me["mail"] = state.mail.addresses.get(viewer)  # his own only (A-MAIL-3)
        return cast("dict[str, Any]", out)

    def next_deadline(self, state: RoomState) -> int | None:
        return self.inner.next_deadline(state.game)

    def result(self, state: RoomState) -> dict[str, Any] | None:
        return self.inner.result(state.game)

    def snapshot(self, state: RoomState) -> Any:
        return {"game": self.inner.snapshot(state.game), "chat": state.chat}

    # -- the site's additions ----------------------------------------------------

    def clans(self, state: RoomState) -> dict[int, str | None]:
        """Each seat's clan, as the engine's host view shows it."""
        return chat.clans(state)

    def options(self, state: RoomState, seat: int) -> list[AndorraMoveOption]:
        """The moves ``seat`` may submit now (for itself, or as its clan's sender)."""
        cached = state.options_cache.get(seat)
        if cached is None:
            cached = state.options_cache[seat] = self._options(state, seat)
        return cached

    def _options(self, state: RoomState, seat: int) -> list[AndorraMoveOption]:
        """``options`` without the cache."""
        return form.options(state.game, seat)

    def host_options(self, state: RoomState) -> list[AndorraMoveOption]:
        """The moves the host may enter or correct now, for every living player (H-03)."""
        out: list[AndorraMoveOption] = []
        for player in state.game.world.alive():
            cached = state.host_options_cache.get(player.seat)
            if cached is None:
                cached = state.host_options_cache[player.seat] = form.player_options(
                    state.game, HOST, player.seat
                )
            out.extend(cached)
        return out

    def pm_options(self, state: RoomState) -> dict[str, list[AndorraMoveOption]]:
        """Per living seat, the moves a PM from it may carry (H-03b): ``pm_move`` checks the
        move as that seat's own, so these are that seat's own options (himself, and his clan
        mates when he is his clan's sender), never the host's wider ones."""
        return {str(p.seat): self.options(state, p.seat) for p in state.game.world.alive()}

    def _once_a_day(self, state: RoomState, seat: int) -> None:
        """On the site a player votes once a day: a second tap (a double click, a retry
        after a lost connection) is refused instead of being logged as a void repeated
        vote with a penalty (A-VOTE-3). A deliberate change is still possible as
        ``edit_vote``, which the engine logs as void (A-VOTE-3)."""
        if self._voted(state, seat):
            raise Rejected("already_voted", rule="A-VOTE-3", seat=seat)

    def _pm_once_a_day(self, state: RoomState, seat: Any) -> None:
        """The same for a vote the host enters from a PM (H-03b): a second one for the same
        player is refused unless marked as an edit."""
        if isinstance(seat, int) and self._voted(state, seat):
            raise Rejected("pm_already_voted", rule="H-03b", player=state.game.world.player(seat).nick)

    @staticmethod
    def _voted(state: RoomState, seat: int) -> bool:
        """Whether today's vote log (A-VOTE-5) holds a vote by ``seat``: read from the state,
        not from a public view built for every vote."""
        return any(e.voter == seat for e in state.game.votes)
