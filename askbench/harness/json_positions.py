"""Where a JSON path stands in a JSON text: the line a problem or an annotation points an editor to.

The parser keeps no positions, so the text is scanned once more, token by
token, only when a line is wanted (a problem to report, a failure to
annotate). The scan is iterative and linear: a fixture nested 10,000 deep or
10 MB long costs one pass, never a recursion.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

__all__ = ["line_at", "line_of"]

_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+', re.DOTALL)


def line_at(text: str, offset: int) -> int:
    """The 1-based line of a character offset."""
    return text.count("\n", 0, offset) + 1


class _Frame:
    __slots__ = ("array", "key", "wants_key")

    def __init__(self, array: bool) -> None:
        self.array = array
        self.key: str | int | None = 0 if array else None
        self.wants_key = not array


class _Scan:
    """The containers open at a point of the text, and the deepest line found so far on the way to the target."""

    def __init__(self, text: str, target: tuple[str | int, ...]) -> None:
        self.text, self.target = text, target
        self.stack: list[_Frame] = []
        self.best: int | None = None

    def on_path(self) -> bool:
        return len(self.stack) <= len(self.target) and all(
            frame.key == part for frame, part in zip(self.stack, self.target, strict=False))

    def arrive(self, offset: int) -> bool:
        """At a key or an element's value: note its line if it is on the way; whether it is the target."""
        if not self.on_path():
            return False
        self.best = line_at(self.text, offset)
        return len(self.stack) == len(self.target)

    def punctuation(self, token: str) -> None:
        top = self.stack[-1] if self.stack else None
        if token == "," and top is not None:
            if isinstance(top.key, int):
                top.key += 1
            else:
                top.wants_key = True
        elif token in "}]" and self.stack:
            self.stack.pop()

    def step(self, token: str, offset: int) -> bool:
        """One token; whether it is where the target stands."""
        top = self.stack[-1] if self.stack else None
        if token in (",", "}", "]", ":"):
            self.punctuation(token)
            return False
        if top is not None and top.wants_key:
            top.key, top.wants_key = _key(token), False
            return self.arrive(offset)
        if (top is None or top.array) and self.arrive(offset):
            return True
        if token in "{[":
            self.stack.append(_Frame(token == "["))
        return False


def line_of(text: str, path: Sequence[str | int]) -> int | None:
    """The line of ``path``'s member (its key) or element (its value) in ``text``; of the deepest part of the
    path that is there when the rest is not (a missing key points at the object that lacks it); ``None`` if
    the text has no root value at all."""
    scan = _Scan(text, tuple(path))
    for match in _TOKEN.finditer(text):
        if scan.step(match.group(), match.start()):
            return scan.best
    return scan.best


def _key(token: str) -> str:
    try:
        key = json.loads(token)
    except ValueError:
        return token[1:-1]
    return key if isinstance(key, str) else token[1:-1]
