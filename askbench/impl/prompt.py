"""The interactive permission prompt: keys in, frame rows and a decision out.

An adapter over the pure reducer in :mod:`askbench.impl.decision`: it owns only what
the reducer deliberately does not — the reason text buffer, the
bounded/complete toggle, the pager offset and the layout at a given terminal
size. It does no I/O and reads no clock, so a virtual terminal, a scenario
script or a real raw-mode terminal can all drive the very same object: the
host passes the time of each key (``at``) and says when a frame it drew
went on screen (:meth:`PermissionPrompt.shown`).

**The request outranks the chrome.** The approval options are drawn only
while every core fact's first row is on screen, and the reducer is told so
(``Shown.request_visible``): approval keys act only then. A terminal too
short for the whole frame first loses the blank rows and the four option
rows (one compact row instead), then the hint, then field caps shrink down
to one row per core fact (the hint is back once they do: it no longer costs
the request a row); when even that does not fit, the frame says the
terminal is too small (resize it, or ctrl+o to read the request) and offers
only denial until it fits. A host that cannot confirm the terminal's size
draws :meth:`PermissionPrompt.render_unconfirmed` instead, which offers only
denial whatever the size.

**Deliberate input.** Pasted text (:class:`~askbench.impl.keys.Paste`) never decides:
in the decision and scope steps it is stray input that restarts the guard,
and in the reason step it is text. So is any other input the prompt has no
use for — a letter of a shell command typed into the prompt, a control key, a
focus or mouse report, a paging key, the expand action: each disarms an
armed approval and restarts the guard, because only the confirming key
again is a confirmation. Each frame is reported with the size it was laid
out for, so a resize is a new layout and a new question to the reducer.

**The expand action** (Ctrl+O by default, the host's ``app.tools.expand``)
is a display concern: it toggles the ask between bounded and complete and
tells the host; to the reducer it is only input that is not a decision, so
it cannot settle or arm anything, and it disarms. It is consulted only in the decision and
scope steps, ahead of local keys as the host's own focused components do;
the reason step is text entry, where every printable key is text.

**The pager.** While the complete view is taller than the terminal it is a
pager (:attr:`PermissionPrompt.full_screen`: the host draws it on the
alternate screen, as ``less`` does). It reads a :class:`CompleteView`, laid
out only as far as it is read and kept per width, so opening it, every
scroll key and collapsing it cost the rows on screen, not the request.
Reading must never decide by accident: ↑/↓ scroll instead of moving the
highlight, enter does nothing (it is the key people press to read on in
``more``), and esc collapses back to the compact prompt instead of denying.
When the core facts' first rows have scrolled out of the window they are
pinned above it, so the letters still decide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from .cells import cell_width, wrap_line
from .complete_view import CompleteView
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
    PromptKey,
    PromptState,
    SessionScope,
    Shown,
    Stray,
    SubmitReason,
    reduce_prompt,
)
from .dialog import (
    DEFAULT_FIELD_MAX_WIDTH,
    DEFAULT_MAX_ROWS,
    MAX_LABEL_WIDTH,
    MIN_WIDTH,
    NARROW_VALUE_WIDTH,
    DialogBudget,
    DialogView,
    Paint,
    render_prompt_dialog,
)
from .frame import (
    COLLAPSE_HINT,
    COMPACT_HINT,
    DENY_ONLY_ROW,
    EXPAND_HINT,
    SIZE_UNCONFIRMED,
    TOO_SMALL,
    Style,
    compact_option_row,
    compact_scope_row,
    fit_chrome,
    option_rows,
    scope_rows,
    title_for,
)
from .keys import (
    BACKSPACE,
    CTRL_O,
    DOWN,
    END,
    ENTER,
    ESC,
    HOME,
    PAGE_DOWN,
    PAGE_UP,
    UP,
    Input,
    Paste,
    normalise_key,
)
from .neutralise import neutralise
from .payload import PromptPayload
from .truncate import ELLIPSIS

__all__ = [
    "CURSOR",
    "LOOKAHEAD_CHARACTERS",
    "LOOKAHEAD_ROWS",
    "PAGER_HINT",
    "PermissionPrompt",
    "config_for",
    "hint_rows",
    "key_label",
]

CURSOR = "\u2588"
PAGER_HINT = "↑/↓ scroll · pgup/pgdn page · home/end · esc back"
PAGER_DECIDE_HINT = "y/s/n/r decide"
LOOKAHEAD_ROWS = 256
LOOKAHEAD_CHARACTERS = 16_384
"""How far the complete view is laid out when it opens: 256 rows, or 16K characters of the request if
that comes first. A request that fits (the repro: 204 rows, 10K characters) gets an exact position
(``32/204``) and its pages already laid out; a larger one costs no more to open, whatever its text."""

MIN_PAGER_WINDOW = 10
"""Below this many rows of text the pager gives up the full chrome (four option rows) for the compact one."""

ExpandCallback = Callable[[bool], None]

_LETTERS: dict[str, PromptKey] = {"y": "y", "s": "s", "n": "n", "r": "r"}


def config_for(payload: PromptPayload, *, double_press_to_confirm: bool = True) -> PromptConfig:
    """A forwarded ask makes "for this session" ambiguous, so only it gets the scope step."""
    scope = SessionScope() if payload.request.requester.forwarded else None
    return PromptConfig(double_press_to_confirm=double_press_to_confirm, session_scope=scope)


def key_label(key: str) -> str:
    """How the hint names a binding: ``ctrl+o`` for a control key, the key itself otherwise."""
    if len(key) == 1 and ord(key) < 0x20:
        return f"ctrl+{chr(ord(key) + 0x60)}"
    return key


HINT_SEPARATOR = " · "


def hint_rows(hint: str, width: int) -> list[str]:
    """A hint in rows of ``width`` cells, broken between its `` · ``-separated phrases, never inside one.

    ``ctrl+o full`` / ``request`` reads as two instructions; a phrase is
    wrapped by words only when it alone is wider than the terminal.
    """
    rows: list[str] = []
    line = ""
    for phrase in hint.split(HINT_SEPARATOR):
        joined = f"{line}{HINT_SEPARATOR}{phrase}" if line else phrase
        if cell_width(joined) <= width:
            line = joined
            continue
        if line:
            rows.append(line)
        *whole, line = fit_chrome([phrase], width) or [""]
        rows.extend(whole)
    return [*rows, line] if line or not rows else rows


def reason_text(pasted: str) -> str:
    """Pasted text as part of a one-line reason: line breaks and tabs become spaces, other controls go."""
    spaced = pasted.replace("\r\n", " ").translate({ord("\r"): " ", ord("\n"): " ", ord("\t"): " "})
    return "".join(char for char in spaced if char.isprintable())


@dataclass(frozen=True)
class _Area:
    """The ask part of a frame: its rows, and what the chrome and the reducer must know about it."""

    rows: tuple[str, ...]
    request_visible: bool
    elided: bool
    paged: bool = False
    position: str = ""
    window: int = 0


@dataclass(frozen=True)
class _Chrome:
    """One way to dress the ask: option rows, hint rows, and whether blank rows separate them."""

    body: tuple[str, ...]
    hint: tuple[str, ...]
    spaced: bool
    shrink: bool = False
    """Whether the ask may shrink its field caps to fit: only once no chrome that spares it is left."""

    @property
    def rows(self) -> int:
        return len(self.body) + len(self.hint) + (2 if self.spaced else 0)


class PermissionPrompt:
    """One pending ask. Feed input to :meth:`handle_key`; draw :meth:`render`; report :meth:`shown`."""

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
        self.request_visible = False
        """Whether the last :meth:`render` showed every core fact's first row (and, deciding, the approval options)."""
        self.full_screen = False
        """Whether the last :meth:`render` was the pager, which the host draws on the alternate screen."""
        self._window = 1
        self._size: tuple[int, int] | None = None
        self._views: dict[int, CompleteView] = {}
        self._asks: dict[tuple[int, int | None], DialogView | None] = {}

    # ── input ─────────────────────────────────────────────────────────────

    def handle_key(self, key: Input, *, at: float) -> Decision | None:
        """Apply one key (or paste) that arrived at ``at``; the decision once the prompt has settled.

        Paging keys act on the window of the last :meth:`render`.
        """
        if self.decision is not None:
            return self.decision
        if isinstance(key, Paste):
            if self.state.step == "reason":
                self.reason += reason_text(key.text)
                return None
            return self._apply(Stray(at))
        key = normalise_key(key)
        if self.state.step == "reason":
            return self._reason_key(key, at)
        if key == self.expand_key:
            self._set_expanded(not self.expanded)
            return self._apply(Stray(at))
        if self.expanded and self._reading_key(key):
            return self._apply(Stray(at))
        event = self._event_for(key, at)
        return self._apply(Stray(at) if event is None else event)

    def shown(self, at: float) -> None:
        """The host put the last :meth:`render` on screen at ``at``: the guard counts from here."""
        if self.decision is None:
            self._apply(Shown(at, self.request_visible, self._size))

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
        if not self.full_screen:
            return False
        page = max(1, self._window - 1)
        moves = {UP: -1, "k": -1, DOWN: 1, "j": 1, PAGE_UP: -page, PAGE_DOWN: page}
        if key in moves:
            self.offset = max(0, self.offset + moves[key])
        elif key == HOME:
            self.offset = 0
        elif key == END:
            self.offset = 1 << 62  # clamped by the next render, which lays out to the end
        elif key != ENTER:
            return False
        return True

    def _event_for(self, key: str, at: float) -> PromptEvent | None:
        if key in (UP, "k"):
            return Nav("up")
        if key in (DOWN, "j"):
            return Nav("down")
        if key == ENTER:
            return Confirm(at)
        if key == ESC:
            return Cancel(at)
        if key in _LETTERS:
            return Hotkey(_LETTERS[key], at)
        return None

    def _reason_key(self, key: str, at: float) -> Decision | None:
        if key == ENTER:
            return self._apply(SubmitReason(self.reason))
        if key == ESC:
            self.reason = ""
            return self._apply(Cancel(at))
        if key == BACKSPACE:
            self.reason = self.reason[:-1]
        elif len(key) == 1 and key.isprintable():
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
        title = tuple(
            self.style("title", row) for row in fit_chrome([title_for(self.payload)], width)
        )
        # narrower than any layout of the request: say so, as for a short terminal
        if width < MIN_WIDTH:
            return self._too_small(width, height, title)
        for chrome in self._chromes(width):
            area = self._area(width, height - len(title) - chrome.rows, shrink=chrome.shrink)
            if area is None:
                continue
            hint = self._hint_rows(width, area, compact=not chrome.spaced) if chrome.hint else []
            gap = ("",) if chrome.spaced else ()
            self._settle(area)
            return [*title, *area.rows, *gap, *chrome.body, *gap, *hint][:height]
        return self._too_small(width, height, title)

    def render_unconfirmed(self) -> list[str]:
        """The frame for a terminal whose size the host could not confirm: denial only, :data:`MIN_WIDTH` wide.

        Which of a frame's rows stay on screen depends on a size nobody
        vouches for, so no frame can promise the request was seen: this one
        offers nothing that grants, and :meth:`shown` tells the reducer the
        request was not visible. It is as narrow as any layout gets, so it
        wraps in no terminal the prompt can lay a request out in; a reason
        being typed stays on it, since a reason only denies.
        """
        width = MIN_WIDTH
        self._size = None
        self._settle(_Area((), False, True))
        title = [self.style("title", row) for row in fit_chrome([title_for(self.payload)], width)]
        message = [self.style("muted", row) for row in fit_chrome([SIZE_UNCONFIRMED], width)]
        if self.state.step == "reason":
            text = f"{REASON_LABEL}{neutralise(self.reason)}{CURSOR}"
            return [*title, *message, *wrap_line(text, width)]
        return [*title, *message, *fit_chrome([DENY_ONLY_ROW], width)]

    def _settle(self, area: _Area) -> None:
        self.request_visible = area.request_visible
        self.full_screen = area.paged
        self._window = max(1, area.window)

    def _too_small(self, width: int, height: int, title: tuple[str, ...]) -> list[str]:
        """Not even the core fits: say so (or, reading, keep the text) and offer only what cannot grant."""
        deny = fit_chrome([DENY_ONLY_ROW], width)
        if self.expanded and width >= MIN_WIDTH:
            room = max(1, height - len(title) - len(deny))
            self.offset, rows = _window(self.complete_view(width), self.offset, room, 0)
            self._settle(_Area(tuple(rows), False, True, paged=True, window=room))
            return [*title, *rows, *deny][:height]
        message = [
            self.style("muted", row)
            for row in fit_chrome([self._bound_to_expand(TOO_SMALL)], width)
        ]
        self._settle(_Area((), False, True))
        # the way out matters most, then why, then the title
        if len(title) + len(message) + len(deny) > height:
            title = ()
        return [*title, *message[: max(0, height - len(deny))], *deny][-height:]

    # ── chrome ────────────────────────────────────────────────────────────

    def _chromes(self, width: int) -> list[_Chrome]:
        """The ways to dress the ask, fullest first: the first one the ask fits in wins."""
        state = self.state
        if state.step == "reason":
            text = f"{REASON_LABEL}{neutralise(self.reason)}{CURSOR}"
            error = fit_chrome([state.reason_error], width) if state.reason_error else []
            body = (*wrap_line(text, width), *error)
            hint = tuple(hint_rows(self._hint(self._widest_area(), compact=False), width))
            return self._ladder(body, hint, body, hint)
        if state.step == "scope" and self.config.session_scope is not None:
            scope = self.config.session_scope
            full = (
                *fit_chrome([SCOPE_TITLE], width),
                *self._styled_rows(scope_rows(state, scope), width),
            )
            compact = tuple(fit_chrome([compact_scope_row(state, scope)], width))
        else:
            full = tuple(self._styled_rows(option_rows(state, self.config), width))
            compact = tuple(fit_chrome([compact_option_row(state)], width))
        # the hint's rows are reserved at their widest; the hint drawn is never longer
        widest = tuple(hint_rows(self._hint(self._widest_area(), compact=False), width))
        short = tuple(hint_rows(self._hint(self._widest_area(), compact=True), width))
        return self._ladder(full, widest, compact, short)

    def _ladder(
        self,
        full: tuple[str, ...],
        hint: tuple[str, ...],
        compact: tuple[str, ...],
        short: tuple[str, ...],
    ) -> list[_Chrome]:
        """The full chrome; then, with the request laid out as configured, the compact one with and without its
        hint; then the request's field caps shrink, with and without it. A hint never costs the request a row of
        what it says (a ``curl | sh`` folded into ``… 3 more commands …``); the pager is not shrunk, so it skips
        the middle rungs."""
        spared = (
            [] if self.expanded else [_Chrome(compact, short, False), _Chrome(compact, (), False)]
        )
        return [
            _Chrome(full, hint, True),
            *spared,
            _Chrome(compact, short, False, shrink=True),
            _Chrome(compact, (), False, shrink=True),
        ]

    def _widest_area(self) -> _Area:
        return _Area((), True, True, paged=self.expanded, position="999999 · 100%")

    def _styled_rows(self, rows: Sequence[tuple[str, bool]], width: int) -> list[str]:
        out: list[str] = []
        for text, selected in rows:
            out.extend(
                self.style("selected", row) if selected else row
                for row in fit_chrome([text], width)
            )
        return out

    def _hint_rows(self, width: int, area: _Area, *, compact: bool) -> list[str]:
        return [
            self.style("muted", row) for row in hint_rows(self._hint(area, compact=compact), width)
        ]

    def _hint(self, area: _Area, *, compact: bool) -> str:
        step = self.state.step
        if step == "reason":
            return f"{REASON_HINT} · {area.position}" if area.paged else REASON_HINT
        if area.paged:
            return self._pager_hint(area, compact=compact)
        if self.state.hint:
            return self.state.hint
        base = COMPACT_HINT if compact else SCOPE_HINT if step == "scope" else DECISION_HINT
        if self.expanded:
            return f"{base} · {self._bound_to_expand(COLLAPSE_HINT)}"
        return f"{base} · {self._bound_to_expand(EXPAND_HINT)}" if area.elided else base

    def _pager_hint(self, area: _Area, *, compact: bool) -> str:
        """How to scroll (or the reducer's own hint), how to collapse, and where the window is; the compact one only esc."""
        decide = f" · {PAGER_DECIDE_HINT}" if self.state.step == "decision" and not compact else ""
        lead = self.state.hint or (f"{PAGER_HINT}{decide}" if not compact else "esc back")
        return f"{lead} · {self._bound_to_expand(COLLAPSE_HINT)} · {area.position}"

    def _bound_to_expand(self, hint: str) -> str:
        """A hint naming the expand action by the key the host binds it to."""
        return hint.replace("ctrl+o", key_label(self.expand_key))

    # ── the ask ───────────────────────────────────────────────────────────

    def _area(self, width: int, room: int, *, shrink: bool) -> _Area | None:
        """The ask in ``room`` rows, or ``None`` when the request would not show (the caller tries less chrome).

        The full chrome is used only when the ask needs no shrinking for it
        (``shrink`` false): rows go to the request before they go to chrome.
        """
        if room < 1:
            return None
        if self.expanded:
            return self._complete_area(width, room, shrink=shrink)
        ask = self._fitted_ask(width, room) if shrink else self._bounded(width)
        if ask is not None and len(ask.lines) <= room:
            return _Area(ask.lines, True, ask.elided)
        if self.state.step != "reason" or not shrink:
            return None
        # a reason is typed, not granted: show what fits of the request
        bounded = self._bounded(width)
        return _Area((*bounded.lines[: room - 1], ELLIPSIS), False, True)

    def _bounded(self, width: int) -> DialogView:
        key = (width, None)
        view = self._asks.get(key)
        if view is None:
            budget = DialogBudget(
                max_rows=self.max_rows, field_max_width=self.field_max_width, width=width
            )
            view = self._asks[key] = render_prompt_dialog(self.payload, budget, self.paint)
        return view

    def _fitted_ask(self, width: int, room: int) -> DialogView | None:
        """The bounded ask in ``room`` rows: as configured if it fits, else with smaller field caps; ``None`` below one row per core fact."""
        bounded = self._bounded(width)
        if len(bounded.lines) <= room:
            return bounded
        key = (width, room)
        if key not in self._asks:
            self._asks[key] = self._shrunk_ask(width, room)
        return self._asks[key]

    def _shrunk_ask(self, width: int, room: int) -> DialogView | None:
        def render(cap: int) -> DialogView:
            budget = DialogBudget(
                max_rows=min(room, self.max_rows or room), field_max_width=cap, width=width
            )
            return render_prompt_dialog(self.payload, budget, self.paint)

        low = _one_row_cap(width)
        high = max(low, min(self.field_max_width or room * width, room * width))
        best = render(low)
        if len(best.lines) > room:
            return None
        while low < high:  # the largest cap that still fits: a field's rows only grow with its cap
            middle = (low + high + 1) // 2
            candidate = render(middle)
            if len(candidate.lines) <= room:
                low, best = middle, candidate
            else:
                high = middle - 1
        return best

    def complete_view(self, width: int) -> CompleteView:
        """The complete view at ``width``, kept: laid out as far as it has been read, never twice."""
        view = self._views.get(width)
        if view is None:
            view = self._views[width] = CompleteView(self.payload, width, self.paint)
        return view

    def _complete_area(self, width: int, room: int, *, shrink: bool) -> _Area | None:
        view = self.complete_view(width)
        view.read_ahead(LOOKAHEAD_ROWS, LOOKAHEAD_CHARACTERS)
        if view.total is not None and view.total <= room:
            self.offset = 0
            return _Area(tuple(view.rows(0, view.total)), True, True, window=view.total)
        if not shrink and room < MIN_PAGER_WINDOW:
            return None
        return self._pager_area(view, room)

    def _pager_area(self, view: CompleteView, room: int) -> _Area | None:
        """A window on the complete view under the core facts' first rows, which stay put as it scrolls.

        The view's first rows are the first core facts' first rows: they
        stay at the top like ``less --header``, and the window scrolls the
        rows after them (``offset`` counts from there). A core fact that
        starts further down (after a 200-line command) has its first row
        pinned while it is not in the window: below the window while the
        window is above it, so ``runs`` never stands between a command's
        label and the command's own lines, where it would read as their
        label; above the window once the window has passed it. A lone ``…``
        between the window and a row pinned below it says the text goes on.
        A window that starts inside any other fact has that fact's first row
        pinned above it too: no row is shown away from its label.
        """
        heads = view.core_heads()
        lead = _leading_rows(heads)
        header = tuple(view.rows(0, lead))
        later = [(first, head) for first, head in heads if first is None or first >= lead]
        pinned = _pinned_window(view, later, lead, self.offset, room)
        if pinned is None:
            return None if self.state.step != "reason" else self._plain_window(view, room)
        self.offset = pinned.start - lead
        rows = _with_context(view, pinned.start, pinned.rows, heads)
        return _Area(
            (*header, *pinned.above, *rows, *pinned.below),
            True,
            True,
            paged=True,
            position=self._position(view, pinned.start + len(rows)),
            window=pinned.window,
        )

    def _plain_window(self, view: CompleteView, room: int) -> _Area:
        """The text alone, nothing pinned: for typing a reason in a terminal too small for the request."""
        start, rows = _window(view, self.offset, room, 0)
        self.offset = start
        return _Area(
            tuple(rows),
            False,
            True,
            paged=True,
            position=self._position(view, start + len(rows)),
            window=room,
        )

    @staticmethod
    def _position(view: CompleteView, shown: int) -> str:
        total = view.total
        return (
            f"{shown}/{total}"
            if total is not None
            else f"{shown} · {int(100 * view.fraction(shown - 1))}%"
        )


