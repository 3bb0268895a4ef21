"""The one-sentence ask (the legacy baseline and the text a subagent relays).

Parity: ``ASK_CASES`` and the skill / external-directory tables were produced
by running the upstream TypeScript (``formatAskPrompt``,
``formatSkillAskPrompt``, ``formatSkillPathAskPrompt`` from
src/permission-prompts.ts and the two external-directory prompts from
src/handlers/gates/external-directory-messages.ts, @gotgenes/pi-permission-system
20.7.3) under Node on exactly these inputs; the expected sentences are its
output, copied verbatim. ``formatter`` names what the ask was given: ``none``
(no formatter), ``plain`` (a formatter without a registry), ``builtins`` (the
start-up registry with the MCP summariser), ``custom`` (plus a third-party
formatter for ``my-server:run``).

Every MCP input names its ``tool``: the upstream summariser ignores it (so
its output is the same without), while ours reads an input without one as
the adapter does, as a status request.
"""

from __future__ import annotations

import pytest

from askbench.impl import (
    PermissionCheckResult,
    PermissionsService,
    ToolInputFormatterRegistry,
    ToolPreviewFormatter,
    format_ask_prompt,
    register_builtin_tool_input_formatters,
)
from askbench.impl.ask import (
    ExternalPath,
    format_bash_external_directory_ask_prompt,
    format_external_directory_ask_prompt,
    format_skill_ask_prompt,
    format_skill_path_ask_prompt,
)


def commands_counter(tool_input):
    commands = tool_input.get("commands")
    return f"runs {len(commands)} commands" if isinstance(commands, list) else None


def make_formatter(kind: str) -> ToolPreviewFormatter | None:
    if kind == "none":
        return None
    if kind == "plain":
        return ToolPreviewFormatter()
    registry = ToolInputFormatterRegistry()
    register_builtin_tool_input_formatters(registry)
    if kind == "custom":
        registry.register("my-server:run", commands_counter)
    return ToolPreviewFormatter(custom_formatters=registry)


