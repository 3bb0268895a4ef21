"""Pure decision model for the inline keybind permission prompt.

Every rule of the interaction — which hotkey yields which decision,
double-press arming, step transitions, reason validation, the session-scope
choice — lives here, free of terminal and I/O, so it can be tested exhaustively
and property-checked. A prompt component is only an adapter: it maps keys to
``PromptEvent`` values, feeds them to :func:`reduce_prompt`, and draws the
returned :class:`PromptState` with the option table and hints exported here,
until the reducer hands back a :class:`Decision`.

Least privilege: "approved_for_serving_session" is the widest grant the model
can produce, and it is reachable only by highlighting the serving-session row
in the scope step and confirming it. Entering the scope step always highlights
the subagent row, and leaving it with esc returns to the decision step without
deciding, so a cancelled or hurried scope choice can never widen a grant.

Deliberate decisions only. A decision must come from a person who saw the
request, so three rules sit in front of every decisive key (a letter, enter,
esc in the decision and scope steps):

- **Visible.** The component reports each frame it puts on screen
  (:class:`Shown`), saying whether it shows the request — every core fact's
  first row — and the approval options. Keys that would approve or arm an
  approval act only while it does; denying always works.
- **Guard.** Decisive keys are ignored for ``PromptConfig.guard_seconds``
  (500 ms by default) after the request becomes visible, as browsers ignore
  clicks on a permission prompt that just appeared: type-ahead meant for
  something else lands in that window. The wait starts again after any
  input the prompt has no use for (:class:`Stray`: a letter of a word, a
  paste) — someone typing is not reading — and after a decisive key pressed
  too soon, so hammering a key never gets through. Time comes in as data
  (``at``, seconds on any monotonic clock), so the reducer stays pure.
- **Two keys to approve.** With ``double_press_to_confirm`` (the default) no
  single key approves: ``y`` and ``s`` arm on the first press and confirm on
  the second, and enter on an approval option arms it the same way ("Press
  enter again to approve."), so enter on the opening highlight — which is
  ``Yes`` — is safe. Enter on a denial option acts at once: denying is
  always safe. Any other input between the two presses disarms.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal, TypeAlias, get_args

__all__ = [
    "APPROVAL_KEYS",
    "ARMED_HINT_TEMPLATE",
    "DECISION_HINT",
    "DEFAULT_GUARD_SECONDS",
    "DEFAULT_SERVING_SESSION_LABEL",
    "DEFAULT_SESSION_LABEL",
    "DEFAULT_SUBAGENT_LABEL",
    "OPTION_LABELS",
    "OPTION_ORDER",
    "OPTION_VERBS",
    "REASON_HINT",
    "REASON_LABEL",
    "REASON_REQUIRED_ERROR",
    "SCOPE_HINT",
    "SCOPE_TITLE",
    "Cancel",
    "Confirm",
    "Decision",
    "DecisionState",
    "Direction",
    "GUARD_HINT",
    "Hotkey",
    "Nav",
    "PromptConfig",
    "PromptEvent",
    "PromptKey",
    "PromptOption",
    "PromptOutcome",
    "PromptState",
    "PromptStep",
    "ScopeOption",
    "SessionScope",
    "Shown",
    "Stray",
    "SubmitReason",
    "armed_hint",
    "hint_for",
    "prompt_options",
    "reduce_prompt",
    "scope_options",
]

PromptKey: TypeAlias = Literal["y", "s", "n", "r"]
PromptStep: TypeAlias = Literal["decision", "reason", "scope"]
Direction: TypeAlias = Literal["up", "down"]
DecisionState: TypeAlias = Literal[
    "approved",
    "approved_for_session",
    "approved_for_serving_session",
    "denied",
    "denied_with_reason",
]

OPTION_ORDER: tuple[PromptKey, ...] = ("y", "s", "n", "r")
APPROVAL_KEYS: frozenset[PromptKey] = frozenset({"y", "s"})
"""The options that grant: only these need the request on screen and two deliberate keys."""

DEFAULT_SESSION_LABEL = "Yes, for this session"
DEFAULT_SUBAGENT_LABEL = "This subagent only"
DEFAULT_SERVING_SESSION_LABEL = "The whole session"

OPTION_LABELS: dict[PromptKey, str] = {
    "y": "Yes",
    "s": DEFAULT_SESSION_LABEL,
    "n": "No",
    "r": "No, provide reason",
}

OPTION_VERBS: dict[PromptKey, str] = {
    "y": "approve",
    "s": "approve for this session",
    "n": "deny",
    "r": "deny with a reason",
}

# The upstream shows this same line whether or not double-press is enabled.
DECISION_HINT = (
    "↑/↓ move · enter confirm · esc deny · press a letter, then again to confirm"
)
ARMED_HINT_TEMPLATE = "Press {key} again to {verb}."
REASON_LABEL = "Reason (required): "
REASON_HINT = "enter submit · esc back"
REASON_REQUIRED_ERROR = "A reason is required."
SCOPE_TITLE = "Apply this session grant to:"
SCOPE_HINT = "↑/↓ move · enter confirm · esc back"
GUARD_HINT = "Too soon: read the request, then press the key again."

DEFAULT_GUARD_SECONDS = 0.5
"""Long enough to swallow type-ahead and a reflexive keypress, short enough not to be noticed when reading."""

_DECISION_STATES: frozenset[str] = frozenset(get_args(DecisionState))


@dataclass(frozen=True)
class SessionScope:
    """Present only for a forwarded ask, where "for this session" is ambiguous.

    A subagent's ask relayed to its parent could be granted to that subagent
    alone or to the whole serving session; the labels name both rows.
    """

    subagent_label: str = DEFAULT_SUBAGENT_LABEL
    serving_session_label: str = DEFAULT_SERVING_SESSION_LABEL


@dataclass(frozen=True)
class PromptConfig:
    """Per-presentation settings, read once when the prompt opens.

    ``double_press_to_confirm`` defaults on, as upstream, because a stray
    keystroke should not approve a tool call. ``guard_seconds`` is how long
    decisive keys are ignored after the request appears or after stray input.
    """

    double_press_to_confirm: bool = True
    session_label: str = DEFAULT_SESSION_LABEL
    session_scope: SessionScope | None = None
    guard_seconds: float = DEFAULT_GUARD_SECONDS

    def __post_init__(self) -> None:
        if not (isinstance(self.guard_seconds, (int, float)) and 0 <= self.guard_seconds < math.inf):
            raise ValueError(f"guard_seconds must be a finite number of seconds >= 0, not {self.guard_seconds!r}")


@dataclass(frozen=True)
class PromptState:
    """Everything the component needs to redraw; ``PromptState()`` opens a prompt.

    ``reason_draft`` holds only a rejected submission, so the component can
    restore it; the live text buffer is the component's concern.
    ``scope_serving`` is False for the subagent row, True for the serving row.
    ``request_visible`` is what the last :class:`Shown` said; ``guard_until``
    is when decisive keys start to count (never, before the first frame).
    """

    step: PromptStep = "decision"
    highlighted_key: PromptKey = "y"
    armed_key: PromptKey | None = None
    hint: str = ""
    reason_draft: str = ""
    reason_error: str | None = None
    scope_serving: bool = False
    request_visible: bool = False
    guard_until: float = math.inf


@dataclass(frozen=True)
class Nav:
    """Move the highlight; the component maps ↑/↓ and k/j here."""

    direction: Direction

    def __post_init__(self) -> None:
        if self.direction not in ("up", "down"):
            raise ValueError(f"unknown direction: {self.direction!r}")


@dataclass(frozen=True)
class Hotkey:
    """A decision letter pressed at ``at``, meaningful only in the decision step."""

    key: PromptKey
    at: float

    def __post_init__(self) -> None:
        if self.key not in OPTION_ORDER:
            raise ValueError(f"unknown hotkey: {self.key!r}")


@dataclass(frozen=True)
class Confirm:
    """Enter at ``at``: act on the highlighted option (an approval arms first, with double-press)."""

    at: float


@dataclass(frozen=True)
class Cancel:
    """Esc at ``at``: a denial at the top level, a step back anywhere deeper."""

    at: float


@dataclass(frozen=True)
class Shown:
    """The component put a frame on screen at ``at``.

    ``request_visible``: the frame shows every core fact's first row and,
    in the decision and scope steps, the approval options.
    """

    at: float
    request_visible: bool


@dataclass(frozen=True)
class Stray:
    """Input the prompt has no use for at ``at`` — a letter of a word, a paste: someone typing, not deciding."""

    at: float


@dataclass(frozen=True)
class SubmitReason:
    """Enter in the reason step, carrying the component's text buffer."""

    draft: str


