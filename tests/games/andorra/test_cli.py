"""The CLI and the complete example of docs/andorra-cli.md (issue 4, item 6)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nightfall.cli import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "andorra-cli.md"


def _files() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    return dict(re.findall(r"```yaml file=(\S+)\n(.*?)```", text, re.S))


def _expected() -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(r"```text expected\n(.*?)```", text, re.S)
    assert m
    return m.group(1)


def test_doc_example_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # A-REPORT-3
    for name, body in _files().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    game = str(tmp_path / "game.json")
    assert main(["andorra", "new", str(tmp_path / "setup.yaml"), "-o", game]) == 0
    assert "Подарки Феи:" in capsys.readouterr().out  # A-SETUP-17
    assert main(["andorra", "day", game, str(tmp_path / "day1.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Kira: Kira (нарушение: голос за себя)" in out
    assert main(["andorra", "night", game, str(tmp_path / "night1.yaml")]) == 0
    out = capsys.readouterr().out
    assert _expected() in out
    assert "[клан cops] Gleb: Anna — Босс мафии. Выстрел: удачно." in out
    assert "[Kira] Ваша новая роль: Мэр города." in out
    assert "[b]Сел:[/b]" in out
    assert main(["replay", game]) == 0  # the game file is a transcript


def test_bad_move_names_file_line_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # A-MOVE-6
    for name, body in _files().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    game = tmp_path / "game.json"
    main(["andorra", "new", str(tmp_path / "setup.yaml"), "-o", str(game)])
    main(["andorra", "day", str(game), str(tmp_path / "day1.yaml")])
    before = game.read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "moves:\n  - {player: Anna, action: SHOOT, target: Gleb}\n  - {player: Boris, action: HEAL, "
        "target: Egor}\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["andorra", "night", str(game), str(bad)]) == 2
    err = capsys.readouterr().err
    assert (
        f"{bad}:3: moves[1]: Ход «лечить» не входит в ходы роли «Рядовой мафиози» игрока Boris."
        " [not_your_move, A-MOVE-6]" in err
    )
    assert game.read_text(encoding="utf-8") == before  # nothing changes


def test_malformed_yaml_reports_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "setup.yaml"
    bad.write_text("players:\n  - {nick: A, role: BOSS\n  - x: [\n", encoding="utf-8")
    assert main(["andorra", "new", str(bad), "-o", str(tmp_path / "g.json")]) == 2
    err = capsys.readouterr().err
    assert re.search(rf"{re.escape(str(bad))}:\d+: yaml:", err)
    assert not (tmp_path / "g.json").exists()


def test_unknown_player_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, body in _files().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    game = tmp_path / "game.json"
    main(["andorra", "new", str(tmp_path / "setup.yaml"), "-o", str(game)])
    bad = tmp_path / "votes.yaml"
    bad.write_text("votes:\n  - {voter: Anna, target: Nobody}\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["andorra", "day", str(game), str(bad)]) == 2
    assert f"{bad}:2: votes[0].target: unknown player 'Nobody'" in capsys.readouterr().err


def test_invalid_role_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # A-SETUP-2
    bad = tmp_path / "setup.yaml"
    bad.write_text(
        "players:\n  - {nick: A, role: BOSS}\n  - {nick: B, role: BOSS}\n  - {nick: C, role: PV}\n",
        encoding="utf-8",
    )
    assert main(["andorra", "new", str(bad), "-o", str(tmp_path / "g.json")]) == 2
    assert (
        "Роль «Босс мафии» может быть в игре только одна. [duplicate_role, A-SETUP-2]"
        in capsys.readouterr().err
    )


def _run_second_example(tmp_path: Path) -> str:
    for name, body in _files().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    game = str(tmp_path / "g2.json")
    assert main(["andorra", "new", str(tmp_path / "setup2.yaml"), "-o", game]) == 0
    assert main(["andorra", "day", game, str(tmp_path / "day2-1.yaml")]) == 0
    assert main(["andorra", "night", game, str(tmp_path / "night2-1.yaml")]) == 0
    return game


def test_several_answers_and_nicks_in_parameters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A-ROLE-PV-6, A-RECRUIT-3, A-ROLE-JOURNALIST-4, A-ROLE-REANIMATOR-4, A-ROLE-REBEL-9, A-SETUP-1a:
    one PV answers two questions in one night; nicks name players in parameters."""
    game = _run_second_example(tmp_path)
    out = capsys.readouterr().out
    assert "[Kira] Ваша новая роль: Журналист." in out
    assert "[Kira] Вы завербованы в клан мафии. Ваша роль: Журналист-рядовой. Члены клана: Anna, Rita." in out
    assert "[Egor] Вас реанимировали." in out
    import json

    commands = json.loads(Path(game).read_text(encoding="utf-8"))["commands"]
    rebel = next(c for c in commands if c.get("payload", {}).get("action") == "REBEL_VOTES")
    assert rebel["payload"]["params"] == {"mapping": {"1": 8}}
    assert [c["payload"]["answer"] for c in commands if c["type"] == "answer"][-2:] == ["JOURNALIST", "да"]


