"""askbench.impl.payload: build_payload for the nine kinds, from the fixture shapes of corpus/README.md.

A payload is complete by contract (it never truncates) and a call or ask that
cannot describe a request raises PayloadError naming the offending field.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from askbench.impl.payload import (
    CORE_LABELS,
    PAYLOAD_KINDS,
    Evidence,
    PayloadError,
    PromptPayload,
    Requester,
    build_payload,
    derive_kind,
)
from askbench.impl.preview import ToolPreviewFormatter
from askbench.impl.registry import ToolInputFormatterRegistry


def labels(payload: PromptPayload) -> list[str]:
    return [entry.label for entry in payload.evidence]


# ── kinds ──────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("name", "ask", "kind"),
    [
        ("bash", {}, "bash"),
        ("mcp", {}, "mcp"),
        ("skill", {}, "skill"),
        ("read", {}, "path"),
        ("write", {}, "path"),
        ("edit", {}, "path"),
        ("grep", {}, "path"),
        ("find", {}, "path"),
        ("ls", {}, "path"),
        ("deploy_service", {}, "tool"),
        (" bash ", {}, "bash"),
        ("bash", {"forwarded": {"agent": "scout"}}, "forwarded"),
        ("read", {"forwarded": {"agent": "scout"}}, "forwarded"),
        # an external-directory surface is the ask itself: the paths outside the working directory
        ("bash", {"surface": "bash_external_directory"}, "bash_external_directory"),
        ("read", {"surface": "external_directory"}, "external_directory"),
        ("bash", {"surface": "bash"}, "bash"),
    ],
)
def test_derive_kind(name: str, ask: dict, kind: str) -> None:
    assert derive_kind(name, ask) == kind


def test_the_nine_kinds() -> None:
    assert PAYLOAD_KINDS == (
        "bash",
        "mcp",
        "tool",
        "path",
        "external_directory",
        "bash_external_directory",
        "skill",
        "skill_read",
        "forwarded",
    )


def test_bash() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "rm -rf build", "timeout": 30}},
        {
            "agent": "coder",
            "matchedPattern": "rm *",
            "invokedAs": "exec_command",
            "commandContext": "subshell",
            "executedUnit": "rm -rf build/x",
        },
    )
    assert payload.kind == "bash"
    request = payload.request
    assert request.requester == Requester(agent_name="coder")
    assert (request.tool_name, request.surface, request.value, request.value_label) == (
        "bash",
        "bash",
        "rm -rf build",
        "command",
    )
    assert request.invoked_tool_name == "exec_command"
    assert request.matched_pattern == "rm *"
    assert request.command_context == "subshell"
    assert request.executed_unit == "rm -rf build/x"
    assert payload.evidence == (Evidence("timeout", "30"),)
    assert payload.flagged == ("rm -rf build",)
    assert payload.legacy_message == (
        "Agent 'coder' requested bash command 'rm -rf build' (matched 'rm *', inside subshell). Allow this command?"
    )


def test_bash_gated_unit_differs_shows_the_full_command_as_evidence() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "cd /w && rm -rf x"}}, {"command": "rm -rf x"}
    )
    assert payload.request.value == "rm -rf x"
    assert payload.evidence[0] == Evidence("full command", "cd /w && rm -rf x")
    assert payload.flagged == ("rm -rf x",)


def test_bash_same_gated_unit_adds_no_full_command() -> None:
    payload = build_payload({"name": "bash", "input": {"command": "ls"}}, {"command": "ls"})
    assert "full command" not in labels(payload)


def test_mcp_target_and_formatter_evidence() -> None:
    call = {
        "name": "mcp",
        "input": {"tool": "github:create_issue", "arguments": {"title": "Bug", "body": "a\nb"}},
    }
    payload = build_payload(call, {"matchedPattern": "github:*"})
    assert payload.kind == "mcp"
    assert (payload.request.value, payload.request.value_label, payload.request.tool_name) == (
        "github:create_issue",
        "target",
        "mcp",
    )
    assert payload.evidence[0] == Evidence("input", 'with title: "Bug", body: "a\nb"')
    assert payload.evidence[1:] == (Evidence("title", "Bug"), Evidence("body", "a\nb"))
    assert payload.flagged == ("github:create_issue",)


def test_mcp_registered_formatter_shapes_the_input_evidence() -> None:
    registry = ToolInputFormatterRegistry()
    registry.register("mcp", lambda tool_input: "shaped by the registrant")
    formatter = ToolPreviewFormatter(custom_formatters=registry)
    call = {"name": "mcp", "input": {"tool": "github:create_issue", "arguments": {"title": "Bug"}}}
    payload = build_payload(call, None, formatter)
    assert payload.evidence[0] == Evidence("input", "shaped by the registrant")
    assert "shaped by the registrant" in payload.legacy_message


def test_mcp_server_named_separately_is_joined_as_the_upstream_joins_it() -> None:
    payload = build_payload({"name": "mcp", "input": {"server": "github", "tool": "create_issue"}})
    assert payload.request.value == "github_create_issue"
    matched = build_payload(
        {"name": "mcp", "input": {"server": "github", "tool": "create_issue"}},
        {"matchedPattern": "github:*"},
    )
    assert matched.request.value == "github:create_issue"


def test_tool_value_is_the_tool_and_input_is_evidence() -> None:
    payload = build_payload(
        {"name": "deploy", "input": {"env": "prod", "a key with spaces in it": 1}}
    )
    assert payload.kind == "tool"
    assert payload.request.value == payload.request.tool_name == "deploy"
    assert payload.request.value_label == "target"
    assert payload.evidence[0].label == "input"
    assert Evidence("env", "prod") in payload.evidence
    # a key that is not a short identifier moves into the text, quoted
    assert Evidence("argument", '"a key with spaces in it": 1') in payload.evidence


def test_path_value_and_input_evidence() -> None:
    payload = build_payload({"name": "read", "input": {"path": "/w/a.txt", "offset": 10}})
    assert payload.kind == "path"
    assert (payload.request.value, payload.request.value_label, payload.request.tool_name) == (
        "/w/a.txt",
        "path",
        "read",
    )
    assert payload.evidence == (
        Evidence("input", "for path '/w/a.txt', offset 10"),
        Evidence("offset", "10"),
    )


def test_path_accepts_file_path() -> None:
    payload = build_payload(
        {"name": "write", "input": {"file_path": "/w/b.txt", "content": "x\ny"}}
    )
    assert payload.request.value == "/w/b.txt"
    assert Evidence("content", "x\ny") in payload.evidence


def test_edit_evidence_is_a_diff_per_edit() -> None:
    payload = build_payload(
        {
            "name": "edit",
            "input": {
                "path": "/w/a",
                "edits": [{"oldText": "a\nb", "newText": "c"}, {"oldText": "d", "newText": "e"}],
            },
        }
    )
    assert Evidence("edit #1", "- a\n- b\n+ c") in payload.evidence
    assert Evidence("edit #2", "- d\n+ e") in payload.evidence


def test_external_directory() -> None:
    payload = build_payload(
        {"name": "read", "input": {"path": "/etc/hosts"}},
        {
            "kind": "external_directory",
            "cwd": "/w",
            "externalPaths": [{"path": "/etc/hosts", "resolvesTo": "/private/etc/hosts"}],
        },
    )
    assert payload.kind == "external_directory"
    assert payload.request.surface == "external_directory"
    assert payload.request.value == "/etc/hosts"
    assert payload.evidence[0] == Evidence("external path", "/etc/hosts", "/private/etc/hosts")
    assert payload.evidence[1] == Evidence("working directory", "/w")
    assert payload.flagged == ("/etc/hosts",)
    assert "resolves to '/private/etc/hosts'" in payload.legacy_message


def test_external_directory_falls_back_to_the_call_path() -> None:
    payload = build_payload(
        {"name": "read", "input": {"path": "/etc/passwd"}}, {"kind": "external_directory"}
    )
    assert payload.evidence[0] == Evidence("external path", "/etc/passwd")


def test_bash_external_directory_has_one_entry_per_path() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "cp ~/a /tmp/b", "description": "copy"}},
        {
            "kind": "bash_external_directory",
            "cwd": "/w",
            "externalPaths": [{"path": "~/a", "resolvesTo": "/home/u/a"}, {"path": "/tmp/b"}],
        },
    )
    assert payload.kind == "bash_external_directory"
    assert payload.request.value == "cp ~/a /tmp/b"
    assert payload.request.surface == "external_directory"
    assert payload.request.tool_name == "bash"
    assert payload.evidence[:3] == (
        Evidence("external path", "~/a", "/home/u/a"),
        Evidence("external path", "/tmp/b"),
        Evidence("working directory", "/w"),
    )
    assert (
        Evidence("description", "copy") in payload.evidence
    )  # the complete view carries the whole call
    assert payload.flagged == ("~/a", "/tmp/b")


def test_skill() -> None:
    payload = build_payload({"name": "skill", "input": {"name": "pdf"}}, {"agent": "a"})
    assert payload.kind == "skill"
    assert (payload.request.value, payload.request.value_label) == ("pdf", "skill")
    assert payload.legacy_message == "Agent 'a' requested skill 'pdf'. Allow loading this skill?"


def test_skill_read() -> None:
    payload = build_payload(
        {"name": "read", "input": {"path": "/s/pdf/SKILL.md"}},
        {"kind": "skill_read", "skill": "pdf"},
    )
    assert payload.kind == "skill_read"
    assert (payload.request.value, payload.request.value_label, payload.request.tool_name) == (
        "pdf",
        "skill",
        "read",
    )
    assert payload.evidence[0] == Evidence("read path", "/s/pdf/SKILL.md")


def test_forwarded() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls -la"}},
        {"forwarded": {"agent": "scout", "sessionId": "abc12345"}, "matchedPattern": "ls *"},
    )
    assert payload.kind == "forwarded"
    assert payload.request.requester == Requester(
        agent_name="scout", forwarded=True, session_id="abc12345"
    )
    assert (payload.request.value, payload.request.value_label, payload.request.tool_name) == (
        "ls -la",
        "command",
        "bash",
    )
    assert payload.request.matched_pattern == "ls *"
    # the child's sentence names the subagent, not "Current agent"; its bounded form leaves the value to the core
    child = "Agent 'scout' requested bash command 'ls -la' (matched 'ls *'). Allow this command?"
    brief = "Agent 'scout' requested bash command '…' (matched 'ls *'). Allow this command?"
    assert payload.evidence[0] == Evidence("requested", child, brief=brief)
    assert (
        payload.legacy_message
        == f"Subagent 'scout' requested permission.\nSession ID: abc12345\n\n{child}"
    )


def test_forwarded_carries_the_childs_message_and_child_kind() -> None:
    payload = build_payload(
        {"name": "mcp", "input": {"tool": "slack:post", "arguments": {"text": "hi"}}},
        {
            "forwarded": {"agent": "scout", "message": "Agent 'scout' wants to post."},
            "kind": "forwarded",
        },
    )
    assert payload.kind == "forwarded"
    assert payload.request.value == "slack_post"
    assert payload.request.value_label == "target"
    assert payload.evidence[0] == Evidence("requested", "Agent 'scout' wants to post.")
    assert Evidence("text", "hi") in payload.evidence
    assert "Session ID: unknown" in payload.legacy_message


def test_a_forwarded_external_directory_child_shows_its_paths() -> None:
    """The child's kind comes from its surface when its ask names none, as a local ask's does — not from the call's name."""
    ask = {
        "surface": "bash_external_directory",
        "cwd": "/srv/app",
        "externalPaths": [{"path": "/var/backups"}],
        "forwarded": {"agent": "db-migrator"},
    }
    payload = build_payload(
        {"name": "bash", "input": {"command": "tar czf /tmp/b.tgz -C /var/backups ."}}, ask
    )
    assert payload.forwarded_kind == "bash_external_directory"
    assert Evidence("external path", "/var/backups") in payload.evidence
    assert payload.flagged == ("/var/backups",)