PromptEvent: TypeAlias = Nav | Hotkey | Confirm | Cancel | SubmitReason | Shown | Stray


@dataclass(frozen=True)
class Decision:
    """The prompt's final answer; invalid combinations cannot be constructed.

    Validation lives here so that no code path, present or future, can hand
    the agent a reasonless "denied_with_reason" or a stray reason on an
    approval.
    """

    state: DecisionState
    denial_reason: str | None = None

    def __post_init__(self) -> None:
        if self.state not in _DECISION_STATES:
            raise ValueError(f"unknown decision state: {self.state!r}")
        if self.state == "denied_with_reason":
            reason = self.denial_reason
            if reason is None or not reason.strip() or reason != reason.strip():
                raise ValueError("denied_with_reason needs a non-empty trimmed reason")
        elif self.denial_reason is not None:
            raise ValueError(f"{self.state} carries no denial reason")

    @property
    def approved(self) -> bool:
        """Callers gate on this rather than enumerating the approval states."""
        return self.state.startswith("approved")


PromptOutcome: TypeAlias = PromptState | Decision


@dataclass(frozen=True)
class PromptOption:
    """One row of the decision step, in display order."""

    key: PromptKey
    label: str


@dataclass(frozen=True)
class ScopeOption:
    """One row of the scope step; ``serving`` matches ``PromptState.scope_serving``."""

    label: str
    serving: bool