_Heads: TypeAlias = Sequence[tuple[int | None, Sequence[str]]]
"""Facts' first rows in the complete view: where each starts (``None`` when not laid out yet) and its rows."""


def _with_context(
    view: CompleteView, start: int, rows: Sequence[str], heads: _Heads
) -> Sequence[str]:
    """A window that starts inside a non-core fact leads with that fact's first row(s) and a ``…`` in place of its
    own first rows, so no row reads as the row pinned above it; core facts are pinned already, and come first."""
    size = view.head_size + 1
    head = view.head_at(start + size) if len(rows) > size else None
    if head is None or head[0] >= start or any(first == head[0] for first, _ in heads):
        return rows
    return [*head[1], ELLIPSIS, *rows[size:]]


@dataclass(frozen=True)
class _Pinned:
    """A pager window and the first rows pinned around it: ``above`` the ones it passed, ``below`` the ones ahead."""

    start: int
    rows: tuple[str, ...]
    above: tuple[str, ...]
    below: tuple[str, ...]
    window: int


def _leading_rows(heads: _Heads) -> int:
    """How many rows the core facts that open the view fill, one after another: the header that never scrolls."""
    lead = 0
    for first, head in heads:
        if first != lead:
            break
        lead += len(head)
    return lead


def _pinned_window(
    view: CompleteView, later: _Heads, lead: int, offset: int, room: int
) -> _Pinned | None:
    """The window at ``offset`` below the header, with the first rows of ``later`` facts it leaves out pinned.

    Pinning shrinks the window, which can push another first row out of it,
    so the window is laid out again until the number of pinned rows stops changing;
    ``None`` when the header and the pinned rows leave no row for it.
    """
    above: tuple[str, ...] = ()
    below: tuple[str, ...] = ()
    while True:
        window = room - lead - len(above) - len(below)
        if window < 1:
            return None
        start, rows = _window(view, lead + offset, window, lead)
        passed, ahead = _pins(later, start, len(rows))
        if len(passed) + len(ahead) == len(above) + len(below):
            return _Pinned(start, tuple(rows), passed, ahead, window)
        above, below = passed, ahead


