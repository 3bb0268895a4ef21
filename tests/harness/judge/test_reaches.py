"""askbench.harness.judge.reaches: the payload names what the call reaches, from the call as sent and the hosts' rules."""

from dataclasses import replace

import pytest

from askbench.harness.fixtures.loading import BUILTIN_CORPUS, load_checked_prompt
from askbench.harness.judge.reaches import check_reaches, javascript_reads, javascript_trim


@pytest.mark.parametrize(
    ("value", "reads"),
    [
        (2**53 + 1, "9007199254740992"),
        (-(2**53 + 1), "-9007199254740992"),
        (12345678901234567890, "12345678901234567000"),
        (10**21 + 1, "1e+21"),
        (2**70, "1.1805916207174113e+21"),
        (-(2**63) - 1, "-9223372036854776000"),
        (10**400, "Infinity"),
        (-(10**400), "-Infinity"),
    ],
)
def test_javascript_reads_an_integer_as_the_nearest_double_in_its_shortest_digits(value, reads):
    """ECMA-262 Number::toString of the Number JSON.parse makes (node -p: 2**53+1 → 9007199254740992, 2**70 → 1.1805916207174113e+21)."""
    assert javascript_reads(value) == reads


def _verdicts(name, change=None):
    fixture, payload = load_checked_prompt(BUILTIN_CORPUS / f"{name}.json")
    found = []
    check_reaches(
        fixture,
        change(payload) if change else payload,
        lambda invariant, message: found.append((invariant, message)),
    )
    return found


def test_a_target_on_the_ignored_server_is_rejected():
    name = "adversarial/mcp-namespace-proxy-server-key-ignored-runs-on-postgres"
    assert _verdicts(name) == []
    found = _verdicts(
        name, lambda p: replace(p, request=replace(p.request, value="scratch-sqlite_query"))
    )
    assert found and found[0][0] == "reaches" and "'postgres'" in found[0][1]


def test_an_unsafe_integer_shown_without_what_javascript_reads_is_rejected():
    name = "adversarial/mcp-issue-number-above-max-safe-integer-rounds-in-javascript"
    assert _verdicts(name) == []

    def unsaid(payload):
        return replace(
            payload,
            evidence=tuple(
                replace(e, text=e.text.replace(" (a JavaScript host reads 9007199254740992)", ""))
                for e in payload.evidence
            ),
        )

    found = _verdicts(name, unsaid)
    assert found and "9007199254740993" in found[0][1] and "9007199254740992" in found[0][1]


def test_an_xd_path_that_names_no_device_shown_as_sent_is_rejected():
    name = "xdev/xdev-write-path-traversal-names-no-device-authorized-keys"
    assert _verdicts(name) == []
    found = _verdicts(
        name,
        lambda p: replace(p, request=replace(p.request, value="xd://../../.ssh/authorized_keys")),
    )
    assert found and "/home/dev/.ssh/authorized_keys" in found[0][1]


@pytest.mark.parametrize(
    "name",
    [
        "xdev/xdev-github-create-issue-markdown-body",
        "mcp/namespace-proxy-mcp-github-add-issue-comment",
        "adversarial/mcp-extreme-numbers",
        "mcp/adapter-server-hint-disambiguates-tool",
    ],
)
def test_calls_that_reach_what_they_say_pass(name):
    assert _verdicts(name) == []


def test_a_key_the_adapter_never_passes_on_shown_as_an_argument_is_rejected():
    name = "adversarial/mcp-gateway-merge-method-beside-args-never-reaches-the-tool"
    assert _verdicts(name) == []

    def as_argument(payload):
        return replace(
            payload,
            evidence=tuple(
                replace(e, label="merge_method", text="squash") if e.label == "ignored" else e
                for e in payload.evidence
            ),
        )

    found = _verdicts(name, as_argument)
    assert found and "'merge_method' never reaches the tool" in found[0][1]


@pytest.mark.parametrize(
    ("text", "trimmed"),
    [
        (
            "0\u0085",
            "0\u0085",
        ),  # NEL is no JavaScript whitespace (node -p: JSON.stringify("0\u0085".trim()))
        ("\x1c0\x1f", "\x1c0\x1f"),  # nor are the information separators Python strips
        ("\ufeff 0\u3000\u2029", "0"),  # ZWNBSP is, and every space separator and line terminator
    ],
)
def test_javascript_trim_removes_what_ecma_262_calls_blank_and_nothing_else(text, trimmed):
    assert javascript_trim(text) == trimmed


def test_a_server_name_is_trimmed_as_the_adapter_trims_it():
    """pi-mcp-adapter keeps a NEL at the end of a server name: the call runs on '0' + NEL, not on '0'."""
    name = "adversarial/mcp-gateway-server-name-ending-in-nel"
    assert _verdicts(name) == []
    found = _verdicts(name, lambda p: replace(p, request=replace(p.request, value="0_0")))
    assert found and found[0][0] == "reaches" and "'0\x85'" in found[0][1]


def test_a_blank_tool_name_calls_nothing_on_the_server():
    """The adapter trims the tool's name: a tab alone is no tool, so the call lists the server's tools and no
    target is held to a call on it (Python's truth of the untrimmed "\t" held one)."""
    assert _verdicts("adversarial/mcp-gateway-blank-tool-name-lists-the-server") == []


def test_a_call_with_a_blank_tool_name_passes_no_key_on_and_holds_none_back():
    """A lone ZWNBSP is blank to JavaScript's trim: the call reaches no tool, so ``server`` shown as an argument
    is no key held back from one; a tool named ``x`` would read ``server`` nowhere."""
    name = "mcp/fuzz-mcp-blank-tool-name-passes-no-key"
    assert _verdicts(name) == []
    fixture, payload = load_checked_prompt(BUILTIN_CORPUS / f"{name}.json")
    named = replace(fixture, call={**fixture.call, "input": {**fixture.call["input"], "tool": "x"}})
    found = []
    check_reaches(named, payload, lambda invariant, message: found.append((invariant, message)))
    assert any("'server' never reaches the tool" in message for _, message in found)
