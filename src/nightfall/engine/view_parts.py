"""A view in two parts, for a server that renders one state for many viewers.

Most of what a seat sees is public: the same for everyone at one state version.
A game may say so by giving ``view_parts(state, viewer) -> (shared, own)``:

- ``shared`` is the *same object* for every viewer it is given to at this state
  version, and nobody mutates it after it is returned (it may be a cache);
- ``own`` is the rest, with keys disjoint from ``shared``;
- ``{**shared, **own} == view(state, viewer)``, keys in that order.

Then a server can encode ``shared`` once per state and each viewer's small
``own`` part (server/outgoing.py). A game without ``view_parts`` has no shared
part: everything is its own. Either way ``view`` stays the one source of truth;
this is only how it is cut (tests/properties/test_view_parts.py checks the identity).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from .event import Viewer
from .game import Game

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)

NO_SHARED: Mapping[str, Any] = MappingProxyType({})


class SplitsViews(Protocol[S_contra]):
    def view_parts(self, state: S_contra, viewer: Viewer) -> tuple[Mapping[str, Any], dict[str, Any]]: ...


def view_parts(game: Game[S], state: S, viewer: Viewer) -> tuple[Mapping[str, Any], dict[str, Any]]:
    """``(shared, own)`` for ``viewer``; ``(NO_SHARED, view)`` for a game that does not split."""
    # getattr, not isinstance on a runtime Protocol: this runs for every viewer of every change.
    split = getattr(game, "view_parts", None)  # a SplitsViews game
    if split is None:
        return NO_SHARED, game.view(state, viewer)
    parts: tuple[Mapping[str, Any], dict[str, Any]] = split(state, viewer)
    return parts