def prompt_options(config: PromptConfig) -> tuple[PromptOption, ...]:
    """The decision rows, with the session row relabelled (e.g. to show the
    pattern a session grant would add)."""
    return tuple(
        PromptOption(key, config.session_label if key == "s" else OPTION_LABELS[key])
        for key in OPTION_ORDER
    )


def scope_options(scope: SessionScope) -> tuple[ScopeOption, ...]:
    """Subagent first: it is the least-privilege row and the default highlight."""
    return (
        ScopeOption(scope.subagent_label, serving=False),
        ScopeOption(scope.serving_session_label, serving=True),
    )


def armed_hint(key: PromptKey, press: str | None = None) -> str:
    """Names the action in words so the second press is an informed one; ``press`` names the key to repeat."""
    return ARMED_HINT_TEMPLATE.format(key=press or key, verb=OPTION_VERBS[key])


def hint_for(state: PromptState) -> str:
    """The footer line for the current step; an armed hint replaces the default."""
    if state.step == "reason":
        return REASON_HINT
    if state.step == "scope":
        return SCOPE_HINT
    return state.hint or DECISION_HINT


def reduce_prompt(
    config: PromptConfig, state: PromptState, event: PromptEvent
) -> PromptOutcome:
    """Advance the prompt by one event: the next state to draw, or the decision.

    Total over valid inputs: an event that means nothing in the current step
    returns the state unchanged rather than raising, because a stray key must
    never crash a prompt that is guarding a tool call.
    """
    if isinstance(event, Shown):
        return _shown(config, state, event)
    if state.step == "reason":
        return _reduce_reason(state, event)
    if isinstance(event, Stray):
        return _restart_guard(config, _disarmed(state), event.at)
    if isinstance(event, (Hotkey, Confirm, Cancel)) and event.at < state.guard_until:
        return replace(_restart_guard(config, _disarmed(state), event.at), hint=GUARD_HINT)
    if state.step == "scope":
        return _reduce_scope(state, event)
    return _reduce_decision(config, state, event)


