"""Every game's seed comes from ``deal_seed.game_seed``, which test servers fix from outside
(tests/seeded_serve.py) so that a browser test meets one known deal (issue 33 §6)."""

from __future__ import annotations

import pytest

from nightfall.server import deal_seed
from tests import seeded_serve


def test_a_real_server_draws_a_fresh_seed_for_every_game() -> None:
    seeds = {deal_seed.game_seed(1) for _ in range(20)}
    assert len(seeds) == 20
    assert all(0 <= s < 1 << 63 for s in seeds)


def test_a_seeded_test_server_gives_game_n_the_seed_plus_n(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deal_seed, "game_seed", deal_seed.game_seed)  # put back afterwards
    seeded_serve.fixed_seeds(1234)
    assert [deal_seed.game_seed(n) for n in (1, 1, 2)] == [1235, 1235, 1236]


def test_the_seeded_launcher_wants_its_seed_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert seeded_serve.main(["serve"]) == 2
    assert "usage" in capsys.readouterr().err
