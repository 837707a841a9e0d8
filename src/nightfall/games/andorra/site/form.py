"""The night move form: which moves, targets and field values may be submitted now for a
player, by a seat (himself, or as his clan's sender) or by the host (a correction, a move
entered from a forum PM), each with its words.

Every choice is tried through the engine's own validator (``moves.validate``, which changes
nothing), so the form offers exactly what the engine would accept at this moment. The moves,
their fields and the fields' values come from the engine's tables (``roles/actions.py``,
``roles/move_params.py``, the items and the roles), never copies of them; a move or a field
added there reaches the form by itself (tests/games/andorra_site/test_move_form.py).
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Rejected

from ..day import raw_vote_of
from ..form_types import AndorraMoveOption, AndorraParamChoice, AndorraParamField
from ..moves import legal_targets, role_may, validate
from ..roles.actions import ACTIONS
from ..roles.codes import Move
from ..roles.move_names import move_name
from ..roles.move_params import (
    CHANGES,
    CHOICE,
    FLAG,
    PER_VOTER,
    RANKED_CHOICE,
    RANKED_SEATS,
    SEAT,
    MoveParam,
    params_of,
    value_words,
)
from ..state import AndorraState

# Every move code of Appendix C, in its order: the engine decides which are legal.
MOVE_CODES = list(ACTIONS)
# Rejections that depend on the target: the move itself may still be possible.
_TARGET_CODES = {"bad_target", "target_not_alive", "self_target", "no_target_expected"}
# How the page shows each kind of field.
_FORM_KIND = {
    SEAT: "one",
    CHOICE: "one",
    FLAG: "one",
    RANKED_SEATS: "ranked",
    RANKED_CHOICE: "ranked",
    PER_VOTER: "per_voter",
    CHANGES: "changes",
}


class _Trial:
    """Tries moves for one player, submitted by one actor, against the engine's validator."""

    def __init__(self, game: AndorraState, actor: Any, player: int) -> None:
        self.game, self.actor, self.player = game, actor, player
        world = game.world
        self.seats = [p.seat for p in world.players]
        self.alive = [p.seat for p in world.alive()]
        self.nicks = {p.seat: p.nick for p in world.players}

    def refusal(
        self, action: str, target: int | None, params: dict[str, Any], with_params: bool = True
    ) -> str | None:
        """None if the engine accepts the move as this very move, else why not."""
        payload: dict[str, Any] = {"player": self.player, "action": action, "target": target}
        if params:
            payload["params"] = params
        try:
            _, move = validate(self.game, self.actor, payload, with_params=with_params)
        except Rejected as rejected:
            return rejected.code
        # a gifted bottle's POISON is stored as GIFT_POISON (A-ITEM-POISON-3a): offered as that
        return None if move["action"] == action else "another_move"

    def targets(self, action: str, base: dict[str, Any]) -> list[int] | bool | None:
        """The legal targets (fields not yet checked): None for a move without a target,
        False when the move is not possible at all."""
        first = self.refusal(action, None, base, with_params=False)
        if first is None:
            return None
        if first not in _TARGET_CODES:
            return False
        # the same as trying each seat as above, with the checks that do not read the target once
        payload = (
            {"player": self.player, "action": action, "params": base}
            if base
            else {"player": self.player, "action": action}
        )
        code, found = legal_targets(self.game, self.actor, payload, self.seats)
        return found if found and code == action else False

    def seat_choices(self, seats: list[int]) -> list[AndorraParamChoice]:
        return [{"value": s, "ru": self.nicks[s], "en": self.nicks[s]} for s in seats]


def player_options(game: AndorraState, actor: Any, player: int) -> list[AndorraMoveOption]:
    """The moves ``actor`` (a seat or ``"host"``) may submit now for ``player``."""
    trial = _Trial(game, actor, player)
    p = game.world.player(player)
    out: list[AndorraMoveOption] = []
    for action in MOVE_CODES:
        if action != Move.STAY_HOME and not role_may(p, action):
            continue  # the engine refuses it for his role anyway: not tried target by target
        option = _option(trial, action)
        if option is not None:
            out.append(option)
    return out


def options(game: AndorraState, actor: Any) -> list[AndorraMoveOption]:
    """The moves ``actor`` may submit now, for every player whose sheet it may fill: a seat
    fills its own and, as its clan's sender or item manager, its clan mates' (A-MOVE-5, A-CLAN-4)."""
    world = game.world
    me = world.player(actor) if isinstance(actor, int) and 1 <= actor <= len(world.players) else None
    players = [
        p.seat
        for p in world.players
        if me is None or p.seat == me.seat or (p.clan is not None and p.clan == me.clan)
    ]
    return [o for seat in players for o in player_options(game, actor, seat)]


