"""The night's steps in the order of §11 (A-ORDER-1, A-ORDER-3): the one table.

N0, the vote steps 1-6, the jailing 6a and early win check 6b, steps 7-43 with
the engine steps 11a, 13a, 32c and 39a, then dawn D1-D9. Each row is a step's id
(``step_ids.StepId``, whose order is the table's), its name in the host's audit,
the function that runs it and how the pipeline (``night_pipeline.resolve``) runs it,
top to bottom. A step is added here, in its place, and in ``StepId``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..roles import (
    bodyguard,
    clans,
    doctor,
    domovoi,
    executioner,
    fairy,
    godfather,
    horseman,
    hunters,
    investigator,
    item_uses,
    jailer,
    journalist,
    maniac,
    mayor,
    nurse,
    priest,
    prosecutor,
    psycho,
    pv,
    reanimator,
    rebel,
    recruiter,
    sheriff,
    shmara,
    swindler,
    telepath,
    tour_operator,
    vampire,
    van_helsing,
)
from . import dawn, day_tally, engine_steps
from .ctx import Night
from .step_ids import StepId

# How a step runs:
#   "step"      its function, then the end-of-step triggers (H11) and one audit record;
#               skipped once the game ended at 6b
#   "after_end" like "step", and also after the game ended at 6b (A-ERR-6: the jailed
#               Psycho's revenge)
#   "plain"     its function only; skipped once the game ended at 6b (N0 runs first anyway)
#   "inside"    no function of its own: done by another row (D3, D4 by D2) or outside the
#               night (D9: the host publishes the morning post)
Kind = Literal["step", "after_end", "plain", "inside"]
StepFn = Callable[[Night], None]


@dataclass(frozen=True, slots=True)
class Step:
    id: StepId
    name: str  # as the host's audit shows it
    run: StepFn | None  # None only for the "inside" steps
    kind: Kind = "step"


NIGHT: tuple[Step, ...] = (
    Step(StepId.SNAPSHOT, "снимок ночи", day_tally.n0_snapshot, "plain"),
    Step(StepId.DIPLOMAS, "применение дипломов", item_uses.step_1_diplomas),
    Step(StepId.PROSECUTOR_VOTE, "Прокурор (голос)", prosecutor.step_2_prosecutor),
    Step(StepId.TELEPATH_VOTE, "Телепат (голос)", telepath.step_3_telepath_vote),
    Step(StepId.REBEL_VOTES, "Бунтарь (голос)", rebel.step_4_rebel_votes),
    Step(StepId.SWINDLER_VOTE, "Аферист (голос)", swindler.step_5_swindler),
    Step(StepId.VAMPIRE_VOTE, "Вампир (голос)", vampire.step_6_vampire_vote),
    Step(StepId.JAILING, "подсчёт голосов и посадка", day_tally.s6a_jailing),
    Step(StepId.EARLY_WIN, "проверка победы", day_tally.s6b_win),
    Step(StepId.VODKA, "употребление спиртных напитков", item_uses.step_7_vodka),
    Step(StepId.CARDS, "применение визиток", item_uses.step_8_cards),
    Step(StepId.GODFATHER, "Крёстный отец", godfather.step_9_godfather),
    Step(StepId.MAYOR, "Мэр города", mayor.step_10_mayor),
    Step(StepId.NURSE, "Медсестра", nurse.step_11_nurse),
    Step(StepId.ANTIDOTE, "противоядие", item_uses.step_11a_antidote),
    Step(StepId.PRIEST, "Священник", priest.step_12_priest),
    Step(StepId.VOUCHERS, "турпутевки", item_uses.step_13a_vouchers),
    Step(StepId.TOUR_OPERATOR, "Туроператор", tour_operator.step_13_tour_operator),
    Step(StepId.DOMOVOI, "Домовой", domovoi.step_14_domovoi),
    Step(StepId.DOCTOR, "Доктор", doctor.step_15_doctor),
    Step(StepId.TELEPATH_RETARGET, "Телепат (смена хода)", telepath.step_16_telepath_retarget),
    Step(StepId.FAIRY, "Фея", fairy.step_17_fairy),
    Step(StepId.EXECUTIONER, "Палач", executioner.step_18_executioner),
    Step(StepId.JOURNALIST, "Журналист", journalist.step_19_journalist),
    Step(StepId.PV, "МЖ", pv.step_20_pv),
    Step(StepId.BODYGUARD, "Телохранитель", bodyguard.step_21_bodyguard),
    Step(StepId.COPS_RECRUIT, "Копы (вербовка)", sheriff.step_22_cops_recruit),
    Step(StepId.MAFIA_RECRUIT, "Мафия (вербовка, изготовление)", recruiter.step_23_mafia_recruit),
    Step(StepId.REBEL_RECRUIT, "Бунтарь (вербовка)", rebel.step_24_rebel_recruit),
    Step(StepId.COPS_SEARCH, "Копы (поиск)", clans.step_25_cops_search),
    Step(StepId.MAFIA_SEARCH, "Мафия (поиск)", clans.step_26_mafia_search),
    Step(StepId.PROSECUTOR, "Прокурор (поиск)", prosecutor.step_27_prosecutor),
    Step(StepId.SHMARA, "Шмара-клофелинщица", shmara.step_28_shmara),
    Step(StepId.VAMPIRE, "Вампир", vampire.step_29_vampire),
    Step(StepId.MANIAC, "Маньяк", maniac.step_30_maniac),
    Step(StepId.REBEL_SHOT, "Бунтарь (выстрел)", rebel.step_31_rebel_shot),
    Step(StepId.MAFIA_SHOT, "Мафия (выстрел, отравление)", clans.step_32_mafia),
    Step(StepId.GIFT_POISON, "подаренный яд", item_uses.step_32c_gift_poison),
    Step(StepId.COPS_SHOT, "Копы (выстрел)", clans.step_33_cops),
    Step(StepId.PSYCHO, "Псих", psycho.step_34_psycho),
    Step(StepId.JAILER, "Тюремщик", jailer.step_35_jailer),
    Step(StepId.SWINDLER_CHOICE, "Аферист (выбор игрока)", swindler.step_36_swindler),
    Step(StepId.STAKES, "поход с кольями", hunters.step_37_stakes),
    Step(StepId.VAN_HELSING, "Ван Хельсинг", van_helsing.step_38_van_helsing),
    Step(StepId.HORSEMAN, "Всадник без головы", horseman.step_39_horseman),
    Step(StepId.DELAYED_DEATHS, "отложенные смерти", engine_steps.step_39a_delayed_deaths),
    Step(StepId.REANIMATOR, "Реаниматор", reanimator.step_40_reanimator),
    Step(StepId.INTERROGATION, "Следователь (допрос)", investigator.step_41_interrogation),
    Step(StepId.SOBERING, "трезвление", engine_steps.step_42_sobering),
    Step(StepId.RETURN, "возвращение из турпоездки", engine_steps.step_43_return),
    Step(StepId.PV_CHOICES, "выбор ролей МЖ", pv.d1_pv_choices),
    Step(StepId.RECRUITMENT, "вербовка Шерифа / визитки / вербовка", dawn.d2_d4_recruitment),
    Step(StepId.DAWN_CARDS, "визитки", None, "inside"),
    Step(StepId.DAWN_RECRUITS, "вербовка", None, "inside"),
    Step(StepId.SUCCESSIONS, "преемники", dawn.d5_successions),
    Step(StepId.JAIL, "тюрьма", jailer.d6_jail),
    Step(StepId.PSYCHO_REVENGE, "месть Психа", dawn.d7_psycho_revenge, "after_end"),
    Step(StepId.WIN, "проверка победы", dawn.d8_win, "plain"),
    Step(StepId.MORNING_POST, "утренний пост", None, "inside"),
)


def _check(table: tuple[Step, ...]) -> None:
    """The table lists every step once, in ``StepId``'s order, and a function for each step
    that runs (an "inside" step has none): a step without its function fails at import."""
    if tuple(s.id for s in table) != tuple(StepId):
        raise ImportError("night.steps.NIGHT must list every StepId once, in StepId's order")
    for s in table:
        if (s.run is None) != (s.kind == "inside"):
            raise ImportError(f"step {s.id}: a function exactly when it runs (kind {s.kind})")


_check(NIGHT)
