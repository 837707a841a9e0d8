"""The move form's records (site): every move a player, a clan's sender or the host may
submit now, with its fields and their legal values, built by ``site/form.py`` from the
engine's tables (``roles/move_params.py``). Part of the Andorra view (``view_types.py``);
``nightfall.typegen`` writes them to ``web/src/generated/protocol.ts``.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypedDict

Seat = int


class AndorraParamChoice(TypedDict):
    """One value a move's field may take, and its words (a player's nick, an item, a role)."""

    value: str | int | bool
    ru: str
    en: str


class AndorraParamField(TypedDict):
    """One field of a move in the form (site), from the engine's roles/move_params.py:
    ``one`` a single choice; ``ranked`` an ordered preference list of up to ``max``;
    ``per_voter`` a choice for each of ``voters``; ``changes`` the Swindler's changes of up
    to ``max`` of ``voters``' votes (A-TALLY-7). ``choices`` are the legal values only."""

    name: str
    kind: Annotated[str, Literal["one", "ranked", "per_voter", "changes"]]
    ru: str
    en: str
    required: bool  # False: the field may be left empty
    choices: list[AndorraParamChoice]
    voters: list[AndorraParamChoice]
    max: int


class AndorraMoveOption(TypedDict):
    """A move that may be submitted now for ``player`` (site): by the seat itself, as its clan's
    sender, or by the host (a correction, a move entered from a PM)."""

    player: Seat
    action: str
    ru: str  # the move as the seed names it (Appendix C)
    en: str
    targets: list[Seat] | None  # the legal targets, or None for a move without one
    fields: list[AndorraParamField]
