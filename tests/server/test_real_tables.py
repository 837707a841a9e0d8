"""What real tables did with a deck (issue 34 §3): every finished game is counted under
its deck, the lobby of any room about to deal that deck shows it, and a restarted server
reads it back from the store. Played with the toy game, whose "deck" is its target (the
Heks deck key is checked in tests/games/heks/test_outcomes.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from nightfall.games.interface import Tally

from .conftest import Serve
from .harness import table
from .test_evening import play_to
from .toy import ToyAdapter

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


class CountedToy(ToyAdapter):
    """The toy game with a record per target: the target stands in for a deck."""

    def tally(self, result: Mapping[str, Any]) -> Tally | None:
        return Tally(deck=f"target={result['total']}", side="first", days=1)

    def deck_key(self, seated: int, settings: Mapping[str, Any]) -> str | None:
        return f"target={settings['target']}" if seated >= self.min_players else None


async def test_a_finished_game_shows_in_every_lobby_of_its_deck_and_after_a_restart(serve: Serve) -> None:
    catalog = {"toy": CountedToy()}
    first = await serve(catalog=catalog)
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("settings", target=3)
    assert anna.state["room"]["real_tables"] is None  # nothing ended here yet
    await anna.lobby("start")
    await play_to(bram, 3)
    state = await anna.state_where(lambda s: s["room"]["status"] == "ended")
    assert state["room"]["real_tables"] == {"games": 1, "sides": {"first": 1}, "mean_days": 1.0}

    # Another room: nothing for another deck; the same deck shows the game.
    _, _, (cas, dewi) = await table(first, ["Cas", "Dewi"])
    assert cas.state["room"]["real_tables"] is None  # target 100
    await cas.lobby("settings", target=3)
    state = await dewi.state_where(lambda s: s["room"]["settings"]["target"] == 3)
    assert state["room"]["real_tables"] == {"games": 1, "sides": {"first": 1}, "mean_days": 1.0}
    await cas.lobby("start")
    playing = await dewi.state_where(lambda s: s["room"]["status"] == "playing")
    assert playing["room"]["real_tables"] is None  # only between games
    await play_to(dewi, 4)  # one add of 4: the toy's tally names it "target=4", another deck
    ended = await cas.state_where(lambda s: s["room"]["status"] == "ended")
    assert ended["room"]["real_tables"]["games"] == 1  # still target 3's one game
    await first.stop()

    second = await serve(catalog=catalog)
    anna2 = await second.connect(code, seats[0]["token"])
    assert anna2.state["room"]["real_tables"] == {"games": 1, "sides": {"first": 1}, "mean_days": 1.0}
    tallies = second.app.state.rooms.options.tallies
    assert tallies.total() == 2 and set(tallies.decks("toy")) == {"target=3", "target=4"}