def _pins(later: _Heads, start: int, count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The first rows a window of ``count`` rows at ``start`` leaves out: those it passed, and those ahead after a ``…``."""
    passed: list[str] = []
    ahead: list[str] = []
    for first, head in later:
        if not _within(first, head, start, count):
            (passed if first is not None and first < start else ahead).extend(head)
    return tuple(passed), ((ELLIPSIS, *ahead) if ahead else ())


def _within(first: int | None, head: Sequence[str], start: int, count: int) -> bool:
    return first is not None and start <= first and first + len(head) <= start + count


def _window(view: CompleteView, offset: int, window: int, top: int) -> tuple[int, list[str]]:
    """The rows of a ``window`` at ``offset`` (never above ``top``), moved up to the last full window past the end."""
    offset = max(top, offset)
    rows = view.rows(offset, offset + window)
    total = view.total  # known whenever the window reached the end
    if total is not None and offset > max(top, total - window):
        offset = max(top, total - window)
        rows = view.rows(offset, offset + window)
    return offset, rows


def _one_row_cap(width: int) -> int:
    """A field cap that keeps at least one row of a value: the narrowest value column the dialog can lay out."""
    column = width - MAX_LABEL_WIDTH - 3
    return max(1, (width if column < NARROW_VALUE_WIDTH else column) - 2)
