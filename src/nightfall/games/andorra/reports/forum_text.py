"""A-SEC-4: free text that reaches the forum (the Journalist's article, the host's story)
follows one BBCode policy, so that a player's text can neither link, embed nor break out of
the host's post.

- Kept: the tags ``[b] [i] [u] [s] [quote] [spoiler]``, without attributes, and
  ``[color=X]`` whose colour is a word (``red``) or a hex code (``#f00``, ``#ff0000``: a host's
  story paints its blood red, and the site draws these same tags), when each opening tag is
  closed by its own closing tag in order (balanced and properly nested); they are written in
  lower case.
- Escaped (shown as text): every other ``[`` that could start a tag on some board (``[`` then
  a letter, ``/`` or ``*``: ``[url]``, ``[img]``, ``[/spoiler]`` left open or closed twice, an
  attribute such as ``[quote=x]``). A word joiner (U+2060) is put after its bracket: no
  board's parser reads ``[`` + WJ + ``url]`` as a tag, and the reader sees ``[url]`` as typed
  (a full-width ``［`` was tried: fonts without CJK glyphs, Debian's Chromium among them, draw
  it as a box; a zero-width space was used until a play-test's phone broke the line after
  every escaped ``[``, which it allows and a word joiner forbids). Brackets that start no tag
  (``[2]``, ``[ ]``) stay as typed.
- Removed: control characters (but the newline; a tab becomes a space), format characters
  (bidi embeddings, overrides and isolates, zero-width marks), surrogates, private-use and
  unassigned code points; CR LF, CR and the Unicode line and paragraph separators become LF.

``forum_text`` is idempotent, so the text is cleaned when it is written (the host reviews
what is stored) and again when the post is rendered (a text stored before the policy).
"""

from __future__ import annotations

import re
import unicodedata

SAFE_TAGS = ("b", "i", "u", "s", "quote", "spoiler", "color")
ESCAPED_BRACKET = "[\u2060"  # the bracket, then a word joiner (removed from input, so ours)
_SAFE = re.compile(
    r"\[(/?)(" + "|".join(SAFE_TAGS) + r")(=(?:[A-Za-z]{1,20}|#[0-9A-Fa-f]{6}|#[0-9A-Fa-f]{3}))?\]",
    re.IGNORECASE,
)
_TAG_LIKE = re.compile(r"\[(?=[/*A-Za-z])")
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
_NEWLINES = {"\r\n": "\n", "\r": "\n", "\u2028": "\n", "\u2029": "\n", "\t": " "}


def plain(text: str) -> str:
    """The text without control, bidi and other invisible characters (A-SEC-4)."""
    text = unicodedata.normalize("NFC", text)
    for old, new in _NEWLINES.items():
        text = text.replace(old, new)
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) not in _DROPPED)


def _escaped(text: str) -> str:
    return _TAG_LIKE.sub(ESCAPED_BRACKET, text)


def forum_text(text: str) -> str:
    """``text`` under the forum policy (A-SEC-4), trimmed."""
    text = plain(text).strip()
    pieces: list[str] = []
    kept: list[bool] = []  # per piece: a safe tag that is kept (text pieces: False)
    open_tags: list[tuple[str, int]] = []
    pos = 0
    for m in _SAFE.finditer(text):
        pieces.append(text[pos : m.start()])
        kept.append(False)
        closing, name, value = m.group(1) == "/", m.group(2).lower(), m.group(3)
        pieces.append(f"[{m.group(1)}{name}{(value or '').lower()}]")
        kept.append(False)
        if (value is not None) != (name == "color" and not closing):
            pass  # an attribute where none belongs, or a colour without one: text (escaped)
        elif not closing:
            open_tags.append((name, len(pieces) - 1))
        elif open_tags and open_tags[-1][0] == name:
            _, opened = open_tags.pop()
            kept[opened] = kept[-1] = True
        pos = m.end()
    pieces.append(text[pos:])
    kept.append(False)
    return "".join(p if k else _escaped(p) for p, k in zip(pieces, kept, strict=True))
