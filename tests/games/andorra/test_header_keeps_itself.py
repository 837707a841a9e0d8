"""Issue 32 §2: the header that keeps itself (A-REPORT-6, A-VOTE-4, H-04a) and a replacement
that keeps history (A-GEN-4)."""

from __future__ import annotations

from nightfall.engine import HOST, Command, kernel
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.reports.header import header
from nightfall.games.andorra.state import AndorraState

from .kit import deal, quiet_day

G = AndorraGame()
START = 1_764_870_000_000  # 04.12 20:40 МСК
HOUR = 3_600_000
NICKS = ["rubin1988", "Kassandra", "Серый Кардинал", "agent 51", "Oleg", "Мотя"]


def _game() -> AndorraState:
    return G.setup(
        {
            "players": NICKS,
            "roles": ["BOSS", "PV", "DOCTOR", "PV", "MANIAC", "PV"],
            "schedule": {"start": START, "day_ms": 24 * HOUR, "night_ms": 12 * HOUR},
        },
        1,
    )


def test_header_bbcode_void_votes_count_not_voted() -> (
    None
):  # A-REPORT-6, A-VOTE-3, A-VOTE-4, H-04a, A-THREAD-1
    s = _game()
    votes = [
        {"voter": 1, "target": 2, "ts": START + 60_000, "post": "p1"},
        {"voter": 3, "target": 2, "ts": START + 120_000, "post": "p2"},
        {"voter": 4, "target": 4, "ts": START + 180_000, "post": "p3"},  # self
        {"voter": 5, "target": 1, "ts": START + 240_000, "post": "p4", "void": "EDIT"},
        {"voter": 2, "target": None, "ts": START + 300_000, "post": "p5"},
    ]
    kernel.apply(G, s, Command(HOST, "thread_votes", {"votes": votes}, START + 400_000))
    kernel.apply(G, s, Command(HOST, "penalty", {"seat": 1}, START + 400_001))  # no avatar
    assert G.view(s, "public")["header_bbcode"] == "\n".join(
        [
            "[b]День 1.[/b]",
            "[b]Расписание:[/b] голосование до 05.12 20:40 МСК; ночные ходы до 06.12 08:40 МСК",
            "[b]Роли:[/b] Босс мафии, Доктор, Мирный житель, Мирный житель, Мирный житель, Маньяк",
            "[b]Участники:[/b]",
            *[f"{n} — жив" for n in NICKS],
            "[b]Лог голосования:[/b]",
            "+1 rubin1988 (штраф) — нет аватара",
            "rubin1988: Kassandra",
            "Серый Кардинал: Kassandra",
            "agent 51: agent 51 (нарушение: голос за себя)",
            "Oleg: rubin1988 (нарушение: исправленный голос)",
            "Kassandra: пустой голос",
            "[b]Подсчёт:[/b]",
            "Kassandra — 2 (rubin1988, Серый Кардинал)",
            "rubin1988 — 1 (+1)",
            "[b]Не голосовали:[/b] Мотя",
        ]
    )


def test_replacement_keeps_history() -> None:  # A-GEN-4, A-REPORT-6
    """Today's records keep the nick they were written with: the Horseman's Night-1 result,
    the morning post, the host log, the first post; the header says who replaced whom."""
    s = deal("HORSEMAN", "VH", "PV", "PV", "BOSS", "REANIMATOR", "DOCTOR")
    first = G.view(s.state, "public")["first_post"]
    s.do(HOST, "pm_vote", **{"from": s.seat("pv"), "target": s.seat("boss")})
    quiet_day(s)
    s.move("horseman", "HORSEMAN_SEARCH", "reanimator")
    s.move("reanimator", "REANIMATE")
    s.resolve()
    post_before = G.view(s.state, "public")["posts"][-1]["ru"]
    log_before = G.view(s.state, "host")["host"]["host_log"]
    s.do(HOST, "replace", seat=s.seat("reanimator"), nick="Kassandra")
    assert s.inbox("horseman") == ["reanimator — не Ван Хельсинг."]
    v = G.view(s.state, "public")
    assert v["first_post"] == first and "reanimator" in first
    assert v["posts"][-1]["ru"] == post_before
    assert G.view(s.state, "host")["host"]["host_log"] == log_before
    assert "[b]Замены:[/b] reanimator → Kassandra, с дня 2" in v["header_bbcode"].splitlines()
    assert "Kassandra — жив" in v["header"].splitlines()
    s.do(HOST, "replace", seat=s.seat("pv"), nick="agent 51")  # a second one: each keeps its time
    assert (
        "Замены: reanimator → Kassandra, с дня 2; pv → agent 51, с дня 2"
        in G.view(s.state, "public")["header"].splitlines()
    )
    assert G.view(s.state, "host")["host"]["host_log"] == log_before


def test_replacement_during_review_survives_publication() -> None:  # A-GEN-4
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.do(HOST, "end_night")
    s.do(HOST, "replace", seat=2, nick="Kassandra")
    s.do(HOST, "publish")
    assert s.state.world.player(2).nick == "Kassandra"


def test_left_lists_everyone_out_across_days_a_report_6() -> None:  # A-REPORT-6, A-ERR-2
    """«Выбыли» keeps everyone out so far, not only the last morning's people: each with the
    death word of the post that told it and the day (the vote) or the night (issue 32 §2)."""
    s = deal("BOSS", "PV", "PV", "PV", "PV", "SHERIFF", "MANIAC", "DOCTOR", "SOLDIER")

    def alive() -> list[str]:
        return [p.nick for p in s.state.world.players if p.alive]

    s.day([(n, "pv") for n in alive()])  # day 1: pv jailed
    s.move("maniac", "MANIAC_BLOODY", "pv2")  # night 1: pv2 stabbed
    s.resolve()
    s.day([(n, "pv3" if n != "pv3" else None) for n in alive()])  # day 2: pv3 jailed
    s.move("maniac", "MANIAC_QUICK", "pv4")  # night 2: pv4 killed
    s.resolve()
    assert G.view(s.state, "public")["header_bbcode"] == "\n".join(
        [
            "[b]День 3.[/b]",
            "[b]Расписание:[/b] голосование до решения ведущего",
            "[b]Роли:[/b] Босс мафии, Рядовой мафиози, Доктор, Мирный житель, Мирный житель, "
            "Мирный житель, Мирный житель, Шериф, Маньяк",
            "[b]Участники:[/b]",
            "boss — жив",
            "pv — сел (Мирный житель)",
            "pv2 — зарезан (Мирный житель)",
            "pv3 — сел (Мирный житель)",
            "pv4 — убит (Мирный житель)",
            "sheriff — жив",
            "maniac — жив",
            "doctor — жив",
            "soldier — жив",
            "[b]Выбыли:[/b] pv (Мирный житель) — сел, день 1; pv2 (Мирный житель) — зарезан, ночь 1; "
            "pv3 (Мирный житель) — сел, день 2; pv4 (Мирный житель) — убит, ночь 2",
            "[b]Лог голосования:[/b]",
            "[b]Не голосовали:[/b] boss, sheriff, maniac, doctor, soldier",
        ]
    )
    english = header(s.state, "en")
    assert "pv — jailed, day 1" not in english  # the role is told, as in Russian
    assert "pv3 (" in english and ", day 2; " in english and "— stabbed, night 1; " in english
