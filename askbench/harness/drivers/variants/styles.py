"""Styles: sound renderers that look different from the reference, one small function each.

Each changes one thing a person might reasonably want otherwise — how
values wrap, where labels stand, the wording, the order of the chrome, a
blank row, a redundant line, colour — and keeps everything that makes the
prompt safe (``askbench.harness.drivers.variants.style_ask`` lists it). The gate judges properties,
not our layout, so it must pass every one of them on every fixture.

No paint at all is among them, and is sound: colour is an aid, never the
only carrier of meaning (NO_COLOR, monochrome terminals, screen readers and
colour-blind readers all get the frame without it). What the value is, is
said by its label on its own row. ``highlight`` can fairly ask that a frame
which paints at all paints the flagged value — the ``highlight-missing``
mutant paints labels and leaves the value plain — but not that every frame paint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from askbench.impl.decision import DECISION_HINT, PromptConfig, PromptState
from askbench.impl.dialog import (
    DialogBudget,
    DialogView,
    Paint,
    complete_view_budget,
    render_prompt_dialog,
)
from askbench.impl.frame import (
    COLLAPSE_HINT,
    EXPAND_HINT,
    Frame,
    fit_chrome,
    option_rows,
    render_frame,
    title_for,
)
from askbench.impl.legacy import wrap_message
from askbench.impl.payload import PromptPayload

from ...fixtures.loading import Fixture
from ...terms import View
from ..paint import warning_paint
from .definition import Render, Variant
from .style_ask import AskStyle, render_ask
from .words import hanging, word_wrap

AskRenderer = Callable[[PromptPayload, DialogBudget, Paint | None], DialogView]


def reference_options() -> list[str]:
    return [text for text, _ in option_rows(PromptState(), PromptConfig())]


def reference_hint(elided: bool, expanded: bool) -> str:
    if expanded:
        return f"{DECISION_HINT} · {COLLAPSE_HINT}"
    return f"{DECISION_HINT} · {EXPAND_HINT}" if elided else DECISION_HINT


@dataclass(frozen=True)
class StyledChrome:
    """Everything a styled renderer draws around the ask: title, options (keys ``y s n r``, first selected), hint,
    their order; what the judge reads back is ``askbench.harness.judge.chrome.Chrome``."""

    title: Callable[[PromptPayload], str] = title_for
    options: Sequence[str] = field(default_factory=reference_options)
    hint: Callable[[bool, bool], str] = reference_hint
    """``(elided, expanded) -> hint``: it must offer ctrl+o exactly when the bounded view elides."""
    hint_above_options: bool = False
    blank_after_title: bool = False


def framed(
    payload: PromptPayload, view: View, ask: DialogView, width: int, chrome: StyledChrome
) -> Frame:
    lines = fit_chrome([chrome.title(payload)], width) + ([""] if chrome.blank_after_title else [])
    ask_start = len(lines)
    lines += ask.lines
    options = fit_chrome(chrome.options, width)
    hint = fit_chrome([chrome.hint(ask.elided, view == "complete")], width)
    lines += ["", *hint, "", *options] if chrome.hint_above_options else ["", *options, "", *hint]
    return Frame(tuple(lines), ask_start, len(ask.lines), ask.elided)


def reference_ask(payload: PromptPayload, budget: DialogBudget, paint: Paint | None) -> DialogView:
    return render_prompt_dialog(payload, budget, paint)


def styled(
    ask: AskRenderer = reference_ask,
    chrome: StyledChrome = StyledChrome(),
    paint: Paint | None = warning_paint,
) -> Render:
    """A renderer from an ask and a chrome: bounded within the budget, complete unbounded, legacy the old message."""

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        if view == "legacy":
            shown = DialogView(tuple(wrap_message(payload.legacy_message, width)), False)
        else:
            shown = ask(
                payload, budget if view == "bounded" else complete_view_budget(width), paint
            )
        return framed(payload, view, shown, width, chrome)

    return render


def laid_out(style: AskStyle) -> AskRenderer:
    def ask(payload: PromptPayload, budget: DialogBudget, paint: Paint | None) -> DialogView:
        return render_ask(payload, budget, style, paint)

    return ask


def _plain(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    return render_frame(payload, view, budget)


def _own_words_title(payload: PromptPayload) -> str:
    return (
        "A subagent asks to use a tool"
        if payload.request.requester.forwarded
        else "Allow this tool call?"
    )


def _own_words_hint(elided: bool, expanded: bool) -> str:
    base = "y/s/n/r, or ↑/↓ and enter · esc denies · press twice to confirm"
    if expanded:
        return f"{base} · ctrl+o back"
    return f"{base} · ctrl+o shows the whole request" if elided else base


OWN_WORDS = StyledChrome(
    title=_own_words_title,
    options=(
        "▶ (y) Allow once",
        "  (s) Allow for the rest of this session",
        "  (n) Deny",
        "  (r) Deny and say why",
    ),
    hint=_own_words_hint,
)

STYLES: tuple[Variant, ...] = (
    Variant(
        "word-wrap",
        "values wrapped at word boundaries, long words cut by cell, no character lost",
        "style",
        styled(laid_out(AskStyle("aligned", word_wrap))),
    ),
    Variant(
        "unaligned-labels",
        "`label: value` with no label column; continuation rows at the value's own column",
        "style",
        styled(laid_out(AskStyle("unaligned"))),
    ),
    Variant(
        "labels-above",
        "each label on a row of its own, its value indented below",
        "style",
        styled(laid_out(AskStyle("above"))),
    ),
    Variant(
        "own-words",
        "another title, other option labels and another hint; keys (y) (s) (n) (r) and ctrl+o kept",
        "style",
        styled(chrome=OWN_WORDS),
    ),
    Variant(
        "hint-above-options",
        "the hint between the ask and the options",
        "style",
        styled(chrome=StyledChrome(hint_above_options=True)),
    ),
    Variant(
        "blank-after-title",
        "an extra blank row between the title and the ask",
        "style",
        styled(chrome=StyledChrome(blank_after_title=True)),
    ),
    Variant(
        "surface-shown",
        "the surface line shown even when it only repeats the tool",
        "style",
        styled(laid_out(AskStyle("aligned", state_surface=True))),
    ),
    Variant("no-paint", "no colour at all, as under NO_COLOR", "style", _plain),
    Variant(
        "hanging-indent",
        "a line's wrapped rows set in two cells from its first row (a hanging indent)",
        "style",
        styled(laid_out(AskStyle("aligned", hanging))),
    ),
    Variant(
        "gaps-marked-in-place",
        "an evidence entry that does not fit is left out behind a … where it stands; later ones that fit still show",
        "style",
        styled(laid_out(AskStyle("aligned", skip_to_fit=True))),
    ),
)
