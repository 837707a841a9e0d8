"""What a whole game on the phones must show, checked after it (the five-phone game in
test_board_story.py, the twelve-phone game in test_full_game.py): one result on every phone,
and a story that agrees with the roles on the role cards."""

from __future__ import annotations

from .texts import t
from .uibot import Screen, UiBot, find_pattern

# Scene types test 1 must meet (and shoot); "seer" stands for seer/pickpocket.
REQUIRED_SCENES = {
    "role_card",
    "vote_result",
    "departure",
    "gathering",
    "witch_window",
    "announcement",
    "discussion",
    "seer",
    "proposal",
    "approval",
    "accept",
    "reject",
    "ritual",
    "ritual_result",
    "quarrel",
    "exile_vote",
    "results",
}


def all_results(screens: list[Screen]) -> bool:
    return all(s.phase == "GAME_END" and s.heading("end.title") for s in screens)


def check_results(bot: UiBot, screens: list[Screen]) -> tuple[str, str]:
    """Every phone shows the same winner and reason (each in its own language) and lists
    every player's role."""
    reasons = (
        "SEALS_COMPLETE",
        "ALL_WITCHES_EXILED",
        "ALL_WITCHES_FROGS",
        "KNIGHTS_VOTE_WITCH",
        "TAKEOVER",
        "KNIGHTS_VOTE_FAILED",
        "JESTER_EXILED",
    )
    seen = set()
    for ph, s in zip(bot.phones, screens, strict=True):
        winner = [w for w in ("village", "witches", "jester") if t(f"end.winner.{w}", ph.lang) in s.snapshot]
        reason = [r for r in reasons if t(f"reason.{r}", ph.lang) in s.snapshot]
        assert len(winner) == 1 and len(reason) == 1, f"{ph.name}: no single winner/reason\n{s.snapshot}"
        seen.add((winner[0], reason[0]))
        for other in bot.phones:
            assert other.name in s.snapshot, f"{ph.name}'s results do not list {other.name}"
        assert ph.role is not None
        assert t(f"role.{ph.role}", ph.lang) in s.snapshot
    assert len(seen) == 1, f"phones disagree on the result: {seen}"
    return next(iter(seen))


def check_story(bot: UiBot) -> None:
    """What the phones showed during the game agrees with the roles on the role cards.

    The bots never cast Disguise (and the Jester has no mask since B-8), so every Seer result is the truth.
    """
    role = {ph.name: ph.role for ph in bot.phones}
    by_name = {ph.name: ph for ph in bot.phones}
    for ph in bot.phones:
        for _day, (name,) in ph.found("seer.result.witch"):
            assert ph.role == "SEER" and role[name] == "WITCH", (
                f"{ph.name} saw {name} ({role[name]}) as a witch"
            )
        for _day, (name,) in ph.found("seer.result.notwitch"):
            assert ph.role == "SEER" and role[name] != "WITCH", f"{ph.name} saw the witch {name} as no witch"
        for _day, (a, b) in ph.found("voteres.exiled.witch"):
            assert a == b and role[a] == "WITCH", f"{a} ({role[a]}) was called a witch"
        for _day, (a, b) in ph.found("voteres.exiled.notwitch"):
            assert a == b and role[a] != "WITCH", f"the witch {a} was called no witch"
        # Both texts stay in the owner's inbox for the rest of the game, so a later day's
        # showing on the Pickpocket's phone may have no twin on a victim who was exiled or did
        # not open the secret that day: compare the day each theft was first shown.
        first: dict[tuple[str, str], int] = {}
        for day, (ingredient, victim) in ph.found("pp.took"):
            assert ph.role == "PICKPOCKET"
            first.setdefault((ingredient, victim), day)
        for (ingredient, victim), day in first.items():
            told = [d for d, (i,) in by_name[victim].found("inbox.stolen") if i == ingredient]
            assert day in told, (
                f"{victim} was not told that a pickpocket took their {ingredient} on day {day}"
            )
        for _day, _ in ph.found("evening.repelled"):
            assert ph.role == "PROTECTOR", f"{ph.name} ({ph.role}) was told of a repelled attack"
        # Hidden steps stay hidden: only witches get the witches' window, and nobody but the
        # guarding Protector ever sees step B (H-DEP-13: the others still see step A).
        if any(f'heading "{t("witch.title", ph.lang)}"' in tree for _p, _d, tree in ph.history):
            assert ph.role == "WITCH", f"{ph.name} ({ph.role}) saw the witches' window"
        if "GUARD_B" in ph.phases:
            assert ph.role == "PROTECTOR", f"{ph.name} ({ph.role}) saw the guard step"
        end = [tree for phase, _d, tree in ph.history if phase == "GAME_END"][-1]
        scores = find_pattern("end.score", ph.lang).findall(end) or ["1"] * (
            t("end.score.one", ph.lang) in end
        )
        (score,) = scores
        frogs = end.count(f"· {t('status.FROG', ph.lang)}")
        assert int(score) == frogs, f"{ph.name}: the witches' score {score} but {frogs} frogs listed"


# H-WIN-8: who wins with each side (the spec's table, as the phones must show it).
SIDES = {
    "village": ("village", {"VILLAGER", "HERB_DOCTOR", "PICKPOCKET", "PROTECTOR", "SEER"}),
    "witches": ("witch", {"WITCH", "CROW"}),
    "jester": ("solo", {"JESTER"}),
}
