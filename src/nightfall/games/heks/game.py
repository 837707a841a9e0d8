"""Vang de Heks as a ``nightfall.engine.Game``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from nightfall.engine import Command, Rejected, Viewer

from . import commands as dispatch
from . import setup
from .snapshot import snapshot
from .state import GAME_END, HeksState
from .view_memo import ViewMemo


class HeksGame:
    """One game's rules object. A server makes one per game in play, the bot driver one per
    game (or is given one), so its ``memo`` serves the views of that game (``view_memo``)."""

    name = "heks"
    commands = dispatch.COMMANDS

    def __init__(self) -> None:
        self.memo = ViewMemo()

    def setup(self, config: Mapping[str, Any], seed: int) -> HeksState:
        return setup.new_state(config, seed)

    # The handlers themselves, not methods that call them: one call fewer for each of the
    # ~400 commands of a simulated game (docs/benchmarks.md).
    apply = staticmethod(dispatch.apply)

    def refusal(self, state: HeksState, command: Command, refused: Rejected) -> Rejected:
        return dispatch.refusal(state, command, refused)

    # The views are typed in view_types (and checked there); the engine takes any JSON dict.
    # (``type: ignore`` rather than ``cast``: cast is a function call at run time, and the
    # simulator asks for a view or a result on every command.)
    # ``view.view`` and ``view.view_parts``, memoised per state version (``view_memo``).
    def view(self, state: HeksState, viewer: Viewer) -> dict[str, Any]:
        return self.memo.view(state, viewer)

    def view_parts(self, state: HeksState, viewer: Viewer) -> tuple[dict[str, Any], dict[str, Any]]:
        return cast("tuple[dict[str, Any], dict[str, Any]]", self.memo.parts(state, viewer))

    def next_deadline(self, state: HeksState) -> int | None:
        return state.deadline

    def result(self, state: HeksState) -> dict[str, Any] | None:
        # A HeksResult (view_types) is a dict at run time; the engine's interface takes any JSON dict.
        return state.result if state.phase == GAME_END else None  # type: ignore[return-value]

    def snapshot(self, state: HeksState) -> Any:
        return snapshot(state)
