"""No answer tells a secret (issue 30): a refusal depends only on what its sender may know.

Pairs of Vang de Heks states that one seat cannot tell apart (its view is byte for byte
the same) but that differ in hidden information must answer every command that seat can
send in the same way: both accept it, or both refuse it with the same code, rule and
params (H-VIS-1, H-DEP-13, H-HST-4, H-CMD-1). The pairs come from random games, cut at a
random command, and differ in one of two ways:

* **swapped secrets**: two other seats exchange everything private (role, hand, place,
  Witch choices, cards played, votes, inbox, who guards; seat numbers in the hidden
  choices follow), so who is a Witch, who the Protector is and who holds what change;
* **a hidden move**: another seat makes a move the observer cannot see (a place in step
  A, the Protector's Guard, a Witch's choice, the Seer's check, the Pickpocket's target).

The observer then sends every command type with a pool of payloads (every seat, place,
spell, ingredient, vote and card, a team, the client's step stamp). Pure: no server.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightfall.engine import Command, Rejected, kernel
from nightfall.games.heks import HeksGame, HeksState, commands
from nightfall.games.heks.bots import play_game
from nightfall.games.heks.bots.random_bot import RandomBot
from nightfall.games.heks.tables import EMPTY_PAW, INGREDIENTS, PLACES, SPELLS

GAME = HeksGame()


class Cut(Exception):
    """Stops a bot game at the command the example chose."""


def game_state(players: int, mode: str, seed: int, phase: str, nth: int) -> HeksState | None:
    """A random game cut after its ``nth`` accepted command in ``phase`` (or its last one
    there, if the phase took fewer); None if the game never reached the phase."""
    config: dict[str, Any] = {"players": [f"P{i}" for i in range(players)], "mode": mode}
    box: list[HeksState] = []

    def cut(state: HeksState, _cmd: Command) -> None:
        if state.phase == phase:
            box.append(copy.deepcopy(state) if len(box) < nth else state)
            if len(box) >= nth:
                raise Cut
        elif box:
            raise Cut  # the phase is over: keep its last state

    with contextlib.suppress(Cut):
        play_game(config, seed, RandomBot(idle_rate=0.1), record=False, on_command=cut)
    return box[-1] if box else None


# -- the two ways to differ in hidden information ---------------------------------


def _swap_key(d: dict[int, Any], p: int, q: int) -> None:
    a, b = d.pop(p, None), d.pop(q, None)
    if a is not None:
        d[q] = a
    if b is not None:
        d[p] = b


def _seat(s: int | None, p: int, q: int) -> int | None:
    return q if s == p else p if s == q else s


def swap_secrets(state: HeksState, p: int, q: int) -> HeksState:
    """A copy of ``state`` where seats p and q exchanged everything private."""
    s = copy.deepcopy(state)
    a, b = s.players[p - 1], s.players[q - 1]
    a.role, b.role = b.role, a.role
    a.hand, b.hand = b.hand, a.hand
    day, night = s.day, s.night
    _swap_key(day.place, p, q)
    day.auto_place = {_seat(x, p, q) or 0 for x in day.auto_place}
    day.guarding = _seat(day.guarding, p, q)
    day.turn_back = _seat(day.turn_back, p, q)
    day.pickpocket_target = _seat(day.pickpocket_target, p, q)
    _swap_key(day.witches, p, q)
    for turn in day.witches.values():
        turn.target, turn.second = _seat(turn.target, p, q), _seat(turn.second, p, q)
    day.reserved = {spell: _seat(c, p, q) or 0 for spell, c in day.reserved.items()}
    _swap_key(night.plays, p, q)
    _swap_key(s.inbox, p, q)
    return s


def hidden_moves(state: HeksState, observer: int) -> list[HeksState]:
    """The states one accepted move of another seat away from ``state`` that ``observer``
    cannot tell from it."""
    found: list[HeksState] = []
    work = copy.deepcopy(state)
    for seat in state.seats():
        if seat == observer:
            continue
        for ctype, payload in pool(state):
            try:
                kernel.apply(GAME, work, Command(seat, ctype, payload, state.now))
            except Rejected:
                continue  # a refusal changes nothing (validate, then mutate)
            if indistinguishable(state, work, observer):
                found.append(work)
            work = copy.deepcopy(state)
    return found


# -- what the observer sends -------------------------------------------------------


def pool(state: HeksState) -> list[tuple[str, dict[str, Any]]]:
    """Every command type with payloads over every seat, place, spell, ingredient and card."""
    seats: list[int | None] = [*state.seats(), None]
    places = list(PLACES[: state.params.places])
    size = len(state.day.recipe) or 2
    teams = [list(c) for c in itertools.islice(itertools.combinations(state.seats(), size), 6)]
    out: list[tuple[str, dict[str, Any]]] = [
        ("ready", {}),
        ("confirm", {}),
        ("end_discussion", {}),
        ("force_continue", {}),
        ("depart", {"guard": True}),
        *(("depart", {"place": x}) for x in places),
        *(("depart", {"turn_back": x}) for x in seats),
        *((c, {"place": x}) for c in ("guard_place", "witch_place", "witch_mist") for x in places),
        *(("witch_spell", {"spell": x}) for x in SPELLS),
        ("witch_spell", {"spell": "MIST", "mist_place": places[0]}),
        *(
            (c, {"target": x})
            for c in ("witch_target", "witch_second", "seer_check", "pickpocket_target", "exile_vote")
            for x in seats
        ),
        *(("pickpocket_take", {"ingredient": x}) for x in INGREDIENTS),
        *(("propose", {"members": team}) for team in teams),
        ("approve", {"vote": "for"}),
        ("approve", {"vote": "against"}),
        *(("play_card", {"card": x}) for x in (*INGREDIENTS, EMPTY_PAW)),
        *((c, {"seat": x}) for c in ("mark_absent", "pass_host") for x in seats),
    ]
    return [(c, {**p, "step": state.step}) for c, p in out]


def answer(state: HeksState, cmd: Command) -> str:
    """The answer the sender reads: accepted, or the refusal as it is sent (JSON). An
    accepted command changes ``state``; a refused one does not (validate, then mutate)."""
    try:
        kernel.apply(GAME, state, cmd)
    except Rejected as refused:
        return json.dumps(refused.to_json(), sort_keys=True)
    return "accepted"


def same_answers(a: HeksState, b: HeksState, observer: int, why: str) -> int:
    """Asserts that ``observer`` gets the same answer from ``a`` and ``b`` to every command."""
    now = max(a.now, b.now)
    work_a, work_b = copy.deepcopy(a), copy.deepcopy(b)
    checked = 0
    for ctype, payload in pool(a):
        cmd = Command(observer, ctype, payload, now)
        got_a, got_b = answer(work_a, cmd), answer(work_b, cmd)
        assert got_a == got_b, (
            f"seat {observer} in {a.phase}, {why}: {ctype} {payload} answered\n  {got_a}\n  {got_b}"
        )
        if got_a == "accepted":  # both changed: start the next command from the pair again
            work_a, work_b = copy.deepcopy(a), copy.deepcopy(b)
        checked += 1
    return checked


def indistinguishable(a: HeksState, b: HeksState, observer: int) -> bool:
    return json.dumps(GAME.view(a, observer), sort_keys=True) == json.dumps(
        GAME.view(b, observer), sort_keys=True
    )


# -- the properties --------------------------------------------------------------

# Every phase with input, and the turn in it (the 1st, 2nd, ... command there).
PHASES = [
    "ROLE_REVEAL", "VOTE_RESULT_SCENE", "DEPART_A", "GUARD_B", "WITCH_C", "EVENING_ANNOUNCE",
    "DISCUSSION", "PROPOSAL", "APPROVAL_VOTE", "ACCEPT_SCENE", "REJECT_SCENE", "RITUAL",
    "RITUAL_RESULT", "QUARREL", "EXILE_VOTE", "GAME_END",
]  # fmt: skip
GAMES = st.tuples(
    st.integers(min_value=4, max_value=8),
    st.sampled_from(["timed", "unlimited"]),
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from(PHASES),
    st.integers(min_value=1, max_value=8),
)
SETTINGS = settings(
    max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(GAMES, st.data())
def test_swapped_secrets_give_the_same_refusals(
    game: tuple[int, str, int, str, int], data: st.DataObject
) -> None:
    """H-VIS-1: who is a Witch, who the Protector is, who holds what: the observer's answers
    do not depend on it (nor on anything else two other seats keep to themselves)."""
    players = game[0]
    state = game_state(*game)
    if state is None:
        return
    observer = data.draw(st.integers(1, players), label="observer")
    others = [s for s in state.seats() if s != observer]
    p, q = data.draw(st.lists(st.sampled_from(others), min_size=2, max_size=2, unique=True), label="p, q")
    twin = swap_secrets(state, p, q)
    if not indistinguishable(state, twin, observer):
        return  # the observer can tell them apart (a fellow Witch, a Seer's result, the end)
    same_answers(state, twin, observer, f"seats {p} and {q} swapped secrets")


@SETTINGS
@given(GAMES, st.data())
def test_hidden_moves_give_the_same_refusals(
    game: tuple[int, str, int, str, int], data: st.DataObject
) -> None:
    """H-DEP-13, H-VIS-1: other seats' secret moves (places, the Protector's Guard and the
    step B it opens, a Witch's choices, a Seer's check) change none of the observer's
    answers. The twin is up to three such moves away, each one the observer cannot see."""
    players = game[0]
    state = game_state(*game)
    if state is None:
        return
    observer = data.draw(st.integers(1, players), label="observer")
    twin = state
    for depth in range(3):
        moves = hidden_moves(twin, observer)
        if not moves:
            break
        twin = moves[data.draw(st.integers(0, len(moves) - 1), label=f"hidden move {depth + 1}")]
        same_answers(state, twin, observer, f"after {depth + 1} hidden move(s) of others")


def test_the_check_can_fail() -> None:
    """The comparison itself catches a refusal that names a secret: a game whose refusals
    listed the Witches would be found."""
    state = game_state(5, "unlimited", 3, "ROLE_REVEAL", 1)
    assert state is not None
    witch = next(p.seat for p in state.players if p.role == "WITCH")
    other = next(p.seat for p in state.players if p.role != "WITCH" and p.seat != 1 and p.seat != witch)
    twin = swap_secrets(state, witch, other)

    class Leaky(HeksGame):
        def refusal(self, s: HeksState, command: Command, refused: Rejected) -> Rejected:
            return Rejected(
                refused.code, refused.rule, witches=[p.seat for p in s.players if p.role == "WITCH"]
            )

    global GAME
    honest, GAME = GAME, Leaky()
    try:
        same_answers(state, twin, 1, "a leaky refusal")
    except AssertionError:
        return
    finally:
        GAME = honest
    raise AssertionError("a refusal naming the Witches went unnoticed")


def test_every_command_type_is_tried() -> None:
    state = game_state(6, "timed", 1, "DEPART_A", 1)
    assert state is not None
    assert {c for c, _ in pool(state)} == set(commands.HANDLERS)
