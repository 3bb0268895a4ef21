"""Mutants: the reference with one known defect injected, one small function each.

Each defect is injected the least invasive way that makes it real: by
rewriting the reference's frame (a notation turned back into the raw
character, the last row of the complete view dropped), by giving it another
budget or paint, or — where the defect must sit inside the renderer — by
patching the one ``impl`` function it lives in, for the duration of one
render only (the judge, which runs after the render returns, never sees the
patch). A patch that no longer reaches the renderer leaves the frame equal to
the reference's; ``askbench mutate`` fails loudly on such a stale mutant
rather than count it killed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace

from wcwidth import iter_graphemes
from wcwidth import width as wcwidth_width

from askbench.impl import dialog
from askbench.impl.cells import (
    Capped,
    cap_text,
    cell_width,
    expand_text_tabs,
    field_rows,
    text_rows,
    wrap_line,
)
from askbench.impl.command_reader import ReadCommand
from askbench.impl.command_spans import CommandSpans, hidden_marker
from askbench.impl.dialog import (
    NARROW_INDENT,
    NO_COMMANDS,
    DialogBudget,
    Fact,
    Paint,
    PaintRole,
    capped_field,
    complete_view_budget,
    core_facts,
    counted_field,
    evidence_facts,
    render_prompt_dialog,
)
from askbench.impl.frame import Frame, render_frame
from askbench.impl.mcp_call import is_mcp_tool_name, resolve_mcp_call
from askbench.impl.neutralise import neutralise
from askbench.impl.payload import CORE_LABELS, PromptPayload, build_payload, pretty_value
from askbench.impl.truncate import ELLIPSIS

from ...fixtures.loading import Fixture
from ...judge.what_runs import watched_beyond, watched_reading
from ...terms import View
from ..paint import warning_paint
from .definition import Render, Variant, mutant, patched_impl

# ── the reference, and ways to change its frame ─────────────────────────────


def reference_frame(
    payload: PromptPayload, view: View, budget: DialogBudget, paint: Paint = warning_paint
) -> Frame:
    """The reference exactly as the gate renders it: bounded and complete painted, legacy plain."""
    return render_frame(payload, view, budget, paint=None if view == "legacy" else paint)


def ask_of(frame: Frame) -> list[str]:
    return list(frame.lines[frame.ask_start : frame.ask_start + frame.ask_rows])


def with_ask(frame: Frame, ask: list[str]) -> Frame:
    """``frame`` with its ask rows replaced; title, options and hint stay as they were."""
    end = frame.ask_start + frame.ask_rows
    return replace(
        frame, lines=(*frame.lines[: frame.ask_start], *ask, *frame.lines[end:]), ask_rows=len(ask)
    )


def rewriting_lines(pattern: re.Pattern[str], raw: Callable[[re.Match[str]], str]) -> Render:
    """A renderer that writes the reference's frame with every match of ``pattern`` replaced, in every view."""

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        frame = reference_frame(payload, view, budget)
        return replace(frame, lines=tuple(pattern.sub(raw, line) for line in frame.lines))

    return render


_SGR = re.compile(r"\x1b\[[0-9;]*m")
"""Our own paint, to read a frame line's text."""


def _notation_of(codes: Iterable[int]) -> re.Pattern[str]:
    """The ``⟨U+XXXX⟩`` notation of any of ``codes``: a literal ``⟨`` is itself notation, so a match is never typed."""
    return re.compile("\u27e8U\\+(" + "|".join(f"{code:04X}" for code in codes) + ")\u27e9")


def _raw_character(match: re.Match[str]) -> str:
    return chr(int(match.group(1), 16))


# ── neutralising undone ─────────────────────────────────────────────────────

ESC_PICTURE = "\u241b"
"""What the reference shows for ESC; a ``␛`` typed in the input is shown as ``⟨U+241B⟩``, so every one is an ESC."""

