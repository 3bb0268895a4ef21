"""The line a JSON path stands on: members by their key, elements by their value, a missing part by its parent."""

from __future__ import annotations

import pytest

from askbench.harness.json_positions import line_of

TEXT = """{
  "description": "x",
  "call": {"name": "bash",
    "input": {"cmd": "ls"}},
  "expect": {"visible": ["a",
     "b"]}, "z": [[1], [2,
     3]]
}"""


@pytest.mark.parametrize(
    ("path", "line"),
    [((), 1), (("description",), 2), (("call", "input"), 4), (("call", "input", "cmd"), 4),
     (("expect", "visible", 0), 5), (("expect", "visible", 1), 6), (("z", 1, 1), 7), (("z", 1, 0), 6)],
)
def test_a_path_is_found_on_its_line(path: tuple[str | int, ...], line: int) -> None:
    assert line_of(TEXT, path) == line


def test_a_missing_key_points_at_the_object_that_lacks_it() -> None:
    assert line_of(TEXT, ("call", "input", "command")) == 4
    assert line_of(TEXT, ("nope",)) == 1


def test_a_key_is_told_from_a_string_value_that_spells_it() -> None:
    assert line_of('{"a": "b",\n "b": 1}', ("b",)) == 2


def test_ten_thousand_levels_deep_is_one_pass_not_a_recursion() -> None:
    text = '{"deep":\n' + "[" * 10_000 + "\n1" + "]" * 10_000 + "}"
    assert line_of(text, ("deep", *([0] * 10_000))) == 3
