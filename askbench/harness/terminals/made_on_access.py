"""A sequence whose items are made as they are asked for, from storage more compact than the items.

A screen as large as its payload, or the commands of a script of a hundred
thousand commands, costs more as objects than as the text they stand for;
held compactly, each item is made only when a check asks for it. Such a
sequence reads as the list it stands for: indexing from either end, slices
(as lists), iteration, and equality with any sequence of the same items.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar, overload

__all__ = ["MadeOnAccess"]

T = TypeVar("T")


class MadeOnAccess(Sequence[T]):
    """Subclasses give ``__len__`` and ``_item`` (an index in range); the rest is made from those."""

    __slots__ = ()

    def _item(self, at: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._item(at) for at in range(*index.indices(len(self)))]
        at = index + len(self) if index < 0 else index
        if not 0 <= at < len(self):
            raise IndexError(f"{type(self).__name__} index out of range")
        return self._item(at)

    def __iter__(self) -> Iterator[T]:
        return (self._item(at) for at in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"
