"""Votes from the forum thread (issue 32 §1): the readers, the seed's §09 on a day's posts,
the alias table and fuzzy names, and the votes entering the log with their post times.
Fixtures: tests/games/andorra/thread_pages (see make_pages.py, make_discourse.py)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from nightfall.engine import HOST, Command, Rejected, kernel
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.state import AndorraState
from nightfall.games.andorra.tally import day_entries, swindler_window
from nightfall.games.andorra.thread.names import Names
from nightfall.games.andorra.thread.post import Post
from nightfall.games.andorra.thread.readers import fingerprint, merge, read_any
from nightfall.games.andorra.thread.votes import DayWindow, ThreadVote, as_json, read_votes

PAGES = Path(__file__).parent / "thread_pages"
URL = "https://forum.example/viewtopic.php?t=77"
NICKS = ["rubin1988", "Kassandra", "Серый Кардинал", "agent 51", "Oleg", "Мотя", "Лиса", "Deepcourier"]
ROLES = ["BOSS", "PV", "DOCTOR", "PSYCHO", "SWINDLER", "PV", "MANIAC", "PV"]
DEADLINE = int(datetime.fromisoformat("2026-12-06T21:00+03:00").timestamp() * 1000)
G = AndorraGame()


def page(name: str, url: str = URL) -> list[Post]:
    return read_any((PAGES / name).read_text(encoding="utf-8"), url)


def game() -> AndorraState:
    return G.setup({"players": NICKS, "roles": ROLES}, 1)


def window(state: AndorraState) -> DayWindow:
    nicks = {p.seat: p.nick for p in state.world.players}
    return DayWindow(nicks, {p.seat for p in state.world.alive()}, None, DEADLINE)


def table(votes: list[ThreadVote]) -> list[tuple[str, str | None, str | None, str | None, bool, str | None]]:
    nicks = dict(enumerate(NICKS, 1))
    return [
        (j["voter"], j["target"], j["void"], v.ignored, j["unmatched"], v.post)
        for v in votes
        for j in [as_json(v, nicks)]
    ]


# The day of the two phpBB pages (and of the BBCode multi-quote), case by case.
PHPBB_DAY = [
    ("Ведущий", "Голосование за посадку красным цветом", None, "NOT_PLAYER", True, "101"),
    ("rubin1988", "Kassandra", "REVOTE", None, False, "102"),  # A-THREAD-6: its second vote is 110
    ("Kassandra", "rubin1988", None, None, False, "103"),  # A-THREAD-3: the quoted red vote is not hers
    ("Серый Кардинал", "agent 51", None, None, False, "104"),  # #f00, and blue text to the host
    ("agent 51", "agent 51", "SELF", None, False, "105"),  # rgb(255, 0, 0)
    ("Мотя", "Kassandra", "MULTI", None, False, "106"),  # A-THREAD-4: two names in one post
    ("Deepcourier", "Kassandra", None, None, True, "107"),  # A-THREAD-5: case and a typo wait
    ("Oleg", "Лиса", "EDIT", None, False, "108"),  # an edited vote post
    ("Лиса", None, None, None, False, "109"),  # a blank red vote
    ("rubin1988", "Мотя", "REVOTE", None, False, "110"),
    ("Kassandra", "Мотя", None, "DELETED", False, "111"),
    ("Лиса", "Oleg", None, "LATE", False, "112"),  # A-THREAD-7, A-VOTE-1
]


def test_phpbb_pages_every_case() -> None:
    """A-THREAD-2, A-THREAD-3, A-THREAD-4, A-THREAD-5, A-THREAD-6, A-THREAD-7."""
    state = game()
    posts = merge([page("phpbb_page1.html"), page("phpbb_page2.html")])
    votes = read_votes(posts, window(state), Names(dict(enumerate(NICKS, 1))))
    assert table(votes) == PHPBB_DAY
    assert votes[3].blue == ["Ведущий, а Мотя с аватаркой?"]  # A-THREAD-2: blue is for the host
    assert votes[1].link == f"{URL}#p102"
    assert as_json(votes[1], dict(enumerate(NICKS, 1)))["time"] == "2026-12-06T07:05:00+00:00"


def test_phpbb_reader_parts() -> None:
    """A-THREAD-2, A-THREAD-3."""
    posts = {p.id: p for p in page("phpbb_page1.html")}
    assert posts["103"].red == ["rubin1988"]  # the blockquote's red «Kassandra» is left out
    assert posts["106"].red == ["Kassandra", "Oleg"]  # green «зелёным можно» ignored
    assert posts["101"].author == "Ведущий"  # a red-coloured admin name is not a red vote
    assert posts["108"].edited and not posts["107"].edited
    assert {p.id for p in page("phpbb_page2.html") if p.deleted} == {"111"}


def test_multiquote_bbcode_same_day() -> None:
    """A-THREAD-2, A-THREAD-3, A-THREAD-4: The host's multi-quote of the same posts reads the same, except what BBCode cannot
    show: the edit of 108 and the deleted 111 are not in it (the host left them out)."""
    posts = read_any((PAGES / "multiquote.bbcode").read_text(encoding="utf-8"), URL)
    votes = read_votes(posts, window(game()), Names(dict(enumerate(NICKS, 1))))
    expected = [r for r in PHPBB_DAY if r[5] not in ("101", "108", "111")]
    assert table(votes) == expected
    assert votes[0].link == f"{URL}#p102"


def test_discourse_topic_every_case() -> None:  # A-THREAD-2..7
    posts = read_any((PAGES / "discourse_topic.json").read_text(encoding="utf-8"), "https://forum.example")
    nicks = dict(enumerate(NICKS, 1))
    names = Names(nicks, {"Motya": 6, "Lisa": 7})  # the host's alias table
    votes = read_votes(posts, window(game()), names)
    got = table(votes)
    assert got == [
        ("host", "Голосование красным", None, "NOT_PLAYER", True, "501"),
        ("rubin1988", "Kassandra", "REVOTE", None, False, "502"),
        ("Kassandra", "rubin1988", None, None, False, "503"),
        ("Серый Кардинал", "agent 51", None, None, True, "504"),  # «Серый_Кардинал» waits
        ("agent 51", "agent 51", "SELF", None, True, "505"),
        ("Мотя", "Kassandra", "MULTI", None, False, "506"),
        ("Deepcourier", "Kassandra", None, None, True, "507"),
        ("Oleg", "Лиса", "EDIT", None, False, "508"),  # version 2
        ("Лиса", None, None, None, False, "509"),
        ("rubin1988", "Мотя", "REVOTE", None, False, "510"),
        # 511 was deleted by its author: Discourse replaced its text, no red is left
        ("Лиса", "Oleg", None, "LATE", False, "512"),
    ]
    assert votes[1].link == "https://forum.example/t/andorra-12/4242/2"
    assert votes[3].blue == ["Ведущий, вопрос."]


def test_two_names_in_one_red_span_are_two_votes() -> None:
    """A-THREAD-4: «Kassandra, Oleg» in one red span votes for two players, as two spans do:
    the post is void (MULTI), and nothing waits for the host to map the pair to one player
    (it blocked the whole import, and mapping it recorded a vote that should be void). A
    nick the whole span names is one vote however it is written, and a span whose parts
    name no two players is a name like any other."""
    nicks = dict(enumerate([*NICKS, "Ann, Bo"], 1))
    names = Names(nicks)
    day = DayWindow(nicks, set(nicks), None, DEADLINE)

    def vote(red: str, author: str = "Oleg") -> tuple[str | None, str | None, bool]:
        [v] = read_votes([Post("1", author, DEADLINE - 1, URL, red=[red])], day, names)
        j = as_json(v, nicks)
        return j["target"], j["void"], j["unmatched"]

    for red in (
        "Kassandra, Мотя",
        "Kassandra и Мотя",
        "Kassandra; Мотя",
        "kassandra, Мотя",
        "Kassandra/Мотя",
    ):
        assert vote(red)[1:] == ("MULTI", False), red
    assert vote("Ann, Bo") == ("Ann, Bo", None, False)  # a nick with a comma
    assert vote("ann, bo") == ("Ann, Bo", None, True)  # misspelt, still that nick: it waits
    assert vote("Kassandra, Kassandra") == ("Kassandra", None, False)  # one player
    assert vote("Kassandra, ну или кто-то") == ("Kassandra, ну или кто-то", None, True)  # waits


def test_names_exact_alias_fuzzy() -> None:
    """A-THREAD-5."""
    names = Names({1: "Kassandra", 2: "Серый Кардинал", 3: "agent 51", 4: "Kasandr"}, {"Кася": 1})
    assert (names.match("Kassandra").seat, names.match("Kassandra").exact) == (1, True)
    assert (names.match("Кася").seat, names.match("Кася").exact) == (1, True)  # an alias is exact
    m = names.match("KАSSANDRA")  # case and a Cyrillic А
    assert (m.seat, m.exact) == (1, False)
    assert (names.match("Серый_кардинал").seat, names.match("Серый_кардинал").exact) == (2, False)
    assert names.match("agent51").seat == 3 and not names.match("agent51").exact
    tied = names.match("Kasandra")  # one letter from both Kassandra and Kasandr: not guessed
    assert tied.seat is None and tied.candidates == [1, 4]
    assert names.match("Zorro").seat is None and names.match("Zorro").candidates == []


def _rows(votes: list[ThreadVote], posts: list[Post]) -> list[dict[str, Any]]:
    by_id = {p.id: p for p in posts}
    return [
        {
            "voter": v.voter,
            "target": v.target,
            "ts": v.time_ms,
            "post": v.link,
            "void": v.void if v.void in ("EDIT", "MULTI") else None,
            "digest": fingerprint(by_id[v.post]),
        }
        for v in votes
        if v.ignored is None
    ]


def _apply(state: AndorraState, votes: list[dict[str, Any]], now: int) -> None:
    kernel.apply(G, state, Command(HOST, "thread_votes", {"votes": votes}, now))


def _confirmed(posts: list[Post], state: AndorraState) -> list[dict[str, Any]]:
    names = Names(dict(enumerate(NICKS, 1)), {"deepcourier": 8, "Kasandra": 2})  # the host confirmed
    votes = read_votes(posts, window(state), names)
    assert not any(v.unmatched for v in votes if v.ignored is None)
    return _rows(votes, posts)


def test_confirmed_votes_enter_log_with_post_times() -> None:
    """A-THREAD-1, A-THREAD-6, A-VOTE-4, A-TALLY-7."""
    state = game()
    posts = merge([page("phpbb_page1.html"), page("phpbb_page2.html")])
    _apply(state, _confirmed(posts, state), 1)
    log = G.view(state, "public")["vote_log"]
    assert [(e["voter"], e["target"], e["kind"], e["void_reason"]) for e in log] == [
        (1, 2, "VOID", "REVOTE"),
        (2, 1, "VOTE", None),
        (3, 4, "VOTE", None),
        (4, 4, "VOID", "SELF"),
        (6, 2, "VOID", "MULTI"),
        (8, 2, "VOTE", None),
        (5, 7, "VOID", "EDIT"),
        (7, None, "BLANK", None),
        (1, 6, "VOID", "REVOTE"),
    ]
    assert [e["ts"] for e in log] == sorted(e["ts"] for e in log)
    assert log[0]["ts"] == int(datetime.fromisoformat("2026-12-06T10:05+03:00").timestamp() * 1000)
    entries, _ = day_entries(state.world, 1, state.votes)
    window5, _ = swindler_window(entries, len(entries))  # «последние пять» by the thread's times
    # 8 in game: the last three valid votes by post time (A-TALLY-7): 104, 107, 109
    assert window5 == [3, 8, 7]
    kernel.apply(G, state, Command(HOST, "end_day", {}, 2))
    kernel.apply(G, state, Command(HOST, "end_night", {}, 3))
    assert state.pending is not None
    penalties = state.pending_world.penalties["2"] if state.pending_world else []
    assert penalties == [1, 4, 5, 6]  # A-VOTE-4: revote, self, edit, several names


def test_reimport_adds_only_new_and_notices_edits() -> None:
    """A-THREAD-8."""
    state = game()
    first = page("phpbb_page1.html")
    for p in first:
        p.edited = False  # page 1 read before Oleg edited his post
    _apply(state, _confirmed(first, state), 1)
    assert len(state.votes) == 7 and state.votes[-1].kind == "VOTE"
    both = merge([page("phpbb_page1.html"), page("phpbb_page2.html")])
    _apply(state, _confirmed(both, state), 2)
    assert len(state.votes) == 9  # 109 and 110 added, nothing twice
    oleg = next(e for e in state.votes if e.voter == 5)
    assert (oleg.kind, oleg.void_reason) == ("VOID", "EDIT")  # the edit was noticed
    _apply(state, _confirmed(both, state), 3)
    assert len(state.votes) == 9


def test_bbcode_reimport_notices_changed_text() -> None:
    """A-THREAD-8."""
    state = game()
    text = (PAGES / "multiquote.bbcode").read_text(encoding="utf-8")
    _apply(state, _confirmed(read_any(text, URL), state), 1)
    changed = text.replace("Ну-ну.", "Ну-ну, передумала.")
    _apply(state, _confirmed(read_any(changed, URL), state), 2)
    kass = next(e for e in state.votes if e.voter == 2)
    assert (kass.kind, kass.void_reason) == ("VOID", "EDIT")


def test_thread_votes_refusals_change_nothing() -> None:
    """A-THREAD-1, A-VOTE-1, A-VOTE-2, H-03."""
    state = game()
    good = {"voter": 1, "target": 2, "ts": 5, "post": "p1"}
    cases: list[tuple[int | str, list[dict[str, Any]], str]] = [
        (1, [good], "not_host"),
        (HOST, [good, {**good, "voter": 99}], "unknown_seat"),
        (HOST, [good, {**good, "ts": "x"}], "bad_payload"),
        (HOST, [good, {**good, "void": "SELF"}], "bad_payload"),
    ]
    for actor, votes, code in cases:
        with pytest.raises(Rejected) as exc:
            kernel.apply(G, state, Command(actor, "thread_votes", {"votes": votes}, 1))
        assert exc.value.code == code
        assert state.votes == []
    state.deadline = 100
    with pytest.raises(Rejected) as exc:
        kernel.apply(G, state, Command(HOST, "thread_votes", {"votes": [{**good, "ts": 100}]}, 1))
    assert exc.value.code == "vote_after_deadline" and state.votes == []


def test_thread_votes_after_the_day_closed() -> None:
    """A-THREAD-7: The host may import once the day is closed (the night not yet resolved); votes posted
    after the day closed are refused."""
    state = game()
    kernel.apply(G, state, Command(HOST, "end_day", {}, 50))
    _apply(state, [{"voter": 1, "target": 2, "ts": 40, "post": "p1"}], 51)
    assert len(state.votes) == 1
    with pytest.raises(Rejected):
        _apply(state, [{"voter": 2, "target": 1, "ts": 50, "post": "p2"}], 52)


def test_a_red_that_is_not_red_is_shown_to_the_host_not_counted() -> None:
    """A-THREAD-2a, A-THREAD-2: «[color=darkred]Лиса[/color]» or phpBB's #BF0000 is no vote
    (§09: other colours are ignored), but the preview lists the post as not counted, «не
    красный цвет», so the host can tell its author (a play-test: the post vanished from the
    preview, and its author would have earned +1 without a word). A post with red keeps only
    its red; pink or brown-orange text is not taken for red."""
    state = game()
    names = Names({p.seat: p.nick for p in state.world.players})
    quotes = "".join(
        f'[quote="{author}" post_id={pid} time={DEADLINE // 1000 - 60 + pid} user_id={pid}]{body}[/quote]'
        for pid, author, body in (
            (1, "Oleg", "[color=darkred]Лиса[/color]"),
            (2, "Мотя", "Голосую [color=#BF0000]Oleg[/color]"),
            (3, "Лиса", "[color=red]Oleg[/color] и [color=darkred]Мотя[/color]"),
            (4, "Kassandra", "[color=pink]Oleg[/color] [color=#FF8040]Мотя[/color]"),
        )
    )
    votes = read_votes(read_any(quotes, URL), window(state), names)
    assert [(v.author, v.target_text, v.ignored) for v in votes] == [
        ("Oleg", "Лиса", "NOT_RED"),
        ("Мотя", "Oleg", "NOT_RED"),
        ("Лиса", "Oleg", None),
    ]
    html = '<div class="post" id="p9"><p class="author"><a class="username">Oleg</a><time datetime="2026-12-06T20:00:00+03:00"></time></p><div class="content"><span style="color: #800000">Лиса</span></div></div>'
    [v] = read_votes(read_any(html, URL), window(state), names)
    assert (v.author, v.target_text, v.ignored) == ("Oleg", "Лиса", "NOT_RED")