ASK_CASES = [
    pytest.param(
        {
            "tool_name": "bash",
            "command": "ls -la",
            "matched_pattern": "ls *",
            "command_context": "subshell",
        },
        None,
        {"command": "cd /x && ls -la"},
        "plain",
        "Current agent requested bash command 'ls -la' (matched 'ls *', inside subshell) (full command: 'cd /x && ls -la'). Allow this command?",
        id="ask_bash_full_form",
    ),
    pytest.param(
        {"tool_name": "bash", "command": "ls -la", "matched_pattern": "ls *"},
        None,
        {"command": "cd /x && ls -la"},
        "none",
        "Current agent requested bash command 'ls -la' (matched 'ls *') (full command: 'cd /x && ls -la'). Allow this command?",
        id="ask_bash_issue_example",
    ),
    pytest.param(
        {"tool_name": "bash", "command": "ls -la"},
        "scout",
        {"command": "  ls -la  "},
        "plain",
        "Agent 'scout' requested bash command 'ls -la'. Allow this command?",
        id="ask_bash_same_full_command",
    ),
    pytest.param(
        {"tool_name": "bash"},
        None,
        {},
        "none",
        "Current agent requested bash command ''. Allow this command?",
        id="ask_bash_no_command",
    ),
    pytest.param(
        {"tool_name": "bash", "command": "date", "command_context": "command_substitution"},
        "scout",
        {"command": "echo $(date)"},
        "none",
        "Agent 'scout' requested bash command 'date' (inside command substitution) (full command: 'echo $(date)'). Allow this command?",
        id="ask_bash_command_substitution_only",
    ),
    pytest.param(
        {
            "tool_name": "bash",
            "command": "sort b",
            "matched_pattern": "sort *",
            "command_context": "process_substitution",
        },
        None,
        {"command": "diff <(sort a) <(sort b)"},
        "none",
        "Current agent requested bash command 'sort b' (matched 'sort *', inside process substitution) (full command: 'diff <(sort a) <(sort b)'). Allow this command?",
        id="ask_bash_process_substitution",
    ),
    pytest.param(
        {"tool_name": "bash", "command": "x", "command_context": "weird"},
        None,
        {"command": "x"},
        "none",
        "Current agent requested bash command 'x'. Allow this command?",
        id="ask_bash_unknown_context",
    ),
    pytest.param(
        {"tool_name": " bash ", "command": "pwd"},
        None,
        "pwd",
        "plain",
        "Current agent requested bash command 'pwd'. Allow this command?",
        id="ask_bash_padded_tool_name",
    ),
    pytest.param(
        {
            "tool_name": "mcp",
            "target": "github:create_issue",
            "matched_pattern": "github:*",
            "source": "mcp",
        },
        "scout",
        {"tool": "github:create_issue", "arguments": {"title": "Bug", "labels": ["bug", "p1"]}},
        "builtins",
        "Agent 'scout' requested MCP target 'github:create_issue' (matched 'github:*') with title: \"Bug\", labels: [2 items]. Allow this call?",
        id="ask_mcp_with_formatter_agent",
    ),
    pytest.param(
        {"tool_name": "mcp", "target": "github:create_issue", "source": "mcp"},
        None,
        {"tool": "github:create_issue", "arguments": {"title": "Bug"}},
        "none",
        "Current agent requested MCP target 'github:create_issue'. Allow this call?",
        id="ask_mcp_without_formatter",
    ),
    pytest.param(
        {"tool_name": "mcp", "target": "github:create_issue", "source": "mcp"},
        None,
        {"tool": "github:create_issue", "arguments": {"title": "Bug"}},
        "plain",
        "Current agent requested MCP target 'github:create_issue'. Allow this call?",
        id="ask_mcp_plain_formatter_no_summary",
    ),
    pytest.param(
        {"tool_name": "mcp", "target": "s:t", "source": "mcp"},
        None,
        {"tool": "s:t", "arguments": {}},
        "builtins",
        "Current agent requested MCP target 's:t'. Allow this call?",
        id="ask_mcp_empty_arguments",
    ),
    pytest.param(
        {"tool_name": "github_create_issue", "target": "github:create_issue", "source": "mcp"},
        None,
        {"tool": "github:create_issue", "arguments": {"n": 1}},
        "builtins",
        "Current agent requested MCP target 'github:create_issue' with n: 1. Allow this call?",
        id="ask_mcp_by_source_only",
    ),
    pytest.param(
        {"tool_name": "mcp", "source": "mcp"},
        None,
        {"tool": "s:t", "arguments": {"n": 1}},
        "builtins",
        "Current agent requested tool 'mcp' with n: 1. Allow this call?",
        id="ask_mcp_without_target_is_generic",
    ),
    pytest.param(
        {"tool_name": "edit", "source": "tool"},
        None,
        {"path": "src/a.py", "edits": [{"oldText": "a", "newText": "b"}]},
        "plain",
        "Current agent requested tool 'edit' for 'src/a.py' (1 replacement: edit #1 replaces 1 line with 1 line). Allow this call?",
        id="ask_generic_edit",
    ),
    pytest.param(
        {"tool_name": "write", "matched_pattern": "*.env", "source": "tool"},
        "scout",
        {"path": ".env", "content": "X=1"},
        "none",
        "Agent 'scout' requested tool 'write' (matched '*.env'). Allow this call?",
        id="ask_generic_matched_no_formatter",
    ),
    pytest.param(
        {"tool_name": "deploy", "matched_pattern": "deploy", "source": "tool"},
        "scout",
        {"env": "prod", "replicas": 3},
        "plain",
        "Agent 'scout' requested tool 'deploy' (matched 'deploy') with input {\"env\":\"prod\",\"replicas\":3}. Allow this call?",
        id="ask_generic_json_agent",
    ),
    pytest.param(
        {"tool_name": "deploy", "source": "tool"},
        None,
        {},
        "plain",
        "Current agent requested tool 'deploy'. Allow this call?",
        id="ask_generic_empty_input",
    ),
    pytest.param(
        {"tool_name": "ls", "source": "tool"},
        "",
        {},
        "plain",
        "Current agent requested tool 'ls' for current working directory. Allow this call?",
        id="ask_empty_agent_is_current",
    ),
    pytest.param(
        {"tool_name": "my-server:run", "source": "tool"},
        None,
        {"commands": ["a", "b", "c"]},
        "custom",
        "Current agent requested tool 'my-server:run' runs 3 commands. Allow this call?",
        id="ask_custom_formatter_used",
    ),
    pytest.param(
        {"tool_name": "my-server:run", "source": "tool"},
        None,
        {"script": "x"},
        "custom",
        'Current agent requested tool \'my-server:run\' with input {"script":"x"}. Allow this call?',
        id="ask_custom_formatter_declines",
    ),
]

