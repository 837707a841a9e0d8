"""``nightfall andorra new|day|night``: Andorra Mafia for hosts who play on the forum.

The game file is an engine transcript (JSON): each run replays it, applies the
new day's votes or night's moves, prints the results and appends the new
commands. Nothing is written when the input is rejected. See docs/andorra-cli.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from nightfall.engine import HOST, Command, Rejected, Transcript, kernel
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.items import GIFT_LIST, ITEM_NAMES
from nightfall.games.andorra.reasons import explain
from nightfall.games.andorra.roles.catalogue import role_code
from nightfall.games.andorra.state import AndorraState
from nightfall.games.andorra.view import render_messages

GAME = AndorraGame()


class InputError(Exception):
    """A problem in a YAML input file, with the file, line and field."""

    def __init__(self, path: str, line: int | None, field: str, msg: str) -> None:
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {field}: {msg}")


class _Loader(yaml.SafeLoader):
    """Keeps the line of every mapping key so errors can point at the field."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> dict[str, Any]:
    out = LineDict()
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    out.line = node.start_mark.line + 1
    return out


class LineDict(dict[Any, Any]):
    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[Any, int] = {}
        self.line = 0


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: str) -> Any:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(path, None, "file", str(exc)) from exc
    try:
        return yaml.load(text, Loader=_Loader)  # a SafeLoader subclass: no arbitrary objects
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        raise InputError(path, mark.line + 1 if mark else None, "yaml", str(exc.problem)) from exc


def _line(obj: Any, key: str | None = None) -> int | None:
    if isinstance(obj, LineDict):
        return obj.lines.get(key, obj.line) if key is not None else obj.line
    return None


def _plain(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_plain(v) for v in obj]
    return obj


def _reason(exc: Rejected) -> str:
    """The refusal as a Russian sentence, then its code and rule for the host who looks it up."""
    return f"{explain(exc)} [{exc.code}, {exc.rule}]" if exc.rule else f"{explain(exc)} [{exc.code}]"


# ----- game files -----------------------------------------------------------
def _load_game(path: str) -> tuple[Transcript, AndorraState]:
    try:
        t = Transcript.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(path, None, "game", str(exc)) from exc
    state = GAME.setup(t.config, t.seed)
    for c in t.commands:
        kernel.apply(GAME, state, c)
    return t, state


def _seat_of(state: AndorraState, nick: Any, path: str, line: int | None, field: str) -> int:
    nicks = [p.nick for p in state.world.players]
    if isinstance(nick, int) and 1 <= nick <= len(nicks):
        return nick
    if nick not in nicks:
        raise InputError(path, line, field, f"unknown player {nick!r}")
    return nicks.index(nick) + 1


class _Run:
    def __init__(self, t: Transcript, state: AndorraState, path: str) -> None:
        self.t, self.state, self.path = t, state, path
        self.now = max((c.now for c in t.commands), default=0)

    def do(self, actor: Any, type_: str, line: int | None, field: str, **payload: Any) -> None:
        self.now += 1
        cmd = Command(actor, type_, payload, self.now)
        try:
            kernel.apply(GAME, self.state, cmd)
        except Rejected as exc:
            raise InputError(self.path, line, field, _reason(exc)) from exc
        self.t.commands.append(cmd)


# ----- subcommands ------------------------------------------------------------
def cmd_new(args: argparse.Namespace) -> int:
    data = load_yaml(args.setup)
    if not isinstance(data, dict):
        raise InputError(args.setup, 1, "setup", "a mapping expected")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise InputError(args.setup, _line(data, "players"), "players", "a list of {nick, role}")
    nicks, roles = [], []
    for i, row in enumerate(players):
        if not isinstance(row, dict) or "nick" not in row or "role" not in row:
            raise InputError(
                args.setup, _line(row) or _line(data, "players"), f"players[{i}]", "needs nick and role"
            )
        nicks.append(str(row["nick"]))
        roles.append({"role": str(row["role"]), "clan": row.get("clan")})
    config: dict[str, Any] = {"players": nicks, "roles": roles}
    for key in ("two_clans", "options", "schedule", "shuffle", "override_validation"):
        if key in data:
            config[key] = _plain(data[key])
    if "gifts" in data:
        gifts = data["gifts"] or {}
        for k, v in gifts.items():
            if _item(v) not in GIFT_LIST:
                raise InputError(args.setup, _line(gifts, k), f"gifts.{k}", f"не подарок Феи: {v!r}")
        config["gifts"] = {
            str(nicks.index(k) + 1) if k in nicks else str(k): str(_item(v)) for k, v in gifts.items()
        }
    seed = data.get("seed", 1)
    if not isinstance(seed, int):
        raise InputError(args.setup, _line(data, "seed"), "seed", "an integer")
    try:
        state = GAME.setup(config, seed)
    except Rejected as exc:
        field = str(exc.params.get("field", "roles"))
        raise InputError(
            args.setup,
            _line(data, field.split("[")[0]) or _line(data, "players"),
            field,
            _reason(exc),
        ) from exc
    t = Transcript(game="andorra", config=config, seed=seed)
    Path(args.game).write_text(t.dumps(), encoding="utf-8")
    print(GAME.view(state, "public")["first_post"])
    return 0


