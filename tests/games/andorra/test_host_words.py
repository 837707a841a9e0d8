"""The seed's words on the pages and in the header (issue 32 §4): one death word for a player
in the participants list and in «Выбыли», as the morning post said it (A-REPORT-6, A-ERR-2)."""

from __future__ import annotations

from pathlib import Path

from nightfall.games.andorra.reports.header import header

from .kit import deal, quiet_day

WEB = Path(__file__).resolve().parents[3] / "web" / "src" / "andorra" / "i18n"


def test_a_stabbed_player_is_stabbed_in_the_list_and_in_left() -> None:  # A-REPORT-6, A-ERR-2
    s = deal("MANIAC", "BOSS", "PV", "PV", "DOCTOR", "VAMPIRE")
    quiet_day(s)
    s.move("maniac", "MANIAC_BLOODY", "pv")
    s.move("boss", "SHOOT", "pv2")
    s.resolve()
    text = header(s.state, "ru")
    assert "pv — зарезан (Мирный житель)" in text.splitlines()
    assert "pv2 — убит (Мирный житель)" in text.splitlines()
    assert "pv (Мирный житель) — зарезан, ночь 1" in text and "pv2 (Мирный житель) — убит, ночь 1" in text


def test_the_russian_pages_use_the_seeds_words() -> None:
    """«упырь» (not «вурдалак»), «убит» (not «мёртв»), «нечисть», and no rule IDs in the help."""
    ru = (WEB / "ru.ts").read_text(encoding="utf-8")
    for word in ("вурдалак", "мёртв", "нежить", "(A-GEN-4)"):
        assert word not in ru, word
    assert 'ghoul: "упырь"' in ru and '"status.DEAD": "убит"' in ru