SKILL_CASES = [
    pytest.param(
        "deploy-docs",
        "scout",
        "Agent 'scout' requested skill 'deploy-docs'. Allow loading this skill?",
        id="skill_agent",
    ),
    pytest.param(
        "deploy-docs",
        None,
        "Current agent requested skill 'deploy-docs'. Allow loading this skill?",
        id="skill_current",
    ),
]

SKILL_PATH_CASES = [
    pytest.param(
        "pdf",
        "/home/u/.pi/skills/pdf/SKILL.md",
        None,
        "Current agent requested access to skill 'pdf' via '/home/u/.pi/skills/pdf/SKILL.md'. Allow this read?",
        id="skill_path_current",
    ),
]

EXTERNAL_DIRECTORY_CASES = [
    pytest.param(
        "read",
        "../secrets/key",
        "/etc/ssl/key",
        "/work/app",
        "scout",
        "Agent 'scout' requested tool 'read' for path '../secrets/key' (resolves to '/etc/ssl/key') outside working directory '/work/app'. Allow this external directory access?",
        id="ext_dir_resolved_agent",
    ),
    pytest.param(
        "write",
        "/tmp/out.txt",
        None,
        "/work/app",
        None,
        "Current agent requested tool 'write' for path '/tmp/out.txt' outside working directory '/work/app'. Allow this external directory access?",
        id="ext_dir_unresolved",
    ),
]

BASH_EXTERNAL_DIRECTORY_CASES = [
    pytest.param(
        "cp ../a /tmp/b",
        [("../a", "/work/a"), ("/tmp/b", None)],
        "/work/app",
        None,
        "Current agent requested bash command 'cp ../a /tmp/b' which references path(s) outside working directory '/work/app': ../a (resolves to '/work/a'), /tmp/b. Allow this external directory access?",
        id="bash_ext_dir_two_paths",
    ),
]


@pytest.mark.parametrize(("result", "agent", "tool_input", "formatter", "expected"), ASK_CASES)
def test_ask_sentence_matches_upstream(result, agent, tool_input, formatter, expected):
    check = PermissionCheckResult(**result)
    assert format_ask_prompt(check, agent, tool_input, make_formatter(formatter)) == expected


@pytest.mark.parametrize(("skill", "agent", "expected"), SKILL_CASES)
def test_skill_ask_matches_upstream(skill, agent, expected):
    assert format_skill_ask_prompt(skill, agent) == expected


@pytest.mark.parametrize(("skill", "read_path", "agent", "expected"), SKILL_PATH_CASES)
def test_skill_path_ask_matches_upstream(skill, read_path, agent, expected):
    assert format_skill_path_ask_prompt(skill, read_path, agent) == expected


@pytest.mark.parametrize(
    ("tool", "path", "resolved", "cwd", "agent", "expected"), EXTERNAL_DIRECTORY_CASES
)
def test_external_directory_ask_matches_upstream(tool, path, resolved, cwd, agent, expected):
    assert (
        format_external_directory_ask_prompt(tool, ExternalPath(path, resolved), cwd, agent)
        == expected
    )


@pytest.mark.parametrize(
    ("command", "paths", "cwd", "agent", "expected"), BASH_EXTERNAL_DIRECTORY_CASES
)
def test_bash_external_directory_ask_matches_upstream(command, paths, cwd, agent, expected):
    external = [ExternalPath(path, resolved) for path, resolved in paths]
    assert format_bash_external_directory_ask_prompt(command, external, cwd, agent) == expected


