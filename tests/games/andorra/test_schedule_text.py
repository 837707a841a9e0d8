"""A-SETUP-18: the deadlines written as a schedule text with a start time on the creation form
(issue 32 §2); every error names its line and the item."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from nightfall.engine import Rejected
from nightfall.games.andorra.reasons import explain
from nightfall.games.andorra.reports.header import schedule_line
from nightfall.games.andorra.schedule_text import parse
from nightfall.games.andorra.site import AndorraSite

MSK = timezone(timedelta(hours=3))
H = 3_600_000


def ms(year: int, month: int, day: int, hour: int, minute: int, tz: timezone = MSK) -> int:
    return int(datetime(year, month, day, hour, minute, tzinfo=tz).timestamp() * 1000)


NOW = ms(2026, 12, 6, 12, 0)


def test_lengths_and_a_start_in_moscow_time_a_setup_18() -> None:
    got = parse("день 48ч, ночь 24ч, вопросы 2ч, старт 06.12 18:00 МСК", NOW)
    assert got == {"day_ms": 48 * H, "night_ms": 24 * H, "prompt_ms": 2 * H, "start": ms(2026, 12, 6, 18, 0)}


def test_a_zone_other_than_moscow_and_english_words_a_setup_18() -> None:
    # 18:03 typed in Yekaterinburg time (UTC+5) is 16:03 in Moscow, to the minute (issue 32 §2)
    got = parse("day 2d\nnight 12 h\nstart 06.12.2026 18:03 UTC+5", NOW)
    assert got["start"] == ms(2026, 12, 6, 16, 3)
    assert (got["day_ms"], got["night_ms"]) == (48 * H, 12 * H)


def test_windows_give_the_start_and_the_lengths_a_setup_18() -> None:
    text = "день 1: 06.12 18:00 — 07.12 18:00, ночь 1: 07.12 18:00 — 07.12 22:00\nдень 2: 07.12 22:00 — 08.12 22:00"
    assert parse(text, NOW) == {"start": ms(2026, 12, 6, 18, 0), "day_ms": 24 * H, "night_ms": 4 * H}


def test_a_date_without_a_year_is_the_nearest_one_a_setup_18() -> None:
    new_year = ms(2026, 12, 31, 20, 0)
    assert parse("старт 02.01 18:00", new_year)["start"] == ms(2027, 1, 2, 18, 0)


@pytest.mark.parametrize(
    ("text", "line", "item", "reason"),
    [
        ("день 48ч\nночь 24", 2, "ночь 24", "length"),  # a bare number is not taken as minutes
        ("день 48ч\n\nутро 2ч", 3, "утро 2ч", "word"),
        ("старт 06.12 18:00 ЕКБ", 1, "старт 06.12 18:00 ЕКБ", "zone"),
        ("старт завтра", 1, "старт завтра", "time"),
        ("день 1: 07.12 18:00 — 06.12 18:00", 1, "день 1: 07.12 18:00 — 06.12 18:00", "ends_before_start"),
        (
            "день 1: 06.12 18:00 — 07.12 18:00\nдень 2: 07.12 22:00 — 09.12 22:00",
            2,
            "день 2: 07.12 22:00 — 09.12 22:00",
            "different_lengths",
        ),
        ("день 48ч, старт 06.12 18:00, старт 07.12 18:00", 1, "старт 07.12 18:00", "two_starts"),
    ],
)
def test_an_error_names_its_line_a_setup_18(text: str, line: int, item: str, reason: str) -> None:
    with pytest.raises(Rejected) as refused:
        parse(text, NOW)
    assert refused.value.code == "bad_schedule"
    assert refused.value.params == {"line": line, "item": item, "reason": reason}
    assert f"строка {line}" in explain(refused.value, "ru")
    assert f"line {line}" in explain(refused.value, "en")


def _form(text: str) -> dict[str, object]:
    roles = ["BOSS", "DOCTOR", "SHERIFF", "PV"]
    return {
        "players": [{"name": f"p{i}", "role": r} for i, r in enumerate(roles)],
        "schedule_text": text,
        "day_seconds": 600,
    }


def test_the_creation_form_takes_the_text_a_setup_18() -> None:
    opening = AndorraSite().open_room(_form("день 48ч, ночь 24ч, старт 06.12 18:00 МСК"), NOW)
    assert opening.setup["schedule"] == {
        "start": ms(2026, 12, 6, 18, 0),
        "day_ms": 48 * H,  # the text wins over the length field
        "night_ms": 24 * H,
    }
    site = AndorraSite()
    names = [str(n) for n in opening.players]
    state = site.make_game().setup(site.build_config(names, None, opening.setup), 1)
    assert state.game.deadline == ms(2026, 12, 8, 18, 0)  # Day 1 ends 48 h after the start
    assert "08.12 18:00" in schedule_line(state.game, "ru")


def test_a_schedule_whose_first_day_is_over_is_refused_a_setup_18() -> None:
    with pytest.raises(Rejected) as refused:
        AndorraSite().open_room(_form("день 2ч, старт 01.12 18:00"), NOW)
    assert refused.value.params["reason"] == "day_one_over"
    assert refused.value.text is not None and "уже закончился" in refused.value.text["ru"]