def cmd_day(args: argparse.Namespace) -> int:
    t, state = _load_game(args.game)
    data = load_yaml(args.votes)
    if not isinstance(data, dict):
        raise InputError(args.votes, 1, "votes", "a mapping expected")
    run = _Run(t, state, args.votes)
    for name in data.get("penalties") or []:
        seat = _seat_of(state, name, args.votes, _line(data, "penalties"), "penalties")
        run.do(HOST, "penalty", _line(data, "penalties"), "penalties", seat=seat)
    votes = data.get("votes") or []
    if not isinstance(votes, list):
        raise InputError(args.votes, _line(data, "votes"), "votes", "a list")
    for i, v in enumerate(votes):
        line = _line(v)
        if not isinstance(v, dict) or "voter" not in v:
            raise InputError(args.votes, line or _line(data, "votes"), f"votes[{i}]", "needs voter")
        voter = _seat_of(state, v["voter"], args.votes, _line(v, "voter"), f"votes[{i}].voter")
        target = None
        if v.get("target") is not None:
            target = _seat_of(state, v["target"], args.votes, _line(v, "target"), f"votes[{i}].target")
        run.do(
            voter,
            "edit_vote" if v.get("edit") else "vote",
            line,
            f"votes[{i}]",
            target=target,
            ts=int(v.get("ts", i + 1)),
        )
    run.do(HOST, "end_day", _line(data), "end_day")
    Path(args.game).write_text(t.dumps(), encoding="utf-8")
    nicks = {p.seat: p.nick for p in state.world.players}
    print(f"День {state.world.day}: лог голосования")
    for e in GAME.view(state, "public")["vote_log"]:
        if e["kind"] == "PENALTY":
            why = e.get("reason")
            print(f"+1 {nicks[e['target']]} (штраф)" + (f" — {why['ru']}" if why else ""))
        else:
            tgt = "пустой голос" if e["target"] is None else nicks[e["target"]]
            void = f" (нарушение: {e['void_ru']})" if e["kind"] == "VOID" else ""
            print(f"{nicks[e['voter']]}: {tgt}{void}")
    return 0


def _item(value: Any) -> Any:
    """An item by code or by its Russian or English name («визитка шерифа» → CARD_SHERIFF)."""
    if isinstance(value, str):
        folded = value.strip().casefold().replace("ё", "е")
        for code, (ru, en) in ITEM_NAMES.items():
            if folded in (code.casefold(), ru.casefold().replace("ё", "е"), en.casefold()):
                return code
    return value


def _params(
    state: AndorraState, params: dict[str, Any], path: str, line: int | None, field: str
) -> dict[str, Any]:
    """Nicks wherever a player is named (Telepath, Vampire, Swindler, Rebel, Reanimator),
    item and role names wherever an item or a role is named (Fairy, Shmara, Prosecutor)."""

    def seat(value: Any, key: str) -> int:
        return _seat_of(state, value, path, line, f"{field}.{key}")

    for key in ("vote", "new_target", "all"):
        if params.get(key) is not None:
            params[key] = seat(params[key], key)
    for ch in params.get("changes") or []:
        if isinstance(ch, dict):
            ch["voter"] = seat(ch.get("voter"), "changes")
            if ch.get("target") is not None:
                ch["target"] = seat(ch["target"], "changes")
    if isinstance(params.get("mapping"), dict):  # the Rebel: voter -> candidate, by nick or seat
        params["mapping"] = {
            str(seat(voter, "mapping")): seat(cand, "mapping") for voter, cand in params["mapping"].items()
        }
    if isinstance(params.get("prefer"), list):  # the Reanimator's preference list
        params["prefer"] = [seat(v, "prefer") for v in params["prefer"]]
    if "gift" in params:
        params["gift"] = _item(params["gift"])
    if isinstance(params.get("take"), list):
        params["take"] = [_item(v) for v in params["take"]]
    if isinstance(params.get("role"), str):
        params["role"] = role_code(params["role"]) or params["role"]
    return params


