"""Variants of meaning: what the chrome and the colours say, and layouts of other agents' prompts.

The mutants lie with something other than the ask's text: options whose
words say the other decision (``(y) No, deny``), a prompt that opens on a
grant for the whole session or offers no deny, a title that names another
requester, a value drawn so it cannot be read (white on white in the colon
form of SGR, black on the default background, struck through). The styles
are sound prompts laid out as other agents lay theirs: a box around the
prompt, numbered options, options on one row, the core facts in another
order, capitalised labels, and Gemini CLI's layout with all of them at once.
"""

from __future__ import annotations

import re
from dataclasses import replace

from askbench.impl.cells import cell_width
from askbench.impl.dialog import NARROW_VALUE_WIDTH, DialogBudget
from askbench.impl.frame import Frame, fit_chrome
from askbench.impl.payload import PromptPayload
from askbench.impl.truncate import ELLIPSIS

from ...fixtures.loading import Fixture
from ...terms import View
from ..paint import warning_paint
from .definition import Render, Variant, mutant
from .mutants import reference_frame
from .style_ask import AskStyle
from .styles import StyledChrome, laid_out, styled

__all__ = ["MEANING_MUTANTS", "MEANING_STYLES", "boxed", "flagged_painted"]

_SGR = re.compile(r"\x1b\[[0-9;:]*m")


# ── a box around the prompt ────────────────────────────────────────────────


SIDE, TOP, BOTTOM = "\u2502", ("\u256d", "\u2500", "\u256e"), ("\u2570", "\u2500", "\u256f")
MIN_INSIDE = 20
"""The narrowest frame the reference draws: a terminal with no room for a box around it gets the frame alone."""


