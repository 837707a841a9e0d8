"""A tiny game implementing the engine's Game protocol, for server tests.

Players ``add`` numbers to a shared total; the first to reach the target wins.
Each seat has a private ``secret`` in its view (so tests can check that a
phone only ever gets its own view). With ``tick_ms`` every ``add`` sets a
deadline; a ``tick`` at or after it counts one expiry.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightfall.engine import PUBLIC, SYSTEM, TICK, Command, Event, Game, Rejected, Viewer, seats
from nightfall.games.interface import Outcome
from nightfall.games.registry import GameSite


@dataclass
class ToyState:
    players: list[str]
    host: int
    target: int
    tick_ms: int | None
    seed: int
    total: int = 0
    step: int = 0
    ticks: int = 0
    deadline: int | None = None
    winner: int | None = None
    now: int = 0  # the kernel's clock (K-TIME-1)


class ToyGame:
    name = "toy"
    commands = frozenset({"add", "reset", "boom"})

    def setup(self, config: Mapping[str, Any], seed: int) -> ToyState:
        players = config.get("players")
        if not isinstance(players, list) or not 2 <= len(players) <= 4:
            raise Rejected("bad_config", field="players")
        return ToyState(
            players=list(players),
            host=int(config["host"]),
            target=int(config.get("target", 100)),
            tick_ms=config.get("tick_ms"),
            seed=seed,
        )

    def apply(self, state: ToyState, command: Command) -> list[Event]:
        if state.winner is not None:
            raise Rejected("game_over")
        if command.type == TICK:
            if command.actor != SYSTEM:
                raise Rejected("not_system")
            if state.deadline is None or command.now < state.deadline:
                return []
            state.deadline = None
            state.ticks += 1
            return [Event("timer", {"ticks": state.ticks}, PUBLIC)]
        seat = command.actor
        if not isinstance(seat, int) or not 1 <= seat <= len(state.players):
            raise Rejected("unknown_seat")
        if command.type == "add":
            n = command.payload.get("n")
            if type(n) is not int or not 1 <= n <= 10:
                raise Rejected("bad_payload", field="n")
            state.total += n
            state.step += 1
            if state.tick_ms is not None:
                state.deadline = command.now + state.tick_ms
            if state.total >= state.target:
                state.winner = seat
            return [
                Event("added", {"seat": seat, "n": n}, PUBLIC),
                Event("note", {"secret": True}, seats(seat)),
            ]
        if command.type == "reset":
            if seat != state.host:
                raise Rejected("not_host", rule="TOY-1")
            state.total = 0
            state.step += 1
            return [Event("reset", {}, PUBLIC)]
        if command.type == "boom":
            state.total = -999  # a buggy rule that mutates, then fails
            raise RuntimeError("boom")
        raise Rejected("unknown_command", type=command.type)

    def refusal(self, state: ToyState, command: Command, refused: Rejected) -> Rejected:
        return refused

    def view(self, state: ToyState, viewer: Viewer) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": "toy",
            "step": state.step,
            "total": state.total,
            "ticks": state.ticks,
            "deadline": state.deadline,
            "players": [{"seat": i + 1, "name": n} for i, n in enumerate(state.players)],
            "result": self.result(state),
        }
        if isinstance(viewer, int):
            out["me"] = {"seat": viewer, "secret": f"secret-{viewer}-{state.seed % 1000}"}
        return out

    def next_deadline(self, state: ToyState) -> int | None:
        return None if state.winner is not None else state.deadline

    def result(self, state: ToyState) -> dict[str, Any] | None:
        return None if state.winner is None else {"winner": state.winner, "total": state.total}

    def snapshot(self, state: ToyState) -> Any:
        return dataclasses.asdict(state)


class ToyAdapter(GameSite):
    name = "toy"
    min_players = 2
    max_players = 4

    def make_game(self) -> Game[Any]:
        game: Game[Any] = ToyGame()
        return game

    def default_settings(self) -> dict[str, Any]:
        return {"target": 100, "tick_ms": None}

    def describe_settings(self) -> dict[str, Any]:
        return {"target": {"min": 1, "max": 1000}}

    def merge_settings(self, current: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
        merged = {**current, **patch}
        if type(merged.get("target")) is not int or not 1 <= merged["target"] <= 1000:
            raise Rejected("bad_settings", field="target")
        return merged

    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        return {"players": names, "host": host_seat, **settings}

    def outcome(self, result: Mapping[str, Any]) -> Outcome | None:
        """The seat that reached the target wins alone (the evening's score)."""
        return Outcome("first", (result["winner"],))
