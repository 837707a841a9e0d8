"""A minimal element tree from HTML, enough for the readers to find a
post's parts and its coloured spans. Tolerant like a browser: a stray end tag closes up to
its opening tag, an unmatched one is dropped."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import unescape

from .colour import colour_of, colour_of_style

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
_QUOTES = {"blockquote"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def iter(self) -> Iterator[Node]:
        """Every element below (depth first, document order)."""
        stack = [c for c in reversed(self.children) if isinstance(c, Node)]
        while stack:
            n = stack.pop()
            yield n
            stack.extend(c for c in reversed(n.children) if isinstance(c, Node))

    def find(self, pred: Callable[[Node], bool]) -> Node | None:
        return next((n for n in self.iter() if pred(n)), None)

    def text(self) -> str:
        parts: list[str] = []
        for c in self.children:
            parts.append(c if isinstance(c, str) else (" " if c.tag == "br" else c.text()))
        return "".join(parts)


# One pass of C-speed regexes instead of html.parser (a 1,000-post thread is ~2 MB of HTML;
# html.parser alone took 3 s of it, docs/benchmarks.md): comments, raw-text elements, tags, text.
_TOKEN = re.compile(
    r"<!--.*?-->|<(script|style)\b.*?</\1\s*>|<(/?)([a-zA-Z][a-zA-Z0-9:-]*)([^>]*)>|[^<]+|<",
    re.DOTALL | re.IGNORECASE,
)
_ATTR = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?""")


def _attrs(raw: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in _ATTR.findall(raw):
        if value[:1] in ("'", '"'):
            value = value[1:-1]
        out[name.lower()] = unescape(value) if "&" in value else value
    return out


def parse(html: str) -> Node:
    root = Node("#root")
    stack = [root]
    top = root.children
    for m in _TOKEN.finditer(html):
        raw_text, _, closing, tag, raw = m.group(0, 1, 2, 3, 4)
        if tag is None:
            # text; a comment, a script and the template's line breaks between tags say nothing
            if raw_text[0] != "<" and not (raw_text[0] == "\n" and raw_text.isspace()):
                top.append(unescape(raw_text) if "&" in raw_text else raw_text)
            continue
        tag = tag.lower()
        if closing:  # an end tag closes up to its opening tag; a stray one is dropped
            for i in range(len(stack) - 1, 0, -1):
                if stack[i].tag == tag:
                    del stack[i:]
                    top = stack[-1].children
                    break
            continue
        node = Node(tag, _attrs(raw) if raw.strip(" /") else {})
        top.append(node)
        if tag not in _VOID and not raw.endswith("/"):
            stack.append(node)
            top = node.children
    return root


def is_quote(node: Node) -> bool:
    """A-THREAD-3: a quote is not a vote (phpBB's blockquote, Discourse's aside.quote)."""
    return node.tag in _QUOTES or (node.tag == "aside" and "quote" in node.classes())


def _colour(node: Node) -> tuple[bool, str | None]:
    """(has a colour of its own, red/blue/reddish/None for another colour)."""
    if node.tag == "font" and "color" in node.attrs:
        return True, colour_of(node.attrs["color"])
    style = node.attrs.get("style", "")
    if "color" in style.replace("background-color", ""):
        return True, colour_of_style(style.replace("background-color", "x"))
    return False, None


def squash(text: str) -> str:
    return " ".join(text.split())


def coloured_spans(root: Node) -> tuple[list[str], list[str], list[str]]:
    """A-THREAD-2/3: the red, the blue and the reddish spans of a post body, quotes left out.
    A span is the text of an element written in that colour; a span inside a span of the same
    colour is part of it, another colour inside starts its own (or is ignored, §09)."""
    out: dict[str, list[str]] = {"red": [], "blue": [], "reddish": []}

    def walk(node: Node, cur: tuple[str, list[str]] | None) -> None:
        for child in node.children:
            if isinstance(child, str):
                if cur is not None:
                    cur[1].append(child)
                continue
            if is_quote(child):
                continue
            if child.tag == "br" and cur is not None:
                cur[1].append(" ")
            own, colour = _colour(child)
            if not own or (cur is not None and colour == cur[0]):
                walk(child, cur)
            elif colour is None:
                walk(child, None)  # another colour: «игнорируются»
            else:
                buf: list[str] = []
                walk(child, (colour, buf))
                out[colour].append(squash("".join(buf)))

    walk(root, None)
    return out["red"], out["blue"], out["reddish"]


def visible_text(root: Node) -> str:
    return squash(root.text())