def test_extra_evidence_is_appended_after_the_built_entries_once() -> None:
    extra = [{"label": "note", "text": "a", "detail": "b"}, {"label": "why", "text": "c"}]
    payload = build_payload({"name": "bash", "input": {"command": "ls"}}, {"evidence": extra})
    assert payload.evidence[-2:] == (Evidence("note", "a", "b"), Evidence("why", "c"))
    forwarded = build_payload(
        {"name": "bash", "input": {"command": "ls"}},
        {"forwarded": {"agent": "s"}, "evidence": extra},
    )
    assert labels(forwarded).count("note") == 1
    assert forwarded.evidence[-2:] == (Evidence("note", "a", "b"), Evidence("why", "c"))


def test_device_write_is_the_inner_tool() -> None:
    payload = build_payload(
        {"name": "write", "input": {"path": "xd://github", "content": '{"title": "x"}'}}
    )
    assert payload.kind == "tool"
    assert payload.request.tool_name == "github"
    assert payload.request.invoked_tool_name == "write xd://github"
    assert Evidence("title", "x") in payload.evidence


def test_forwarded_device_write_keeps_the_subagent_as_requester() -> None:
    payload = build_payload(
        {"name": "write", "input": {"path": "xd://github", "content": '{"title": "x"}'}},
        {
            "forwarded": {"agent": "scout", "sessionId": "abc12345"},
            "deviceTarget": "github:create_issue",
        },
    )
    assert payload.kind == "forwarded"
    assert payload.request.requester == Requester(
        agent_name="scout", forwarded=True, session_id="abc12345"
    )
    assert payload.request.value == "github_create_issue"
    assert payload.request.invoked_tool_name == "write xd://github"
    assert payload.evidence[0].label == "requested"


