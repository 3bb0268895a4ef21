"""A sequence made on access reads as the list it stands for."""

import pytest

from askbench.harness.terminals.made_on_access import MadeOnAccess


class Squares(MadeOnAccess[int]):
    __slots__ = ("count", "made")

    def __init__(self, count: int) -> None:
        self.count, self.made = count, 0

    def __len__(self) -> int:
        return self.count

    def _item(self, at: int) -> int:
        self.made += 1
        return at * at


def test_it_reads_as_its_list_by_index_from_either_end_by_slice_and_in_order() -> None:
    squares, listed = Squares(6), [0, 1, 4, 9, 16, 25]
    assert [squares[at] for at in range(-6, 6)] == listed * 2
    assert squares[1:5:2] == listed[1:5:2] and squares[-2:] == listed[-2:] and squares[9:] == []
    assert list(squares) == listed and squares == listed and squares == tuple(listed)
    assert squares != listed[:5] and squares != [0, 1, 4, 9, 16, 24]
    for beyond in (6, -7):
        with pytest.raises(IndexError):
            squares[beyond]


def test_an_item_is_made_only_when_asked_for_and_the_sequence_is_no_key() -> None:
    squares = Squares(1_000_000)
    assert squares[-1] == 999_999**2 and squares.made == 1
    assert squares.__eq__("text") is NotImplemented
    with pytest.raises(TypeError):
        hash(squares)
