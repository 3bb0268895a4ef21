"""The select/input fallback for hosts without a TUI (RPC, headless, a web frontend).

A select has no keystroke channel and no terminal size, so it gets the same
bounded render at a nominal width of 80, unpainted (a select title must not
carry ANSI), and the same decisions as the inline prompt: the labels are the
prompt's own option labels, deny-with-reason still needs a non-empty reason,
and a forwarded ask still asks which session a grant covers, falling back to
the least privilege when that choice is cancelled. There is no complete-view
affordance here; the bound keeps the select usable and the complete request
stays reachable through the inline prompt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .decision import (
    REASON_LABEL,
    SCOPE_TITLE,
    Decision,
    PromptConfig,
    prompt_options,
    scope_options,
)
from .dialog import DEFAULT_FIELD_MAX_WIDTH, DEFAULT_MAX_ROWS, DialogBudget, render_prompt_dialog
from .frame import title_for
from .payload import PromptPayload

__all__ = [
    "FALLBACK_WIDTH",
    "SelectPrompt",
    "fallback_decision",
    "fallback_scope_select",
    "fallback_select",
    "request_decision_from_ui",
]

FALLBACK_WIDTH = 80

Select = Callable[[str, Sequence[str]], "str | None"]
"""``(title, options) -> chosen option, or None when cancelled``."""
Input = Callable[[str], "str | None"]
"""``(label) -> typed text, or None when cancelled``."""


@dataclass(frozen=True)
class SelectPrompt:
    """What a host's select receives: a multi-line title and the option labels, in order."""

    title: str
    options: tuple[str, ...]


def fallback_select(
    payload: PromptPayload,
    config: PromptConfig,
    *,
    max_rows: int | None = DEFAULT_MAX_ROWS,
    field_max_width: int | None = DEFAULT_FIELD_MAX_WIDTH,
) -> SelectPrompt:
    budget = DialogBudget(max_rows=max_rows, field_max_width=field_max_width, width=FALLBACK_WIDTH)
    view = render_prompt_dialog(payload, budget, None)
    title = "\n".join((title_for(payload), *view.lines))
    return SelectPrompt(title, tuple(option.label for option in prompt_options(config)))


def fallback_scope_select(config: PromptConfig) -> SelectPrompt | None:
    """The second select a forwarded ask needs after "for this session"; ``None`` otherwise."""
    if config.session_scope is None:
        return None
    return SelectPrompt(
        SCOPE_TITLE, tuple(option.label for option in scope_options(config.session_scope))
    )


def fallback_decision(
    config: PromptConfig,
    label: str | None,
    reason: str | None = None,
    scope_label: str | None = None,
) -> Decision | None:
    """The decision a chosen label means; ``None`` when it still needs a non-empty reason.

    A cancelled select (``label is None``) denies, as esc does inline. An
    unknown label is a host bug and raises rather than guessing a grant.
    """
    if label is None:
        return Decision("denied")
    keys = {option.label: option.key for option in prompt_options(config)}
    if label not in keys:
        raise ValueError(f"not an option of this prompt: {label!r}")
    key = keys[label]
    if key == "y":
        return Decision("approved")
    if key == "n":
        return Decision("denied")
    if key == "r":
        text = (reason or "").strip()
        return Decision("denied_with_reason", text) if text else None
    if (
        config.session_scope is not None
        and scope_label == config.session_scope.serving_session_label
    ):
        return Decision("approved_for_serving_session")
    return Decision("approved_for_session")


def request_decision_from_ui(
    payload: PromptPayload,
    config: PromptConfig,
    select: Select,
    input: Input,
    *,
    max_rows: int | None = DEFAULT_MAX_ROWS,
    field_max_width: int | None = DEFAULT_FIELD_MAX_WIDTH,
) -> Decision:
    """Drive a host's select and input to a decision; a cancelled reason input denies."""
    prompt = fallback_select(payload, config, max_rows=max_rows, field_max_width=field_max_width)
    label = select(prompt.title, prompt.options)
    keys = {option.label: option.key for option in prompt_options(config)}
    scope_label = None
    if label is not None and keys.get(label) == "s":
        scope = fallback_scope_select(config)
        if scope is not None:
            scope_label = select(scope.title, scope.options)
    if label is not None and keys.get(label) == "r":
        while True:
            reason = input(REASON_LABEL.strip())
            if reason is None:
                return Decision("denied")
            decided = fallback_decision(config, label, reason)
            if decided is not None:
                return decided
    decided = fallback_decision(config, label, scope_label=scope_label)
    assert decided is not None
    return decided