def test_payload_never_truncates() -> None:
    command = "echo " + "x" * 100_000 + "\n" * 500 + "漢" * 1000
    entries = [{"label": f"e{index}", "text": "t" * 500} for index in range(300)]
    payload = build_payload({"name": "bash", "input": {"command": command}}, {"evidence": entries})
    assert payload.request.value == command
    assert len(payload.evidence) == 300
    assert all(entry.text == "t" * 500 for entry in payload.evidence)
    assert command in payload.legacy_message


def test_payload_is_frozen() -> None:
    payload = build_payload({"name": "bash", "input": {"command": "ls"}})
    with pytest.raises(dataclasses.FrozenInstanceError):
        payload.kind = "mcp"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        payload.request.value = "rm"  # type: ignore[misc]


# ── PayloadError names the field ───────────────────────────────────────────


@pytest.mark.parametrize(
    ("call", "ask", "field"),
    [
        (["bash"], None, "call"),
        ({"input": {}}, None, "call.name"),
        ({"name": "  ", "input": {}}, None, "call.name"),
        ({"name": 3, "input": {}}, None, "call.name"),
        ({"name": "bash", "input": ["ls"]}, None, "call.input"),
        ({"name": "bash", "input": {"command": "ls"}}, ["x"], "ask"),
        ({"name": "bash", "input": {"command": "ls"}}, {"kind": "shell"}, "ask.kind"),
        ({"name": "bash", "input": {"command": 5}}, None, "call.input.command"),
        ({"name": "bash", "input": {"command": "ls"}}, {"agent": 7}, "ask.agent"),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"matchedPattern": ["*"]},
            "ask.matchedPattern",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"commandContext": "backticks"},
            "ask.commandContext",
        ),
        ({"name": "read", "input": {}}, {"kind": "external_directory"}, "ask.externalPaths"),
        (
            {"name": "read", "input": {}},
            {"kind": "external_directory", "externalPaths": "/etc"},
            "ask.externalPaths",
        ),
        (
            {"name": "read", "input": {}},
            {"kind": "external_directory", "externalPaths": [{"path": 1}]},
            "ask.externalPaths[0].path",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"kind": "bash_external_directory"},
            "ask.externalPaths",
        ),
        ({"name": "skill", "input": {}}, None, "call.input.name"),
        ({"name": "read", "input": {"path": "/s"}}, {"kind": "skill_read"}, "ask.skill"),
        ({"name": "bash", "input": {"command": "ls"}}, {"forwarded": "scout"}, "ask.forwarded"),
        ({"name": "bash", "input": {"command": "ls"}}, {"kind": "forwarded"}, "ask.forwarded"),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"forwarded": {"sessionId": "s"}},
            "ask.forwarded.agent",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"forwarded": {"agent": "s", "sessionId": 1}},
            "ask.forwarded.sessionId",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"forwarded": {"agent": "s", "message": 1}},
            "ask.forwarded.message",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"evidence": {"label": "x"}},
            "ask.evidence",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"evidence": [{"label": "x", "text": "y"}, {"label": "z"}]},
            "ask.evidence[1]",
        ),
        (
            {"name": "mcp", "input": {"tool": "a:b", "arguments": {"n": 10**5000}}},
            None,
            "call.input.arguments.n",
        ),
        (
            {"name": "mcp", "input": {"tool": "a:b", "arguments": {"ids": [1, -(10**5000)]}}},
            None,
            "call.input.arguments.ids[1]",
        ),
        (
            {"name": "bash", "input": {"command": "ls"}},
            {"evidence": [{"label": "x", "text": "y", "n": 10**4300}]},
            "ask.evidence[0].n",
        ),
    ],
)
def test_payload_error_names_the_field(call: object, ask: object, field: str) -> None:
    with pytest.raises(PayloadError) as raised:
        build_payload(call, ask)  # type: ignore[arg-type]
    assert raised.value.field == field
    assert str(raised.value).startswith(f"{field}: ")


