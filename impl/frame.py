"""The whole prompt as the terminal receives it: title, ask, options, hint.

Shared by the interactive prompt and ``askbench render`` so that what the
harness checks is exactly what a person sees. Every chrome line is fitted to
the width like the ask, so no row ever wraps on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from wcwidth import wrap

from .cells import wrap_line
from .decision import DECISION_HINT, PromptConfig, PromptState, prompt_options
from .dialog import DialogBudget, DialogView, Paint, complete_view_budget, render_prompt_dialog
from .legacy import wrap_message
from .payload import PromptPayload

View = Literal["bounded", "complete", "legacy"]
Style = Callable[[str, str], str]
"""``(role, text) -> text``: roles ``title``, ``selected``, ``muted``."""

EXPAND_HINT = "ctrl+o full request"
COLLAPSE_HINT = "ctrl+o collapse"


def title_for(payload: PromptPayload) -> str:
    return "Permission Required (Subagent)" if payload.request.requester.forwarded else "Permission Required"


def fit_chrome(lines: Sequence[str], width: int) -> list[str]:
    """Chrome is our own text: wrap it by words, then split any word wider than the row."""
    return [row for line in lines for part in (wrap(line, width, ambiguous_width=2) or [""]) for row in wrap_line(part, width)]


def option_rows(state: PromptState, config: PromptConfig) -> list[tuple[str, bool]]:
    rows = []
    for option in prompt_options(config):
        selected = state.highlighted_key == option.key
        rows.append((f"{'▶' if selected else ' '} ({option.key}) {option.label}", selected))
    return rows


def hint_line(base: str, *, elided: bool, expanded: bool) -> str:
    if expanded:
        return f"{base} · {COLLAPSE_HINT}"
    return f"{base} · {EXPAND_HINT}" if elided else base


@dataclass(frozen=True)
class Frame:
    lines: tuple[str, ...]
    ask_start: int
    ask_rows: int
    elided: bool


def render_frame(
    payload: PromptPayload,
    view: View,
    budget: DialogBudget,
    *,
    paint: Paint | None = None,
    style: Style | None = None,
    state: PromptState | None = None,
    config: PromptConfig | None = None,
) -> Frame:
    """Title, the ask in the chosen view, the options and the hint, fitted to ``budget.width``."""
    width = max(1, budget.width)
    state = state or PromptState()
    config = config or PromptConfig()
    styled = style or (lambda role, text: text)
    if view == "legacy":
        ask = DialogView(tuple(wrap_message(payload.legacy_message, width)), False)
    elif view == "complete":
        ask = render_prompt_dialog(payload, complete_view_budget(width), paint)
    else:
        ask = render_prompt_dialog(payload, budget, paint)
    lines = [styled("title", row) for row in fit_chrome([title_for(payload)], width)]
    ask_start = len(lines)
    lines.extend(ask.lines)
    lines.append("")
    for text, selected in option_rows(state, config):
        lines.extend(styled("selected", row) if selected else row for row in fit_chrome([text], width))
    lines.append("")
    hint = state.hint or hint_line(DECISION_HINT, elided=ask.elided, expanded=view == "complete")
    lines.extend(styled("muted", row) for row in fit_chrome([hint], width))
    return Frame(tuple(lines), ask_start, len(ask.lines), ask.elided)
