"""askbench.impl.device_call: a ``write`` to ``xd://<tool>`` is shown as the inner tool with its decoded arguments."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl.device_call import DeviceCall, file_reached, unwrap_device_write
from askbench.impl.payload import Evidence, build_payload


def test_other_calls_are_not_devices() -> None:
    assert unwrap_device_write("read", {"path": "xd://github"}, {}) is None
    assert unwrap_device_write("write", {"path": "/tmp/xd://github", "content": "{}"}, {}) is None
    assert (
        unwrap_device_write("write", {"path": "xd://", "content": "{}"}, {}) is None
    )  # the listing
    assert unwrap_device_write("write", {"path": "xd://bad name", "content": "{}"}, {}) is None
    assert unwrap_device_write("write", {"path": 42, "content": "{}"}, {}) is None
    assert unwrap_device_write("write", {"content": "{}"}, {}) is None


def test_json_object_content_becomes_the_arguments() -> None:
    call = unwrap_device_write(
        "write", {"path": "xd://github", "content": '{"title": "x", "n": 2}'}, {"agent": "a"}
    )
    assert call == DeviceCall(
        "github", {"title": "x", "n": 2}, {"agent": "a", "invokedAs": "write xd://github"}, "tool"
    )


def test_invoked_as_from_the_ask_wins() -> None:
    call = unwrap_device_write(
        "write", {"path": "xd://github", "content": "{}"}, {"invokedAs": "xd_write"}
    )
    assert call is not None and call.ask["invokedAs"] == "xd_write"


def test_device_target_makes_an_mcp_call() -> None:
    call = unwrap_device_write(
        "write",
        {"path": "xd://github", "content": '{"title": "x"}'},
        {"deviceTarget": "github:create_issue"},
    )
    assert call is not None
    assert (call.name, call.kind) == ("mcp", "mcp")
    assert call.input == {"tool": "github:create_issue", "arguments": {"title": "x"}}


@pytest.mark.parametrize("content", ["", "  ", "?", "help", " help\n"])
def test_a_help_write_asks_for_the_documentation(content: str) -> None:
    call = unwrap_device_write("write", {"path": "xd://github", "content": content}, {})
    assert call is not None
    assert call.input == {}
    assert call.notes == (("request", "the device's documentation (a help write)"),)


def test_invalid_json_shows_what_decoded_so_far_and_the_raw_content() -> None:
    content = '{"title": "x", "body": '
    call = unwrap_device_write("write", {"path": "xd://github", "content": content}, {})
    assert call is not None
    assert call.input == {"title": "x"}
    (decode_label, decode_text), (content_label, content_text) = call.notes
    assert decode_label == "decode"
    assert decode_text.startswith("not valid JSON (")
    assert decode_text.endswith("; showing the arguments decoded so far")
    assert (content_label, content_text) == ("content", content)


def test_undecodable_content_shows_the_raw_content() -> None:
    call = unwrap_device_write("write", {"path": "xd://github", "content": "rm -rf /"}, {})
    assert call is not None and call.input == {}
    assert call.notes[0][1].endswith("; showing the raw content")
    assert call.notes[1] == ("content", "rm -rf /")


@pytest.mark.parametrize(
    ("content", "name"),
    [
        ("[1, 2]", "array"),
        ('"str"', "string"),
        ("3", "number"),
        ("2.5", "number"),
        ("true", "boolean"),
        ("null", "null"),
    ],
)
def test_a_json_value_that_is_not_an_object_is_named(content: str, name: str) -> None:
    call = unwrap_device_write("write", {"path": "xd://github", "content": content}, {})
    assert call is not None
    assert call.notes[0] == ("decode", f"a JSON {name}, not an object; showing the raw content")
    assert call.notes[1] == ("content", content)


def test_nesting_deeper_than_the_parser_is_reported_not_raised() -> None:
    content = "[" * 10_000 + "]" * 10_000
    call = unwrap_device_write("write", {"path": "xd://github", "content": content}, {})
    assert call is not None
    assert call.notes[0] == ("decode", "nested too deeply to decode; showing the raw content")


def test_non_string_content_is_serialised() -> None:
    call = unwrap_device_write("write", {"path": "xd://github", "content": {"title": "x"}}, {})
    assert call is not None and call.input == {"title": "x"} and call.notes == ()


def test_hostile_non_string_content_never_raises() -> None:
    deep: dict = {}
    cursor = deep
    for _ in range(10_000):
        cursor["a"] = {}
        cursor = cursor["a"]
    for content in (deep, {(1, 2): 3}, {"x": float("nan")}, [object()]):
        call = unwrap_device_write("write", {"path": "xd://github", "content": content}, {})
        assert call is not None


def test_finish_puts_the_notes_before_the_evidence() -> None:
    payload = build_payload(
        {"name": "write", "input": {"path": "xd://github", "content": "not json"}}
    )
    assert payload.kind == "tool"
    assert payload.request.tool_name == "github"
    assert payload.evidence[:2] == (
        Evidence(
            "decode", "not valid JSON (Expecting value at line 1 column 1); showing the raw content"
        ),
        Evidence("content", "not json"),
    )


@given(
    st.dictionaries(
        st.text(max_size=10),
        st.one_of(st.integers(), st.text(max_size=20), st.booleans()),
        max_size=6,
    )
)
def test_any_json_object_round_trips(arguments: dict) -> None:
    call = unwrap_device_write("write", {"path": "xd://tool", "content": json.dumps(arguments)}, {})
    assert call is not None
    assert call.input == arguments
    assert call.notes == ()


@given(st.text(st.characters(exclude_categories=()), max_size=200))
def test_any_content_unwraps_without_raising(content: str) -> None:
    call = unwrap_device_write("write", {"path": "xd://tool", "content": content}, {})
    assert call is not None
    if call.notes and call.notes[0][0] == "decode":
        assert call.notes[1] == ("content", content)


def test_content_with_an_integer_python_will_not_decode_is_shown_raw_with_the_reason() -> None:
    content = '{"owner": "octo", "issue_number": ' + "9" * 5000 + "}"
    call = unwrap_device_write("write", {"path": "xd://github_get_issue", "content": content}, {})
    assert call is not None
    assert call.input == {}
    assert call.notes == (
        (
            "decode",
            "holds an integer of 5,000 digits, longer than the 4,300 Python decodes; showing the raw content",
        ),
        ("content", content),
    )


@pytest.mark.parametrize(
    ("path", "cwd", "reached"),
    [
        ("xd://../../.ssh/authorized_keys", "/home/dev/project", "/home/dev/.ssh/authorized_keys"),
        ("xd://../../.ssh/authorized_keys", None, "../.ssh/authorized_keys"),
        ("xd://notes/todo.md", None, "./xd:/notes/todo.md"),
        ("xd://a b", "/w", "/w/xd:/a b"),
    ],
)
def test_an_xd_path_that_names_no_device_is_the_file_the_file_tool_writes(
    path, cwd, reached
) -> None:
    assert file_reached(path, cwd) == reached
    payload = build_payload(
        {"name": "write", "input": {"path": path, "content": "x"}}, {"cwd": cwd} if cwd else {}
    )
    assert (payload.kind, payload.request.value, payload.flagged) == ("path", reached, (reached,))
    assert payload.evidence[0].label == "path as sent" and payload.evidence[0].text == path


@pytest.mark.parametrize(
    "path", ["xd://github_create_issue", "xd://", "/home/dev/xd://x", "notes.md"]
)
def test_a_device_or_a_plain_path_reaches_no_other_file(path) -> None:
    assert file_reached(path, "/w") is None
