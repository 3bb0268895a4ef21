"""askbench.harness.judge.screen_bound: a frame no screen can hold fails fit and rows without being read."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import overload

from askbench.harness.drivers.frame_sources import reference_source
from askbench.harness.judge.screen_bound import ROW_CHARACTERS, SCREEN_ROWS, beyond_screen
from askbench.harness.runners.gate import judge_payload
from askbench.impl.dialog import DialogBudget
from askbench.impl.payload import build_payload


class _Touched(Sequence[str]):
    """Lines made as they are asked for, counting the characters handed out: what reading them costs."""

    def __init__(self, count: int, line: str, long_at: int = -1, long_line: str = "") -> None:
        self.count, self.line, self.long_at, self.long_line = count, line, long_at, long_line
        self.characters = 0

    def __len__(self) -> int:
        return self.count

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        if isinstance(index, slice):
            return [self[at] for at in range(*index.indices(self.count))]
        if not 0 <= index < self.count:
            raise IndexError(index)
        line = self.long_line if index == self.long_at else self.line
        self.characters += len(line) if index != self.long_at else 1
        return line


def test_a_bounded_frame_taller_than_a_screen_is_not_read() -> None:
    lines = _Touched(10**9, "x")
    found = beyond_screen(lines, 80, bounded=True)
    assert found is not None and "1000000000 frame lines" in found.fit
    assert lines.characters == 0
    assert beyond_screen(_Touched(SCREEN_ROWS, "x" * 80), 80, bounded=True) is None
    assert beyond_screen(_Touched(10**4, "x" * 80), 80, bounded=False) is None


def test_a_line_longer_than_its_row_can_print_fails_at_any_view_measured_by_its_length() -> None:
    reach = 80 * ROW_CHARACTERS
    assert beyond_screen(["x" * reach], 80, bounded=False) is None
    found = beyond_screen(["title", "x" * (reach + 1)], 80, bounded=False)
    assert found is not None and found.fit.startswith("frame line 2 has")
    assert beyond_screen(["x" * (reach + 1)], 160, bounded=True) is None


def test_the_judge_spends_on_a_huge_answer_what_a_screen_holds() -> None:
    """An answer of one 20 MB line, and one of a billion lines: fit and rows fail, and no more than a screen's
    worth of lines is looked at (the long line's characters never are)."""
    payload = build_payload({"name": "bash", "input": {"command": "ls -la"}})
    made: list[_Touched] = []

    def answering(lines: _Touched):
        def render(payload, fixture, view, width, budget):  # type: ignore[no-untyped-def]
            frame = reference_source(payload, fixture, view, width, budget)
            if view != "bounded":
                return frame
            made.append(lines)
            return replace(frame, lines=lines)

        return render

    for lines in (
        _Touched(SCREEN_ROWS, "", long_at=1, long_line="x" * 20_000_000),
        _Touched(10**9, "x"),
    ):
        found = judge_payload(
            payload,
            DialogBudget(max_rows=24, field_max_width=400, width=80),
            source=answering(lines),
        ).violations
        bounded = {v.invariant for v in found if v.view == "bounded"}
        assert {"fit", "rows"} <= bounded
        assert lines.characters <= SCREEN_ROWS
