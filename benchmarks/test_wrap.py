"""Our wrapping against ``wcwidth.wrap`` on the same ASCII text, rows required identical.

``wcwidth.wrap`` wraps by word; ours by cell (a prompt must not drop the
whitespace a word wrapper drops at each break). On text with no spaces and no
hyphens the two rules agree — every row is ``width`` characters but the last
— so the comparison is like for like, and each benchmark asserts it.
"""

from __future__ import annotations

import pytest
from wcwidth import wrap

from askbench.harness.bench.series import PANEL
from askbench.impl.cells import wrap_line, wrap_text

WIDTH = 80
LINE = (PANEL * 100)[:1_000]  # 1,000 characters, no spaces, no hyphens
TEXT = "\n".join([LINE] * 100)  # 100 KB, 100 logical lines


def theirs(text: str, width: int) -> list[str]:
    """``wcwidth.wrap`` paragraph by paragraph, as its documentation says to keep line breaks."""
    return [row for line in text.split("\n") for row in wrap(line, width, break_on_hyphens=False)]


def test_rows_are_identical() -> None:
    assert wrap_text(TEXT, WIDTH) == theirs(TEXT, WIDTH)
    assert wrap_line(LINE, WIDTH) == wrap(LINE, WIDTH, break_on_hyphens=False)
    assert wrap_line(LINE, WIDTH) == wrap(
        LINE, WIDTH, break_long_words=True, drop_whitespace=False, break_on_hyphens=False
    )


@pytest.mark.parametrize("size", ["line", "text"])
def test_ours(benchmark, size: str) -> None:
    if size == "line":
        rows = benchmark(wrap_line, LINE, WIDTH)
        assert rows == wrap(LINE, WIDTH, break_on_hyphens=False)
    else:
        rows = benchmark(wrap_text, TEXT, WIDTH)
        assert rows == theirs(TEXT, WIDTH)


@pytest.mark.parametrize("size", ["line", "text"])
def test_wcwidth_wrap(benchmark, size: str) -> None:
    if size == "line":
        rows = benchmark(wrap, LINE, WIDTH, break_on_hyphens=False)
        assert rows == wrap_line(LINE, WIDTH)
    else:
        rows = benchmark.pedantic(theirs, (TEXT, WIDTH), rounds=5, iterations=1)
        assert rows == wrap_text(TEXT, WIDTH)
