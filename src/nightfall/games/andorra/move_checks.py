"""The checks a night move must pass (A-MOVE-1..8, A-CLAN-4..6, each role's limits), one
function per concern; ``moves.validate`` runs them in order and the move form (``site/form.py``)
reuses the target-free part once per move. Each raises the refusal, naming the player, the
move and the rule; none changes anything.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import HOST, Rejected

from .clan_heads import item_manager, sender
from .roles import boss, doctor, domovoi, nurse, priest, prosecutor, rebel, recruiter, sheriff, van_helsing
from .roles.action_spec import ANY, ITEM, JAILED_TODAY, NON_UNDEAD, NONE, OTHER
from .roles.actions import ACTIONS, CONSECUTIVE_FAMILY, ITEM_NEEDED, ONCE_PER_TARGET
from .roles.codes import Move
from .roles.move_params import VOUCHER_KINDS
from .state import AndorraState, Player, World
from .tally import swindler_window


def refuse(code: str, rule: str, p: Player, move: str, **kw: Any) -> Rejected:
    return Rejected(code, rule=rule, player=p.nick, move=move, **kw)


def seat_arg(world: World, raw: Any, p: Player, move: str, rule: str = "A-MOVE-6") -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= len(world.players):
        raise refuse("bad_target", rule, p, move, target=raw)
    return raw


def may_submit_for(world: World, actor: Any, p: Player) -> bool:
    """A-MOVE-5: oneself, the clan's sender (mafia, Cops), or the host."""
    if actor == HOST or actor == p.seat:
        return True
    if p.clan and p.clan != "rebel" and isinstance(actor, int):
        return sender(world, p.clan) == actor
    return False


def clan_items(state: AndorraState, actor: Any, p: Player, code: str, params: dict[str, Any]) -> None:
    """A-CLAN-4: clan items (the bottle, the clan diploma) are used on the item manager's word."""
    clan_item = code == Move.POISON or (code == Move.USE_DIPLOMA and params.get("clan"))
    if not clan_item or actor == HOST or p.clan is None:
        return
    manager = item_manager(state.world, p.clan)
    if actor != manager:
        raise refuse(
            "not_item_manager",
            "A-CLAN-4",
            p,
            code,
            manager=state.world.player(manager).nick if manager else None,
        )


def own_move(mv: dict[str, Any]) -> bool:
    """A member's own submission, as opposed to a sheet entry (the sender's or the host's)."""
    return not mv.get("sheet")


def is_sheet(world: World, actor: Any, p: Player) -> bool:
    """A-MOVE-5: a mafia or Cops move entered by the clan's sender (for anyone, himself
    included), by the host, or by the item manager for a clan item (A-CLAN-4) is a sheet entry."""
    return sheet_clan(p) and (actor != p.seat or actor == sender(world, str(p.clan)))


def sheet_clan(p: Player) -> bool:
    """The clans whose moves a sender sends on one sheet (A-MOVE-5): the mafia and the Cops."""
    return p.clan is not None and p.clan != "rebel"


def clashes(state: AndorraState, p: Player, code: str) -> list[int]:
    """A-CLAN-5/6: the clan mates whose move this night is of the same type (stake exempt)."""
    world = state.world
    ctype = ACTIONS[code].clan_type
    if p.clan is None or ctype is None:
        return []
    out = []
    for seat_s, mv in state.submissions.items():
        other = world.player(int(seat_s))
        if other.seat != p.seat and other.clan == p.clan and ACTIONS[str(mv["action"])].clan_type == ctype:
            out.append(other.seat)
    return out


def clan_rules(state: AndorraState, actor: Any, p: Player, code: str) -> None:
    """A-CLAN-5/6: no two same-type moves in one clan per night. A sheet entry (A-MOVE-5) is
    not stopped by a mate's own move: that one is set aside when the sheet entry is stored."""
    world = state.world
    sheet = is_sheet(world, actor, p)
    for seat in clashes(state, p, code):
        if sheet and own_move(state.submissions[str(seat)]):
            continue
        raise refuse(
            "clan_same_type", "A-CLAN-5", p, code, other=world.player(seat).nick, type=ACTIONS[code].clan_type
        )


