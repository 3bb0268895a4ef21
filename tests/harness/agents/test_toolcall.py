from __future__ import annotations

from pathlib import Path

from agents_cases import constructed, fixture

from askbench.harness.agents.toolcall import Intent, intent_of, resolve

SHELL = {
    "shell_command": {"command": "{command}", "sandbox_permissions": "require_escalated"},
    "shell": {"command": "{argv}"},
}


def test_a_bash_fixture_asks_for_its_command() -> None:
    intent = intent_of(fixture("bash/compound-cd-then-rm-build"))
    assert intent == Intent("bash", {"command": "cd /srv/app && rm -rf build"})


def test_the_shell_tool_is_the_first_candidate_the_cli_offers() -> None:
    intent = Intent("bash", {"command": "ls -la"})
    assert resolve(intent, ["read", "shell"], SHELL, {}).arguments == {
        "command": ["bash", "-lc", "ls -la"]
    }  # type: ignore[union-attr]
    call = resolve(intent, ["shell", "shell_command"], SHELL, {})
    assert call is not None and call.name == "shell_command"
    assert call.arguments == {"command": "ls -la", "sandbox_permissions": "require_escalated"}
    assert resolve(intent, ["read"], SHELL, {}) is None


def test_an_mcp_call_takes_the_name_the_cli_gives_its_server_s_tool() -> None:
    intent = intent_of(fixture("mcp/github-create-issue-long-markdown-body"))
    assert (
        intent is not None
        and intent.kind == "mcp"
        and intent.tool == "create_issue"
        and intent.server == "github"
    )
    assert set(intent.arguments) >= {"owner", "repo", "title", "body"}
    offered = ["Bash", "mcp__github__create_issue", "mcp__github__create_issue_comment"]
    call = resolve(intent, offered, {}, {})
    assert call is not None and call.name == "mcp__github__create_issue"
    assert resolve(intent, ["github_create_issue"], {}, {}).name == "github_create_issue"  # type: ignore[union-attr]
    # GitHub Copilot CLI joins the server and the tool with a hyphen
    copilot = ["bash", "github-get_issue", "github-create_issue"]
    assert resolve(intent, copilot, {}, {}).name == "github-create_issue"  # type: ignore[union-attr]
    assert resolve(intent, ["Bash"], {}, {}) is None
    assert resolve(intent, ["github-recreate_issue", "precreate_issue"], {}, {}) is None


def test_a_write_renames_its_arguments_and_other_calls_have_no_intent(tmp_path: Path) -> None:
    write = constructed(tmp_path, {"name": "write", "input": {"path": "a.txt", "content": "x"}})
    intent = intent_of(write)
    assert intent is not None
    call = resolve(intent, ["Write"], {}, {"Write": {"path": "file_path"}})
    assert call is not None and call.arguments == {"file_path": "a.txt", "content": "x"}
    assert intent_of(constructed(tmp_path, {"name": "skill", "input": {"name": "pdf"}})) is None


def test_a_write_to_a_cli_that_takes_absolute_paths_is_joined_to_its_root(tmp_path: Path) -> None:
    write = constructed(tmp_path, {"name": "write", "input": {"path": "src/a.ts", "content": "x"}})
    intent = intent_of(write)
    assert intent is not None
    names = {"create": {"path": "path", "content": "file_text", "root": "/w"}}
    call = resolve(intent, ["create"], {}, names)
    assert call is not None and call.arguments == {"path": "/w/src/a.ts", "file_text": "x"}
    assert resolve(intent, ["create"], {}, {"create": {"path": "path"}}).arguments == {  # type: ignore[union-attr]
        "path": "src/a.ts",
        "content": "x",
    }