# ── properties ─────────────────────────────────────────────────────────────

any_text = st.text(st.characters(exclude_categories=()), max_size=200)


@given(any_text, st.lists(st.tuples(any_text, any_text, st.none() | any_text), max_size=20))
def test_hostile_content_is_carried_verbatim(command: str, extra: list) -> None:
    evidence = [{"label": label, "text": text, "detail": detail} for label, text, detail in extra]
    payload = build_payload({"name": "bash", "input": {"command": command}}, {"evidence": evidence})
    assert payload.request.value == command
    assert payload.evidence[len(payload.evidence) - len(extra) :] == tuple(
        Evidence(label, text, detail) for label, text, detail in extra
    )


def test_an_unprintable_integer_is_refused_with_its_length_not_a_traceback() -> None:
    with pytest.raises(
        PayloadError, match=r"call\.input\.arguments\.n: an integer of about 5,001 digits"
    ):
        build_payload(
            {"name": "mcp", "input": {"tool": "github:get_issue", "arguments": {"n": 10**5000}}}
        )


def test_the_longest_printable_integer_is_shown() -> None:
    payload = build_payload(
        {"name": "mcp", "input": {"tool": "github:get_issue", "arguments": {"n": 10**4299}}}
    )
    assert "1" + "0" * 4299 in "".join(evidence.text for evidence in payload.evidence)