def _border(corners: tuple[str, str, str], width: int) -> str:
    left, rule, right = corners
    return (
        left + rule * ((width - cell_width(left) - cell_width(right)) // cell_width(rule)) + right
    )


def boxed(inner: Render) -> Render:
    """``inner``'s frame drawn inside a rounded box, as Claude Code, Codex and Gemini CLI draw theirs.

    The box's characters are East Asian Ambiguous, two cells on a CJK-locale
    terminal, so the box is measured as the reference measures text, by the
    widest any terminal gives: the frame inside is rendered that much
    narrower, each row padded to the box's inside, and the borders drawn
    with as many rules as fit.
    """

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        side = cell_width(SIDE) + 1
        inside = width - 2 * side
        if inside < MIN_INSIDE:
            frame = inner(payload, fixture, view, width, budget)
            assert isinstance(frame, Frame)
            return frame
        frame = inner(payload, fixture, view, inside, replace(budget, width=inside))
        assert isinstance(frame, Frame)
        rows = [
            f"{SIDE} {line}{' ' * max(0, inside - cell_width(_SGR.sub('', line)))} {SIDE}"
            for line in frame.lines
        ]
        return Frame(
            (_border(TOP, width), *rows, _border(BOTTOM, width)),
            frame.ask_start + 1,
            frame.ask_rows,
            frame.elided,
        )

    return render


# ── values between quotes ──────────────────────────────────────────────────


QUOTED_FROM = 40
"""The narrowest frame drawn inside quotes: below it the reference shows a command's start only, where the
terminal asks for all of it from 40 columns on."""


def quoted(inner: Render) -> Render:
    """``inner``'s frame with every value of its ask between double quotes, as some prompts set a value off:
    the opening quote before its first character, the closing one after its last row, the rows that
    continue it set in a column so they stay under it. The frame inside is drawn two columns narrower, so
    the quotes always fit; the legacy dialog is left as it is."""

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        if view == "legacy" or width - 2 < QUOTED_FROM:
            frame = inner(payload, fixture, view, width, budget)
            assert isinstance(frame, Frame)
            return frame
        frame = inner(payload, fixture, view, width - 2, replace(budget, width=width - 2))
        assert isinstance(frame, Frame)
        end = frame.ask_start + frame.ask_rows
        ask = _quoted_values(list(frame.lines[frame.ask_start : end]), width - 2)
        return replace(frame, lines=(*frame.lines[: frame.ask_start], *ask, *frame.lines[end:]))

    return render


def _colon_column(rows: list[str]) -> int | None:
    """Where the reference sets the colon of its label column: the first row that opens with a label."""
    for row in rows:
        plain = _SGR.sub("", row)
        if plain[:1] not in ("", " ") and (at := plain.find(" :")) > 0:
            return at
    return None


def _quoted_values(rows: list[str], width: int) -> list[str]:
    """Each fact's value between quotes: ``label : "value`` … ``rest"``; a lone ``…`` row stays as it is.

    Where the labels leave a value too narrow a column, the reference sets
    each value on the rows below its label: its quote opens its first row.
    """
    colon = _colon_column(rows)
    narrow = colon is not None and width - (colon + 3) < NARROW_VALUE_WIDTH
    out: list[str] = []
    last_value: int | None = None
    opening = False  # a label row whose value begins on the row below
    for row in rows:
        plain = _SGR.sub("", row)
        if (
            colon is not None
            and plain[colon : colon + 2] == " :"
            and plain[colon + 2 : colon + 3] in ("", " ")
        ):
            if last_value is not None:
                out[last_value] += '"'
            cut = row.index(" :") + 2  # a label holds no colon: the first is the label column's
            opening = narrow and cut >= len(row.rstrip())
            out.append(row if opening else f'{row[:cut].rstrip()} "{row[cut + 1 :]}')
            last_value = None if opening else len(out) - 1
        elif plain == ELLIPSIS:
            if last_value is not None:
                out[last_value] += '"'
            out.append(row)
            last_value = None
        elif not plain.strip():
            if opening:  # the value opens with a blank line: its quote stands on the label's row
                out[-1] = f'{out[-1].rstrip()} "'
                opening = False
            out.append(row)
        else:
            lead = len(row) - len(row.lstrip(" "))
            out.append(f'{row[:lead]}"{row[lead:]}' if opening else f" {row}")
            opening = False
            last_value = len(out) - 1
    if last_value is not None:
        out[last_value] += '"'
    return out


# ── options and titles that lie ────────────────────────────────────────────


def _with_chrome(chrome: StyledChrome) -> Render:
    """The reference's ask, painted as the gate paints it, under other chrome."""
    return styled(chrome=chrome)


def _options(*rows: str) -> StyledChrome:
    return StyledChrome(options=rows)


FIRST_OPTION_DENIES = _options(
    "\u25b6 (y) No, deny", "  (s) Yes, for this session", "  (n) No", "  (r) No, provide reason"
)
WORDS_SWAPPED = _options(
    "\u25b6 (y) No", "  (s) No, for this session", "  (n) Yes", "  (r) Yes, provide reason"
)
OPENS_ON_SESSION = _options(
    "  (y) Yes", "\u25b6 (s) Yes, for this session", "  (n) No", "  (r) No, provide reason"
)
NUMBERED_OPENS_ON_SESSION = _options(
    "  1. Allow once", "\u276f 2. Allow for this session", "  3. No, suggest changes (esc)"
)
OPENS_ON_SESSION_PAINTED = _options(
    "  (y) Yes",
    "  \x1b[7m(s)\x1b[27m Yes, for this session",
    "  (n) No",
    "  (r) No, provide reason",
)
NO_DENY = _options("\u276f 1. Allow once", "  2. Allow for this session")


def _false_requester(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """The prompt's title claims subagent 'release-bot' asks (the legacy view, the old dialog, is left as it was)."""
    frame = reference_frame(payload, view, budget)
    if view == "legacy":
        return frame
    title = fit_chrome(["Subagent 'release-bot' asks permission"], width)
    ask = frame.lines[frame.ask_start :]
    return Frame((*title, *ask), len(title), frame.ask_rows, frame.elided)


# ── text drawn so it cannot be read ────────────────────────────────────────


def flagged_painted(sequence: str) -> Render:
    """The reference with the flagged value painted ``sequence`` (its own paint, not the payload's), labels as the reference paints them."""

    def paint(role: str, text: str) -> str:
        return f"{sequence}{text}\x1b[0m" if role == "flagged" else warning_paint(role, text)

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        return reference_frame(payload, view, budget, paint)

    return render


# ── sound layouts of other agents' prompts ─────────────────────────────────


def _gemini_title(payload: PromptPayload) -> str:
    return (
        "? Action required (subagent)"
        if payload.request.requester.forwarded
        else "? Action required"
    )


def _gemini_hint(elided: bool, expanded: bool) -> str:
    if expanded:
        return "enter select \u00b7 esc cancel \u00b7 ctrl+o back"
    return (
        "enter select \u00b7 esc cancel \u00b7 ctrl+o full request"
        if elided
        else "enter select \u00b7 esc cancel"
    )


GEMINI = StyledChrome(
    title=_gemini_title,
    options=(
        "\u25cf 1. Allow once",
        "  2. Allow for this session",
        "  3. No, suggest changes (esc)",
    ),
    hint=_gemini_hint,
)
"""Gemini CLI's confirmation: a question for a title, three numbered options, the first selected."""

NUMBERED = StyledChrome(
    options=(
        "\u276f 1. Yes",
        "  2. Yes, and don't ask again this session",
        "  3. No, and tell the agent what to do differently (esc)",
    )
)
"""Claude Code's options: numbered, a ❯ cursor on the first, the deny saying what it leads to."""

ONE_ROW = StyledChrome(
    options=("\u25b6 (y)\u00a0Allow  (s)\u00a0Session  (n)\u00a0Deny  (r)\u00a0Reason",)
)
"""The four options as one bar; each key stays with its word (a no-break space), so a narrow row breaks between options."""

MEANING_MUTANTS: tuple[Variant, ...] = (
    mutant(
        "option-reads-deny",
        "the first option, (y), which approves, reads 'No, deny'",
        _with_chrome(FIRST_OPTION_DENIES),
    ),
    mutant(
        "option-words-swapped",
        "the approve and deny options' words are swapped: (y) No … (n) Yes",
        _with_chrome(WORDS_SWAPPED),
    ),
    mutant(
        "opens-on-session",
        "the prompt opens with (s), the grant for the whole session, selected",
        _with_chrome(OPENS_ON_SESSION),
    ),
    mutant(
        "opens-on-session-painted",
        "no marker; the prompt opens with (s) drawn in reverse video, as a selection is",
        _with_chrome(OPENS_ON_SESSION_PAINTED),
    ),
    mutant(
        "numbered-opens-on-session",
        "numbered options, the cursor opening on 'Allow for this session'",
        _with_chrome(NUMBERED_OPENS_ON_SESSION),
    ),
    mutant(
        "no-deny-offered",
        "numbered options that only grant: once, or for the session",
        _with_chrome(NO_DENY),
    ),
    mutant(
        "title-false-requester",
        "the title says subagent 'release-bot' asks, whoever does",
        _false_requester,
    ),
    mutant(
        "value-white-on-white",
        "the flagged value drawn white on white in the colon form of SGR (38:2::R:G:B)",
        flagged_painted("\x1b[38:2::255:255:255;48:2::255:255:255m"),
    ),
    mutant(
        "value-black",
        "the flagged value drawn black on the default background: gone on a dark theme",
        flagged_painted("\x1b[30m"),
    ),
    mutant(
        "value-struck-through",
        "the flagged value struck through (SGR 9), as if it were deleted",
        flagged_painted("\x1b[9;33m"),
    ),
)

MEANING_STYLES: tuple[Variant, ...] = (
    Variant(
        "boxed",
        "the reference's prompt inside a rounded box (╭─╮ │ │ ╰─╯)",
        "style",
        boxed(styled()),
    ),
    Variant(
        "quoted-values",
        'every value between double quotes (command : "git push"), the rows that continue it a column in',
        "style",
        quoted(styled()),
    ),
    Variant(
        "numbered-options",
        "Claude Code's options: ❯ 1. Yes / 2. Yes, and don't ask again / 3. No, and tell …",
        "style",
        styled(chrome=NUMBERED),
    ),
    Variant(
        "one-row-options",
        "the four options on one row: ▶ (y) Allow  (s) Session  (n) Deny  (r) Reason",
        "style",
        styled(chrome=ONE_ROW),
    ),
    Variant(
        "reordered-core",
        "the core facts last to first: the value before the tool, the requester last",
        "style",
        styled(laid_out(AskStyle("aligned", core_order="reversed"))),
    ),
    Variant(
        "surface-before-tool",
        "the surface stated, before the tool",
        "style",
        styled(laid_out(AskStyle("aligned", state_surface=True, core_order="surface-first"))),
    ),
    Variant(
        "capitalised-labels",
        "every label capitalised: Tool, Command, Working directory",
        "style",
        styled(laid_out(AskStyle("unaligned", capitalised=True))),
    ),
    Variant(
        "gemini-like",
        "Gemini CLI's layout: a box, capitalised labels above their values, 1. Allow once / "
        "2. Allow for this session / 3. No, suggest changes (esc)",
        "style",
        boxed(styled(laid_out(AskStyle("above", capitalised=True)), chrome=GEMINI)),
    ),
)
