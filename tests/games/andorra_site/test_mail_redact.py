"""A-MAIL-2, A-MAIL-3: a transcript taken from the store (``nightfall replay --room --save``, a
bug report) carries neither the host's SMTP password nor a player's address, and still replays
to the views the table saw (but for the stand-ins in the player's own mail line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightfall.cli import main
from nightfall.engine import HOST, Command, Transcript, kernel
from nightfall.games.andorra.site import AndorraSiteGame
from nightfall.games.andorra.site.hosting import AndorraSite
from nightfall.store import GameRecord, RoomRecord, SqliteStore

from .test_view_memo import CAST

SECRET, ADDRESS = "hunter2-smtp", "kira.private@example.org"


def test_a_stored_games_transcript_has_no_mail_secret_and_replays_the_same(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = AndorraSiteGame()
    config = {"players": [n for n, _ in CAST], "roles": [r for _, r in CAST]}
    commands = [
        Command(
            HOST,
            "mail_settings",
            {
                "host": "smtp.example.org",
                "port": 587,
                "user": "u",
                "password": SECRET,
                "sender": "h@example.org",
            },
            1,
        ),
        Command(2, "mail_address", {"address": ADDRESS}, 2),
        Command(3, "vote", {"target": None}, 3),
    ]
    state = game.setup(config, 5)
    for c in commands:
        kernel.apply(game, state, c)
    path = tmp_path / "nightfall.sqlite3"
    store = SqliteStore(path)
    store.create_room(RoomRecord("MAIL", "andorra", "playing", {}, 1), GameRecord(1, config, 5, []))
    for seq, c in enumerate(commands):
        store.append("MAIL", 1, seq, c, 2 + seq)
    store.close()

    saved = tmp_path / "bug.json"
    assert (
        main(["replay", "--room", "MAIL", "--store", str(path), "--save", str(saved), "--viewer", "host"])
        == 0
    )
    capsys.readouterr()
    text = saved.read_text(encoding="utf-8")
    assert SECRET not in text and ADDRESS not in text
    transcript = Transcript.loads(text)
    again = game.setup(transcript.config, transcript.seed)
    for c in transcript.commands:
        kernel.apply(game, again, c)
    assert game.view(again, HOST) == game.view(state, HOST)  # the desk: password set, one opted in
    for seat in range(1, len(CAST) + 1):
        mine, replayed = game.view(state, seat), game.view(again, seat)
        if seat == 2:
            assert mine["me"].pop("mail") == ADDRESS and replayed["me"].pop("mail") != ADDRESS
        assert json.dumps(mine, sort_keys=True) == json.dumps(replayed, sort_keys=True)
    assert AndorraSite().redact(commands[2]) is commands[2]  # nothing else is touched
