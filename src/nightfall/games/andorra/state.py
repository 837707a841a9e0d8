"""Game state (A-DATA). Plain dataclasses: deep-copyable and JSON-dumpable.

``World`` is everything the rules change; ``AndorraState`` wraps it with the
phase machine (the day's raw vote log, the night's submissions, interactive
answers and a resolved-but-unpublished night). A night is resolved on a copy of
the world (the per-night scratchpad lives in ``night.ctx``), so correcting a
move and re-resolving starts again from the same world and RNG state.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from nightfall.engine import Rng

from .roles.catalogue import FOLLOWER_RU, GHOUL_RU, JOURNALIST_FOLLOWER_RU, ROLES, UNDEAD
from .roles.codes import Role

ALIVE = "ALIVE"
DEAD = "DEAD"
JAILED_LYNCH = "JAILED_LYNCH"
JAILED_JAILER = "JAILED_JAILER"

DAY = "DAY"
NIGHT = "NIGHT"
RESOLVING = "RESOLVING"  # waiting on interactive answers (A-CYCLE-6)
REVIEW = "REVIEW"  # resolved, waiting for the host to publish (H-03)
OVER = "OVER"


@dataclass
class Player:
    seat: int
    nick: str
    role: str
    faction: str
    status: str = ALIVE
    clan: str | None = None
    join_key: list[int] = field(default_factory=list)  # [night joined, seat] (A-CLAN-2)
    ghoul: bool = False
    follower: bool = False
    items: dict[str, list[int]] = field(default_factory=dict)  # item -> nights acquired
    poisonings: list[dict[str, Any]] = field(default_factory=list)  # {kind, night, by}
    bitten_night: int | None = None
    sinful: bool = False
    revealed: bool = False
    death: dict[str, Any] | None = None
    depressed_night: int | None = None
    refused_by: list[str] = field(default_factory=list)
    mem: dict[str, Any] = field(default_factory=dict)  # per-role counters and target sets
    energy: int = 0

    @property
    def alive(self) -> bool:
        return self.status == ALIVE

    @property
    def undead(self) -> bool:
        return self.faction == UNDEAD

    def count(self, item: str) -> int:
        return len(self.items.get(item, []))

    def usable(self, item: str, night: int) -> bool:
        """A-ITEM-GEN-3: items acquired on night N work from night N+1 (start items: 0)."""
        return any(n < night for n in self.items.get(item, []))

    def give(self, item: str, night: int) -> None:
        self.items.setdefault(item, []).append(night)

    def take(self, item: str) -> None:
        nights = self.items.get(item, [])
        if nights:
            nights.pop(0)
            if not nights:
                del self.items[item]

    def targets(self, key: str) -> list[int]:
        got: list[int] = self.mem.setdefault(key, [])
        return got


@dataclass
class Clan:
    id: str
    kind: str  # MAFIA / COPS / REBEL
    colour: str | None = None
    poison: int = 0  # clan items (A-SETUP-8)
    diploma: int = 0
    rank: int = 0  # A-ERR-1: clans resolve in the order of their senders at the start


@dataclass
class World:
    players: list[Player]
    clans: dict[str, Clan]
    rng: Rng
    two_clans: bool
    role_list: list[dict[str, Any]]
    roles_taken: list[str]
    fairy_stock: list[str]
    day: int = 1
    penalties: dict[str, list[int]] = field(default_factory=dict)  # day -> offenders
    # A-VOTE-10: why a night's penalty was given (penalties.vote_penalty_reason): day -> seat -> code;
    # the day's votes are gone by the time the header names it
    penalty_reasons: dict[str, dict[str, str]] = field(default_factory=dict)
    vote_loss: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # day -> seat -> reasons
    swindler_pick: dict[str, list[int]] = field(default_factory=dict)  # day -> [swindler, picked]
    history: dict[str, dict[str, int]] = field(default_factory=dict)  # "seat:family" -> {night: target}
    jailed_unrevealed: list[int] = field(default_factory=list)
    article_rights: list[int] = field(default_factory=list)
    clan_manager: dict[str, int] = field(default_factory=dict)  # A-CLAN-4: elected item manager
    clan_poll: dict[str, dict[str, int]] = field(
        default_factory=dict
    )  # open polls: voter -> candidate  # A-ROLE-JOURNALIST-7: may publish today
    winner: str | None = None
    winners: list[int] = field(default_factory=list)
    # A-GEN-4: {seat, old, new, day} in order; records keep the nicks of their time (replacement.py)
    replacements: list[dict[str, Any]] = field(default_factory=list)
    # A-SEC-1: the secret that makes prompt ids opaque (night/ctx.py prompt_id); never in a view
    prompt_key: str = ""

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def alive(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def clan_members(self, clan: str, active: bool = True) -> list[Player]:
        got = [p for p in self.players if p.clan == clan and (p.alive or not active)]
        return sorted(got, key=lambda p: p.join_key)

    def lose_vote(self, day: int, seat: int, reason: str) -> None:
        self.vote_loss.setdefault(str(day), {}).setdefault(str(seat), []).append(reason)

    def has_vote_loss(self, day: int, seat: int) -> bool:
        return bool(self.vote_loss.get(str(day), {}).get(str(seat)))

    def last_target(self, seat: int, family: str, night: int) -> int | None:
        return self.history.get(f"{seat}:{family}", {}).get(str(night))

    def record_target(self, seat: int, family: str, night: int, target: int) -> None:
        self.history.setdefault(f"{seat}:{family}", {})[str(night)] = target


def display_role(world: World, p: Player, lang: str = "ru") -> str:
    """A-REVEAL-2: the current role, never the original one."""
    if p.ghoul:
        return GHOUL_RU if lang == "ru" else "Ghoul"
    if p.follower:
        if p.role == Role.JOURNALIST:
            return JOURNALIST_FOLLOWER_RU if lang == "ru" else "Journalist-Follower"
        return FOLLOWER_RU if lang == "ru" else "Rebel's Follower"
    spec = ROLES[p.role]
    name = spec.ru if lang == "ru" else spec.en
    if world.two_clans and spec.clan_role and p.clan:
        colour = world.clans[p.clan].colour
        if colour:
            from .roles.catalogue import CLAN_COLOURS

            ru, en = CLAN_COLOURS.get(colour, (colour, colour))
            name += f" ({ru if lang == 'ru' else en})"
    return name


def role_name(code: str, lang: str = "ru") -> str:
    spec = ROLES[code]
    return spec.ru if lang == "ru" else spec.en


@dataclass
class VoteEntry:
    seq: int
    ts: int
    voter: int
    kind: str  # VOTE / BLANK / VOID
    target: int | None = None
    void_reason: str | None = None
    by: str | None = None  # "host": entered by the host from the player's PM (H-03b); "thread"
    post: str | None = None  # A-THREAD-8: the forum post the vote came from (its link)
    digest: str | None = None  # what that post said when imported, so a re-import notices edits


@dataclass
class AndorraState:
    config: dict[str, Any]
    world: World
    phase: str = DAY
    deadline: int | None = None
    votes: list[VoteEntry] = field(default_factory=list)
    submissions: dict[str, dict[str, Any]] = field(default_factory=dict)  # seat -> move
    # A-MOVE-5: a clan member's own move set aside because the sheet names his move (the fallback)
    own_moves: dict[str, dict[str, Any]] = field(default_factory=dict)
    answers: dict[str, Any] = field(default_factory=dict)  # prompt id -> answer
    prompts_timed_out: bool = False  # every open question takes its default (close_prompts)
    # H-11a: each question's own deadline (from when it was first asked) and those past it
    prompt_deadlines: dict[str, int | None] = field(default_factory=dict)
    prompts_expired: list[str] = field(default_factory=list)
    pending: dict[str, Any] | None = None  # resolved night awaiting publication
    pending_world: World | None = None
    posts: list[dict[str, Any]] = field(default_factory=list)
    messages: list[dict[str, Any]] = field(default_factory=list)
    audits: list[dict[str, Any]] = field(default_factory=list)
    host_log: list[dict[str, Any]] = field(default_factory=list)
    articles: list[dict[str, Any]] = field(default_factory=list)  # the Journalist's (A-ROLE-JOURNALIST-7)
    now: int = 0  # the kernel's clock: the time of the last command taken (K-TIME-1)
    # A-SETUP-17: Day 1's schedule as it stood when Day 1 ended; the first post keeps it
    first_schedule: dict[str, str] = field(default_factory=dict)  # lang -> schedule line
    day_ended_at: int | None = None  # A-THREAD-7: when the day's votes closed (its deadline)
    # A-THREAD-7: when the day began (its morning post); None on Day 1: every earlier post counts
    day_started_at: int | None = None


def snapshot(state: AndorraState) -> dict[str, Any]:
    return asdict(state)
