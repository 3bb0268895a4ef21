"""The ``askbench/1`` answer check: the one-pass test accepts exactly what the answer schema accepts."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from askbench.harness.drivers.protocol import (
    _answer_validator,
    conforms_to_answer_schema,
    decode_answer,
)

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=3)
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=6,
)
_MEMBERS = {
    "id": st.text(max_size=3) | _VALUES,
    "lines": st.lists(st.text(max_size=3), max_size=3) | st.lists(_VALUES, max_size=3) | _VALUES,
    "elided": st.booleans() | _VALUES,
    "renderUs": st.floats(allow_nan=True, allow_infinity=True) | st.integers(-3, 3) | _VALUES,
    "extra": _VALUES,
}
_ANSWERS = st.fixed_dictionaries({}, optional=_MEMBERS) | _VALUES


def _schema_accepts(data: object) -> bool:
    return next(_answer_validator().iter_errors(data), None) is None


@settings(max_examples=400, deadline=None)
@given(_ANSWERS)
def test_the_one_pass_check_agrees_with_the_schema(data: object) -> None:
    assert conforms_to_answer_schema(data) == _schema_accepts(data)


@pytest.mark.parametrize(
    ("data", "accepted"),
    [
        ({"id": "r", "lines": ["a"], "elided": False}, True),
        ({"id": "r", "lines": [], "elided": True, "renderUs": 0, "other": [1]}, True),
        (
            {"id": "r", "lines": ["a"], "elided": False, "renderUs": math.nan},
            True,
        ),  # no comparison with NaN is true
        ({"id": "r", "lines": ["a"], "elided": False, "renderUs": math.inf}, True),
        (
            {"id": "r", "lines": ["a"], "elided": False, "renderUs": True},
            False,
        ),  # a boolean is not a number
        ({"id": "r", "lines": ["a"], "elided": False, "renderUs": -0.5}, False),
        ({"id": "r", "lines": ["a"], "elided": False, "renderUs": None}, False),
        ({"id": "r", "lines": ["a", 1], "elided": False}, False),
        ({"id": "r", "lines": "a", "elided": False}, False),
        ({"id": 1, "lines": ["a"], "elided": False}, False),
        ({"id": "r", "lines": ["a"], "elided": 0}, False),
        ({"id": "r", "lines": ["a"]}, False),
        (["r"], False),
    ],
)
def test_the_one_pass_check_on_the_edges(data: object, accepted: bool) -> None:
    assert conforms_to_answer_schema(data) is accepted
    assert _schema_accepts(data) is accepted


def test_a_refused_answer_still_says_where_it_breaks_the_schema() -> None:
    bad = decode_answer(b'{"id": "1", "lines": ["a", 2], "elided": false}', "1")
    assert getattr(bad, "kind", None) == "BAD_ANSWER" and "at lines/1" in bad.message  # type: ignore[union-attr]