def _option(trial: _Trial, action: str) -> AndorraMoveOption | None:
    spec = params_of(action)
    base: dict[str, Any] = {}
    fields: list[AndorraParamField] = []
    flags = [p for p in spec if p.kind == FLAG]
    for flag in flags:  # a flag may decide whether the move is possible at all (the clan diploma)
        legal = [v for v in flag.values if trial.targets(action, {**base, flag.name: v}) is not False]
        if not legal:
            return None
        base[flag.name] = legal[0]
        fields.append(_field(flag, [_word(flag, v) for v in legal]) or _never())
    targets = trial.targets(action, base)
    if targets is False:
        return None
    target = targets[0] if isinstance(targets, list) else None
    for param in spec:
        if param.kind == FLAG:
            continue
        field = _param_field(trial, action, target, base, param)
        if field is None:
            if param.required:
                return None
            continue
        fields.append(field)
        if param.kind == CHANGES:
            base[param.name] = [{"voter": field["voters"][0]["value"], "target": None}]
        elif param.required:
            base[param.name] = field["choices"][0]["value"]
    if trial.refusal(action, target, base) is not None:
        return None  # the fields together are refused (none of the ways to fill them works)
    return {
        "player": trial.player,
        "action": action,
        "ru": move_name(action, "ru"),
        "en": move_name(action, "en"),
        "targets": targets if isinstance(targets, list) else None,
        "fields": sorted(fields, key=lambda f: [p.name for p in spec].index(f["name"])),
    }


def _param_field(
    trial: _Trial, action: str, target: int | None, base: dict[str, Any], param: MoveParam
) -> AndorraParamField | None:
    """One field with its legal values, or None when it has none."""

    def accepts(value: Any) -> bool:
        return trial.refusal(action, target, {**base, param.name: value}) is None

    # A vote, a preference or a new target names a player in the game: the living ones
    # (a vote for one who is out is void, A-VOTE-3; a corpse of this night was alive at dusk).
    alive = trial.alive
    if param.kind == SEAT:
        return _field(param, trial.seat_choices([s for s in alive if accepts(s)]))
    if param.kind == CHOICE:
        return _field(param, [_word(param, v) for v in param.values if accepts(v)])
    if param.kind == RANKED_SEATS:  # A-ROLE-REANIMATOR-4b: he does not list himself
        seats = [s for s in alive if s != trial.player and accepts([s])]
        return _field(param, trial.seat_choices(seats))
    if param.kind == RANKED_CHOICE:
        return _field(param, [_word(param, v) for v in param.values if accepts([v])])
    if param.kind == PER_VOTER:
        # A-ROLE-REBEL-9b / Q-21: the unused votes of the day are those of living players
        # without a valid vote (none cast, or a void one)
        voters = [s for s in alive if raw_vote_of(trial.game.votes, s) is None]
        if not voters:
            return None
        cands = [s for s in alive if accepts({str(voters[0]): s})]
        return _field(param, trial.seat_choices(cands), trial.seat_choices(voters))
    return _changes(trial, action, param)


def _changes(trial: _Trial, action: str, param: MoveParam) -> AndorraParamField | None:
    """A-TALLY-7: which voters' votes the Swindler may change now, and how many."""
    window = [
        v
        for v in trial.alive
        if trial.refusal(action, None, {"changes": [{"voter": v, "target": None}]}) is None
    ]
    if not window:
        return None
    pair = [{"voter": v, "target": None} for v in window[:2]]
    most = 2 if len(pair) == 2 and trial.refusal(action, None, {"changes": pair}) is None else 1
    field = _field(param, trial.seat_choices(trial.alive), trial.seat_choices(window))
    if field is not None:
        field["max"] = most
    return field


def _never() -> AndorraParamField:
    raise AssertionError("a field with legal values has a form")


def _word(param: MoveParam, value: Any) -> AndorraParamChoice:
    return {"value": value, "ru": value_words(param, value, "ru"), "en": value_words(param, value, "en")}


def _field(
    param: MoveParam, choices: list[AndorraParamChoice], voters: list[AndorraParamChoice] | None = None
) -> AndorraParamField | None:
    if not choices:
        return None
    return {
        "name": param.name,
        "kind": _FORM_KIND[param.kind],
        "ru": param.ru,
        "en": param.en,
        "required": param.required,
        "choices": choices,
        "voters": voters or [],
        "max": param.max,
    }