# ── The three forms, spelled out from the issue ──


def test_bash_form_with_matched_pattern_and_differing_full_command():
    check = PermissionCheckResult("bash", command="ls -la", matched_pattern="ls *")
    assert format_ask_prompt(check, None, {"command": "cd /x && ls -la"}) == (
        "Current agent requested bash command 'ls -la' (matched 'ls *') (full command: 'cd /x && ls -la')."
        " Allow this command?"
    )


def test_bash_form_ignores_the_formatter():
    check = PermissionCheckResult("bash", command="rm -rf build")
    registry = ToolInputFormatterRegistry()
    registry.register("bash", lambda tool_input: "SHOULD NOT APPEAR")
    sentence = format_ask_prompt(
        check,
        "scout",
        {"command": "rm -rf build"},
        ToolPreviewFormatter(custom_formatters=registry),
    )
    assert sentence == "Agent 'scout' requested bash command 'rm -rf build'. Allow this command?"


def test_mcp_form_appends_the_seam_preview():
    check = PermissionCheckResult("mcp", target="github:create_issue", source="mcp")
    tool_input = {
        "tool": "github:create_issue",
        "arguments": {"title": "Bug", "labels": ["a", "b"], "n": 5},
    }
    service = PermissionsService()
    assert format_ask_prompt(check, "scout", tool_input, service.formatter()) == (
        "Agent 'scout' requested MCP target 'github:create_issue'"
        ' with title: "Bug", labels: [2 items], n: 5. Allow this call?'
    )


def test_mcp_form_is_unchanged_when_the_summariser_declines():
    check = PermissionCheckResult("mcp", target="s:t", matched_pattern="s:*", source="mcp")
    assert format_ask_prompt(check, None, {"tool": "s:t"}, PermissionsService().formatter()) == (
        "Current agent requested MCP target 's:t' (matched 's:*'). Allow this call?"
    )


def test_mcp_form_consults_the_mcp_formatter_even_for_a_server_qualified_tool_name():
    registry = ToolInputFormatterRegistry()
    registry.register("mcp", lambda tool_input: "via the mcp entry")
    registry.register("github:create_issue", lambda tool_input: "via the tool's own entry")
    check = PermissionCheckResult("github:create_issue", target="github:create_issue", source="mcp")
    sentence = format_ask_prompt(check, None, {}, ToolPreviewFormatter(custom_formatters=registry))
    assert (
        sentence
        == "Current agent requested MCP target 'github:create_issue' via the mcp entry. Allow this call?"
    )


def test_generic_form_with_preview():
    check = PermissionCheckResult("deploy", matched_pattern="deploy")
    assert format_ask_prompt(check, None, {"env": "prod"}, ToolPreviewFormatter()) == (
        "Current agent requested tool 'deploy' (matched 'deploy') with input {\"env\":\"prod\"}. Allow this call?"
    )


def test_generic_form_without_formatter_has_no_preview():
    check = PermissionCheckResult("deploy")
    assert (
        format_ask_prompt(check, None, {"env": "prod"})
        == "Current agent requested tool 'deploy'. Allow this call?"
    )


@pytest.mark.parametrize(
    ("agent", "subject"),
    [("scout", "Agent 'scout'"), (None, "Current agent"), ("", "Current agent")],
)
@pytest.mark.parametrize(
    "check",
    [
        PermissionCheckResult("bash", command="ls"),
        PermissionCheckResult("mcp", target="s:t", source="mcp"),
        PermissionCheckResult("read"),
    ],
    ids=["bash", "mcp", "tool"],
)
def test_subject_names_the_agent_or_the_current_agent(agent, subject, check):
    sentence = format_ask_prompt(check, agent, {})
    assert sentence.startswith(f"{subject} requested ")
    assert ("Agent '" in sentence) == bool(agent)


def test_result_defaults():
    check = PermissionCheckResult("read")
    assert (
        check.command,
        check.target,
        check.matched_pattern,
        check.source,
        check.command_context,
    ) == (
        None,
        None,
        None,
        None,
        None,
    )
