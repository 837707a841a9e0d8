"""Text that reaches the forum follows one BBCode policy (A-SEC-4, issue 30 finding 6): the
safe tags balanced, every other tag escaped so that it shows as text, control and bidi
characters removed; the host's review shows the post exactly as it will be pasted."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nightfall.engine import HOST, Rejected
from nightfall.games.andorra.reports.forum_text import ESCAPED_BRACKET, forum_text

from .kit import GAME, Scenario, deal, quiet_day

HOSTILE = (
    "[b]Правда[/b] [url=http://evil.example]жми[/url] [img]http://evil.example/x.png[/img]"
    "\n[/spoiler][spoiler]утечка\u202e\u2066скрыто\u2069\x00\x1b[31m [quote]цитата[/quote] [i]открыт"
)
SAFE_TAGS = ("b", "i", "u", "s", "quote", "spoiler")  # the policy's subset (docs/rules/andorra.md)
RAW_TAG = re.compile(r"\[/?([a-z*]+)[^\]]*\]", re.IGNORECASE)
BIDI_AND_CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\u061c]")


def _safe(posted: str) -> None:
    """Only the safe tags are left, balanced; nothing invisible is left."""
    stack: list[str] = []
    for m in RAW_TAG.finditer(posted):
        name = m.group(1).lower()
        assert name in SAFE_TAGS and m.group(0).lower() in (f"[{name}]", f"[/{name}]"), m.group(0)
        if m.group(0).startswith("[/"):
            assert stack and stack.pop() == name, posted
        else:
            stack.append(name)
    assert stack == [], posted
    assert BIDI_AND_CONTROLS.search(posted.replace(ESCAPED_BRACKET, "[")) is None, repr(
        posted
    )  # but the escape


def _after_watch() -> Scenario:
    s = deal("JOURNALIST", "DOCTOR", "PV", "PV", "BOSS", "MANIAC")
    quiet_day(s)
    s.move("journalist", "JOURNALIST_WATCH", "doctor")
    s.resolve()
    return s


def test_the_journalists_article_is_posted_under_the_policy() -> None:
    """A-SEC-4 (A-ROLE-JOURNALIST-7a, H-07): links, images, a stray [/spoiler], an unclosed tag,
    bidi overrides and control characters never reach the post; [b] and [quote] do."""
    s = _after_watch()
    s.do(s.seat("journalist"), "article", text=HOSTILE)
    waiting = GAME.view(s.state, "host")["host"]["articles"][0]["text"]
    s.do(HOST, "article_verdict", seat=s.seat("journalist"), publish=True)
    post = GAME.view(s.state, s.seat("pv"))["posts"][-1]
    for text in (post["bbcode"], post["ru"]):
        _safe(text)
    assert post["bbcode"].endswith(waiting), "A-SEC-4: the host reviewed exactly what is posted"
    assert "[b]Правда[/b]" in waiting and "[quote]цитата[/quote]" in waiting
    zw = ESCAPED_BRACKET[1]  # the escape: a word joiner after the bracket
    assert f"[{zw}url=http://evil.example]жми[{zw}/url]" in waiting and f"[{zw}i]открыт" in waiting
    assert "утечкаскрыто" in waiting


def test_the_hosts_story_is_reviewed_as_it_will_be_posted() -> None:
    """A-SEC-4 (H-09): the story is cleaned when the host saves it; the review's BBCode is the
    published post's, byte for byte."""
    s = deal("JOURNALIST", "DOCTOR", "PV", "PV", "BOSS", "MANIAC")
    quiet_day(s)
    s.resolve(publish=False)
    s.do(HOST, "narrative", text=HOSTILE)
    review = GAME.view(s.state, "host")["host"]["pending"]
    _safe(review["post_bbcode"])
    s.do(HOST, "publish")
    assert GAME.view(s.state, "public")["posts"][-1]["bbcode"] == review["post_bbcode"]


def test_a_replacement_nick_with_a_tag_is_refused() -> None:
    """A-SEC-4, A-SETUP-1b (A-GEN-4): a replacement's nick goes into every post, as the
    starting nicks do; a tag in it is refused, control and bidi characters are dropped."""
    s = deal("JOURNALIST", "DOCTOR", "PV", "PV", "BOSS", "MANIAC")
    with pytest.raises(Rejected) as refused:
        s.do(HOST, "replace", seat=3, nick="[url=http://x]Yana[/url]")
    assert refused.value.code == "nick_bbcode"
    s.do(HOST, "replace", seat=3, nick="Ya\u202ena\x00")
    assert s.state.world.player(3).nick == "Yana"


@given(
    st.text(alphabet=st.sampled_from(list("[]/=*biusquotespoilerurlimg x\n\u202e\x00\u2066")), max_size=80)
)
def test_any_text_comes_out_safe_and_stays_as_it_is_when_cleaned_again(text: str) -> None:
    """A-SEC-4: whatever is typed, only balanced safe tags and no invisible characters are left;
    the policy is idempotent (the review and the post apply it both)."""
    from nightfall.games.andorra.reports.forum_text import forum_text

    out = forum_text(text)
    _safe(out)
    assert forum_text(out) == out


def test_a_colour_word_or_hex_is_kept_and_anything_else_in_color_is_text() -> None:
    """A-SEC-4: ``[color=red]`` and ``[color=#f00]`` are kept when closed; a colour tag without
    a colour, with anything but a word or a hex code, or left open is text."""
    assert forum_text("и [color=red]кровь[/color] на снегу") == "и [color=red]кровь[/color] на снегу"
    assert forum_text("[COLOR=#FF0000]a[/COLOR]") == "[color=#ff0000]a[/color]"
    z = ESCAPED_BRACKET[1]
    assert forum_text("[color]x[/color]") == f"[{z}color]x[{z}/color]"
    assert forum_text("[color=javascript:alert(1)]x[/color]") == f"[{z}color=javascript:alert(1)]x[{z}/color]"
    assert forum_text("[color=red]open") == f"[{z}color=red]open"
    assert forum_text("[b=1]x[/b]") == f"[{z}b=1]x[{z}/b]"
