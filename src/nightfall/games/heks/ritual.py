"""Playing ingredient cards into the magic circle (H-RIT-1, H-RIT-4, H-RIT-5, H-RIT-11)."""

from __future__ import annotations

from nightfall.engine import Command, Event, Rejected

from .checks import ingredient_arg, phase_in, player_of
from .events import inbox, private, public
from .state import RITUAL, HeksState
from .tables import EMPTY_PAW


def play_card(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    me = player_of(state, cmd)
    if state.phase != RITUAL:  # phase_in, called only to refuse
        phase_in(state, RITUAL, rule="H-RIT-1")
    if me.seat not in (state.night.members or []):
        raise Rejected("not_your_step", "H-RIT-1", reason="not a member of the circle")
    if me.seat in state.night.plays:
        raise Rejected("final", "H-RIT-4")
    card = ingredient_arg(cmd.payload, "card", allow_empty=True)
    if card == EMPTY_PAW and me.hand:
        raise Rejected("must_play_card", "H-RIT-4")
    if card != EMPTY_PAW and card not in me.hand:
        raise Rejected("not_in_hand", "H-RIT-4", ingredient=card)
    _play(state, me.seat, card, out)
    return out


def default_card(state: HeksState, seat: int, out: list[Event]) -> None:
    """H-RIT-5: the oldest card in hand, or Empty paw."""
    hand = state.player(seat).hand
    _play(state, seat, hand[0] if hand else EMPTY_PAW, out, auto=True)


def _play(state: HeksState, seat: int, card: str, out: list[Event], auto: bool = False) -> None:
    state.night.plays[seat] = card
    state.ritual_progress = len(state.night.plays)
    # H-RIT-9: each member sees only their own card; H-TBL-2: and whether the engine chose it.
    inbox(state, seat, "CARD_PLAYED", card=card, auto=auto)
    private(out, seat, "card_played", card=card, auto=auto)
    public(out, "ritual_progress", played=state.ritual_progress, of=len(state.night.members or []))
