"""What each Andorra command a player's page or the host's desk sends carries, typed once
(issue 33 §4, as Heks's ``command_types``): the rules refuse any other key (A-SEC-3,
``payload_keys.PAYLOAD_KEYS`` is read from these), and ``nightfall.typegen`` writes them for
the web client, so a renamed command or field fails the client's typecheck (``make check``)
instead of a browser test. Keys the rules read that no page sends are added in
``payload_keys`` (the CLI's ``ts``, the server's ``mail_failed``).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from .words_types import Seat


class AndorraNoPayload(TypedDict):
    """A button: end the day or the night, close the questions, publish the morning post."""


class AndorraVotePayload(TypedDict):
    """A-VOTE-1: a vote for a player, or null: a blank vote."""

    target: Seat | None


class AndorraMovePayload(TypedDict):
    """A-MOVE: a night move from the move form (``site/form.py`` builds its options); the host's
    correction (H-03) too. ``player``: whose sheet (a clan's sender sends for another)."""

    player: NotRequired[Seat]
    action: str  # a move code (roles/codes.py, Move)
    target: Seat | None
    params: NotRequired[dict[str, Any]]  # the move's fields (roles/move_params.py)


# H-03b: the host enters a move or a vote from a player's PM: "from" is the player.
AndorraPmMovePayload = TypedDict(
    "AndorraPmMovePayload",
    {
        "from": Seat,
        "player": NotRequired[Seat],
        "action": str,
        "target": Seat | None,
        "params": NotRequired[dict[str, Any]],
    },
)
# H-03b: the host takes back his last PM entry of a player's vote today (the wrong name).
AndorraPmFromPayload = TypedDict("AndorraPmFromPayload", {"from": Seat})
AndorraPmVotePayload = TypedDict(
    "AndorraPmVotePayload", {"from": Seat, "target": Seat | None, "edit": NotRequired[bool]}
)


class AndorraAnswerPayload(TypedDict):
    """A-CYCLE-6: the answer to a question (one of its choices' values), or null: declined."""

    prompt: str
    answer: str | int | None


class AndorraCandidatePayload(TypedDict):
    """A-CLAN-4: a vote for the clan's new head."""

    candidate: Seat


class AndorraTextPayload(TypedDict):
    """The Journalist's article (A-ROLE-JOURNALIST-7), the host's story (H-09)."""

    text: str


class AndorraChatPayload(TypedDict):
    """The clan chat (site/chat.py): ``id`` lets a resent message count once."""

    text: str
    id: NotRequired[str]


class AndorraAddressPayload(TypedDict):
    """A-MAIL-3: the player's address for e-mail notices ("" removes it)."""

    address: str


class AndorraSeatPayload(TypedDict):
    """H-05: a penalty for inactivity, or its undoing."""

    seat: Seat


class AndorraReplacePayload(TypedDict):
    """A-GEN-4: a new player takes the seat."""

    seat: Seat
    nick: str


class AndorraDeadlinePayload(TypedDict):
    """H-01a: the phase's deadline (ms since the epoch), or null: none."""

    at: int | None


class AndorraThreadVote(TypedDict):
    """A-THREAD-1: one vote read from the forum thread, as the thread tool gives it."""

    voter: Seat
    target: Seat | None
    ts: int
    post: str
    void: NotRequired[Literal["EDIT", "MULTI"] | None]
    digest: NotRequired[str]


class AndorraThreadVotesPayload(TypedDict):
    votes: list[AndorraThreadVote]


class AndorraAliasPayload(TypedDict):
    """A-THREAD-5a: a name in the thread is this player."""

    name: str
    seat: Seat


class AndorraHostEditPayload(TypedDict):
    """H-03c: the state editor's one change (host_edit.OPS)."""

    op: Literal["kill", "revive", "jail", "release", "give_item", "take_item", "set_role", "set_clan"]
    seat: Seat
    item: NotRequired[str]
    role: NotRequired[str]
    clan: NotRequired[str | None]


class AndorraVerdictPayload(TypedDict):
    """A-ROLE-JOURNALIST-7: the host publishes an article or not."""

    seat: Seat
    publish: bool


class AndorraMailSettingsPayload(TypedDict):
    """A-MAIL-1/2: the host's SMTP server; ``clear`` removes it; an absent password keeps it."""

    host: NotRequired[str]
    port: NotRequired[int]
    security: NotRequired[str]  # starttls, ssl or none
    user: NotRequired[str]
    password: NotRequired[str]
    sender: NotRequired[str]
    clear: NotRequired[bool]


class AndorraCommandPayloads(TypedDict):
    """Each command a page may send, by name, with what it carries."""

    # a player's
    vote: AndorraVotePayload
    edit_vote: AndorraVotePayload
    move: AndorraMovePayload
    answer: AndorraAnswerPayload
    clan_poll: AndorraCandidatePayload
    article: AndorraTextPayload
    chat: AndorraChatPayload
    mail_address: AndorraAddressPayload
    # the host's
    penalty: AndorraSeatPayload
    undo_penalty: AndorraSeatPayload
    end_day: AndorraNoPayload
    end_night: AndorraNoPayload
    close_prompts: AndorraNoPayload
    publish: AndorraNoPayload
    correct: AndorraMovePayload
    replace: AndorraReplacePayload
    narrative: AndorraTextPayload
    set_deadline: AndorraDeadlinePayload
    pm_move: AndorraPmMovePayload
    pm_vote: AndorraPmVotePayload
    pm_vote_undo: AndorraPmFromPayload
    thread_votes: AndorraThreadVotesPayload
    thread_alias: AndorraAliasPayload
    host_edit: AndorraHostEditPayload
    article_verdict: AndorraVerdictPayload
    mail_settings: AndorraMailSettingsPayload