def _shown(config: PromptConfig, state: PromptState, event: Shown) -> PromptState:
    """The first frame starts the guard; so does the request coming back into view."""
    if state.guard_until == math.inf:
        state = replace(state, guard_until=event.at + config.guard_seconds)
    elif event.request_visible and not state.request_visible:
        state = _restart_guard(config, state, event.at)
    if not event.request_visible and state.armed_key in APPROVAL_KEYS:
        state = replace(state, armed_key=None, hint="")
    return replace(state, request_visible=event.request_visible)


def _restart_guard(config: PromptConfig, state: PromptState, at: float) -> PromptState:
    if state.guard_until == math.inf:  # nothing shown yet: the first frame starts the guard
        return state
    return replace(state, guard_until=max(state.guard_until, at + config.guard_seconds))


def _disarmed(state: PromptState) -> PromptState:
    return replace(state, armed_key=None, hint="") if state.armed_key is not None or state.hint else state


def _reduce_decision(
    config: PromptConfig, state: PromptState, event: PromptEvent
) -> PromptOutcome:
    match event:
        case Nav(direction=direction):
            return replace(
                state,
                highlighted_key=_shift(state.highlighted_key, direction),
                armed_key=None,
                hint="",
            )
        case Hotkey(key=key):
            if key in APPROVAL_KEYS and not state.request_visible:
                return _disarmed(state)
            return _press(config, state, key, None)
        case Confirm():
            key = state.highlighted_key
            if key in APPROVAL_KEYS and not state.request_visible:
                return _disarmed(state)
            if key in APPROVAL_KEYS:
                return _press(config, state, key, "enter")
            return _commit(config, state, key)
        case Cancel():
            return Decision("denied")
    return state


def _press(config: PromptConfig, state: PromptState, key: PromptKey, press: str | None) -> PromptOutcome:
    if not config.double_press_to_confirm or state.armed_key == key:
        return _commit(config, state, key)
    return replace(state, highlighted_key=key, armed_key=key, hint=armed_hint(key, press))


def _commit(config: PromptConfig, state: PromptState, key: PromptKey) -> PromptOutcome:
    if key == "y":
        return Decision("approved")
    if key == "n":
        return Decision("denied")
    if key == "r":
        return replace(
            state,
            step="reason",
            highlighted_key="r",
            armed_key=None,
            hint="",
            reason_draft="",
            reason_error=None,
        )
    if config.session_scope is None:
        return Decision("approved_for_session")
    return replace(
        state,
        step="scope",
        highlighted_key="s",
        armed_key=None,
        hint="",
        scope_serving=False,
    )


def _reduce_reason(state: PromptState, event: PromptEvent) -> PromptOutcome:
    match event:
        case Cancel():
            return replace(
                state,
                step="decision",
                armed_key=None,
                hint="",
                reason_draft="",
                reason_error=None,
            )
        case SubmitReason(draft=draft):
            reason = draft.strip()
            if not reason:
                return replace(
                    state, reason_draft=draft, reason_error=REASON_REQUIRED_ERROR
                )
            return Decision("denied_with_reason", reason)
    return state


def _reduce_scope(state: PromptState, event: PromptEvent) -> PromptOutcome:
    match event:
        case Nav(direction=direction):
            return replace(state, scope_serving=direction == "down", hint="")
        case Confirm():
            if not state.request_visible:
                return replace(state, hint="")
            if state.scope_serving:
                return Decision("approved_for_serving_session")
            return Decision("approved_for_session")
        case Cancel():
            return replace(state, step="decision", armed_key=None, hint="")
    return state


def _shift(current: PromptKey, direction: Direction) -> PromptKey:
    index = OPTION_ORDER.index(current)
    delta = 1 if direction == "down" else -1
    return OPTION_ORDER[(index + delta) % len(OPTION_ORDER)]
