"""The per-night scratchpad (A-DATA-P transient state, A-DATA-E event log).

Kept apart from the game state: the pipeline reads the world, writes effects
to it, and records everything transient here. Reports read ``events``.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from typing import Any

from ..roles.codes import Move
from ..state import ALIVE, VoteEntry, World
from .step_ids import IDX, StepId


def _fits(prompt: dict[str, Any], answer: Any) -> bool:
    """An answer given to a question asked ahead (H-11b) still answers it: the question may have
    changed since with an earlier answer (other options), and is then asked again."""
    return answer is None or answer == prompt["default"] or answer in prompt["options"]


class Pause(Exception):
    """Resolution stops until these prompts are answered (or time out)."""

    def __init__(self, prompts: list[dict[str, Any]]) -> None:
        super().__init__(f"waiting for {len(prompts)} answer(s)")
        self.prompts = prompts


@dataclass
class Act:
    """One submitted move as it is resolved (A-DATA-N)."""

    actor: int
    code: str
    orig: int | None
    target: int | None
    params: dict[str, Any]
    step: StepId | None  # None: staying home (no step runs it)
    clan: str | None = None
    # The move's row as the Telepath's retargeting reads it (A-ROLE-TELEPATH-4): how it targets
    # (``action_spec.OTHER``, ...) and its not-twice-running family. Taken from the catalogue
    # when the act is made, as its step is: the catalogue gathers the role modules, so a role
    # module cannot read it (no import cycles).
    target_kind: str = field(kw_only=True)
    family: str | None = field(kw_only=True)
    state: str = "PENDING"  # PENDING / DONE / CANCELLED / VOID
    result: str | None = None  # OK / FAIL
    lines: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # role-specific results
    forced: bool = False
    replaced: str | None = (
        None  # a card's forced move: the player's own move it replaced (A-ITEM-CARDSHERIFF-3)
    )
    silent: bool = False  # no result word (vodka: A-CLASS-5)


@dataclass
class ExecutedAction:
    """One executed action (A-ORDER-6)."""

    seq: int
    step: StepId
    actor: int
    code: str
    target: int | None
    cls: str
    result: str
    hit: str = "NONE"
    reflected: bool = False
    response: bool = False
    visible: bool = True
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass
class Death:
    seat: int
    cause: str
    by: int | None
    step: StepId
    bloody: bool = False
    reflected: bool = False
    accomplices: list[int] = field(default_factory=list)  # the rest of a stake group (A-STAKE-7)


@dataclass
class Night:
    world: World
    n: int
    acts: dict[int, Act] = field(default_factory=dict)
    events: list[ExecutedAction] = field(default_factory=list)
    step: StepId = StepId.SNAPSHOT
    blocked_at: dict[int, int] = field(default_factory=dict)
    blockers: dict[int, list[int]] = field(default_factory=dict)  # victim -> blockers (A-ROLE-MANIAC-4)
    drunk: set[int] = field(default_factory=set)
    on_tour: set[int] = field(default_factory=set)
    on_excursion: set[int] = field(default_factory=set)
    dom_blocked: set[int] = field(default_factory=set)
    confessed_by: dict[int, int] = field(default_factory=dict)
    blessed: set[int] = field(default_factory=set)
    bodyguard: dict[int, int] = field(default_factory=dict)  # ward -> bodyguard
    bodyguard_fired: dict[int, list[int]] = field(default_factory=dict)  # bodyguard -> attackers shot
    shield_doctor: set[int] = field(default_factory=set)
    shield_nurse: set[int] = field(default_factory=set)
    shield_antidote: set[int] = field(default_factory=set)
    # target -> (step, party) of the act that used the siren / vest up (A-ITEM-VEST-1b)
    siren_step: dict[int, tuple[str, str]] = field(default_factory=dict)
    vest_step: dict[int, tuple[str, str]] = field(default_factory=dict)
    exec_watch: dict[int, int] = field(default_factory=dict)  # executioner -> watched
    exec_done: set[int] = field(default_factory=set)
    pv_watch: dict[int, int] = field(default_factory=dict)
    journalist_watch: dict[int, int] = field(default_factory=dict)
    scheduled_shots: list[tuple[StepId, int, int, str]] = field(
        default_factory=list
    )  # (step, actor, target, via)
    recruits: list[dict[str, Any]] = field(default_factory=list)
    dying: list[Death] = field(default_factory=list)
    deaths: list[Death] = field(default_factory=list)
    notices: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    tally: dict[str, Any] = field(default_factory=dict)
    jailed: int | None = None
    jailer_jailed: list[int] = field(default_factory=list)
    released: list[int] = field(default_factory=list)
    left_jail: list[int] = field(default_factory=list)
    reanimated: list[int] = field(default_factory=list)
    prompts: list[dict[str, Any]] = field(default_factory=list)
    dawn_msgs: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    clan_notices: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)
    audit: list[dict[str, Any]] = field(default_factory=list)
    clan_at_n0: dict[int, str | None] = field(default_factory=dict)
    alive_at_n0: set[int] = field(default_factory=set)
    in_game: int = 0
    over_at_6b: bool = False
    revenge: int | None = None
    answers: dict[str, Any] = field(default_factory=dict)
    timed_out: bool = False
    expired: frozenset[str] = frozenset()  # questions past their own deadline (H-11a)
    # The day before the night, as N0 and D7 read it: its raw vote log and the submitted moves.
    votes: list[VoteEntry] = field(default_factory=list)
    submissions: dict[str, dict[str, Any]] = field(default_factory=dict)

    # ----- queries -------------------------------------------------------
    def idx(self) -> int:
        return IDX[self.step]

    def log(
        self, actor: int, code: str, target: int | None, cls: str, result: str, **kw: Any
    ) -> ExecutedAction:
        ev = ExecutedAction(len(self.events) + 1, self.step, actor, code, target, cls, result, **kw)
        self.events.append(ev)
        return ev

    def decide_offer(self, offer: dict[str, Any], result: str) -> None:
        """A recruitment offer decided at dawn (A-RECRUIT-8): the move's result, and the same
        word on the visit its step logged («удачно» while the offer stood), so that the audit's
        order of execution and its moves table agree. A visit's result is read by nothing but
        the audit (the Journalist's lines read a visit's class, A-ROLE-JOURNALIST-5)."""
        act = self.acts[offer["by"]]
        act.result = result
        for ev in self.events:
            if ev.step == offer["step"] and ev.actor == offer["by"] and ev.code == act.code:
                ev.result = result
        for record in self.audit:
            if record.get("step") == offer["step"]:
                for e in record.get("actions", ()):
                    if e["actor"] == offer["by"] and e["code"] == act.code:
                        e["result"] = result

    def audit_line(self, **kw: Any) -> None:
        self.audit.append({"step": self.step, **kw})

    def can_act(self, seat: int) -> bool:
        """A-MOVE-7: alive, not jailed, not blocked before this step."""
        p = self.world.player(seat)
        if p.status != ALIVE:
            return False
        at = self.blocked_at.get(seat)
        return not (at is not None and at < self.idx())

    def inaccessible(self, target: int, actor: int | None = None) -> bool:
        """A-ACCESS-1: vodka, tour, Domovoi block, someone else's confession, out of play."""
        p = self.world.player(target)
        if p.status != ALIVE:
            return True
        if target in self.drunk or target in self.on_tour or target in self.dom_blocked:
            return True
        by = self.confessed_by.get(target)
        return by is not None and by != actor

    def block(self, seat: int, by: int | None = None) -> None:
        """A-BLOCK-2: later moves cancelled; earlier ones stand but report «неудачно»."""
        self.blocked_at.setdefault(seat, self.idx())
        if by is not None:
            self.blockers.setdefault(seat, []).append(by)

    def acts_at(self, step: StepId) -> list[Act]:
        got = [a for a in self.acts.values() if a.step == step and a.state == "PENDING"]
        return sorted(got, key=self.sub_order)

    def sub_order(self, a: Act) -> tuple[int, int, int]:
        """A-ORDER-4: mafia clan 1, clan 2, then individuals by seat; shots before poisonings."""
        clan = a.clan if a.clan and a.clan.startswith("mafia") else None
        rank = self.world.clans[clan].rank if clan else 10_000
        kind = 0 if a.code == Move.SHOOT else 1
        return (rank, kind, a.actor)

    def start(self, a: Act) -> bool:
        """Common execution gate: cancel the move when its actor cannot act now."""
        if not self.can_act(a.actor):
            a.state, a.result = "CANCELLED", "FAIL"
            return False
        a.state = "DONE"
        if a.params.get("_invalid"):  # a Telepath gave it a target it cannot take
            a.result = "FAIL"
            return False
        return True

    def ask(self, prompts: list[dict[str, Any]]) -> dict[str, Any]:
        """Interactive prompts (A-CYCLE-6, A-DATA-I): answered, defaulted, or pause."""
        got: dict[str, Any] = {}
        missing = []
        for pr in prompts:
            self.prompts.append(pr)
            if pr["id"] in self.answers and _fits(pr, self.answers[pr["id"]]):
                got[pr["id"]] = self.answers[pr["id"]]
            elif self.timed_out or pr["id"] in self.expired:
                got[pr["id"]] = pr["default"]
            else:
                missing.append(pr)
        if missing:
            raise Pause(missing)
        return got

    def prompt_id(self, kind: str, seat: int) -> str:
        """A-SEC-1: a question's id, opaque to everyone but its addressee. It is an HMAC
        of (night, kind, seat) under the game's secret prompt key (from the seed, which no
        player sees), so it is the same on every replay and re-resolution of the night, yet
        a guess from the pattern (``N1:PV_ROLE:5``) never names a real question."""
        msg = f"N{self.n}:{kind}:{seat}".encode()
        return hmac.new(bytes.fromhex(self.world.prompt_key), msg, hashlib.sha256).hexdigest()[:32]

    def notice(self, seat: int, key: str, **params: Any) -> None:
        self.notices.append((seat, key, params))
