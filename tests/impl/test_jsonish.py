"""JavaScript-compatible JSON text and number formatting.

The ``JS_STRING_CASES`` and ``STRINGIFY_CASES`` tables were produced by running
the upstream's own runtime (Node's ``String(value)`` and ``JSON.stringify``,
the two primitives the TypeScript preview formatter builds on) over the same
JSON inputs; the expected strings are the upstream's output, copied verbatim.
Python's ``repr``/``json.dumps`` disagree with both (``1e-05``, ``1.0``,
``-0.0``), which is why ``askbench.impl.jsonish`` exists.

Deliberate difference: a Python ``int`` prints exactly, where JavaScript rounds
integers past 2**53 to the nearest double
(``test_big_integers_print_exactly_unlike_javascript``).
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl.jsonish import (
    CIRCULAR,
    MAX_DEPTH,
    TOO_DEEP,
    UnprintableInteger,
    decode_json_object,
    find_unprintable_integer,
    js_entries,
    js_number,
    js_string,
    shown_json,
    stringify,
    to_plain_json,
)

JS_STRING_CASES = [
    pytest.param(
        1.0,
        "1",
        id="String(1.0)",
    ),
    pytest.param(
        0.5,
        "0.5",
        id="String(0.5)",
    ),
    pytest.param(
        1e-05,
        "0.00001",
        id="String(1e-05)",
    ),
    pytest.param(
        1e-06,
        "0.000001",
        id="String(1e-06)",
    ),
    pytest.param(
        1e-07,
        "1e-7",
        id="String(1e-07)",
    ),
    pytest.param(
        1e21,
        "1e+21",
        id="String(1e+21)",
    ),
    pytest.param(
        1e20,
        "100000000000000000000",
        id="String(1e+20)",
    ),
    pytest.param(
        -0.0,
        "0",
        id="String(-0.0)",
    ),
    pytest.param(
        1.5e300,
        "1.5e+300",
        id="String(1.5e+300)",
    ),
    pytest.param(
        1.23e-18,
        "1.23e-18",
        id="String(1.23e-18)",
    ),
    pytest.param(
        5e-324,
        "5e-324",
        id="String(5e-324)",
    ),
    pytest.param(
        1.7976931348623157e308,
        "1.7976931348623157e+308",
        id="String(1.7976931348623157e+308)",
    ),
    pytest.param(
        0.30000000000000004,
        "0.30000000000000004",
        id="String(0.30000000000000004)",
    ),
    pytest.param(
        -2.5e-07,
        "-2.5e-7",
        id="String(-2.5e-07)",
    ),
    pytest.param(
        123456.789,
        "123456.789",
        id="String(123456.789)",
    ),
    pytest.param(
        -1e-07,
        "-1e-7",
        id="String(-1e-07)",
    ),
    pytest.param(
        1.234e-06,
        "0.000001234",
        id="String(1.234e-06)",
    ),
    pytest.param(
        100,
        "100",
        id="String(100)",
    ),
    pytest.param(
        0,
        "0",
        id="String(0)",
    ),
    pytest.param(
        -42,
        "-42",
        id="String(-42)",
    ),
    pytest.param(
        True,
        "true",
        id="String(True)",
    ),
    pytest.param(
        False,
        "false",
        id="String(False)",
    ),
    pytest.param(
        None,
        "null",
        id="String(None)",
    ),
]

STRINGIFY_CASES = [
    pytest.param(
        {"b": 1, "10": 2, "2": 3, "a": 4},
        '{"2":3,"10":2,"b":1,"a":4}',
        id="stringify_json_0",
    ),
    pytest.param(
        [1.0, -0.0, 1e-05, 1e21, None, True, "x"],
        '[1,0,0.00001,1e+21,null,true,"x"]',
        id="stringify_json_1",
    ),
    pytest.param(
        {"s": 'tab\there "q" back\\slash \x00\x1f\x7f \u2028 é 😀'},
        '{"s":"tab\\there \\"q\\" back\\\\slash \\u0000\\u001f\x7f \u2028 é 😀"}',
        id="stringify_json_2",
    ),
    pytest.param(
        {"nested": {"0": {"1": [[], {}]}}},
        '{"nested":{"0":{"1":[[],{}]}}}',
        id="stringify_json_3",
    ),
    pytest.param(
        "plain string",
        '"plain string"',
        id="stringify_json_4",
    ),
    pytest.param(
        3.5,
        "3.5",
        id="stringify_json_5",
    ),
]


@pytest.mark.parametrize(("value", "expected"), JS_STRING_CASES)
def test_js_string_matches_javascript_string(value, expected):
    assert js_string(value) == expected


@pytest.mark.parametrize(("value", "expected"), STRINGIFY_CASES)
def test_stringify_matches_javascript_json_stringify(value, expected):
    assert stringify(value) == expected


def test_big_integers_show_the_digits_sent_and_what_a_javascript_host_reads():
    """ECMA-262 Number: past Number.MAX_SAFE_INTEGER JSON.parse rounds, and the call acts on the rounded number."""
    assert (
        js_string(9007199254740993) == "9007199254740993 (a JavaScript host reads 9007199254740992)"
    )
    assert (
        js_string(-9007199254740993)
        == "-9007199254740993 (a JavaScript host reads -9007199254740992)"
    )
    assert (
        js_string(2**53 - 1) == "9007199254740991"
        and js_string(-(2**53 - 1)) == "-9007199254740991"
    )
    assert js_string(10**21 + 1) == "1000000000000000000001 (a JavaScript host reads 1e+21)"
    assert js_string(10**400).endswith("0 (a JavaScript host reads Infinity)")
    # JSON stays JSON (a device write's content is parsed again); text for a person says what JavaScript reads
    assert stringify({"n": 12345678901234567890}) == '{"n":12345678901234567890}'
    assert stringify({"n": 12345678901234567890}, shown=True) == (
        '{"n":12345678901234567890 (a JavaScript host reads 12345678901234567000)}'
    )


@pytest.mark.parametrize(
    "value",
    [
        {"a": [1, 2, {"b": 'x\n"y'}], "c": {}, "d": [], "e": 1.5, "f": None},
        [1, [2, [3]]],
        {"k": {"l": [{}]}},
        "plain",
        3,
    ],
)
@pytest.mark.parametrize("indent", [None, 2])
def test_shown_json_is_json_dumps_where_every_integer_is_safe(value, indent):
    expected = (
        json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if indent is None
        else json.dumps(value, ensure_ascii=False, indent=indent)
    )
    assert shown_json(value, indent) == expected
    unsafe = shown_json({"id": 2**60, "rest": value}, indent)
    assert "1152921504606846976 (a JavaScript host reads 1152921504606847000)" in unsafe
    assert unsafe.replace(" (a JavaScript host reads 1152921504606847000)", "") == (
        json.dumps({"id": 2**60, "rest": value}, ensure_ascii=False, separators=(", ", ": "))
        if indent is None
        else json.dumps({"id": 2**60, "rest": value}, ensure_ascii=False, indent=indent)
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [(math.nan, "NaN"), (math.inf, "Infinity"), (-math.inf, "-Infinity")],
)
def test_js_number_non_finite(value, expected):
    assert js_number(value) == expected


def test_non_finite_numbers_serialise_as_null_like_json_stringify():
    assert stringify([math.nan, math.inf, -math.inf, 1.5]) == "[null,null,null,1.5]"


@pytest.mark.parametrize(
    ("mapping", "order"),
    [
        ({"b": 1, "10": 2, "2": 3, "a": 4}, ["2", "10", "b", "a"]),
        ({"01": 0, "1": 1, "-1": 2, "0": 3}, ["0", "1", "01", "-1"]),
        ({"4294967295": 0, "4294967294": 1}, ["4294967294", "4294967295"]),
        ({"\u0661": 0, "1": 1}, ["1", "\u0661"]),  # Arabic-Indic digit one is not an array index
        ({" 1": 0, "1.0": 1, "1e3": 2, "7": 3}, ["7", " 1", "1.0", "1e3"]),
    ],
    ids=[
        "mixed",
        "leading-zero-and-negative",
        "array-index-limit",
        "non-ascii-digit",
        "number-like-strings",
    ],
)
def test_js_entries_puts_array_index_keys_first_ascending(mapping, order):
    assert [key for key, _ in js_entries(mapping)] == order


def test_js_entries_converts_non_string_keys_like_javascript():
    assert list(js_entries({1: "a", False: "b", None: "c", 2.5: "d"})) == [
        ("1", "a"),
        ("false", "b"),
        ("null", "c"),
        ("2.5", "d"),
    ]


def test_js_entries_keeps_values_paired_with_their_keys():
    assert dict(js_entries({"z": 1, "3": [2], "0": {"x": 3}})) == {"z": 1, "3": [2], "0": {"x": 3}}


def test_lone_surrogate_is_escaped_like_well_formed_json_stringify():
    assert stringify("a\ud800b") == '"a\\ud800b"'
    assert stringify({"\udfff": 1}) == '{"\\udfff":1}'


def test_cycles_degrade_to_a_marker_instead_of_raising():
    node: dict = {"name": "root"}
    node["self"] = node
    items: list = [1]
    items.append(items)
    assert stringify(node) == '{"name":"root","self":"[Circular]"}'
    assert stringify(items) == '[1,"[Circular]"]'
    assert CIRCULAR == "[Circular]"


def test_a_shared_but_acyclic_value_is_written_twice():
    shared = {"k": 1}
    assert stringify([shared, shared]) == '[{"k":1},{"k":1}]'


def test_nesting_deeper_than_the_limit_degrades_to_a_marker():
    value: object = "leaf"
    for _ in range(5000):
        value = [value]
    text = stringify(value)
    assert text == "[" * MAX_DEPTH + json.dumps(TOO_DEEP) + "]" * MAX_DEPTH


def test_values_json_cannot_hold_print_as_text():
    class Thing:
        def __str__(self) -> str:
            return "thing!"

    assert stringify({"t": Thing(), "s": {3}}) == '{"t":"thing!","s":"{3}"}'


def test_tuples_serialise_as_arrays():
    assert stringify(("a", (1, 2))) == '["a",[1,2]]'


def test_to_plain_json_keeps_floats_as_floats():
    """The payload builder relies on to_plain_json: only stringify changes how numbers print."""
    plain = to_plain_json({"a": 1.0, "b": [math.nan]})
    assert plain == {"a": 1.0, "b": [None]}
    assert isinstance(plain["a"], float)


finite_floats = st.floats(allow_nan=False, allow_infinity=False)


@given(finite_floats)
def test_js_number_round_trips_every_finite_float(value):
    text = js_number(value)
    assert float(text) == value
    assert not text.endswith(".0")
    assert "e-0" not in text and "e+0" not in text


@given(finite_floats)
def test_js_number_uses_decimal_notation_exactly_where_javascript_does(value):
    text = js_number(value)
    magnitude = abs(value)
    assert ("e" in text) == (magnitude != 0 and (magnitude >= 1e21 or magnitude < 1e-6))


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53), max_value=2**53),
    finite_floats,
    st.text(),
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_stringify_round_trips_through_a_json_parser(value):
    """Read back as JavaScript would, every number a double, it is the value written."""
    text = stringify(value)
    assert json.loads(text, parse_int=float) == value
    assert "\n" not in text


plain_keys = st.text(alphabet=st.characters(categories=["L"]), max_size=5)
float_free = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text()),
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(plain_keys, children, max_size=4)
    ),
    max_leaves=20,
)


@given(float_free)
def test_stringify_equals_compact_json_dumps_without_floats_or_index_keys(value):
    assert stringify(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))


hostile = st.recursive(
    st.one_of(json_scalars, st.floats(), st.sets(st.integers(), max_size=2), st.binary(max_size=3)),
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.tuples(children, children),
        st.dictionaries(
            st.one_of(st.text(max_size=3), st.integers(), st.booleans()), children, max_size=3
        ),
    ),
    max_leaves=15,
)


@given(hostile)
def test_stringify_never_raises_and_always_emits_valid_json(value):
    json.loads(stringify(value))


# ── integers Python will not print ─────────────────────────────────────────

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=4), children, max_size=4),
    max_leaves=30,
)


@given(json_values)
def test_every_value_json_can_print_has_no_unprintable_integer(value: object) -> None:
    assert find_unprintable_integer(value) is None


@given(
    json_values,
    st.sampled_from(
        [(10**4300, 4301), (-(10**4300), 4301), (10**5000 - 1, 5000), (10**5000 + 7, 5001)]
    ),
)
def test_an_unprintable_integer_is_found_at_its_path(
    value: object, huge_and_digits: tuple[int, int]
) -> None:
    huge, digits = huge_and_digits
    found = find_unprintable_integer({"wrapper": [value, {"key with space": huge}]})
    assert found is not None
    assert found.path == '.wrapper[1]["key with space"]'
    assert (
        abs(found.digits - digits) <= 1
    )  # "about": estimated from the bit length, never converted


def test_the_limit_is_the_interpreters() -> None:
    assert find_unprintable_integer([10**4299]) is None
    assert find_unprintable_integer([10**4300]) == UnprintableInteger("[0]", 4301, 4300)
    assert find_unprintable_integer(True) is None


def test_the_search_survives_cycles_and_hostile_depth() -> None:
    cyclic: list[object] = [1]
    cyclic.append(cyclic)
    assert find_unprintable_integer(cyclic) is None
    deep: object = 10**5000
    for _ in range(10_000):
        deep = [deep]
    found = find_unprintable_integer(deep)
    assert found is not None and found.path == "[0]" * 10_000


def test_an_object_with_an_integer_python_will_not_read_says_so_and_is_not_a_syntax_error() -> None:
    decoded = decode_json_object('{"issue_number": -' + "9" * 5000 + "}")
    assert decoded.value is None and not decoded.syntax_error
    assert (
        decoded.problem == "holds an integer of 5,000 digits, longer than the 4,300 Python decodes"
    )
