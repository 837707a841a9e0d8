"""The thread header as §03 describes it (A-GEN-3, A-REPORT-6, A-SETUP-17)."""

from __future__ import annotations

from nightfall.engine import HOST, Command, kernel
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.state import AndorraState

G = AndorraGame()
START = 1_764_870_000_000  # 04.12 20:40 МСК
HOUR = 3_600_000
NICKS = ["Аня", "Боря", "Вова", "Гена", "Дина", "Женя"]


def _game() -> AndorraState:
    return G.setup(
        {
            "players": NICKS,
            "roles": ["BOSS", "PV", "PV", "SHERIFF", "MANIAC", "PV"],
            "gifts": {"2": "DIPLOMA", "3": "DIPLOMA", "6": "DIPLOMA"},
            "schedule": {"start": START, "day_ms": 24 * HOUR, "night_ms": 12 * HOUR, "text": "Сюжет: зима."},
        },
        1,
    )


def test_first_post_and_header_on_day_one() -> None:
    """A-SETUP-17, A-GEN-3: schedule with deadlines, the role list as of the start, the
    participants, the empty vote log; BBCode bolds the labels."""
    v = G.view(_game(), "public")
    assert v["first_post"].splitlines()[:4] == [
        "День 1.",
        "Расписание: голосование до 05.12 20:40 МСК; ночные ходы до 06.12 08:40 МСК",
        "Сюжет: зима.",
        "Роли: Босс мафии, Мирный житель, Мирный житель, Мирный житель, Шериф, Маньяк",
    ]
    assert v["header"].splitlines() == [
        "День 1.",
        "Расписание: голосование до 05.12 20:40 МСК; ночные ходы до 06.12 08:40 МСК",
        "Сюжет: зима.",
        "Роли: Босс мафии, Мирный житель, Мирный житель, Мирный житель, Шериф, Маньяк",
        "Участники:",
        *[f"{n} — жив" for n in NICKS],
        "Лог голосования:",
        "Не голосовали: " + ", ".join(NICKS),
    ]
    assert v["header_bbcode"].startswith("[b]День 1.[/b]\n[b]Расписание:[/b] голосование до 05.12 20:40 МСК")
    assert "[b]Роли:[/b] Босс мафии," in v["first_post_bbcode"]


def test_header_after_a_night_lists_who_left_and_the_new_log() -> None:
    """A-REPORT-6: the next day's schedule, statuses, who left in the past day and night
    (jailed with the role, killed with the role) and the log opening with the penalties."""
    s = _game()
    now = START
    for voter, target in ((1, 2), (3, 2), (4, 2), (5, None), (6, None)):
        now += 1
        kernel.apply(G, s, Command(voter, "vote", {"target": target}, now))
    kernel.apply(G, s, Command(HOST, "end_day", {}, now + 1))
    kernel.apply(G, s, Command(5, "move", {"player": 5, "action": "MANIAC_QUICK", "target": 6}, now + 2))
    kernel.apply(G, s, Command(HOST, "end_night", {}, now + 3))
    assert G.view(s, "public")["header"].splitlines()[1] == (
        "Расписание: ночь 1 подводится, утро опубликует ведущий"
    )
    kernel.apply(G, s, Command(HOST, "publish", {}, START + 24 * HOUR))
    lines = G.view(s, "public")["header"].splitlines()
    assert lines[0] == "День 2."
    assert lines[1] == "Расписание: голосование до 06.12 20:40 МСК; ночные ходы до 07.12 08:40 МСК"
    assert "Боря — сел (Мирный житель)" in lines and "Женя — убит (Мирный житель)" in lines
    assert "Выбыли: Боря (Мирный житель) — сел, день 1; Женя (Мирный житель) — убит, ночь 1" in lines
    assert lines[-2] == "Лог голосования:"  # everyone voted or voted blank: no penalty lines
    assert lines[-1] == "Не голосовали: Аня, Вова, Гена, Дина"


def test_the_first_post_keeps_day_ones_schedule_after_day_one() -> None:
    """A-SETUP-17: the first post is Day 1's; on Day 2 it still reads as it was posted (the
    desk and the pages once showed the current phase's schedule in it)."""
    s = _game()
    posted = G.view(s, "public")["first_post"]
    kernel.apply(G, s, Command(HOST, "end_day", {}, START + HOUR))
    assert G.view(s, "public")["first_post"] == posted
    kernel.apply(G, s, Command(HOST, "end_night", {}, START + 2 * HOUR))
    kernel.apply(G, s, Command(HOST, "publish", {}, START + 3 * HOUR))
    assert G.view(s, "public")["header"].startswith("День 2.")
    assert G.view(s, "public")["first_post"] == posted
    assert "голосование до 05.12 20:40 МСК" in G.view(s, "public")["first_post_bbcode"]