def _answer(
    state: AndorraState, pr: dict[str, Any], ans: Any, path: str, line: int | None, field: str
) -> Any:
    """A prompt's answer as the host writes it: a nick, a role or item name, «да»/«нет»."""
    if ans is None:
        return None
    if pr["kind"] == "REANIMATE":
        return _seat_of(state, ans, path, line, field)
    if isinstance(ans, str) and ans not in pr["options"]:
        for cand in (role_code(ans), _item(ans)):
            if cand in pr["options"]:
                return cand
    return ans


def cmd_night(args: argparse.Namespace) -> int:
    t, state = _load_game(args.game)
    data = load_yaml(args.moves)
    if not isinstance(data, dict):
        raise InputError(args.moves, 1, "moves", "a mapping expected")
    run = _Run(t, state, args.moves)
    moves = data.get("moves") or []
    if not isinstance(moves, list):
        raise InputError(args.moves, _line(data, "moves"), "moves", "a list")
    for i, m in enumerate(moves):
        line = _line(m)
        if not isinstance(m, dict) or "player" not in m or "action" not in m:
            raise InputError(
                args.moves, line or _line(data, "moves"), f"moves[{i}]", "needs player and action"
            )
        player = _seat_of(state, m["player"], args.moves, _line(m, "player"), f"moves[{i}].player")
        by = _seat_of(state, m.get("by", m["player"]), args.moves, _line(m, "by"), f"moves[{i}].by")
        target = None
        if m.get("target") is not None:
            target = _seat_of(state, m["target"], args.moves, _line(m, "target"), f"moves[{i}].target")
        params = _params(
            state, _plain(m.get("params") or {}), args.moves, _line(m, "params"), f"moves[{i}].params"
        )
        run.do(
            by,
            "move",
            line,
            f"moves[{i}]",
            player=player,
            action=str(m["action"]),
            target=target,
            params=params,
        )
    run.do(HOST, "end_night", _line(data), "end_night")
    answers = data.get("answers") or {}
    # A player may be asked several questions in one night (a PV who picks a role and is also
    # offered recruitment): a list answers his questions in the order they are asked.
    queues = {nick: list(a) if isinstance(a, list) else [a] for nick, a in answers.items()}
    while state.phase == "RESOLVING":
        assert state.pending is not None
        for pr in list(state.pending["prompts"]):
            nick = "host" if pr["seat"] == 0 else state.world.player(pr["seat"]).nick
            line, field = _line(answers, nick) or _line(data), f"answers.{nick}"
            if queues.get(nick):
                ans = _answer(state, pr, queues[nick].pop(0), args.moves, line, field)
            else:
                ans = pr["default"]  # an unanswered question takes its default
            run.do(HOST, "answer", line, field, prompt=pr["id"], answer=ans)
            if state.phase != "RESOLVING":
                break
    for nick, rest in queues.items():
        if rest:
            raise InputError(
                args.moves, _line(answers, nick), f"answers.{nick}", f"no question left for {rest!r}"
            )
    run.do(HOST, "publish", _line(data), "publish")
    Path(args.game).write_text(t.dumps(), encoding="utf-8")
    _print_morning(state)
    return 0


def _print_morning(state: AndorraState) -> None:
    v = GAME.view(state, "all")
    post = v["posts"][-1]
    print("=== Утренний пост ===")
    print(post["ru"])
    print("\n=== BBCode ===")
    print(post["bbcode"])
    print("\n=== Личные сообщения ===")
    day = post["day"]
    msgs = [m for m in render_messages(state, "all") if m["day"] == day]
    for m in msgs:
        to = f"клан {m['channel']}" if m["channel"] or m["to"] is None else state.world.player(m["to"]).nick
        print(f"[{to}] {m['ru']}")


def register(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse._SubParsersAction[argparse.ArgumentParser]:
    """``nightfall andorra new|day|night``; the subcommands' parser, for ``thread`` (cli.py)."""
    p = sub.add_parser("andorra", help="Andorra Mafia for forum hosts (see docs/andorra-cli.md)")
    s = p.add_subparsers(dest="andorra_command", required=True)
    n = s.add_parser("new", help="create a game file from SETUP.yaml")
    n.add_argument("setup")
    n.add_argument("-o", "--game", default="game.json", help="the game file to write (default game.json)")
    n.set_defaults(func=_wrap(cmd_new))
    d = s.add_parser("day", help="record the day's votes and close the day")
    d.add_argument("game")
    d.add_argument("votes")
    d.set_defaults(func=_wrap(cmd_day))
    ni = s.add_parser("night", help="resolve the night and print the morning post and messages")
    ni.add_argument("game")
    ni.add_argument("moves")
    ni.set_defaults(func=_wrap(cmd_night))
    return s


def _wrap(fn: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            code: int = fn(args)
            return code
        except InputError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except Rejected as exc:
            print(f"error: {_reason(exc)}", file=sys.stderr)
            return 2

    return run
