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
request, so four rules sit in front of every decisive key (a letter, enter,
esc in the decision and scope steps):

- **Visible.** The component reports each frame it puts on screen
  (:class:`Shown`), saying whether it shows the request — every core fact's
  first row — and the approval options, and at what terminal size. Keys that
  would approve or arm an approval act only while it does; denying always
  works.
- **Guard.** Decisive keys are ignored for ``PromptConfig.guard_seconds``
  (500 ms by default) after a question is put: the request first becoming
  visible (or visible again), the same request laid out anew at another
  terminal size, and every new step (the scope question, the reason step,
  the way back from either), as browsers ignore clicks on a permission
  prompt that just appeared: type-ahead meant for something else lands in
  that window. The wait starts again after any input the prompt has no use
  for (:class:`Stray`: a letter of a word, a paste, a focus or mouse report,
  a paging key) — someone typing is not reading — and after a decisive key
  pressed too soon, so hammering a key never gets through. Time comes in as
  data (``at``, seconds on any monotonic clock), so the reducer stays pure.
- **A press is a person's, not a byte.** A terminal reports no key release,
  and a held key repeats: after its auto-repeat delay, then every few tens
  of milliseconds. The same decisive key again within
  ``PromptConfig.repeat_seconds`` of its last event is that key still held
  (or the ``\\n`` of a CR LF), one press: it is absorbed and extends the
  press. The default, 700 ms, is longer than the auto-repeat delay of the
  common defaults (X server 660 ms, GNOME, KDE and Windows 500–600 ms,
  the Linux console 250 ms) and than any repeat interval, so every event of
  one held key falls within it; the floor, ``MIN_REPEAT_SECONDS`` (150 ms),
  is about as fast as a person re-presses a key on purpose. Any other input
  ends the press.
- **Two presses to approve.** With ``double_press_to_confirm`` (the
  default) no single press approves: ``y`` and ``s`` arm on the first press
  and confirm on a second, new press of the same key, and enter on an
  approval option arms it the same way ("Press enter again to approve."),
  so enter on the opening highlight — which is ``Yes`` — is safe. Enter on a
  denial option acts at once: denying is always safe. Any input between the
  two presses other than the confirming key — another key, a focus or mouse
  report, a paste, a resize, a new step — disarms.
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
    "DEFAULT_REPEAT_SECONDS",
    "HELD_HINT_TEMPLATE",
    "MIN_REPEAT_SECONDS",
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
    "held_hint",
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
DECISION_HINT = "↑/↓ move · enter confirm · esc deny · press a letter, then again to confirm"
ARMED_HINT_TEMPLATE = "Press {key} again to {verb}."
REASON_LABEL = "Reason (required): "
REASON_HINT = "enter submit · esc back"
REASON_REQUIRED_ERROR = "A reason is required."
SCOPE_TITLE = "Apply this session grant to:"
SCOPE_HINT = "↑/↓ move · enter confirm · esc back"
GUARD_HINT = "Too soon: read the request, then press the key again."
HELD_HINT_TEMPLATE = "One press at a time: release {key}, then press it again to {verb}."

DEFAULT_GUARD_SECONDS = 0.5
"""Long enough to swallow type-ahead and a reflexive keypress, short enough not to be noticed when reading."""