def role_allows(state: AndorraState, p: Player, code: str, params: dict[str, Any]) -> None:
    world = state.world
    n = world.day
    spec = ACTIONS[code]
    if NON_UNDEAD in spec.roles:
        if p.undead:  # A-ROLE-UNDEAD-1, A-ROLE-GHOUL-4
            raise refuse("undead_no_stake", "A-ROLE-UNDEAD-1", p, code)
        return
    if ITEM in spec.roles:
        item = ITEM_NEEDED[code]
        clan = world.clans.get(p.clan or "")
        clan_has = bool(params.get("clan")) and clan is not None and getattr(clan, item.lower(), 0) > 0
        if not (p.usable(item, n) or clan_has):  # A-ITEM-GEN-3: usable the night after
            raise refuse("no_item", "A-ITEM-GEN-3", p, code, item=item)
        return
    if "*rebel_shooter" in spec.roles:
        followers = len(rebel.followers(world))
        if p.clan != "rebel" or followers < 3:  # A-ROLE-REBEL-6/7
            raise refuse("rebel_needs_three", "A-ROLE-REBEL-7", p, code, followers=followers)
        return
    if p.role not in spec.roles:
        raise refuse("not_your_move", "A-MOVE-6", p, code, role=p.role)
    if boss.poisons_beside_soldiers(world, p, code):
        raise refuse("boss_poison_needs_no_soldier", "A-ROLE-BOSS-3", p, code)
    if recruiter.shoots_beside_soldiers(world, p, code):
        raise refuse("recruiter_needs_no_soldier", "A-ROLE-RECRUITER-2", p, code)
    if code == Move.POISON and (p.clan not in world.clans or world.clans[p.clan].poison < 1):
        raise refuse("no_poison", "A-ROLE-SOLDIER-3", p, code)
    if recruiter.recruits_into_full_clan(world, p, code):
        raise refuse("clan_full", "A-RECRUIT-12", p, code)
    if sheriff.recruits_beside_investigator(world, code):
        raise refuse("investigator_present", "A-ROLE-SHERIFF-2", p, code)
    if code == Move.EXPLODE and not p.usable("EXPLOSIVE", n):
        raise refuse("no_item", "A-ROLE-PSYCHO-7", p, code, item="EXPLOSIVE")
    if code == Move.SHMARA_CLONIDINE and not p.usable("CLONIDINE", n):
        raise refuse("no_item", "A-ROLE-SHMARA-5", p, code, item="CLONIDINE")
    if domovoi.burns_without_energy(p, code):
        raise refuse("no_energy", "A-ROLE-DOMOVOI-7", p, code)
    if priest.blesses_again(p, code):
        raise refuse("once_per_game", "A-ROLE-PRIEST-5", p, code)
    if prosecutor.accuses_a_third_time(p, code):
        raise refuse("twice_per_game", "A-ROLE-PROSECUTOR-2", p, code)
    if nurse.reports_nothing(p, code):
        raise refuse("nothing_to_report", "A-ROLE-NURSE-4", p, code)
    if prosecutor.reports_nothing(p, code):
        raise refuse("nothing_to_report", "A-ROLE-PROSECUTOR-3", p, code)


def target_rules(
    state: AndorraState, p: Player, code: str, target: Any, params: dict[str, Any]
) -> int | None:
    world = state.world
    n = world.day
    kind = ACTIONS[code].target
    if code == Move.USE_CARD_BOSS:
        kind = ANY
    if kind in (NONE, JAILED_TODAY):
        if target is not None and code not in (Move.NURSE_REPORT_VH, Move.PROSECUTOR_REPORT):
            raise refuse("no_target_expected", "A-MOVE-6", p, code)
        return None
    t = seat_arg(world, target, p, code)
    if not world.player(t).alive:
        raise refuse("target_not_alive", "A-MOVE-6", p, code, target=world.player(t).nick)
    if kind == OTHER and t == p.seat:
        raise refuse("self_target", "A-MOVE-6", p, code)
    fam = CONSECUTIVE_FAMILY.get(code)
    if fam and world.last_target(p.seat, fam, n - 1) == t:
        raise refuse("same_target_twice", f"A-ROLE-{role_rule(code)}", p, code, target=world.player(t).nick)
    once = ONCE_PER_TARGET.get(code)
    if once and t in p.mem.get(once, []) and not doctor.first_self_heal(p, code, t):
        raise refuse("once_per_target", f"A-ROLE-{role_rule(code)}", p, code, target=world.player(t).nick)
    if doctor.heals_self_again(p, code, t):
        raise refuse("self_once_per_game", "A-ROLE-DOCTOR-3", p, code)
    if nurse.pumps_self_again(p, code, t):
        raise refuse("self_once_per_game", "A-ROLE-NURSE-3", p, code)
    if code == Move.SWINDLER_CHOOSE and p.mem.get("SWINDLER_PICKS", []).count(t) >= 2:
        raise refuse("twice_per_player", "A-ROLE-SWINDLER-2", p, code, target=world.player(t).nick)
    if van_helsing.shoots_unconfirmed(p, code, t):
        raise refuse("no_check", "A-ROLE-VH-3", p, code, target=world.player(t).nick)
    if code == Move.VAMPIRE_GHOUL_VOTE and not world.player(t).ghoul:
        raise refuse("not_a_ghoul", "A-ROLE-VAMPIRE-7", p, code, target=world.player(t).nick)
    return t


