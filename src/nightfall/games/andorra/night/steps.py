"""The night's steps in the order of §11 (A-ORDER-1, A-ORDER-3): the one table.

N0, the vote steps 1-6, the jailing 6a and early win check 6b, steps 7-43 with
the engine steps 11a, 13a, 32c and 39a, then dawn D1-D9. Each row says how the
pipeline runs it; the pipeline (``night_pipeline``) binds each step to its
function and runs the rows top to bottom, and the night's scratchpad
(``ctx.Night.idx``) compares steps by their place in this table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# How a step runs:
#   "step"      its function, then the end-of-step triggers (H11) and one audit record;
#               skipped once the game ended at 6b
#   "after_end" like "step", and also after the game ended at 6b (A-ERR-6: the jailed
#               Psycho's revenge)
#   "plain"     its function only; skipped once the game ended at 6b (N0 runs first anyway)
#   "inside"    no function of its own: done by another row (D3, D4 by D2) or outside the
#               night (D9: the host publishes the morning post)
Kind = Literal["step", "after_end", "plain", "inside"]


@dataclass(frozen=True, slots=True)
class Step:
    id: str
    name: str  # as the host's audit shows it
    kind: Kind = "step"


NIGHT: tuple[Step, ...] = (
    Step("N0", "снимок ночи", "plain"),
    Step("1", "применение дипломов"),
    Step("2", "Прокурор (голос)"),
    Step("3", "Телепат (голос)"),
    Step("4", "Бунтарь (голос)"),
    Step("5", "Аферист (голос)"),
    Step("6", "Вампир (голос)"),
    Step("6a", "подсчёт голосов и посадка"),
    Step("6b", "проверка победы"),
    Step("7", "употребление спиртных напитков"),
    Step("8", "применение визиток"),
    Step("9", "Крёстный отец"),
    Step("10", "Мэр города"),
    Step("11", "Медсестра"),
    Step("11a", "противоядие"),
    Step("12", "Священник"),
    Step("13a", "турпутевки"),
    Step("13", "Туроператор"),
    Step("14", "Домовой"),
    Step("15", "Доктор"),
    Step("16", "Телепат (смена хода)"),
    Step("17", "Фея"),
    Step("18", "Палач"),
    Step("19", "Журналист"),
    Step("20", "МЖ"),
    Step("21", "Телохранитель"),
    Step("22", "Копы (вербовка)"),
    Step("23", "Мафия (вербовка, изготовление)"),
    Step("24", "Бунтарь (вербовка)"),
    Step("25", "Копы (поиск)"),
    Step("26", "Мафия (поиск)"),
    Step("27", "Прокурор (поиск)"),
    Step("28", "Шмара-клофелинщица"),
    Step("29", "Вампир"),
    Step("30", "Маньяк"),
    Step("31", "Бунтарь (выстрел)"),
    Step("32", "Мафия (выстрел, отравление)"),
    Step("32c", "подаренный яд"),
    Step("33", "Копы (выстрел)"),
    Step("34", "Псих"),
    Step("35", "Тюремщик"),
    Step("36", "Аферист (выбор игрока)"),
    Step("37", "поход с кольями"),
    Step("38", "Ван Хельсинг"),
    Step("39", "Всадник без головы"),
    Step("39a", "отложенные смерти"),
    Step("40", "Реаниматор"),
    Step("41", "Следователь (допрос)"),
    Step("42", "трезвление"),
    Step("43", "возвращение из турпоездки"),
    Step("D1", "выбор ролей МЖ"),
    Step("D2", "вербовка Шерифа / визитки / вербовка"),
    Step("D3", "визитки", "inside"),
    Step("D4", "вербовка", "inside"),
    Step("D5", "преемники"),
    Step("D6", "тюрьма"),
    Step("D7", "месть Психа", "after_end"),
    Step("D8", "проверка победы", "plain"),
    Step("D9", "утренний пост", "inside"),
)
IDX: dict[str, int] = {s.id: i for i, s in enumerate(NIGHT)}
