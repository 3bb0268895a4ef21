"""The interactive permission prompt: keys in, frame rows and a decision out.

An adapter over the pure reducer in :mod:`impl.decision`: it owns only what
the reducer deliberately does not — the reason text buffer, the
bounded/complete toggle, the pager offset and the layout at a given terminal
size. It does no I/O, so a virtual terminal, a scenario script or a real
raw-mode terminal can all drive the very same object.

The expand action (Ctrl+O by default, the host's ``app.tools.expand``) is a
display concern: it toggles the ask between bounded and complete and tells
the host, and it never reaches the reducer, so it cannot settle, arm or
change the pending decision. It is consulted only in the decision and scope
steps, ahead of local keys as the host's own focused components do; the
reason step is text entry, where every printable key is text.

While the complete view is taller than the terminal allows it is a pager.
Reading must never decide by accident, so in the pager ↑/↓ scroll instead of
moving the highlight, enter does nothing (it is the key people press to read
on in ``more``), and esc collapses back to the compact prompt instead of
denying. The letter hotkeys still decide: they are explicit, and with
double-press on they take two presses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


from .cells import wrap_line
from .decision import (
    DECISION_HINT,
    REASON_HINT,
    REASON_LABEL,
    SCOPE_HINT,
    SCOPE_TITLE,
    Cancel,
    Confirm,
    Decision,
    Hotkey,
    Nav,
    PromptConfig,
    PromptEvent,
    PromptState,
    SessionScope,
    SubmitReason,
    reduce_prompt,
    scope_options,
)
from .dialog import (
    DEFAULT_FIELD_MAX_WIDTH,
    DEFAULT_MAX_ROWS,
    DialogBudget,
    Paint,
    complete_view_budget,
    render_prompt_dialog,
)
from .frame import COLLAPSE_HINT, EXPAND_HINT, Style, fit_chrome, option_rows, title_for
from .keys import BACKSPACE, CTRL_O, DOWN, END, ENTER, ESC, HOME, PAGE_DOWN, PAGE_UP, UP, normalise_key
from .neutralise import neutralise
from .payload import PromptPayload
from .truncate import ELLIPSIS

__all__ = [
    "CURSOR",
    "PAGER_HINT",
    "PermissionPrompt",
    "config_for",
    "key_label",
]

CURSOR = "\u2588"
PAGER_HINT = "↑/↓ scroll · pgup/pgdn page · home/end · esc back"
PAGER_DECIDE_HINT = "y/s/n/r decide"

ExpandCallback = Callable[[bool], None]


def config_for(payload: PromptPayload, *, double_press_to_confirm: bool = True) -> PromptConfig:
    """A forwarded ask makes "for this session" ambiguous, so only it gets the scope step."""
    scope = SessionScope() if payload.request.requester.forwarded else None
    return PromptConfig(double_press_to_confirm=double_press_to_confirm, session_scope=scope)


def key_label(key: str) -> str:
    """How the hint names a binding: ``ctrl+o`` for a control key, the key itself otherwise."""
    if len(key) == 1 and ord(key) < 0x20:
        return f"ctrl+{chr(ord(key) + 0x60)}"
    return key


@dataclass(frozen=True)
class _Layout:
    """The ask rows to show and what the hint must say about them."""

    ask: tuple[str, ...]
    elided: bool
    paged: bool
    position: str


class PermissionPrompt:
    """One pending ask. Feed keys to :meth:`handle_key`; draw :meth:`render`."""

    def __init__(
        self,
        payload: PromptPayload,
        config: PromptConfig | None = None,
        *,
        max_rows: int | None = DEFAULT_MAX_ROWS,
        field_max_width: int | None = DEFAULT_FIELD_MAX_WIDTH,
        expand_key: str = CTRL_O,
        on_tools_expand: ExpandCallback | None = None,
        paint: Paint | None = None,
        style: Style | None = None,
    ) -> None:
        self.payload = payload
        self.config = config or config_for(payload)
        self.max_rows = max_rows
        self.field_max_width = field_max_width
        self.expand_key = expand_key
        self.on_tools_expand = on_tools_expand
        self.paint = paint
        self.style: Style = style or (lambda role, text: text)
        self.state = PromptState()
        self.expanded = False
        self.reason = ""
        self.offset = 0
        self.decision: Decision | None = None
        self._window = 1
        self._total = 0
        self._paged = False
        self._size: tuple[int, int] | None = None

    # ── keys ──────────────────────────────────────────────────────────────

    def handle_key(self, key: str) -> Decision | None:
        """Apply one key; the decision once the prompt has settled, else ``None``.

        Paging keys act on the terminal size of the last :meth:`render`.
        """
        if self.decision is not None:
            return self.decision
        key = normalise_key(key)
        if self.state.step == "reason":
            return self._reason_key(key)
        if key == self.expand_key:
            self._set_expanded(not self.expanded)
            return None
        if self.expanded:
            if self._size is not None:
                self.render(*self._size)
            if self._reading_key(key):
                return None
        event = self._event_for(key)
        return None if event is None else self._apply(event)

    def _set_expanded(self, expanded: bool) -> None:
        self.expanded = expanded
        self.offset = 0
        if self.on_tools_expand is not None:
            self.on_tools_expand(expanded)

    def _reading_key(self, key: str) -> bool:
        """Keys the expanded view takes for itself; ``True`` when consumed."""
        if key == ESC:
            self._set_expanded(False)
            return True
        if not self._paged:
            return False
        page = max(1, self._window - 1)
        moves = {UP: -1, "k": -1, DOWN: 1, "j": 1, PAGE_UP: -page, PAGE_DOWN: page}
        if key in moves:
            self.offset += moves[key]
        elif key == HOME:
            self.offset = 0
        elif key == END:
            self.offset = self._total
        elif key != ENTER:
            return False
        self.offset = max(0, min(self.offset, self._total - self._window))
        return True

    def _event_for(self, key: str) -> PromptEvent | None:
        if key in (UP, "k"):
            return Nav("up")
        if key in (DOWN, "j"):
            return Nav("down")
        if key == ENTER:
            return Confirm()
        if key == ESC:
            return Cancel()
        if key in ("y", "s", "n", "r"):
            return Hotkey(key)  # type: ignore[arg-type]
        return None

    def _reason_key(self, key: str) -> Decision | None:
        if key == ENTER:
            return self._apply(SubmitReason(self.reason))
        if key == ESC:
            self.reason = ""
            return self._apply(Cancel())
        if key == BACKSPACE:
            self.reason = self.reason[:-1]
        elif key and key.isprintable():
            self.reason += key
        return None

    def _apply(self, event: PromptEvent) -> Decision | None:
        outcome = reduce_prompt(self.config, self.state, event)
        if isinstance(outcome, Decision):
            self.decision = outcome
            return outcome
        if outcome.step == "reason" and self.state.step != "reason":
            self.reason = ""
        self.state = outcome
        return None

    # ── drawing ───────────────────────────────────────────────────────────

    def render(self, width: int, height: int) -> list[str]:
        """The frame for a ``width`` × ``height`` terminal: never wider, never taller."""
        width, height = max(1, width), max(1, height)
        self._size = (width, height)
        title = [self.style("title", row) for row in fit_chrome([title_for(self.payload)], width)]
        body = self._body(width)
        fixed = len(title) + 1 + len(body) + 1
        layout = self._layout(width, height, fixed)
        hint = [self.style("muted", row) for row in fit_chrome([self._hint(layout)], width)]
        lines = [*title, *layout.ask, "", *body, "", *hint]
        return lines[:height]

    def _layout(self, width: int, height: int, fixed: int) -> _Layout:
        if not self.expanded:
            self._paged = False
            view = render_prompt_dialog(self.payload, self._bounded_budget(width), self.paint)
            room = height - fixed - len(fit_chrome([self._hint(_Layout((), True, False, ""))], width))
            if len(view.lines) <= room:
                return _Layout(view.lines, view.elided, False, "")
            clipped = (*view.lines[: max(0, room - 1)], ELLIPSIS) if room > 0 else ()
            return _Layout(clipped, True, False, "")
        full = render_prompt_dialog(self.payload, complete_view_budget(width), self.paint).lines
        total = len(full)
        plain = _Layout((), True, False, "")
        if total <= height - fixed - len(fit_chrome([self._hint(plain)], width)):
            self._paged, self._total, self._window = False, total, total
            return _Layout(full, True, False, "")
        widest = _Layout((), True, True, f"{total}/{total}")
        window = max(1, height - fixed - len(fit_chrome([self._hint(widest)], width)))
        self._paged, self._total, self._window = True, total, window
        self.offset = max(0, min(self.offset, total - window))
        shown = full[self.offset : self.offset + window]
        return _Layout(shown, True, True, f"{self.offset + len(shown)}/{total}")

    def _bounded_budget(self, width: int) -> DialogBudget:
        return DialogBudget(max_rows=self.max_rows, field_max_width=self.field_max_width, width=width)

    def _body(self, width: int) -> list[str]:
        step = self.state.step
        if step == "reason":
            text = f"{REASON_LABEL}{neutralise(self.reason)}{CURSOR}"
            rows = wrap_line(text, width)
            if self.state.reason_error:
                rows.extend(fit_chrome([self.state.reason_error], width))
            return rows
        if step == "scope" and self.config.session_scope is not None:
            rows = fit_chrome([SCOPE_TITLE], width)
            for option in scope_options(self.config.session_scope):
                selected = option.serving == self.state.scope_serving
                text = f"{'▶' if selected else ' '} {option.label}"
                rows.extend(self.style("selected", row) if selected else row for row in fit_chrome([text], width))
            return rows
        rows = []
        for text, selected in option_rows(self.state, self.config):
            rows.extend(self.style("selected", row) if selected else row for row in fit_chrome([text], width))
        return rows

    def _hint(self, layout: _Layout) -> str:
        step = self.state.step
        label = key_label(self.expand_key)
        collapse = COLLAPSE_HINT.replace("ctrl+o", label)
        expand = EXPAND_HINT.replace("ctrl+o", label)
        if step == "reason":
            return f"{REASON_HINT} · {layout.position}" if layout.paged else REASON_HINT
        if layout.paged:
            decide = f" · {PAGER_DECIDE_HINT}" if step == "decision" else ""
            lead = self.state.hint or f"{PAGER_HINT}{decide}"
            return f"{lead} · {collapse} · {layout.position}"
        if self.state.hint:
            return self.state.hint
        base = SCOPE_HINT if step == "scope" else DECISION_HINT
        if self.expanded:
            return f"{base} · {collapse}"
        return f"{base} · {expand}" if layout.elided else base