def test_override_validation_and_a_leftover_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A-SETUP-2: the host may override the role list checks; an answer nobody asked for is an error."""
    setup = tmp_path / "s.yaml"
    setup.write_text(
        "override_validation: true\nplayers:\n  - {nick: A, role: BOSS}\n  - {nick: B, role: Босс мафии}\n"
        "  - {nick: C, role: PV}\n  - {nick: D, role: INVESTIGATOR}\n",
        encoding="utf-8",
    )
    game = str(tmp_path / "g.json")
    assert main(["andorra", "new", str(setup), "-o", game]) == 0
    votes = tmp_path / "v.yaml"
    votes.write_text("votes: []\n", encoding="utf-8")
    assert main(["andorra", "day", game, str(votes)]) == 0
    night = tmp_path / "n.yaml"
    night.write_text("moves: []\nanswers:\n  C: MAYOR\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["andorra", "night", game, str(night)]) == 2
    assert "answers.C: no question left for ['MAYOR']" in capsys.readouterr().err


def test_gifted_poison_is_poison_as_appendix_c_says(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A-ITEM-POISON-3, A-ITEM-POISON-3a: a PV with a gifted bottle sends POISON."""
    setup = tmp_path / "s.yaml"
    setup.write_text(
        "players:\n  - {nick: A, role: BOSS}\n  - {nick: B, role: PV}\n  - {nick: C, role: PV}\n"
        "  - {nick: D, role: DOCTOR}\n  - {nick: E, role: MANIAC}\ngifts: {B: яд, C: DIPLOMA}\n",
        encoding="utf-8",
    )
    game = str(tmp_path / "g.json")
    assert main(["andorra", "new", str(setup), "-o", game]) == 0
    votes = tmp_path / "v.yaml"
    votes.write_text("votes: []\n", encoding="utf-8")
    assert main(["andorra", "day", game, str(votes)]) == 0
    night = tmp_path / "n.yaml"
    night.write_text("moves:\n  - {player: B, action: POISON, target: E}\n", encoding="utf-8")
    assert main(["andorra", "night", game, str(night)]) == 0
    assert "[B] Результат хода: удачно." in capsys.readouterr().out


def test_documented_action_codes_are_the_engines() -> None:
    """A-MOVE-1, Appendix C: every action code the CLI document names is one the engine accepts."""
    from nightfall.games.andorra.roles.actions import ACTIONS

    text = DOC.read_text(encoding="utf-8")
    in_yaml = set(re.findall(r"action: ([A-Z_]+)", text))
    section = text.split("## MOVES.yaml", 1)[1].split("## A complete example", 1)[0]
    named = {c for c in re.findall(r"`([A-Z][A-Z_]{3,})`", section)}
    assert in_yaml and named
    assert sorted((in_yaml | named) - set(ACTIONS)) == []


def test_the_cli_prints_the_shmaras_question(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A-ROLE-SHMARA-5a: the Shmara's question (the victim's things) is printed with the night's
    messages, as the PV's is (issue 32 §4)."""
    setup = tmp_path / "s.yaml"
    setup.write_text(
        "players:\n  - {nick: Sima, role: SHMARA}\n  - {nick: Anna, role: BOSS}\n  - {nick: Petr, role: PV}\n"
        "  - {nick: Olga, role: PV}\n  - {nick: Doc, role: DOCTOR}\n  - {nick: Vlad, role: VAMPIRE}\n",
        encoding="utf-8",
    )
    game = str(tmp_path / "g.json")
    assert main(["andorra", "new", str(setup), "-o", game]) == 0
    votes = tmp_path / "v.yaml"
    votes.write_text("votes: []\n", encoding="utf-8")
    assert main(["andorra", "day", game, str(votes)]) == 0
    night = tmp_path / "n.yaml"
    night.write_text(
        "moves:\n  - {player: Sima, action: SHMARA_CLONIDINE, target: Anna}\nanswers:\n  Sima: бронежилет\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["andorra", "night", game, str(night)]) == 0
    out = capsys.readouterr().out
    assert "[Sima] Вещи Anna: пистолет, бронежилет. Вы забрали: бронежилет." in out, out  # A-MSG-4a
    assert "У вас пропал предмет: бронежилет." in out
