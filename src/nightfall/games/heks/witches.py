"""Step C: the witches' place → spell → target, each tap final (H-WAT-1..4, H-SPL-1..7)."""

from __future__ import annotations

from nightfall.engine import Command, Event, Rejected

from .checks import phase_in, place_arg, player_of, seat_arg
from .events import inbox, private
from .state import CAT, WITCH_C, HeksState, Player, WitchTurn
from .tables import MIST, SPELL_TIER, SPELLS, TWIN_HEX, WITCH

# H-SPL-1 per count of spoiled rituals F, from 0 to the highest tier (beyond it: every spell)
_UNLOCKED = [tuple(s for s in SPELLS if SPELL_TIER[s] <= f) for f in range(max(SPELL_TIER.values()) + 1)]


def unlocked(state: HeksState) -> list[str]:
    """H-SPL-1: tiers unlock by spoiled rituals F (from a table: every view asks)."""
    return list(_UNLOCKED[min(state.spoiled, len(_UNLOCKED) - 1)])


def available(state: HeksState, seat: int) -> list[str]:
    """H-SPL-2/3: unlocked, not cast on an earlier day, not reserved today by another Witch."""
    reserved = state.day.reserved
    return [s for s in unlocked(state) if s not in state.spells_cast and reserved.get(s, seat) == seat]


def attacks_allowed(state: HeksState) -> bool:
    """H-WAT-9 (balance change B-11): no attack before day A of Table 2.2."""
    return state.day.number >= state.params.attacks_from


def _turn(state: HeksState, cmd: Command) -> tuple[Player, WitchTurn]:
    me = player_of(state, cmd)
    if state.phase != WITCH_C:  # phase_in, called only to refuse
        phase_in(state, WITCH_C, rule="H-WAT-2")
    turn = state.day.witches.get(me.seat)
    if me.role != WITCH or turn is None:
        raise Rejected("not_your_step", "H-WAT-1")
    return me, turn


def choose_place(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    me, turn = _turn(state, cmd)
    if turn.place is not None:
        raise Rejected("final", "H-WAT-2", choice="place")
    turn.place = place_arg(state, cmd.payload)
    private(out, me.seat, "witch_place", place=turn.place)
    return out


def choose_spell(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    me, turn = _turn(state, cmd)
    if turn.place is None:
        raise Rejected("not_your_step", "H-WAT-2", reason="choose a place first")
    if turn.spell_chosen:
        raise Rejected("final", "H-WAT-2", choice="spell")
    spell = cmd.payload.get("spell")
    if spell is not None and spell not in SPELLS:
        raise Rejected("bad_payload", field="spell", reason="unknown spell")
    if spell is not None and spell not in available(state, me.seat):
        raise Rejected("spell_unavailable", "H-SPL-2", spell=spell)
    mist_place = None
    if "mist_place" in cmd.payload and cmd.payload["mist_place"] is not None:
        if spell != MIST:
            raise Rejected("bad_payload", "H-SPL-4", field="mist_place", reason="only with Mist")
        mist_place = place_arg(state, cmd.payload, "mist_place")
    turn.spell_chosen = True
    turn.spell = spell
    turn.mist_place = mist_place
    if not attacks_allowed(state):  # H-WAT-9: before day A the target step is "No attack", done
        turn.target_chosen = turn.second_chosen = True
    if spell is not None:
        # H-SPL-3: a reservation counts as cast, whatever happens to the caster.
        state.day.reserved[spell] = me.seat
        state.spells_cast.add(spell)
    private(out, me.seat, "witch_spell", spell=spell, mist_place=mist_place)
    return out


def choose_mist_place(state: HeksState, cmd: Command) -> list[Event]:
    """Mist's sub-choice (H-WAT-2), when it was not sent with the spell."""
    out: list[Event] = []
    me, turn = _turn(state, cmd)
    if turn.spell != MIST or turn.mist_place is not None:
        raise Rejected("not_your_step", "H-SPL-4")
    turn.mist_place = place_arg(state, cmd.payload)
    private(out, me.seat, "witch_mist", place=turn.mist_place)
    return out


def _target_ok(state: HeksState, me: Player, seat: int | None, rule: str) -> None:
    if seat is None:
        return
    if seat == me.seat:
        raise Rejected("self_target", rule)
    if state.player(seat).status != CAT:
        raise Rejected("bad_target", rule, target=seat, reason="not a cat")


def choose_target(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    me, turn = _turn(state, cmd)
    if not turn.spell_chosen:
        raise Rejected("not_your_step", "H-WAT-2", reason="choose a spell (or none) first")
    if not attacks_allowed(state):
        raise Rejected("no_attacks_yet", "H-WAT-9", from_day=state.params.attacks_from)
    if turn.target_chosen:
        raise Rejected("final", "H-WAT-2", choice="target")
    target = seat_arg(state, cmd.payload, "target", nullable=True)
    _target_ok(state, me, target, "H-WAT-2")
    turn.target_chosen = True
    turn.target = target
    if turn.spell != TWIN_HEX or target is None:
        turn.second_chosen = True
    private(out, me.seat, "witch_target", target=target)
    return out


def choose_second(state: HeksState, cmd: Command) -> list[Event]:
    """H-SPL-7: Twin Hex's optional second, distinct target, only after a first target."""
    out: list[Event] = []
    me, turn = _turn(state, cmd)
    if turn.spell != TWIN_HEX or not turn.target_chosen or turn.target is None:
        raise Rejected("not_your_step", "H-SPL-7")
    if turn.second_chosen:
        raise Rejected("final", "H-SPL-7", choice="second target")
    second = seat_arg(state, cmd.payload, "target", nullable=True)
    _target_ok(state, me, second, "H-SPL-7")
    if second is not None and second == turn.target:
        raise Rejected("bad_target", "H-SPL-7", target=second, reason="must differ from the first")
    turn.second_chosen = True
    turn.second = second
    private(out, me.seat, "witch_second", target=second)
    return out


def auto_choices(state: HeksState, out: list[Event]) -> None:
    """H-WAT-4 at 15 s, witches in seat order (H-TIM-4)."""
    rng = state.rng
    for seat in sorted(state.day.witches):
        turn = state.day.witches[seat]
        filled: list[str] = []  # H-TBL-2: what the engine chose for her, in tap order
        if turn.place is None:
            turn.place = rng.choice(state.open_places())
            filled.append("place")
        if not turn.spell_chosen:
            turn.spell_chosen = True
            filled.append("spell")
        if turn.spell == MIST and turn.mist_place is None:
            turn.mist_place = rng.choice(state.open_places())
            filled.append("mist_place")
        if not turn.target_chosen and not attacks_allowed(state):
            turn.target_chosen = True  # H-WAT-9: before day A there is no target to fill, and no draw
        if not turn.target_chosen:
            # H-WAT-4 (issue 31): a Witch who runs out of time never attacks. A drawn target
            # could be the guarding Protector at her own place and frog her (H-PRO-6) for a
            # choice she never made; "No attack" is the one choice that decides nothing.
            turn.target_chosen = True
            turn.target = None
            filled.append("target")
        turn.second_chosen = True
        private(out, seat, "witch_auto", place=turn.place, spell=turn.spell, target=turn.target)
        if filled:
            inbox(
                state,
                seat,
                "WITCH_AUTO",
                filled=filled,
                place=turn.place,
                spell=turn.spell,
                mist_place=turn.mist_place,
                target=turn.target,
            )
