"""Plays a whole game with bots: the loop behind simulations, property tests and benchmarks.

Bots see only their own view. The driver asks only the seats that have
something to do (those the step waits for, plus optional abilities), advances a
simulated clock, ticks at deadlines and, in Unlimited mode, plays the host who
marks a stalled player absent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import Command, Rejected, Transcript, kernel, tick

from ..game import HeksGame
from ..obligations import owed
from ..roles import pickpocket, seer
from ..state import CAT, GAME_END, WITCH_C, HeksState, Player
from ..tables import PICKPOCKET, SEER
from .base import Action, Bot
from .draws import BlockRng
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .strong import StrongBot
from .table_talk import TableTalk

BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "strong": StrongBot}

# The steps whose only input is a tap: a bot with a ``tap`` method may answer them from
# the public view alone (most of a game's commands are these taps). In all of them a seat
# owes its tap while it is not in ``state.done`` (and, in the discussion, is a cat: only
# cats are asked then).
TAPS: dict[str, str] = {
    "ROLE_REVEAL": "ready",
    "DISCUSSION": "end_discussion",
    **dict.fromkeys(
        ("VOTE_RESULT_SCENE", "EVENING_ANNOUNCE", "ACCEPT_SCENE", "REJECT_SCENE", "RITUAL_RESULT"), "confirm"
    ),
}
STEP_MS = 700  # simulated time between two players' taps
MAX_COMMANDS = 20_000  # a safety net: §14.3 says every game ends long before this


@dataclass(slots=True)
class GameRecord:
    state: HeksState
    transcript: Transcript
    rejected: int = 0
    accepted: int = 0
    days: int = 0
    timeline: list[Any] = field(default_factory=list)


def _ability_users(state: HeksState) -> list[Player]:
    """The Seer and the Pickpocket: roles never change during a game, so the driver finds them once."""
    return [p for p in state.players if p.role in (SEER, PICKPOCKET)]


def _interested(state: HeksState, pending: list[int], ability_users: list[Player]) -> list[int]:
    """The owed seats (``pending``, read only), the witches in step C and the Seer and the
    Pickpocket in their windows, in seat order."""
    extra: list[int] = list(state.day.witches) if state.phase == WITCH_C else []
    for p in ability_users:
        if p.status != CAT:
            continue
        if (
            p.role == SEER
            and not state.day.seer_used
            and state.phase in seer.WINDOW
            and seer.has_sight(state)
        ):
            extra.append(p.seat)
        if p.role == PICKPOCKET and pickpocket.window_open(state) and not state.day.pickpocket_done:
            extra.append(p.seat)
    return sorted({*pending, *extra}) if extra else pending  # owed lists seats in seat order


def _seat_bots(state: HeksState, bots: Mapping[int, Bot] | Bot | Callable[[int, str], Bot]) -> dict[int, Bot]:
    """A bot per seat: given per seat, one for all, or made per (seat, role) by a factory
    (the factory sees the dealt roles only to pick a bot per side, as a simulation does)."""
    if isinstance(bots, Mapping):
        return dict(bots)
    if hasattr(bots, "act"):
        one: Bot = bots
        return dict.fromkeys(state.seats(), one)
    return {p.seat: bots(p.seat, p.role) for p in state.players}


def play_game(
    config: Mapping[str, Any],
    seed: int,
    bots: Mapping[int, Bot] | Bot | Callable[[int, str], Bot],
    *,
    record: bool = True,
    on_command: Callable[[HeksState, Command], None] | None = None,
    game: HeksGame | None = None,
) -> GameRecord:
    game = game or HeksGame()
    state = game.setup(config, seed)
    transcript = Transcript("heks", dict(config), seed)
    rng = BlockRng.from_seed(seed ^ 0x5EED)  # the bots' own randomness, apart from the game's
    talk = TableTalk()
    rec = GameRecord(state, transcript)
    now = 0

    def send(cmd: Command) -> bool:
        try:
            kernel.apply(game, state, cmd)
        except Rejected:
            rec.rejected += 1
            return False
        rec.accepted += 1
        if record:
            transcript.commands.append(cmd)
        if on_command is not None:
            on_command(state, cmd)
        return True

    bot_of = _seat_bots(state, bots)
    # Each seat's bot methods, looked up once (the loop below runs ~370 times a game).
    acts = {seat: bot.act for seat, bot in bot_of.items()}
    taps = {seat: getattr(bot, "tap", None) for seat, bot in bot_of.items()}
    ability_users = _ability_users(state)
    # The bots read the views a phone would get, through the game's memo: the seats owed at
    # this version are listed once, for the driver and the views alike.
    memo = game.memo
    view = memo.seat
    apply = kernel.apply
    while state.phase != GAME_END and rec.accepted < MAX_COMMANDS:
        acted = False
        for seat in _interested(state, memo.owed(state), ability_users):
            actions: list[Action] | None = None
            tap = TAPS.get(state.phase)
            if tap is not None:
                answer = taps[seat]
                if answer is not None:
                    # A tap needs no seat view: the public view's step part will do (the public
                    # view less this version's live counts, which no tap reads).
                    actions = answer(memo.step(state), tap, seat not in state.done)
            if actions is None:
                actions = acts[seat](view(state, seat), rng, talk)
            for ctype, payload in actions:
                deadline = state.deadline
                if deadline is not None and now + STEP_MS >= deadline:
                    break
                now += STEP_MS
                cmd = Command(seat, ctype, payload, now)
                try:  # send(cmd), written out: most commands are sent here
                    apply(game, state, cmd)
                except Rejected:
                    rec.rejected += 1
                    continue
                rec.accepted += 1
                if record:
                    transcript.commands.append(cmd)
                if on_command is not None:
                    on_command(state, cmd)
                acted = True
            if state.phase == GAME_END:
                break
        if acted or state.phase == GAME_END:
            continue
        if state.deadline is not None:
            now = max(now, state.deadline)
            send(tick(now))
        else:
            stalled = owed(state)
            if stalled:  # Unlimited mode: the host marks the first stalled player absent (H-HST-1)
                now += STEP_MS
                send(Command(state.host, "mark_absent", {"seat": stalled[0]}, now))
    rec.days = state.day.number
    return rec
