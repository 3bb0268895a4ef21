"""A long command's parse, a run of whole top-level statements at a time.

A tree-sitter tree costs several times the bytes it parses, so the tree of a
32 MB command is larger than everything else the gate holds for it. Each
statement at a command's top level is read the same whatever follows it, once
the next statement has begun: a parse of a prefix holds it as the whole
command's parse does. So a command is parsed a piece at a time, each piece
ending where a statement starts that two more clean statements follow, and
only one piece's tree is held at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node, Parser

__all__ = ["PIECE_BYTES", "Piece", "pieces"]

PIECE_BYTES = 1 << 20
"""A command up to twice this is parsed whole; a longer one about this many bytes at a time."""
_MARGIN = 3
"""Clean nodes of the top level, the next piece's first statement among them, that must follow a piece in the parse
that found its end: the statement right before a parse error may be cut short by it, so an error stays well clear
of every statement a piece keeps and of where the next one starts."""


@dataclass(frozen=True)
class Piece:
    """Bytes ``start`` to ``end`` of the command, whole statements; ``root`` parses ``source[start:]`` up to ``end``
    at least, and its statements before ``end`` are exactly the whole command's."""

    start: int
    end: int
    root: Node

    @property
    def last(self) -> bool:
        """The command's last piece: its parse is of the piece alone, so an error in it is the command's."""
        return self.root.end_byte <= self.end - self.start


def pieces(parser: Parser, source: bytes, size: int = PIECE_BYTES) -> Iterator[Piece]:
    """``source`` as pieces of about ``size`` bytes, in order, each with a parse that holds it.

    A stretch no statement boundary divides (a 3 MB heredoc) is read with a
    parse twice as long, then four times, up to the rest of the command.
    """
    start = 0
    while len(source) - start > 2 * size:
        length = size
        while True:
            root = parser.parse(source[start : start + length]).root_node
            cut = _last_clean_start(root)
            if cut or start + 2 * length >= len(source):
                break
            length *= 2
        if not cut:
            break
        yield Piece(start, start + cut, root)
        start += cut
    yield Piece(start, len(source), parser.parse(source[start:]).root_node)


def _last_clean_start(root: Node) -> int:
    """Where the last statement of ``root`` starts that follows a clean node and begins ``_MARGIN`` clean ones
    before any error; 0 when none does.

    Children are fetched one at a time: ``Node.children`` keeps a Python
    object per child for as long as the tree is held.
    """
    count = root.child_count
    clean = (
        next((index for index in range(count) if _child(root, index).has_error), count)
        if root.has_error
        else count
    )
    for index in range(clean - _MARGIN, 0, -1):
        child = _child(root, index)
        if child.is_named:
            return child.start_byte
    return 0


def _child(root: Node, index: int) -> Node:
    child = root.child(index)
    assert child is not None  # index < root.child_count
    return child
