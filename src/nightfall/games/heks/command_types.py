"""What each Heks command a phone sends carries (docs/heks-commands.md), typed once: the
rules refuse any other key (H-CMD-1, ``commands.PAYLOAD_KEYS`` is read from these), and
``nightfall.typegen`` writes them for the clients, so a renamed command or field fails the
web client's typecheck instead of a browser test. Every client also stamps the view's
``step`` (K-STEP, added by the connection, not listed here).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from . import view_types as vt


class HeksNoPayload(TypedDict):
    """A tap: Ready, Confirm, End discussion, Force continue."""


class HeksDepart(TypedDict):
    """Step A (H-DEP-2..11): a place, or Guard (the Protector), and the Herb Doctor's frog."""

    place: NotRequired[vt.PlaceId]
    guard: NotRequired[bool]
    turn_back: NotRequired[vt.Seat | None]


class HeksPlaceChoice(TypedDict):
    place: vt.PlaceId


class HeksWitchSpell(TypedDict):
    spell: vt.Spell | None
    mist_place: NotRequired[vt.PlaceId | None]


class HeksTarget(TypedDict):
    target: vt.Seat


class HeksTargetOrNone(TypedDict):
    """A seat, or null: no attack (a Witch), a blank vote (the exile)."""

    target: vt.Seat | None


class HeksTake(TypedDict):
    ingredient: vt.Ingredient


class HeksProposal(TypedDict):
    members: list[vt.Seat]


class HeksApproval(TypedDict):
    vote: Literal["for", "against"]


class HeksCard(TypedDict):
    card: vt.Card


class HeksSeat(TypedDict):
    seat: vt.Seat


class HeksCommandPayloads(TypedDict):
    """Each command a phone may send, by name, with what it carries."""

    ready: HeksNoPayload
    confirm: HeksNoPayload
    end_discussion: HeksNoPayload
    depart: HeksDepart
    guard_place: HeksPlaceChoice
    witch_place: HeksPlaceChoice
    witch_spell: HeksWitchSpell
    witch_mist: HeksPlaceChoice
    witch_target: HeksTargetOrNone
    witch_second: HeksTargetOrNone
    seer_check: HeksTarget
    pickpocket_target: HeksTarget
    pickpocket_take: HeksTake
    propose: HeksProposal
    approve: HeksApproval
    play_card: HeksCard
    exile_vote: HeksTargetOrNone
    mark_absent: HeksSeat
    force_continue: HeksNoPayload
    pass_host: HeksSeat
