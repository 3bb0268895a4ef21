"""PermissionsService: the facade other extensions reach, sharing one registry with the prompt."""

from __future__ import annotations

import pytest

from askbench.impl import (
    DuplicateFormatterError,
    PermissionCheckResult,
    PermissionsService,
    PreviewLimits,
    ToolInputFormatterRegistry,
    format_ask_prompt,
    format_mcp_input_for_prompt,
    normalize_config,
)

RUN = PermissionCheckResult("my-server:run", matched_pattern="my-server:*")
RUN_INPUT = {"commands": ["make", "make test", "make check"]}
DEFAULT_RUN_SENTENCE = (
    "Current agent requested tool 'my-server:run' (matched 'my-server:*')"
    ' with input {"commands":["make","make test","make check"]}. Allow this call?'
)


def commands_counter(tool_input):
    commands = tool_input.get("commands")
    return f"runs {len(commands)} commands" if isinstance(commands, list) else None


def test_registration_through_the_service_changes_the_rendered_prompt_and_dispose_restores_it():
    service = PermissionsService()
    assert format_ask_prompt(RUN, None, RUN_INPUT, service.formatter()) == DEFAULT_RUN_SENTENCE

    dispose = service.register_tool_input_formatter("my-server:run", commands_counter)
    assert format_ask_prompt(RUN, None, RUN_INPUT, service.formatter()) == (
        "Current agent requested tool 'my-server:run' (matched 'my-server:*') runs 3 commands. Allow this call?"
    )

    dispose()
    assert format_ask_prompt(RUN, None, RUN_INPUT, service.formatter()) == DEFAULT_RUN_SENTENCE


def test_a_formatter_built_before_the_registration_sees_it_too():
    """One registry, not a copy: the prompt reads the very instance the service writes."""
    service = PermissionsService()
    formatter = service.formatter()
    service.register_tool_input_formatter("my-server:run", commands_counter)
    assert formatter.format_tool_input_for_prompt("my-server:run", RUN_INPUT) == "runs 3 commands"


def test_declining_formatter_leaves_the_prompt_as_it_was():
    service = PermissionsService()
    service.register_tool_input_formatter("my-server:run", commands_counter)
    assert format_ask_prompt(RUN, None, {"script": "x"}, service.formatter()) == (
        "Current agent requested tool 'my-server:run' (matched 'my-server:*') with input {\"script\":\"x\"}."
        " Allow this call?"
    )


def test_the_service_and_its_formatters_share_one_registry():
    service = PermissionsService()
    assert service.formatter().custom_formatters is service.registry
    assert service.formatter() is not service.formatter()


def test_the_mcp_summariser_is_registered_at_start_up():
    service = PermissionsService()
    assert service.registry.get("mcp") is format_mcp_input_for_prompt
    check = PermissionCheckResult("mcp", target="github:create_issue", source="mcp")
    sentence = format_ask_prompt(
        check,
        "scout",
        {"tool": "github:create_issue", "arguments": {"title": "Bug"}},
        service.formatter(),
    )
    assert (
        sentence
        == "Agent 'scout' requested MCP target 'github:create_issue' with title: \"Bug\". Allow this call?"
    )


def test_registering_mcp_again_through_the_service_raises():
    service = PermissionsService()
    with pytest.raises(DuplicateFormatterError, match="'mcp'"):
        service.register_tool_input_formatter("mcp", lambda tool_input: "mine")


def test_duplicate_registration_through_the_service_raises_naming_the_tool():
    service = PermissionsService()
    service.register_tool_input_formatter("my-server:run", commands_counter)
    with pytest.raises(DuplicateFormatterError) as caught:
        service.register_tool_input_formatter("my-server:run", lambda tool_input: "other")
    assert str(caught.value) == "A tool input formatter is already registered for 'my-server:run'."


def test_stale_disposer_from_the_service_never_evicts_a_later_registration():
    service = PermissionsService()
    stale = service.register_tool_input_formatter("my-server:run", commands_counter)
    stale()
    service.register_tool_input_formatter("my-server:run", commands_counter)
    stale()
    assert service.format_tool_input("my-server:run", RUN_INPUT) == "runs 3 commands"


def test_a_supplied_registry_is_used_as_is_without_built_ins():
    registry = ToolInputFormatterRegistry()
    service = PermissionsService(registry=registry)
    assert service.registry is registry
    assert registry.get("mcp") is None
    service.register_tool_input_formatter("x", lambda tool_input: "via x")
    assert registry.get("x") is not None


def test_services_do_not_share_registrations():
    first, second = PermissionsService(), PermissionsService()
    first.register_tool_input_formatter("my-server:run", commands_counter)
    assert second.format_tool_input("my-server:run", RUN_INPUT).startswith("with input ")


def test_configured_limits_reach_the_formatter():
    service = PermissionsService(
        normalize_config({"toolInputPreviewMaxLength": 10, "toolTextSummaryMaxLength": 3})
    )
    assert service.formatter().limits == PreviewLimits(10, 3, 1000)
    assert service.format_tool_input("deploy", {"env": "production"}) == 'with input {"env":"pr…'


def test_a_config_change_applies_to_the_next_formatter():
    service = PermissionsService()
    assert (
        service.format_tool_input("grep", {"pattern": "abcdef"})
        == "for pattern 'abcdef', current working directory"
    )
    service.config = normalize_config({"toolTextSummaryMaxLength": 2})
    assert (
        service.format_tool_input("grep", {"pattern": "abcdef"})
        == "for pattern 'ab…', current working directory"
    )


def test_default_service_uses_default_limits():
    assert PermissionsService().formatter().limits == PreviewLimits()