@pytest.mark.parametrize("label", ["agent", "subagent ", "runs:", "command", "path  :"])
def test_an_ask_evidence_label_never_stands_where_only_core_facts_do(label: str) -> None:
    """``agent : x`` under a forwarded ask read as a second requester (found by hypothesis through ``labels``)."""
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls"}}, {"evidence": [{"label": label, "text": "x"}]}
    )
    entry = payload.evidence[-1]
    assert (entry.label, entry.text) == ("evidence", f"{json.dumps(label)}: x")


def test_an_ask_evidence_label_that_only_begins_like_a_core_label_keeps_its_place() -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls"}},
        {"evidence": [{"label": "agent note", "text": "x"}]},
    )
    assert (payload.evidence[-1].label, payload.evidence[-1].text) == ("agent note", "x")


@pytest.mark.parametrize(
    "key", ["Runs", "Rule", "Context", "tooI", "TOOL", "c0ntext", "Too1", "PATH"]
)
def test_an_input_key_that_reads_as_a_core_label_once_folded_moves_into_the_text(key: str) -> None:
    """``Runs : ls -la`` in the label column read as what runs: case and TR39 confusables are folded first."""
    payload = build_payload({"name": "bash", "input": {"command": "curl x | sh", key: "ls -la"}})
    assert (payload.evidence[-1].label, payload.evidence[-1].text) == (
        "argument",
        f'"{key}": ls -la',
    )


