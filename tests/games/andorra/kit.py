"""A scenario DSL that reads like the spec: cast, day votes, night moves,
resolve with answers, then assert the morning post and the messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nightfall.engine import HOST, SYSTEM, Command, Event, kernel
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.state import AndorraState, Player

GAME = AndorraGame()


class Scenario:
    def __init__(
        self, cast: list[tuple[str, str]], gifts: dict[str, str] | None = None, seed: int = 1, **config: Any
    ) -> None:
        self.nicks = [n for n, _ in cast]
        cfg: dict[str, Any] = {"players": self.nicks, "roles": [r for _, r in cast], "gifts": gifts or {}}
        cfg.update(config)
        self.state: AndorraState = GAME.setup(cfg, seed)
        self.now = 0
        self.events: list[Event] = []
        self.commands: list[Command] = []

    # ----- helpers ------------------------------------------------------
    def seat(self, nick: str) -> int:
        return self.nicks.index(nick) + 1

    def do(self, actor: Any, type_: str, **payload: Any) -> list[Event]:
        self.now += 1
        cmd = Command(actor, type_, payload, self.now)
        _, ev = kernel.apply(GAME, self.state, cmd)
        self.commands.append(cmd)
        self.events.extend(ev)
        return ev

    def tick(self, at: int) -> list[Event]:
        """The server's clock reaches ``at`` (a deadline)."""
        self.now = at - 1
        return self.do(SYSTEM, "tick")

    # ----- day ----------------------------------------------------------
    def vote(self, voter: str, target: str | None) -> None:
        self.do(self.seat(voter), "vote", target=None if target is None else self.seat(target))

    def day(self, votes: Sequence[tuple[str, str | None]]) -> None:
        for voter, target in votes:
            self.vote(voter, target)
        self.do(HOST, "end_day")

    # ----- night --------------------------------------------------------
    def move(
        self, player: str, action: str, target: str | None = None, by: str | None = None, **params: Any
    ) -> None:
        p: dict[str, Any] = {}
        for k, v in params.items():
            p[k] = self.seat(v) if isinstance(v, str) and v in self.nicks else v
        self.do(
            HOST if by == "host" else self.seat(by or player),
            "move",
            player=self.seat(player),
            action=action,
            target=None if target is None else self.seat(target),
            params=p,
        )

    def resolve(self, answers: dict[tuple[str, str], Any] | None = None, publish: bool = True) -> None:
        """answers: (prompt kind, nick) -> answer."""
        answers = answers or {}
        self.do(HOST, "end_night")
        while self.state.phase == "RESOLVING":
            assert self.state.pending is not None
            for pr in list(self.state.pending["prompts"]):
                nick = "host" if pr["seat"] == 0 else self.nicks[pr["seat"] - 1]
                actor = HOST if pr["seat"] == 0 else pr["seat"]
                self.do(
                    actor,
                    "answer",
                    prompt=pr["id"],
                    answer=answers.get((pr["kind"], nick), pr["default"] if pr["seat"] == 0 else None),
                )
                if self.state.phase != "RESOLVING":
                    break
        if publish and self.state.phase == "REVIEW":
            self.do(HOST, "publish")

    # ----- reading ------------------------------------------------------
    def pending(self) -> dict[str, Any]:
        """The resolved night awaiting publication (None in the state outside RESOLVING and REVIEW)."""
        assert self.state.pending is not None
        return self.state.pending

    def post(self, day: int | None = None) -> str:
        v = GAME.view(self.state, "all")
        posts = v["posts"]
        return str((posts[-1] if day is None else next(p for p in posts if p["day"] == day))["ru"])

    def inbox(self, nick: str, day: int | None = None) -> list[str]:
        """Personal messages only (not clan channels)."""
        v = GAME.view(self.state, self.seat(nick))
        d = day or self.state.world.day
        return [m["ru"] for m in v["me"]["inbox"] if m["channel"] is None and m["day"] == d]

    def channel(self, clan: str, day: int | None = None, about: str | None = None) -> list[str]:
        v = GAME.view(self.state, "all")
        d = day or self.state.world.day
        out = [m["ru"] for m in v["host"]["messages"] if m["channel"] == clan and m["day"] == d]
        if about is not None:
            out = [m.removeprefix(f"{about}: ") for m in out if m.startswith(f"{about}: ")]
        return out

    def player(self, nick: str) -> Player:
        return self.state.world.player(self.seat(nick))


def deal(*roles: str, seed: int = 1, **config: Any) -> Scenario:
    """A small game whose nicks are the role names in lower case: deal("BOSS", "PV", "PV") →
    boss, pv, pv2."""
    cast: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for r in roles:
        code, _, _ = r.partition(":")
        base = code.lower()
        seen[base] = seen.get(base, 0) + 1
        nick = base if seen[base] == 1 else f"{base}{seen[base]}"
        cast.append((nick, r))
    gifts = config.pop("gifts", {})
    s = Scenario(cast, {}, seed=seed, **config)
    for nick, item in gifts.items():  # PV gifts by nick for readability
        s.state.world.player(s.seat(nick)).items.pop(next(iter(_gift_of(s, nick))), None)
        s.state.world.player(s.seat(nick)).give(item, 0)
    return s


def _gift_of(s: Scenario, nick: str) -> list[str]:
    from nightfall.games.andorra.items import GIFT_LIST

    return [i for i in s.state.world.player(s.seat(nick)).items if i in GIFT_LIST]


def quiet_day(s: Scenario) -> None:
    """Everyone alive votes blank: no jailing, no penalties."""
    s.day([(p.nick, None) for p in s.state.world.players if p.alive])


def pv_night_in_two_clans() -> Scenario:
    """Two mafia clans and two PVs holding diplomas; night 1 the Maniac kills the Doctor (who
    holds a Siren) and a PV watches him: the PV's role question and then the host's clan
    question follow (A-CYCLE-6a, H-08, A-DAWN-1a). Returns the night, not yet ended."""
    s = deal(
        "BOSS:red",
        "BOSS:black",
        "PV",
        "PV",
        "DOCTOR",
        "MANIAC",
        "VAMPIRE",
        two_clans=True,
        gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA"},
    )
    s.player("doctor").take("SIREN")
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "doctor")
    s.move("pv", "PV_WATCH", "doctor")
    return s
