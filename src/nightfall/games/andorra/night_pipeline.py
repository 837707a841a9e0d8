"""The night as a pipeline of named steps in the order of §11 (A-ORDER-1..5).

``STEPS`` is the whole night, read top to bottom: N0, the vote steps 1-6, the
jailing 6a and early win check 6b, steps 7-43 with the engine steps 11a, 13a,
32c, 39a, then dawn D1-D8. ``resolve`` runs them on a copy of the world.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .night import dawn, engine_steps
from .night.ctx import Act, Night, Pause
from .night.har import finish_step
from .roles import (
    clans,
    hunters,
    influence,
    item_uses,
    justice,
    loners,
    medics,
    observers,
    priest,
    undead,
    votes,
)
from .roles.actions import ACTIONS
from .state import ALIVE, AndorraState, VoteEntry, World
from .tally import build_workspace, jail, next_day_penalties
from .win import check

StepFn = Callable[[Night], None]


@dataclass
class Resolution:
    world: World
    ctx: Night
    paused: list[dict[str, Any]]


def act_step(code: str, role: str) -> str:
    """Cops shoot at 33, the mafia at 32 (A-ROLE-COPS-5, A-ROLE-MAFIA-6)."""
    if code == "SHOOT" and role in ("SHERIFF", "INVESTIGATOR"):
        return "33"
    return ACTIONS[code].step


def n0_snapshot(ctx: Night, state: AndorraState) -> None:
    """N0 (A-TALLY-1, A-ROLE-SHERIFF-5): tally workspace, acts, depression voids."""
    w = ctx.w
    ctx.alive_at_n0 = {p.seat for p in w.alive()}
    ctx.clan_at_n0 = {p.seat: p.clan for p in w.players}
    build_workspace(ctx, state.votes)
    for seat_s, mv in sorted(state.submissions.items(), key=lambda kv: int(kv[0])):
        seat = int(seat_s)
        p = w.p(seat)
        code = str(mv["action"])
        if not p.alive:
            continue
        target = mv.get("target")
        a = Act(seat, code, target, target, dict(mv.get("params", {})), act_step(code, p.role), clan=p.clan)
        if p.depressed_night == ctx.n:
            a.state = "VOID"
        if code == "STAY_HOME":
            a.state, a.silent = "DONE", True
        ctx.acts[seat] = a


def s6a_jailing(ctx: Night) -> None:
    jail(ctx)
    next_day_penalties(ctx)
    if ctx.jailed is not None:
        act = ctx.acts.get(ctx.jailed)
        if act is not None and act.state == "PENDING":
            act.state = "VOID"  # A-MOVE-8: void from step 7 on; no results (A-RES-4)
        dawn.promote(ctx, {ctx.jailed})  # A-ROLE-COPS-3/4, A-ROLE-REBEL-8 "at the coming of the night"
        j = ctx.w.p(ctx.jailed)
        boss_or_manager = j.role == "BOSS" or ctx.w.clan_manager.get(j.clan or "") == j.seat
        if j.clan and j.clan.startswith("mafia") and boss_or_manager and ctx.w.clan_members(j.clan):
            dawn.open_poll(ctx, j.clan)  # A-CLAN-4: the head is jailed


def s6b_win(ctx: Night) -> None:
    got = check(ctx.w)
    if got is not None:
        ctx.w.winner, ctx.w.winners = got
        ctx.over_at_6b = True


# The pipeline (A-ORDER-1, A-ORDER-3). Each entry: (step id, name, function).
STEPS: tuple[tuple[str, str, StepFn], ...] = (
    ("1", "применение дипломов", votes.step_1_diplomas),
    ("2", "Прокурор (голос)", votes.step_2_prosecutor),
    ("3", "Телепат (голос)", votes.step_3_telepath_vote),
    ("4", "Бунтарь (голос)", votes.step_4_rebel_votes),
    ("5", "Аферист (голос)", votes.step_5_swindler),
    ("6", "Вампир (голос)", votes.step_6_vampire_vote),
    ("6a", "подсчёт голосов и посадка", s6a_jailing),
    ("6b", "проверка победы", s6b_win),
    ("7", "употребление спиртных напитков", item_uses.step_7_vodka),
    ("8", "применение визиток", item_uses.step_8_cards),
    ("9", "Крёстный отец", influence.step_9_godfather),
    ("10", "Мэр города", influence.step_10_mayor),
    ("11", "Медсестра", medics.step_11_nurse),
    ("11a", "противоядие", item_uses.step_11a_antidote),
    ("12", "Священник", priest.step_12_priest),
    ("13a", "турпутевки", item_uses.step_13a_vouchers),
    ("13", "Туроператор", loners.step_13_tour_operator),
    ("14", "Домовой", undead.step_14_domovoi),
    ("15", "Доктор", medics.step_15_doctor),
    ("16", "Телепат (смена хода)", loners.step_16_telepath_retarget),
    ("17", "Фея", loners.step_17_fairy),
    ("18", "Палач", observers.step_18_executioner),
    ("19", "Журналист", observers.step_19_journalist),
    ("20", "МЖ", observers.step_20_pv),
    ("21", "Телохранитель", observers.step_21_bodyguard),
    ("22", "Копы (вербовка)", clans.step_22_cops_recruit),
    ("23", "Мафия (вербовка, изготовление)", clans.step_23_mafia_recruit),
    ("24", "Бунтарь (вербовка)", clans.step_24_rebel_recruit),
    ("25", "Копы (поиск)", clans.step_25_cops_search),
    ("26", "Мафия (поиск)", clans.step_26_mafia_search),
    ("27", "Прокурор (поиск)", justice.step_27_prosecutor),
    ("28", "Шмара-клофелинщица", loners.step_28_shmara),
    ("29", "Вампир", undead.step_29_vampire),
    ("30", "Маньяк", loners.step_30_maniac),
    ("31", "Бунтарь (выстрел)", clans.step_31_rebel_shot),
    ("32", "Мафия (выстрел, отравление)", clans.step_32_mafia),
    ("32c", "подаренный яд", item_uses.step_32c_gift_poison),
    ("33", "Копы (выстрел)", clans.step_33_cops),
    ("34", "Псих", loners.step_34_psycho),
    ("35", "Тюремщик", justice.step_35_jailer),
    ("36", "Аферист (выбор игрока)", loners.step_36_swindler),
    ("37", "поход с кольями", hunters.step_37_stakes),
    ("38", "Ван Хельсинг", hunters.step_38_van_helsing),
    ("39", "Всадник без головы", undead.step_39_horseman),
    ("39a", "отложенные смерти", engine_steps.step_39a_delayed_deaths),
    ("40", "Реаниматор", medics.step_40_reanimator),
    ("41", "Следователь (допрос)", justice.step_41_interrogation),
    ("42", "трезвление", engine_steps.step_42_sobering),
    ("43", "возвращение из турпоездки", engine_steps.step_43_return),
    ("D1", "выбор ролей МЖ", dawn.d1_pv_choices),
    ("D2", "вербовка Шерифа / визитки / вербовка", dawn.d2_d4_recruitment),
    ("D5", "преемники", dawn.d5_successions),
    ("D6", "тюрьма", dawn.d6_jail),
)


def resolve(state: AndorraState, answers: dict[str, Any], timed_out: bool) -> Resolution:
    """Resolve Night N from the world as it was at the end of Day N (pure; copies first)."""
    world = copy.deepcopy(state.world)
    ctx = Night(w=world, n=world.day, answers=answers, timed_out=timed_out)
    votes_log: list[VoteEntry] = list(state.votes)
    try:
        n0_snapshot(ctx, state)
        for step, name, fn in STEPS:
            ctx.step = step
            before_audit, before_ev = len(ctx.audit), len(ctx.events)
            fn(ctx)
            finish_step(ctx)
            _audit_step(ctx, step, name, before_audit, before_ev)
            if ctx.over_at_6b:
                break
        ctx.step = "D7"
        before_audit, before_ev = len(ctx.audit), len(ctx.events)
        dawn.d7_psycho_revenge(ctx, votes_log)  # A-ERR-6: also after a 6b ending
        finish_step(ctx)
        _audit_step(ctx, "D7", "месть Психа", before_audit, before_ev)
        if not ctx.over_at_6b:
            ctx.step = "D8"
            dawn.d8_win(ctx)
        elif ctx.revenge is not None and world.winner is None:
            dawn.d8_win(ctx)
    except Pause as p:
        return Resolution(world, ctx, p.prompts)
    for a in ctx.acts.values():
        if a.state == "PENDING":
            a.state = "CANCELLED"
    # A-ROLE-JOURNALIST-7: only a Journalist(-*) who executed his watch may publish on Day N+1
    world.article_rights = sorted(
        j for j in ctx.journalist_watch if world.p(j).status == ALIVE and j not in ctx.blocked_at
    )
    world.day += 1
    return Resolution(world, ctx, [])


def _audit_step(ctx: Night, step: str, name: str, before_audit: int, before_ev: int) -> None:
    """The host's audit view: one record per pipeline step with every action
    (actor, submitted and final target, class, result, protection hit) and effect."""
    notes = ctx.audit[before_audit:]
    del ctx.audit[before_audit:]
    actions = [e.as_dict() for e in ctx.events[before_ev:]]
    for a in ctx.acts.values():
        if a.step == step and a.orig != a.target:
            notes.append({"action": "RETARGETED", "actor": a.actor, "orig": a.orig, "target": a.target})
    ctx.audit.append({"step": step, "name": name, "actions": actions, "notes": notes})


def alive_seats(world: World) -> list[int]:
    return [p.seat for p in world.players if p.status == ALIVE]
