"""ToolInputFormatterRegistry: one formatter per tool name, identity-guarded disposers.

One deliberate difference from the upstream: its disposer compares the
*function* it registered (``formatters.get(name) === formatter``), so after
dispose and re-register of the same function object a stale disposer evicts
the new registration. Here the disposer is tied to its registration, so it
never does (``test_stale_disposer_never_evicts_a_reregistration_of_the_same_function``).
"""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import Bundle, RuleBasedStateMachine, invariant, rule

from askbench.impl import DuplicateFormatterError, ToolInputFormatterRegistry


def shout(tool_input):
    return "SHOUT"


def whisper(tool_input):
    return "whisper"


def test_register_then_get_returns_the_same_formatter():
    registry = ToolInputFormatterRegistry()
    registry.register("my-server:run", shout)
    assert registry.get("my-server:run") is shout
    assert "my-server:run" in registry


def test_get_of_an_unregistered_tool_is_none():
    registry = ToolInputFormatterRegistry()
    registry.register("a", shout)
    assert registry.get("b") is None
    assert "b" not in registry


def test_tool_names_are_exact_not_normalised():
    registry = ToolInputFormatterRegistry()
    registry.register("Edit", shout)
    assert registry.get("edit") is None
    assert registry.get(" Edit") is None


def test_dispose_removes_the_registration():
    registry = ToolInputFormatterRegistry()
    dispose = registry.register("a", shout)
    dispose()
    assert registry.get("a") is None
    assert "a" not in registry


def test_after_dispose_the_name_can_be_registered_again():
    registry = ToolInputFormatterRegistry()
    registry.register("a", shout)()
    registry.register("a", whisper)
    assert registry.get("a") is whisper


def test_duplicate_registration_raises_naming_the_tool():
    registry = ToolInputFormatterRegistry()
    registry.register("github:create_issue", shout)
    with pytest.raises(DuplicateFormatterError) as caught:
        registry.register("github:create_issue", whisper)
    assert (
        str(caught.value)
        == "A tool input formatter is already registered for 'github:create_issue'."
    )


def test_duplicate_error_is_a_value_error():
    assert issubclass(DuplicateFormatterError, ValueError)


def test_duplicate_of_the_same_function_also_raises_and_keeps_the_first():
    registry = ToolInputFormatterRegistry()
    dispose = registry.register("a", shout)
    with pytest.raises(DuplicateFormatterError, match="'a'"):
        registry.register("a", shout)
    assert registry.get("a") is shout
    dispose()
    assert registry.get("a") is None


def test_failed_duplicate_leaves_the_original_registration_in_place():
    registry = ToolInputFormatterRegistry()
    registry.register("a", shout)
    with pytest.raises(DuplicateFormatterError):
        registry.register("a", whisper)
    assert registry.get("a") is shout


def test_stale_disposer_never_evicts_a_later_registration_of_another_function():
    registry = ToolInputFormatterRegistry()
    stale = registry.register("a", shout)
    stale()
    registry.register("a", whisper)
    stale()
    assert registry.get("a") is whisper


def test_stale_disposer_never_evicts_a_reregistration_of_the_same_function():
    """Deliberately stricter than the upstream, whose function-identity guard would evict here."""
    registry = ToolInputFormatterRegistry()
    stale = registry.register("a", shout)
    stale()
    fresh = registry.register("a", shout)
    stale()
    assert registry.get("a") is shout
    fresh()
    assert registry.get("a") is None


def test_double_dispose_is_harmless():
    registry = ToolInputFormatterRegistry()
    dispose = registry.register("a", shout)
    registry.register("b", whisper)
    dispose()
    dispose()
    assert registry.get("a") is None
    assert registry.get("b") is whisper


def test_disposers_of_different_tools_are_independent():
    registry = ToolInputFormatterRegistry()
    dispose_a = registry.register("a", shout)
    registry.register("b", shout)
    dispose_a()
    assert registry.get("b") is shout


def test_registries_do_not_share_state():
    first, second = ToolInputFormatterRegistry(), ToolInputFormatterRegistry()
    first.register("a", shout)
    assert second.get("a") is None
    second.register("a", whisper)
    assert first.get("a") is shout


TOOLS = ("mcp", "edit", "a:b", "")
FORMATTERS = (shout, whisper, lambda tool_input: None)


class RegistryAgainstModel(RuleBasedStateMachine):
    """Random register/dispose sequences against a dict model.

    The model maps a tool name to the token of its live registration; a
    disposer carries the token it was issued with, and only removes the entry
    when that token is still the live one. Formatters come from a pool of
    three, so the same function object is re-registered often.
    """

    disposers = Bundle("disposers")

    def __init__(self) -> None:
        super().__init__()
        self.registry = ToolInputFormatterRegistry()
        self.model: dict[str, tuple[int, object]] = {}
        self.next_token = 0

    @rule(target=disposers, tool=st.sampled_from(TOOLS), formatter=st.sampled_from(FORMATTERS))
    def register(self, tool, formatter):
        if tool in self.model:
            with pytest.raises(DuplicateFormatterError) as caught:
                self.registry.register(tool, formatter)
            assert repr(tool) in str(caught.value)
            return (tool, -1, lambda: None)
        token = self.next_token
        self.next_token += 1
        dispose = self.registry.register(tool, formatter)
        self.model[tool] = (token, formatter)
        return (tool, token, dispose)

    @rule(handle=disposers)
    def dispose(self, handle):
        tool, token, dispose = handle
        dispose()
        if tool in self.model and self.model[tool][0] == token:
            del self.model[tool]

    @invariant()
    def lookups_agree_with_the_model(self):
        for tool in TOOLS:
            expected = self.model.get(tool, (None, None))[1]
            assert self.registry.get(tool) is expected
            assert (tool in self.registry) == (tool in self.model)


RegistryAgainstModel.TestCase.settings = settings(stateful_step_count=40)
TestRegistryAgainstModel = RegistryAgainstModel.TestCase