escape_passthrough = rewriting_lines(re.compile(ESC_PICTURE), lambda match: "\x1b")
c1_passthrough = rewriting_lines(_notation_of(range(0x80, 0xA0)), _raw_character)
bidi_passthrough = rewriting_lines(
    _notation_of([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]),
    _raw_character,
)
zero_width_passthrough = rewriting_lines(
    _notation_of([0x00AD, 0x200B, 0x200C, 0x200D, *range(0x2060, 0x2065), 0xFEFF]), _raw_character
)


def _raw_if_unassigned(match: re.Match[str]) -> str:
    char = chr(int(match.group(1), 16))
    return char if unicodedata.category(char) in ("Cn", "Co") else match.group()


unassigned_passthrough = rewriting_lines(
    re.compile("\u27e8U\\+([0-9A-F]{4,6})\u27e9"), _raw_if_unassigned
)
"""Unassigned, noncharacter and private-use code points reach the terminal raw: tmux draws U+0378 as nothing."""
_SET_APART = _notation_of([0x2026])
"""A ``…`` the reference sets apart: one typed as ``⟨U+2026⟩`` would show its ``⟨`` as notation."""


def count_words_plain(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """A value's words that read as a count row (``… 3 more commands …``) drawn as they are in the ask, where the
    reference sets their ``…`` apart; the legacy dialog, the old baseline, is left as it is."""
    frame = reference_frame(payload, view, budget)
    if view == "legacy":
        return frame
    return replace(frame, lines=tuple(_SET_APART.sub("\u2026", line) for line in frame.lines))


sgr_passthrough = rewriting_lines(
    re.compile(ESC_PICTURE + r"\[([0-9;:]*)m"), lambda match: f"\x1b[{match.group(1)}m"
)
"""Only the payload's colour sequences reach the terminal: conceal, foreground = background, reverse video."""


# ── the field cap counted in the wrong unit ─────────────────────────────────


def _utf16_units(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def _first_utf16_units(text: str, units: int) -> str:
    """What ``text.slice(0, units)`` keeps in JavaScript: half a surrogate pair becomes a lone surrogate."""
    return text.encode("utf-16-le", "surrogatepass")[: 2 * units].decode(
        "utf-16-le", "surrogatepass"
    )


def _clean(text: str) -> str:
    return expand_text_tabs(neutralise(text))


def capping_by(
    units: Callable[[str], int], part: Callable[[str, int], str] | None
) -> Callable[..., Capped]:
    """``capped_field`` that charges each grapheme ``units`` instead of its cells, where that is fewer.

    The reference's own cap runs on an ASCII stand-in — each grapheme the cap
    would charge differently as that many ``x``, every other character as
    itself — so the rows a line break costs, the head and the tail and
    everything else about the cap stay the reference's; only the unit
    differs, and only where it lets more through (a CJK character is one
    code point and two cells). ``part`` keeps the front of a grapheme the
    head's cut falls inside (UTF-16 slicing does); None moves it whole to the cut.

    Where the field's rows, not its cells, bound it (a narrow layout's
    12-cell rows hold 84 cells of a 400-cell cap), the unit decides nothing
    the cap is for: the stand-in's rows would only be counted wrong. There
    the field is the reference's, so the mutant differs exactly where the
    cap in another unit lets a field show more cells than the cap.
    """

    def cap_in_units(
        text: str,
        cap: int,
        row_width: int,
        rows: int | None = None,
        tail_from: int | None = None,
        first_end: int | None = None,
        own: CommandSpans = NO_COMMANDS,
    ) -> Capped:
        rows = field_rows(cap) if rows is None else rows
        capped = _cap_in_units(text, cap, row_width, rows)
        if capped.cut and text_rows(capped.shown, row_width) > rows:
            return capped_field(text, cap, row_width, rows, tail_from, first_end, own)
        return capped

    def _cap_in_units(text: str, cap: int, row_width: int, rows: int) -> Capped:
        clean = _clean(text)
        graphemes = list(iter_graphemes(clean))
        charges = [min(units(grapheme), cell_width(grapheme)) for grapheme in graphemes]
        pieces = [
            grapheme
            if grapheme.isascii() and len(grapheme) == charge == 1 or grapheme == "\n"
            else "x" * charge
            for grapheme, charge in zip(graphemes, charges, strict=True)
        ]
        stand_in = "".join(pieces)
        capped = cap_text(stand_in, cap, rows, row_width)
        if not capped.cut:
            return Capped(clean)
        starts = [0]
        for piece in pieces:
            starts.append(starts[-1] + len(piece))
        head: list[str] = []
        for index, grapheme in enumerate(graphemes):
            if starts[index + 1] > len(capped.head):
                room = len(capped.head) - starts[index]
                if part is not None and room > 0:
                    head.append(part(grapheme, room))
                break
            head.append(grapheme)
        tail = ""
        if capped.tail:
            end = len(stand_in.rstrip(" \n"))
            marker = ELLIPSIS if capped.tail.startswith(ELLIPSIS) else ""
            begin = end - (len(capped.tail) - len(marker))
            tail = marker + "".join(
                g
                for index, g in enumerate(graphemes)
                if starts[index] >= begin and starts[index + 1] <= end
            )
        return Capped("".join(head), tail, cut=True)

    return cap_in_units


VIEWS_ALL: tuple[View, ...] = ("bounded", "complete", "legacy")


def _patched_render(
    target: str, replacement: object, views: Iterable[View] = ("bounded", "complete")
) -> Render:
    """The reference with ``target`` (``module.name`` in ``impl``) replaced while it renders one of ``views``."""
    patched_views = frozenset(views)

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        if view not in patched_views:
            return reference_frame(payload, view, budget)
        with patched_impl(target, replacement):
            return reference_frame(payload, view, budget)

    return render


cap_in_code_points = _patched_render(
    "askbench.impl.dialog.capped_field", capping_by(len, None), ["bounded"]
)
cap_in_utf16_units = _patched_render(
    "askbench.impl.dialog.capped_field", capping_by(_utf16_units, _first_utf16_units), ["bounded"]
)


@dataclass(frozen=True)
class _Unmarked:
    """A capped field shown without its markers: the head runs straight into the tail."""

    shown: str
    cut: bool


def _cap_without_marker(
    text: str,
    cap: int,
    row_width: int,
    commands: CommandSpans | None = None,
    counting: bool = True,
) -> _Unmarked:
    capped = counted_field(text, cap, row_width, commands, counting)
    if not capped.cut:
        return _Unmarked(capped.shown, False)
    tail = capped.tail.removeprefix(ELLIPSIS)
    return _Unmarked(f"{capped.head}\n{tail}" if tail else capped.head, True)


value_cut_without_marker = _patched_render(
    "askbench.impl.dialog.counted_field", _cap_without_marker, ["bounded"]
)


def _cap_without_tail(
    text: str,
    cap: int,
    row_width: int,
    commands: CommandSpans | None = None,
    counting: bool = True,
) -> Capped:
    capped = counted_field(text, cap, row_width, commands, counting)
    return replace(capped, count="", middle="", tail="") if capped.cut else capped


value_cut_without_tail = _patched_render(
    "askbench.impl.dialog.counted_field", _cap_without_tail, ["bounded"]
)


# ── what runs ───────────────────────────────────────────────────────────────


def outline_trusts_the_grammar(
    payload: PromptPayload,
    fixture: Fixture | None,
    view: View,
    width: int,
    budget: DialogBudget,
) -> Frame:
    """The outline as tree-sitter-bash reads the command, trusted where bash reads it otherwise (the old outline)."""
    if fixture is None or payload.kind != "bash":
        return reference_frame(payload, view, budget)
    with (
        patched_impl("askbench.impl.shell.Doubts.add", lambda self, captures, source: None),
        patched_impl("askbench.impl.shell._Outliner.backticks", lambda self, body, inner: iter(())),
    ):
        rebuilt = build_payload(
            fixture.call, fixture.ask, reader=watched_reading, watcher=watched_beyond
        )
    return reference_frame(rebuilt, view, budget)


def watched_commands_uncounted(
    payload: PromptPayload,
    fixture: Fixture | None,
    view: View,
    width: int,
    budget: DialogBudget,
) -> Frame:
    """A cut counts the commands a reading of the text places, and not those bash was watched running beyond them
    (a string run later, a locale's other reading): what the reference counted before it counted what runs."""
    if fixture is None or payload.kind != "bash":
        return reference_frame(payload, view, budget)

    def read(command: str) -> list[ReadCommand] | None:
        found = watched_reading(command)
        return None if found is None else [each for each in found if not each.anywhere]

    rebuilt = build_payload(fixture.call, fixture.ask, reader=read)  # and no watcher
    return reference_frame(rebuilt, view, budget)


_COMMAND_START = re.compile(r"(?:^|&&|\|\||[;|&\n(`]|\$\()\s*([^\s;&|()`]+)")


def outline_of_names(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """The shape lists each command's program name only (``git … git …``), so any command sharing a name reads as shown."""
    request = payload.request
    if payload.kind != "bash" or not request.value:
        return reference_frame(payload, view, budget)
    names = " … ".join(match[1] for match in _COMMAND_START.finditer(request.value))
    return reference_frame(
        replace(payload, request=replace(request, shape=names or None, shape_commands=None)),
        view,
        budget,
    )


def cut_commands_uncounted(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """A cut through a chain of commands is a bare ``…``: the commands it hides are not counted where it cuts."""
    request = replace(payload.request, shape_commands=None, value_commands=None)
    return reference_frame(replace(payload, request=request), view, budget)


def _marker_short_by_one(count: int, cells: int | None = None) -> str:
    return hidden_marker(max(1, count - 1), cells)


count_short_by_one = _patched_render(
    "askbench.impl.dialog.hidden_marker", _marker_short_by_one, ["bounded"]
)
"""A cut's count says one command fewer than it hides: the command it leaves out is hidden uncounted."""


_reference_hidden = dialog._hidden


def _last_row_counted_too(text: str, capped: Capped, commands: CommandSpans, middle: str) -> int:
    return _reference_hidden(text, capped, commands, "")


last_row_counted_too = _patched_render(
    "askbench.impl.dialog._hidden", _last_row_counted_too, ["bounded"]
)
"""The count before the last command's row counts that command too: one more than the cut hides."""


def _hidden_unless_repeated(
    self: CommandSpans,
    text: str,
    head: str,
    tail: str,
    clean: Callable[[str, Collection[int]], str],
) -> int:
    """The commands not shown, a command whose text the head or tail shows elsewhere read as shown."""
    seen = sum(
        weight
        for start, end, weight in self.spans
        if (shown := clean(text[start:end], self.owned(start, end)).strip())
        and (shown in head or shown in tail)
    )
    return max(0, self.total - seen)


repeats_uncounted = _patched_render(
    "askbench.impl.command_spans.CommandSpans.hidden", _hidden_unless_repeated, ["bounded"]
)
"""A cut that hides an exact repeat of a command it shows counts it as if it were not there."""


# ── the row budget ──────────────────────────────────────────────────────────


def one_row_over_budget(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    if view != "bounded" or budget.max_rows is None:
        return reference_frame(payload, view, budget)
    return reference_frame(payload, view, replace(budget, max_rows=budget.max_rows + 1))


def long_core_fact_dropped(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """A core fact longer than the field cap is left out of the bounded view instead of capped."""
    cap = budget.field_max_width
    if view != "bounded" or cap is None:
        return reference_frame(payload, view, budget)

    def short_facts(payload: PromptPayload) -> list[Fact]:
        return [fact for fact in core_facts(payload) if len(fact.text) <= cap]

    with patched_impl("askbench.impl.dialog.core_facts", short_facts):
        return reference_frame(payload, view, budget)


def evidence_split_by_budget(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """Evidence fills the bounded view to its last row, the last entry cut wherever the budget ends."""
    frame = reference_frame(payload, view, budget)
    if view != "bounded" or budget.max_rows is None or not frame.elided:
        return frame
    core_rows = len(render_prompt_dialog(payload, replace(budget, max_rows=0)).lines)
    if core_rows >= budget.max_rows:
        return frame
    every_entry = render_prompt_dialog(payload, replace(budget, max_rows=None), warning_paint)
    return with_ask(frame, list(every_entry.lines[: budget.max_rows]))


# ── the elision claim ───────────────────────────────────────────────────────


def elided_never(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    frame = reference_frame(payload, view, budget)
    return replace(frame, elided=False) if view == "bounded" else frame


def elided_always(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    frame = reference_frame(payload, view, budget)
    return replace(frame, elided=True) if view == "bounded" else frame


def ellipsis_with_count(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """The dropped-evidence marker says how much it hides: ``… 1,994 more rows``."""
    frame = reference_frame(payload, view, budget)
    ask = ask_of(frame)
    if view != "bounded" or ELLIPSIS not in ask:
        return frame
    hidden = len(render_prompt_dialog(payload, complete_view_budget(width)).lines) - (len(ask) - 1)
    return with_ask(
        frame, [f"{ELLIPSIS} {hidden:,} more rows" if row == ELLIPSIS else row for row in ask]
    )


# ── wrapping ────────────────────────────────────────────────────────────────


def _losing_last_visible(row: str) -> str:
    """``row`` without its last character a screen shows (a lost trailing space would be invisible, not a defect)."""
    graphemes = list(iter_graphemes(row))
    last = next(
        (index for index in range(len(graphemes) - 1, -1, -1) if not graphemes[index].isspace()),
        None,
    )
    return row if last is None else "".join(graphemes[:last] + graphemes[last + 1 :])


def _wrap_losing_row_ends(line: str, row_width: int) -> list[str]:
    rows = wrap_line(line, row_width)
    return [_losing_last_visible(row) for row in rows[:-1]] + rows[-1:]


def _wrap_quadratically(line: str, row_width: int) -> list[str]:
    """Each row found by segmenting the whole rest of the line again: rows × length grapheme steps."""
    rows: list[str] = []
    rest = line
    while True:
        graphemes = list(iter_graphemes(rest))
        used, taken = 0, 0
        for grapheme in graphemes:
            width = cell_width(grapheme)
            if used + width > row_width and taken:
                break
            used += width
            taken += len(grapheme)
        rows.append(rest[:taken])
        rest = rest[taken:]
        if not rest:
            return rows


wrap_loses_row_ends = _patched_render("askbench.impl.dialog.wrap_line", _wrap_losing_row_ends)
quadratic_wrap = _patched_render("askbench.impl.dialog.wrap_line", _wrap_quadratically)


# ── the complete view ───────────────────────────────────────────────────────


def complete_drops_last_line(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """The complete view without its last row that shows anything (a trailing empty row lost is no loss on screen)."""
    frame = reference_frame(payload, view, budget)
    ask = ask_of(frame)
    last = next(
        (index for index in range(len(ask) - 1, -1, -1) if _SGR.sub("", ask[index]).strip()), None
    )
    if view != "complete" or last is None:
        return frame
    return with_ask(frame, ask[:last] + ask[last + 1 :])


def _evidence_reversed(payload: PromptPayload) -> Iterator[Fact]:
    return reversed(list(evidence_facts(payload)))


complete_reorders_fields = _patched_render(
    "askbench.impl.dialog.evidence_facts", _evidence_reversed, ["complete"]
)


# ── paint ───────────────────────────────────────────────────────────────────


def _labels_only(role: PaintRole, text: str) -> str:
    return warning_paint(role, text) if role == "label" else text


def highlight_missing(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """Labels still dimmed, so the frame paints — but not the flagged value."""
    return reference_frame(
        payload, view, budget, _labels_only if view == "bounded" else warning_paint
    )


# ── layout forging ──────────────────────────────────────────────────────────

_CONSUMED_KEYS: Mapping[str, frozenset[str]] = {
    "bash": frozenset({"command"}),
    "skill": frozenset({"name", "skill"}),
    **{
        name: frozenset({"path", "file_path"})
        for name in ("read", "write", "edit", "grep", "find", "ls")
    },
}
"""Input keys the payload builders turn into core facts themselves; the rest become evidence."""


def _input_fields(fixture: Fixture) -> list[tuple[str, object]]:
    """The call's input fields shown as evidence: an MCP call's arguments, whatever envelope carries them."""
    call_input = fixture.call.get("input")
    if not isinstance(call_input, Mapping):
        return []
    name = str(fixture.call.get("name"))
    if is_mcp_tool_name(name) or fixture.ask.get("kind") == "mcp":
        server = fixture.ask.get("mcpServer")
        call = resolve_mcp_call(name, call_input, server if isinstance(server, str) else None)
        if call.arguments.key is None:  # a direct tool: its whole input is the arguments
            return [(str(key), value) for key, value in call.arguments.values.items()]
        extra = [(str(key), value) for key, value in call_input.items() if key not in call.consumed]
        return extra + [(str(key), value) for key, value in call.arguments.values.items()]
    consumed = _CONSUMED_KEYS.get(name, frozenset())
    return [(str(key), value) for key, value in call_input.items() if key not in consumed]


def input_keys_as_core_labels(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """An input field named like a core fact (``runs``, ``rule``, ``tool``, ``path``) is shown as one, among the core rows."""
    if view == "legacy" or fixture is None:
        return reference_frame(payload, view, budget)
    real = core_facts(payload)
    stated = {(fact.label, fact.text) for fact in real}
    forged = [
        Fact(key, pretty_value(value))
        for key, value in _input_fields(fixture)
        if key in CORE_LABELS
    ]
    forged = [fact for fact in forged if (fact.label, fact.text) not in stated]
    with patched_impl("askbench.impl.dialog.core_facts", lambda payload: real + forged):
        return reference_frame(payload, view, budget)


def values_at_column_0(
    payload: PromptPayload, fixture: Fixture | None, view: View, width: int, budget: DialogBudget
) -> Frame:
    """Value rows lose their indent — continuation rows, and every value row of the narrow layout — and start where labels do."""
    frame = reference_frame(payload, view, budget)
    ask = ask_of(frame)
    if view == "legacy" or not ask:
        return frame
    separator = _SGR.sub("", ask[0]).find(" : ")
    indent = " " * (separator + 3 if separator >= 0 else NARROW_INDENT)
    return with_ask(frame, [row.removeprefix(indent) for row in ask])


# ── widths ──────────────────────────────────────────────────────────────────


def _cluster_cells(grapheme: str) -> int:
    """A grapheme as wcwidth measures it, as one cluster with ambiguous characters narrow: kitty's and WezTerm's width."""
    return wcwidth_width(grapheme)


widths_by_graphemes = _patched_render(
    "askbench.impl.cells.grapheme_cells", _cluster_cells, VIEWS_ALL
)
"""Every cluster measured as a cluster-aware terminal draws it, not as the widest terminal does."""


# ── the catalogue ───────────────────────────────────────────────────────────

MUTANTS: tuple[Variant, ...] = (
    mutant(
        "escape-passthrough",
        "ESC reaches the terminal raw: the payload's CSI, OSC and DCS sequences act",
        escape_passthrough,
    ),
    mutant(
        "c1-passthrough",
        "C1 controls (8-bit CSI 0x9B, NEL, OSC 0x9D) reach the terminal raw",
        c1_passthrough,
    ),
    mutant(
        "bidi-passthrough",
        "bidi controls (RLO, LRI, PDF, LRM) reach the terminal raw and reorder what is read",
        bidi_passthrough,
    ),
    mutant(
        "zero-width-passthrough",
        "zero-width and invisible format characters (ZWSP, ZWJ, WJ, BOM, soft hyphen) reach the terminal raw",
        zero_width_passthrough,
    ),
    mutant(
        "unassigned-passthrough",
        "unassigned, noncharacter and private-use code points (U+0378, U+FDD0, U+E000) reach the terminal raw",
        unassigned_passthrough,
    ),
    mutant(
        "sgr-passthrough",
        "the payload's own colour sequences reach the terminal: conceal, foreground = background, reverse video, never reset",
        sgr_passthrough,
    ),
    mutant(
        "count-words-plain",
        "a value's words that read as a count row ('… 3 more commands …') are drawn as they are, as the renderer's own count",
        count_words_plain,
    ),
    mutant(
        "cap-in-code-points",
        "the field cap counts code points, not cells: 400 CJK characters show as 800 cells",
        cap_in_code_points,
    ),
    mutant(
        "cap-in-utf16-units",
        "the field cap counts UTF-16 units: CJK overflows and a cut inside an emoji leaves a lone surrogate",
        cap_in_utf16_units,
    ),
    mutant("one-row-over-budget", "the bounded ask may take maxRows + 1 rows", one_row_over_budget),
    mutant(
        "long-core-fact-dropped",
        "a core fact longer than the field cap is left out instead of capped",
        long_core_fact_dropped,
    ),
    mutant(
        "value-cut-without-marker",
        "a capped field ends where the cap falls, with no …",
        value_cut_without_marker,
    ),
    mutant(
        "evidence-split-by-budget",
        "evidence fills every row of the budget, the last entry cut mid-way with no marker",
        evidence_split_by_budget,
    ),
    mutant(
        "elided-never",
        "the frame claims elided=false even when it capped a field or dropped evidence",
        elided_never,
    ),
    mutant(
        "elided-always", "the frame claims elided=true even when it shows everything", elided_always
    ),
    mutant(
        "ellipsis-with-count",
        "the dropped-evidence marker carries a count (… 1,994 more rows)",
        ellipsis_with_count,
    ),
    mutant(
        "wrap-loses-row-ends",
        "wrapping loses the last visible character of every full row",
        wrap_loses_row_ends,
    ),
    mutant(
        "complete-drops-last-line",
        "the complete view leaves out its last row that shows anything",
        complete_drops_last_line,
    ),
    mutant(
        "complete-reorders-fields",
        "the complete view shows the evidence entries in reverse order",
        complete_reorders_fields,
    ),
    mutant(
        "highlight-missing", "labels are painted but the flagged value is not", highlight_missing
    ),
    mutant(
        "quadratic-wrap",
        "each wrapped row re-segments the rest of its line: rows × length, minutes on 200 KB",
        quadratic_wrap,
        adapter_timeout=3.0,
    ),
    mutant(
        "input-keys-as-core-labels",
        "an input field named like a core fact (runs, rule, tool, path) is shown among the core rows",
        input_keys_as_core_labels,
    ),
    mutant(
        "values-at-column-0",
        "a value's continuation rows start at column 0, where labels stand",
        values_at_column_0,
    ),
    mutant(
        "outline-trusts-the-grammar",
        "the outline trusts tree-sitter-bash where bash reads the command otherwise (heredoc delimiters, a '#' in a word, backticks in a body, evaluated literals, scripts handed to a shell)",
        outline_trusts_the_grammar,
    ),
    mutant(
        "watched-commands-uncounted",
        "a cut counts the commands a reading of the text places, not those bash was watched running beyond them: 'curl … | sh' in a git alias's string, hidden by the cut, is not in its count",
        watched_commands_uncounted,
    ),
    mutant(
        "outline-of-names",
        "the shape names each command's program only: 'git status && … git push --force' reads as 'git … git'",
        outline_of_names,
    ),
    mutant(
        "cut-commands-uncounted",
        "a field cap cuts a chain of commands with a bare '…': 'curl … | sh', command 15 of 30, is hidden uncounted",
        cut_commands_uncounted,
    ),
    mutant(
        "tail-dropped",
        "a capped field keeps its head and its marker and drops the rest: a file written, a body posted or a script shown ends where the cut falls, its last lines never shown",
        value_cut_without_tail,
    ),
    mutant(
        "hidden-repeat-uncounted",
        "a cut's count leaves out a hidden command that repeats one it shows ('ls dist' twice, counted once)",
        repeats_uncounted,
    ),
    mutant(
        "last-row-counted-too",
        "the count before the last command's row counts that command too: one more than the cut hides",
        last_row_counted_too,
    ),
    mutant(
        "count-short-by-one",
        "a cut's '… N more commands …' says one fewer than it hides",
        count_short_by_one,
    ),
    mutant(
        "widths-by-graphemes",
        "cells measured by wcwidth graphemes only: right on kitty, rows overflow on xterm, VTE and tmux",
        widths_by_graphemes,
    ),
)