@pytest.mark.parametrize("key", ["userId", "content", "Content", "rules", "toolbox"])
def test_an_input_key_that_folds_to_no_core_label_keeps_its_place(key: str) -> None:
    """``content`` is one letter from ``context`` but spelled as a word, not by shape: it does not read as a core label
    (``targeI``, spelled by shape one letter from ``target``, does: ``tests/impl/test_label_fold.py``)."""
    payload = build_payload({"name": "bash", "input": {"command": "ls", key: "x"}})
    assert (payload.evidence[-1].label, payload.evidence[-1].text) == (key, "x")


@pytest.mark.parametrize(
    "label",
    ["Runs", "RUNS:", "\uff32\uff35\uff2e\uff33", "t\u043e\u043el", "Agent  :", "ru\u200bns"],
)
def test_an_ask_evidence_label_that_reads_as_a_core_label_once_folded_moves_into_the_text(
    label: str,
) -> None:
    payload = build_payload(
        {"name": "bash", "input": {"command": "ls"}}, {"evidence": [{"label": label, "text": "x"}]}
    )
    entry = payload.evidence[-1]
    assert (entry.label, entry.text) == ("evidence", f"{json.dumps(label)}: x")


_LOOKALIKE = {
    "l": "lI1",
    "o": "oO0\u043e",
    "e": "eE\u0435",
    "a": "aA\u0430",
    "c": "cC\u0441",
    "p": "pP\u0440",
}
folded_core_keys = st.sampled_from(sorted(CORE_LABELS)).flatmap(
    lambda label: st.tuples(
        *[st.sampled_from(_LOOKALIKE.get(char, char + char.upper())) for char in label]
    ).map("".join)
)


@given(folded_core_keys)
def test_no_spelling_of_a_core_label_keeps_the_label_column(key: str) -> None:
    """Any mix of case and TR39 confusables of a core label is moved, as a key and as an ask evidence label."""
    payload = build_payload(
        {"name": "deploy", "input": {key: "x"}}, {"evidence": [{"label": key, "text": "y"}]}
    )
    assert [(entry.label, entry.text) for entry in payload.evidence[-2:]] == [
        ("argument", f"{json.dumps(key)}: x"),
        ("evidence", f"{json.dumps(key)}: y"),
    ]


LABEL_LIBRARY_PROBE = """
import sys
from askbench.impl.payload import build_payload

build_payload({"name": "bash", "input": {"command": "ls -la"}})
alone = "disarm" in sys.modules
build_payload({"name": "bash", "input": {"command": "ls -la", "description": "List files"}})
print(alone, "disarm" in sys.modules)
"""


def test_the_label_library_is_imported_by_the_first_field_label_not_by_the_payload_module() -> None:
    """``disarm`` (TR39 skeletons, and importlib.metadata behind it) folds input keys before they stand as labels;
    a call whose only field is its command has none to fold, so it starts without it."""
    done = subprocess.run(
        [sys.executable, "-c", LABEL_LIBRARY_PROBE], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]