DEFAULT_REPEAT_SECONDS = 0.7
"""Longer than the common auto-repeat delays (X server 660 ms, desktops 500–600 ms): a held key is one press."""
MIN_REPEAT_SECONDS = 0.15
"""About the fastest a person presses a key again on purpose; a shorter window would split a held key."""

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
    decisive keys are ignored after a question is put or after stray input;
    ``repeat_seconds`` how close two events of one key must be to be one press.
    """

    double_press_to_confirm: bool = True
    session_label: str = DEFAULT_SESSION_LABEL
    session_scope: SessionScope | None = None
    guard_seconds: float = DEFAULT_GUARD_SECONDS
    repeat_seconds: float = DEFAULT_REPEAT_SECONDS

    def __post_init__(self) -> None:
        if not (
            isinstance(self.guard_seconds, (int, float)) and 0 <= self.guard_seconds < math.inf
        ):
            raise ValueError(
                f"guard_seconds must be a finite number of seconds >= 0, not {self.guard_seconds!r}"
            )
        if not (
            isinstance(self.repeat_seconds, (int, float))
            and MIN_REPEAT_SECONDS <= self.repeat_seconds < math.inf
        ):
            raise ValueError(
                f"repeat_seconds must be finite seconds >= {MIN_REPEAT_SECONDS}, not {self.repeat_seconds!r}"
            )


@dataclass(frozen=True)
class PromptState:
    """Everything the component needs to redraw; ``PromptState()`` opens a prompt.

    ``reason_draft`` holds only a rejected submission, so the component can
    restore it; the live text buffer is the component's concern.
    ``scope_serving`` is False for the subagent row, True for the serving row.
    ``request_visible`` and ``size`` are what the last :class:`Shown` said;
    ``guard_until`` is when decisive keys start to count (never, before the
    first frame). ``armed_by`` is the press that armed (a letter or
    ``"enter"``): only that press again confirms. ``press`` and
    ``press_at`` are the decisive key being pressed (``"enter"``, ``"esc"``
    or a letter) and the time of its last event, while no other input
    came after it.
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
    armed_by: str | None = None
    size: tuple[int, int] | None = None
    press: str | None = None
    press_at: float = -math.inf


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
    in the decision and scope steps, the approval options. ``size``: the
    terminal's ``(width, height)`` it was laid out for; another size is
    another layout, a new question.
    """

    at: float
    request_visible: bool
    size: tuple[int, int] | None = None


@dataclass(frozen=True)
class Stray:
    """Input the prompt has no use for at ``at`` — a letter of a word, a paste, a focus or mouse report,
    a paging key: someone typing or looking elsewhere, not deciding."""

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


def held_hint(key: PromptKey, press: str | None = None) -> str:
    """Said when a key repeats while armed: a held key is one press, and the second must be a new one."""
    return HELD_HINT_TEMPLATE.format(key=press or key, verb=OPTION_VERBS[key])


def hint_for(state: PromptState) -> str:
    """The footer line for the current step; an armed hint replaces the default."""
    if state.step == "reason":
        return REASON_HINT
    if state.step == "scope":
        return SCOPE_HINT
    return state.hint or DECISION_HINT


def reduce_prompt(config: PromptConfig, state: PromptState, event: PromptEvent) -> PromptOutcome:
    """Advance the prompt by one event: the next state to draw, or the decision.

    Total over valid inputs: an event that means nothing in the current step
    returns the state unchanged rather than raising, because a stray key must
    never crash a prompt that is guarding a tool call.
    """
    if isinstance(event, Shown):
        return _shown(config, state, event)
    if isinstance(event, (Hotkey, Confirm, Cancel)):
        press = _press_name(event)
        if state.press == press and event.at - state.press_at < config.repeat_seconds:
            return _held(state, event.at)
        state = replace(state, press=press, press_at=event.at)
    elif state.press is not None:
        state = replace(state, press=None)
    if state.step == "reason":
        return _reduce_reason(config, state, event)
    if isinstance(event, Stray):
        return _restart_guard(config, _disarmed(state), event.at)
    if isinstance(event, (Hotkey, Confirm, Cancel)) and event.at < state.guard_until:
        return replace(_restart_guard(config, _disarmed(state), event.at), hint=GUARD_HINT)
    if state.step == "scope":
        return _reduce_scope(config, state, event)
    return _reduce_decision(config, state, event)


def _press_name(event: Hotkey | Confirm | Cancel) -> str:
    if isinstance(event, Hotkey):
        return event.key
    return "enter" if isinstance(event, Confirm) else "esc"


def _held(state: PromptState, at: float) -> PromptState:
    """The same key again, too soon to be a new press: it is still held (or the LF of a CR LF); nothing else happens."""
    state = replace(state, press_at=at)
    if state.armed_key is not None and state.armed_by is not None:
        by = None if state.armed_by == state.armed_key else state.armed_by
        state = replace(state, hint=held_hint(state.armed_key, by))
    return state


def _shown(config: PromptConfig, state: PromptState, event: Shown) -> PromptState:
    """The first frame starts the guard; so do the request coming back into view and a new layout of it."""
    size = event.size if event.size is not None else state.size
    resized = state.size is not None and size != state.size
    if state.guard_until == math.inf:
        state = replace(state, guard_until=event.at + config.guard_seconds)
    elif resized or (event.request_visible and not state.request_visible):
        state = _restart_guard(config, state, event.at)
    if resized or (not event.request_visible and state.armed_key in APPROVAL_KEYS):
        state = _disarmed(state)
    return replace(state, request_visible=event.request_visible, size=size)


def _restart_guard(config: PromptConfig, state: PromptState, at: float) -> PromptState:
    if state.guard_until == math.inf:  # nothing shown yet: the first frame starts the guard
        return state
    return replace(state, guard_until=max(state.guard_until, at + config.guard_seconds))


def _disarmed(state: PromptState) -> PromptState:
    if state.armed_key is None and state.armed_by is None and not state.hint:
        return state
    return replace(state, armed_key=None, armed_by=None, hint="")


def _reduce_decision(config: PromptConfig, state: PromptState, event: PromptEvent) -> PromptOutcome:
    match event:
        case Nav(direction=direction):
            return replace(
                _disarmed(state), highlighted_key=_shift(state.highlighted_key, direction)
            )
        case Hotkey(key=key, at=at):
            if key in APPROVAL_KEYS and not state.request_visible:
                return _disarmed(state)
            return _press(config, state, key, key, at)
        case Confirm(at=at):
            key = state.highlighted_key
            if key in APPROVAL_KEYS and not state.request_visible:
                return _disarmed(state)
            if key in APPROVAL_KEYS:
                return _press(config, state, key, "enter", at)
            return _commit(config, state, key, at)
        case Cancel():
            return Decision("denied")
    return state


def _press(
    config: PromptConfig, state: PromptState, key: PromptKey, by: str, at: float
) -> PromptOutcome:
    """A new press of ``by`` for ``key``: it confirms what the same press armed, and arms anything else."""
    if not config.double_press_to_confirm or (state.armed_key, state.armed_by) == (key, by):
        return _commit(config, state, key, at)
    hint = armed_hint(key, None if by == key else by)
    return replace(state, highlighted_key=key, armed_key=key, armed_by=by, hint=hint)


def _new_step(config: PromptConfig, state: PromptState, step: PromptStep, at: float) -> PromptState:
    """A new question: nothing armed, and the guard counts from it."""
    return _restart_guard(config, replace(_disarmed(state), step=step), at)


def _commit(config: PromptConfig, state: PromptState, key: PromptKey, at: float) -> PromptOutcome:
    if key == "y":
        return Decision("approved")
    if key == "n":
        return Decision("denied")
    if key == "r":
        state = replace(state, highlighted_key="r", reason_draft="", reason_error=None)
        return _new_step(config, state, "reason", at)
    if config.session_scope is None:
        return Decision("approved_for_session")
    return _new_step(config, replace(state, highlighted_key="s", scope_serving=False), "scope", at)


def _reduce_reason(config: PromptConfig, state: PromptState, event: PromptEvent) -> PromptOutcome:
    match event:
        case Cancel(at=at):
            return _new_step(
                config, replace(state, reason_draft="", reason_error=None), "decision", at
            )
        case SubmitReason(draft=draft):
            reason = draft.strip()
            if not reason:
                return replace(state, reason_draft=draft, reason_error=REASON_REQUIRED_ERROR)
            return Decision("denied_with_reason", reason)
    return state


def _reduce_scope(config: PromptConfig, state: PromptState, event: PromptEvent) -> PromptOutcome:
    match event:
        case Nav(direction=direction):
            return replace(state, scope_serving=direction == "down", hint="")
        case Confirm():
            if not state.request_visible:
                return replace(state, hint="")
            if state.scope_serving:
                return Decision("approved_for_serving_session")
            return Decision("approved_for_session")
        case Cancel(at=at):
            return _new_step(config, state, "decision", at)
    return state


def _shift(current: PromptKey, direction: Direction) -> PromptKey:
    index = OPTION_ORDER.index(current)
    delta = 1 if direction == "down" else -1
    return OPTION_ORDER[(index + delta) % len(OPTION_ORDER)]
