"""The simulator's shortcuts change no game: a bot's ``tap`` (a scene tap answered from the
public view) sends and remembers what its ``act`` would, ``Rng.below_many`` draws what
repeated ``below`` calls draw, and the bots' ``BlockRng`` draws what ``Rng`` draws
(docs/benchmarks.md, issue 21)."""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.engine import Rng
from nightfall.games.heks.bots import BOTS, TableTalk, play_game
from nightfall.games.heks.bots.base import Action, Bot
from nightfall.games.heks.bots.draws import BLOCK, BlockRng
from nightfall.games.heks.tables import SIDE


class ActOnly:
    """A bot with its ``tap`` hidden: the driver must ask ``act`` with the whole view."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def act(self, view: dict[str, Any], rng: Rng, talk: TableTalk) -> list[Action]:
        return self.bot.act(view, rng, talk)


def _log(players: int, seed: int, bots: dict[str, str], hide_taps: bool) -> list[Any]:
    def make(_seat: int, role: str) -> Bot:
        bot = BOTS[bots[SIDE[role]]]()
        return ActOnly(bot) if hide_taps else bot

    rec = play_game({"players": [f"P{i}" for i in range(players)], "mode": "timed"}, seed, make)
    return [[c.to_json() for c in rec.transcript.commands], rec.rejected, rec.state.result]


@pytest.mark.parametrize(
    "bots",
    [
        dict.fromkeys(("village", "witch", "solo"), "heuristic"),
        dict.fromkeys(("village", "witch", "solo"), "strong"),
        {"village": "heuristic", "witch": "strong", "solo": "random"},
    ],
)
@pytest.mark.parametrize("players", [5, 8, 12])
def test_taps_send_what_act_would_send(bots: dict[str, str], players: int) -> None:
    # H-EVE-2, H-START-1, H-DIS-2/3 (the tap scenes); H-SEE-1 and H-PP-1 (the Seer and the
    # Pickpocket act in the discussion, and the Seer announces her checks in any scene)
    for seed in range(4):
        assert _log(players, seed, bots, hide_taps=False) == _log(players, seed, bots, hide_taps=True)


def test_the_check_fails_when_a_tap_differs_from_act() -> None:
    class Lazy:  # taps nothing: every scene runs to its deadline instead
        def __init__(self) -> None:
            self.bot = BOTS["heuristic"]()

        def act(self, view: dict[str, Any], rng: Rng, talk: TableTalk) -> list[Action]:
            return self.bot.act(view, rng, talk)

        def tap(self, public: dict[str, Any], command: str, owes: bool) -> list[Action] | None:
            return []

    config = {"players": [f"P{i}" for i in range(6)], "mode": "timed"}
    lazy = play_game(config, 1, lambda _seat, _role: Lazy())
    plain = play_game(config, 1, lambda _seat, _role: BOTS["heuristic"]())
    assert [c.to_json() for c in lazy.transcript.commands] != [c.to_json() for c in plain.transcript.commands]


@pytest.mark.parametrize("n", [1, 2, 3, 7, 100, 2**63 + 5])
def test_below_many_draws_what_below_draws(n: int) -> None:
    for seed in range(50):
        for k in (0, 1, 5, 13):
            many, one = Rng.from_seed(seed), Rng.from_seed(seed)
            assert many.below_many(n, k) == [one.below(n) for _ in range(k)]
            assert many.state == one.state


def test_the_bots_block_rng_draws_what_rng_draws() -> None:
    # across several blocks (BLOCK outputs each), with rejections possible for huge n
    for seed in (0, 1, 2**64 - 1, 0x5EED, 12345678901234567):
        plain, block = Rng.from_seed(seed), BlockRng.from_seed(seed)
        for _ in range(3 * BLOCK // 20):
            for n in (1, 2, 3, 100, 2**63 + 5):
                assert block.below(n) == plain.below(n)
                assert block.below_many(n, 7) == plain.below_many(n, 7)
            assert block.choice("abcdefg") == plain.choice("abcdefg")
            assert block.sample(range(12), 4) == plain.sample(range(12), 4)
        with pytest.raises(ValueError):
            block.below(0)


def test_the_cover_table_holds_what_kuhns_matching_finds() -> None:
    """The strong bots' team cover looked up by the multiset of the members' can-masks
    (``team_cover``) equals ``strong_moves._matching`` for every multiset of up to four
    members, in either member order (docs/benchmarks.md, issue 34 §2)."""
    from itertools import combinations_with_replacement

    from nightfall.games.heks.bots.strong_moves import _matching
    from nightfall.games.heks.bots.team_cover import TABLE_K, cover_value, member_code

    checked = 0
    for k in range(1, TABLE_K + 1):
        for masks in combinations_with_replacement(range(1 << k), k):
            code = sum(member_code(m) for m in masks)
            for order in (masks, masks[::-1]):
                can = tuple(tuple(i for i in range(k) if m >> i & 1) for m in order)
                assert cover_value(code) == _matching(can)[0], (masks, order)
            checked += 1
    assert checked == 2 + 10 + 120 + 3876
