"""The whole prompt as the terminal receives it: title, ask, options, hint.

Shared by the interactive prompt and ``askbench render`` so that what the
harness checks is exactly what a person sees. Every chrome line is fitted to
the width like the ask, so no row ever wraps on its own: it is measured with
``askbench.impl.cells``, the same conservative widths as the ask (the hint's ``↑``,
``↓`` and ``·`` are East Asian Ambiguous and take two cells on a CJK-locale
terminal), and fitted once per text and width — the chrome is the same
dozen strings on every frame, and fitting them is most of a frame's cost.

A terminal too short for the whole frame gets the compact chrome instead:
one row of options (``▶(y)Yes (s)Session (n)No (r)Reason``) and a short
hint, so that the request keeps the rows; and a terminal too short even for
that gets a message and the denial options only (``DENY_ONLY_ROW``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .cells import cell_width, wrap_line
from .decision import (
    DECISION_HINT,
    PromptConfig,
    PromptKey,
    PromptState,
    SessionScope,
    prompt_options,
    scope_options,
)
from .dialog import DialogBudget, DialogView, Paint, complete_view_budget, render_prompt_dialog
from .dialog import forget_kept as forget_dialog_kept
from .legacy import wrap_message
from .payload import PromptPayload

View = Literal["bounded", "complete", "legacy"]
Style = Callable[[str, str], str]
"""``(role, text) -> text``: roles ``title``, ``selected``, ``muted``. Pure: styled chrome is cached."""

EXPAND_HINT = "ctrl+o full request"
COLLAPSE_HINT = "ctrl+o collapse"
COMPACT_LABELS: dict[PromptKey, str] = {"y": "Yes", "s": "Session", "n": "No", "r": "Reason"}
"""One word per option, so the compact row wraps between options, never inside one."""
COMPACT_HINT = "press a letter twice"
TOO_SMALL = "Too small to show this request: enlarge the terminal, or ctrl+o to read it."
DENY_ONLY_ROW = "(n)No (r)Reason · esc deny"
"""What a terminal too small for the request offers: denial, and nothing that grants."""
SIZE_UNCONFIRMED = "Terminal size unconfirmed: only denial."
"""What a terminal whose size the host could not confirm is told: it may not show the request, so nothing grants."""

_SPACES = re.compile(r"( +)")
_DEFAULT_CONFIG = PromptConfig()
_OPENING_STATE = PromptState()


def title_for(payload: PromptPayload) -> str:
    return (
        "Permission Required (Subagent)"
        if payload.request.requester.forwarded
        else "Permission Required"
    )


@lru_cache(maxsize=4096)
def _fit(line: str, width: int) -> tuple[str, ...]:
    """Greedy word wrap by cells: breaks at spaces (dropped there), leading indentation kept, long words hard-wrapped."""
    rows: list[str] = []
    current, used = "", 0
    for chunk in _SPACES.split(line):
        if not chunk:
            continue
        size = cell_width(chunk)
        if chunk[0] == " ":
            if used + size <= width and (current or not rows):
                current, used = current + chunk, used + size
            elif current:
                rows.append(current.rstrip(" "))
                current, used = "", 0
            continue
        if used + size > width:  # the word starts a row of its own, without the spaces before it
            if current.strip(" "):
                rows.append(current.rstrip(" "))
            current, used = "", 0
        if size > width:
            pieces = wrap_line(current + chunk, width)
            rows.extend(pieces[:-1])
            current = pieces[-1]
            used = cell_width(current)
        else:
            current, used = current + chunk, used + size
    if current.strip(" ") or not rows:
        rows.append(current.rstrip(" ") if current.strip(" ") else "")
    return tuple(rows)


def fit_chrome(lines: Sequence[str], width: int) -> list[str]:
    """Chrome is our own text: wrap it by words, every row at most ``width`` cells."""
    width = max(1, width)
    return [row for line in lines for row in _fit(line, width)]


def option_rows(state: PromptState, config: PromptConfig) -> list[tuple[str, bool]]:
    return list(_option_rows(state.highlighted_key, config))


@lru_cache(maxsize=256)
def _option_rows(highlighted: PromptKey, config: PromptConfig) -> tuple[tuple[str, bool], ...]:
    return tuple(
        (
            f"{'▶' if highlighted == option.key else ' '} ({option.key}) {option.label}",
            highlighted == option.key,
        )
        for option in prompt_options(config)
    )


def scope_rows(state: PromptState, scope: SessionScope) -> list[tuple[str, bool]]:
    return [
        (
            f"{'▶' if option.serving == state.scope_serving else ' '} {option.label}",
            option.serving == state.scope_serving,
        )
        for option in scope_options(scope)
    ]


def compact_option_row(state: PromptState) -> str:
    """The four options on one line, the highlighted one marked: for a terminal too short for four rows."""
    return " ".join(
        f"{'▶' if state.highlighted_key == key else ''}({key}){label}"
        for key, label in COMPACT_LABELS.items()
    )


def compact_scope_row(state: PromptState, scope: SessionScope) -> str:
    return "   ".join(
        text.strip() if not selected else text for text, selected in scope_rows(state, scope)
    )


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
    state = state or _OPENING_STATE
    config = config or _DEFAULT_CONFIG
    styled = style or _plain
    if view == "legacy":
        ask = DialogView(tuple(wrap_message(payload.legacy_message, width)), False)
    elif view == "complete":
        ask = render_prompt_dialog(payload, complete_view_budget(width), paint)
    else:
        ask = render_prompt_dialog(payload, budget, paint)
    hint = state.hint or hint_line(DECISION_HINT, elided=ask.elided, expanded=view == "complete")
    title, options, footer = _chrome(
        title_for(payload), _option_rows(state.highlighted_key, config), hint, width, styled
    )
    return Frame(
        (*title, *ask.lines, "", *options, "", *footer), len(title), len(ask.lines), ask.elided
    )


@lru_cache(maxsize=1024)
def _chrome(
    title: str, options: tuple[tuple[str, bool], ...], hint: str, width: int, style: Style
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Title, option and hint rows, fitted and styled: the same few texts frame after frame, so built once."""
    return (
        tuple(style("title", row) for row in _fit(title, width)),
        tuple(
            style("selected", row) if selected else row
            for text, selected in options
            for row in _fit(text, width)
        ),
        tuple(style("muted", row) for row in _fit(hint, width)),
    )


def _plain(role: str, text: str) -> str:
    return text


def forget_kept() -> None:
    """Forget what frames keep between them — the dialog's (``dialog.forget_kept``) and the chrome's fitted
    rows — so the next frame is a first one: a render that measures text another way is served nothing the
    reference measured."""
    _fit.cache_clear()
    _chrome.cache_clear()
    forget_dialog_kept()
