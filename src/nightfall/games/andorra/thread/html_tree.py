"""A minimal element tree from HTML (stdlib ``html.parser``), enough for the readers to find a
post's parts and its coloured spans. Tolerant like a browser: a stray end tag closes up to
its opening tag, an unmatched one is dropped."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

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
        for c in self.children:
            if isinstance(c, Node):
                yield c
                yield from c.iter()

    def find(self, pred: Callable[[Node], bool]) -> Node | None:
        return next((n for n in self.iter() if pred(n)), None)

    def text(self) -> str:
        parts: list[str] = []
        for c in self.children:
            parts.append(c if isinstance(c, str) else (" " if c.tag == "br" else c.text()))
        return "".join(parts)


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    b = _Builder()
    b.feed(html)
    b.close()
    return b.root


def is_quote(node: Node) -> bool:
    """A-THREAD-3: a quote is not a vote (phpBB's blockquote, Discourse's aside.quote)."""
    return node.tag in _QUOTES or (node.tag == "aside" and "quote" in node.classes())


def _colour(node: Node) -> tuple[bool, str | None]:
    """(has a colour of its own, red/blue/None for another colour)."""
    if node.tag == "font" and "color" in node.attrs:
        return True, colour_of(node.attrs["color"])
    style = node.attrs.get("style", "")
    if "color" in style.replace("background-color", ""):
        return True, colour_of_style(style.replace("background-color", "x"))
    return False, None


def squash(text: str) -> str:
    return " ".join(text.split())


def coloured_spans(root: Node) -> tuple[list[str], list[str]]:
    """A-THREAD-2/3: the red and the blue spans of a post body, quotes left out. A span is
    the text of an element written in that colour; a span inside a span of the same colour is
    part of it, another colour inside starts its own (or is ignored, §09)."""
    out: dict[str, list[str]] = {"red": [], "blue": []}

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
    return out["red"], out["blue"]


def visible_text(root: Node) -> str:
    return squash(root.text())