def role_rule(code: str) -> str:
    return {
        "GF": "GODFATHER-3",
        "MAYOR": "MAYOR-3",
        "HEAL": "DOCTOR-3",
        "NURSE": "NURSE-3",
        "PRIEST": "PRIEST-3",
        "TOUR": "TOUROP-3",
        "SHMARA": "SHMARA-5",
        "TELEPATH": "TELEPATH-3",
        "DOMOVOI": "DOMOVOI-3",
        "PROTECT": "BODYGUARD-5",
        "SWINDLER": "SWINDLER-2",
    }.get(code.split("_")[0], "MOVE")


def check_params(state: AndorraState, p: Player, code: str, params: dict[str, Any]) -> None:
    world = state.world
    if code in (Move.TELEPATH_VOTE, Move.VAMPIRE_GHOUL_VOTE):
        v = seat_arg(world, params.get("vote"), p, code)
        if not world.player(v).alive:
            raise refuse("not_a_candidate", "A-VOTE-2", p, code, target=world.player(v).nick)
    if code == Move.TELEPATH_RETARGET:
        seat_arg(world, params.get("new_target"), p, code)
    if code == Move.FAIRY_GIFT and params.get("gift") not in world.fairy_stock:
        raise refuse("gift_not_in_stock", "A-ROLE-FAIRY-4", p, code, gift=params.get("gift"))
    if code == Move.USE_VOUCHER and params.get("kind", "tour") not in VOUCHER_KINDS:
        raise refuse("bad_trip_kind", "A-ITEM-VOUCHER-1", p, code)
    if code == Move.PROSECUTOR_SEARCH:
        role = params.get("role")
        if not prosecutor.searchable(role):
            raise refuse("not_a_loner_role", "A-ROLE-PROSECUTOR-3", p, code, role=role)
    if code == Move.SWINDLER_CHANGE:
        swindler_changes(state, p, params)
    # Checked here, at submission, so that a malformed value can never stop the night's
    # resolution later (A-MOVE-6): the Rebel's votes, the Shmara's and the Reanimator's preferences.
    if code == Move.REBEL_VOTES:
        if params.get("all") is not None:
            seat_arg(world, params["all"], p, code, "A-ROLE-REBEL-9")
        mapping = params.get("mapping")
        if mapping is not None:
            if not isinstance(mapping, dict):
                raise refuse("bad_params", "A-ROLE-REBEL-9", p, code, field="mapping")
            for voter, cand in mapping.items():
                if not (isinstance(voter, str) and voter.isdigit()) and not isinstance(voter, int):
                    raise refuse("bad_params", "A-ROLE-REBEL-9", p, code, field="mapping")
                seat_arg(world, int(voter), p, code, "A-ROLE-REBEL-9")
                seat_arg(world, cand, p, code, "A-ROLE-REBEL-9")
    if code == Move.SHMARA_CLONIDINE and params.get("take") is not None:
        take = params["take"]
        if not isinstance(take, list) or not all(isinstance(item, str) for item in take):
            raise refuse("bad_params", "A-ROLE-SHMARA-5", p, code, field="take")
    if code == Move.REANIMATE and params.get("prefer") is not None:
        prefer = params["prefer"]
        if not isinstance(prefer, list):
            raise refuse("bad_params", "A-ROLE-REANIMATOR-4", p, code, field="prefer")
        for seat in prefer:
            seat_arg(world, seat, p, code, "A-ROLE-REANIMATOR-4")


def swindler_changes(state: AndorraState, p: Player, params: dict[str, Any]) -> None:
    """A-ERR-13: a change outside the window, or too many, is rejected whole."""
    from .day import raw_vote_of

    world = state.world
    entries: dict[int, dict[str, Any]] = {}
    for q in world.alive():
        v = raw_vote_of(state.votes, q.seat)
        entries[q.seat] = {"ts": v.ts if v else None, "seq": v.seq if v else None}
    window, allowed = swindler_window(entries, len(entries))
    changes = params.get("changes")
    if not isinstance(changes, list) or not 1 <= len(changes) <= allowed:
        raise refuse("too_many_changes", "A-TALLY-7", p, "SWINDLER_CHANGE", allowed=allowed)
    for ch in changes:
        voter = seat_arg(
            world, ch.get("voter") if isinstance(ch, dict) else None, p, "SWINDLER_CHANGE", "A-TALLY-7"
        )
        if voter not in window:
            raise refuse("outside_window", "A-TALLY-7", p, "SWINDLER_CHANGE", voter=world.player(voter).nick)
        if ch.get("target") is not None:
            seat_arg(world, ch["target"], p, "SWINDLER_CHANGE", "A-TALLY-7")


def role_may(p: Player, code: str) -> bool:
    """The first gate of ``role_allows`` alone, without building a refusal: a move of his role,
    of an item, the stake, or the Rebel group's shot. False means it refuses ``code`` for him
    whatever else holds (the card and the form skip such moves at once; bench/desk_actions.py)."""
    roles = ACTIONS[code].roles
    return p.role in roles or NON_UNDEAD in roles or ITEM in roles or "*rebel_shooter" in roles
