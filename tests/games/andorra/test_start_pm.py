"""The players' starting PMs as forum BBCode (issue 32 §2): nick, role with side, the seed's
description, items, whom he knows; on the host's view on Day 1 only."""

from __future__ import annotations

from nightfall.engine import HOST, Command, kernel
from nightfall.games.andorra import AndorraGame

G = AndorraGame()


def test_start_pms_on_day_one() -> None:  # A-SETUP-11, A-SETUP-17
    s = G.setup(
        {
            "players": ["Серый Кардинал", "agent 51", "rubin1988", "Мотя"],
            "roles": ["BOSS", "SOLDIER", "DOCTOR", "MANIAC"],
        },
        1,
    )
    pms = G.view(s, "host")["host"]["start_pms"]
    assert [p["nick"] for p in pms] == ["Серый Кардинал", "agent 51", "rubin1988", "Мотя"]
    boss = pms[0]["text"].splitlines()
    assert boss[:3] == [
        "[b]Серый Кардинал[/b]",
        "[b]Роль:[/b] Босс мафии (Мафия)",
        "Изначально имеет бронежилет.",
    ]
    assert boss[-2:] == ["[b]Вещи:[/b] бронежилет ×1", "[b]Вы знаете:[/b] agent 51"]  # his clan mate
    assert "[b]Вы знаете:[/b]" not in pms[2]["text"]  # the Doctor knows nobody
    assert "start_pms" not in G.view(s, "public").get("host", {})
    kernel.apply(G, s, Command(HOST, "end_day", {}, 1))
    assert G.view(s, "host")["host"]["start_pms"] == []
