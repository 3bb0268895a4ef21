"""A second ask renderer for the style variants: the same facts and budget, arranged another way.

The reference lays each fact out one way — labels padded to one column,
values hard-wrapped beside them. A gate that judges properties must accept
any sound arrangement, so the styles need renderers that differ in exactly
that. This one is written apart from ``askbench.impl.dialog`` on purpose (only the
safe primitives are shared: ``neutralise``, the cap and the measures of
``askbench.impl.cells``), and it keeps every rule that makes a prompt safe, whatever
the arrangement:

- every piece of payload text is neutralised, labels included;
- every field is capped in cells to its head and tail (``askbench.impl.dialog.counted_field``), each cut marked by a bare ``…`` and, where it hides commands, counted (``… 19 more commands …``);
- the flagged element is painted wherever it stands: a flagged fact whole,
  an evidence entry that is one of the payload's flagged texts whole (the
  external paths of a bash command that leaves the working directory), and
  a flagged text inside any other row as a token (a tool's name in its
  ``tool`` row);
- evidence fills the rows left whole or not at all, a ``…`` row when some is dropped (at the end, or where
  an entry that did not fit stands, ``skip_to_fit``);
- no value row starts nearer the left edge than ``VALUE_INDENT``: column 0
  is where labels, the title and the hint stand, column 2 where options do;
- an evidence label that reads as a core fact's name (``runs``, ``Tool``, ``tooI``, …) is
  shown as ``argument`` with the key quoted in the text, as the reference
  shows a key that is not a plain identifier.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from askbench.impl.cells import (
    cell_width,
    clip_to_width,
    expand_text_tabs,
    is_grapheme_break,
    wrap_line,
)
from askbench.impl.command_spans import CommandSpans
from askbench.impl.dialog import (
    ARROW,
    MAX_LABEL_WIDTH,
    DialogBudget,
    DialogView,
    Fact,
    Paint,
    core_facts,
    counted_field,
    evidence_facts,
)
from askbench.impl.neutralise import neutralise
from askbench.impl.payload import PromptPayload, poses_as_core
from askbench.impl.truncate import ELLIPSIS

Placement = Literal["aligned", "unaligned", "above"]
Wrap = Callable[[str, int], list[str]]

VALUE_INDENT = 4
GUTTER_COLUMN = 3
"""Past the option column: a gutter mark and a blank before ``1. …`` must not read as an option."""
MIN_VALUE_CELLS = 12
"""Fewer cells than this beside a label, and the value moves below it."""


@dataclass(frozen=True)
class AskStyle:
    placement: Placement = "aligned"
    """``aligned``: ``label   : value``, one label column; ``unaligned``: ``label: value``; ``above``: the label
    on a row of its own, the value indented below."""
    wrap: Wrap = wrap_line
    """One neutralised logical line to rows of at most the given cells."""
    state_surface: bool = False
    """Show the surface even when it equals the tool (the reference leaves the redundant line out)."""
    core_order: CoreOrder = "payload"
    """``payload``: the reference's order; ``surface-first``: the surface before the tool; ``reversed``: the core facts
    last to first."""
    capitalised: bool = False
    """Every label with a capital first letter: ``Tool``, ``Working directory``."""
    skip_to_fit: bool = False
    """An evidence entry that does not fit is left out behind a ``…`` where it stands, and later ones that fit are
    shown (the reference stops at the first that does not fit)."""
    unlabelled_value: bool = False
    """The request's value first and with no label, its rows indented ``VALUE_INDENT``, as the agents show a
    command under their header (``askbench.harness.judge.unlabelled``); every other fact keeps its label."""
    gutter: str = ""
    """A mark drawn down the unlabelled value's rows (Claude Code's ``│``), ``GUTTER_COLUMN`` in."""
    prompt: str = ""
    """A shell prompt before the unlabelled value's first row (Codex's ``$ ``), its later rows set in under the text."""
    rule: str = ""
    """A rule drawn across the row under the unlabelled value when other facts follow it (Claude Code's ``╌``)."""


CoreOrder = Literal["payload", "surface-first", "reversed"]


def shown_core(
    payload: PromptPayload, state_surface: bool, order: CoreOrder = "payload"
) -> list[Fact]:
    facts = core_facts(payload)
    request = payload.request
    if state_surface and request.surface and not any(fact.label == "surface" for fact in facts):
        after_tool = next(
            (index + 1 for index, fact in enumerate(facts) if fact.label == "tool"), 0
        )
        facts.insert(after_tool, Fact("surface", request.surface))
    surface = next((fact for fact in facts if fact.label == "surface"), None)
    if order == "surface-first" and surface is not None:
        facts.remove(surface)
        facts.insert(
            next((index for index, fact in enumerate(facts) if fact.label == "tool"), 0), surface
        )
    elif order == "reversed":
        facts.reverse()
    return facts


def capitalised(label: str) -> str:
    """``label`` with an ASCII first letter made capital; any other is left as it is (a capital may be wider)."""
    return label[:1].upper() + label[1:] if label[:1].isascii() else label


def shown_evidence(payload: PromptPayload) -> list[Fact]:
    """Evidence, with a label from the core namespace moved into its text (``argument : "runs": ls -la``)."""
    return [
        Fact("argument", f"{json.dumps(fact.label, ensure_ascii=True)}: {fact.text}", fact.detail)
        if poses_as_core(fact.label)
        else fact
        for fact in evidence_facts(payload)
    ]


def label_text(label: str, max_cells: int) -> str:
    return clip_to_width(neutralise(label).replace("\n", " ").replace("\t", " "), max_cells)


def field_text(
    text: str, cap: int | None, row_width: int, commands: CommandSpans | None = None
) -> tuple[str, bool]:
    """Neutralised, tab-expanded and capped to its head and tail, as ``askbench.impl.dialog.counted_field`` bounds a
    field: a cut that hides commands says how many."""
    if cap is None:
        return expand_text_tabs(neutralise(text, commands.own if commands else ())), False
    capped = counted_field(text, cap, row_width, commands)
    return capped.shown, capped.cut


@dataclass(frozen=True)
class _Arrangement:
    head: str
    """The label and its separator, as painted."""
    indent: int
    """Where value rows start; the first row stands after ``head`` unless the label is above."""
    above: bool
    row_width: int
    """The cells of each value row."""


def _arrange(
    label: str, label_width: int, style: AskStyle, width: int, paint: Paint | None
) -> _Arrangement:
    def painted(text: str) -> str:
        return paint("label", text) if paint else text

    if style.placement == "aligned":
        column, head = (
            label_width + 3,
            painted(label + " " * (label_width - cell_width(label))) + " : ",
        )
    else:
        column, head = cell_width(label) + 2, painted(label) + ": "
    indent = max(column, VALUE_INDENT)
    if style.placement == "above":
        return _Arrangement(painted(label) + ":", VALUE_INDENT, True, width - VALUE_INDENT)
    if width - indent < MIN_VALUE_CELLS:
        # below its label only for want of room, the value keeps the narrowest row it has beside one:
        # wider rows here would show more than the next wider terminal does beside the label
        return _Arrangement(painted(label) + ":", VALUE_INDENT, True, MIN_VALUE_CELLS)
    return _Arrangement(head, indent, False, width - indent)


def _bare_pad(style: AskStyle) -> str:
    """What the unlabelled value's rows begin with: the style's gutter, or blanks under its prompt's text."""
    if style.gutter:
        return " " * GUTTER_COLUMN + style.gutter + " "
    return " " * (VALUE_INDENT + cell_width(style.prompt))


def _bare_rows(rows: Sequence[str], style: AskStyle) -> list[str]:
    pad = _bare_pad(style)
    shown = [pad + row for row in rows]
    if style.prompt and shown:
        shown[0] = " " * VALUE_INDENT + style.prompt + rows[0]
    return shown


def _block(
    fact: Fact,
    label_width: int,
    style: AskStyle,
    width: int,
    cap: int | None,
    paint: Paint | None,
    flagged: frozenset[str],
    *,
    bare: bool = False,
) -> tuple[list[str], bool]:
    """The fact's rows under its label, or (``bare``) its value's rows alone, indented ``VALUE_INDENT`` or
    behind the style's gutter."""
    label = label_text(fact.label, min(MAX_LABEL_WIDTH, width - 2))
    bare_pad = _bare_pad(style)
    arrangement = (
        _Arrangement("", cell_width(bare_pad), True, width - cell_width(bare_pad))
        if bare
        else _arrange(
            capitalised(label) if style.capitalised else label, label_width, style, width, paint
        )
    )
    row_width = max(1, arrangement.row_width)
    text, cut = field_text(fact.text, cap, row_width, fact.commands)
    if fact.detail is not None:
        detail, detail_cut = field_text(fact.detail, cap, row_width)
        text, cut = f"{text}{ARROW}{detail}", cut or detail_cut
    rows = [row for line in text.split("\n") for row in style.wrap(line, row_width)]
    if paint and (fact.flagged or fact.text in flagged):
        rows = [paint("flagged", row) if row else row for row in rows]
    elif paint:
        rows = [paint_tokens(row, flagged, paint) for row in rows]
    pad = " " * arrangement.indent
    if bare:
        return _bare_rows(rows, style), cut
    if arrangement.above:
        return [arrangement.head, *(pad + row for row in rows)], cut
    return [arrangement.head + rows[0], *(pad + row for row in rows[1:])], cut


_TOKEN = re.compile(r"[\w/.\-]")


def paint_tokens(row: str, needles: frozenset[str], paint: Paint) -> str:
    """``row`` with each whole-token occurrence of a needle painted; a needle split by a row break stays plain."""
    spans: list[tuple[int, int]] = []
    for needle in needles:
        start = row.find(needle) if needle else -1
        while start >= 0:
            end = start + len(needle)
            before = (
                start == 0 or not _TOKEN.match(row[start - 1]) and is_grapheme_break(row, start)
            )
            after = end == len(row) or not _TOKEN.match(row[end]) and is_grapheme_break(row, end)
            if before and after and not any(start < stop and begin < end for begin, stop in spans):
                spans.append((start, end))
            start = row.find(needle, start + 1)
    out, cursor = [], 0
    for start, end in sorted(spans):
        out += [row[cursor:start], paint("flagged", row[start:end])]
        cursor = end
    return "".join(out) + row[cursor:]


def _value_fact(payload: PromptPayload, core: Sequence[Fact]) -> Fact | None:
    """The line that shows the request's value, when the core has one."""
    request = payload.request
    return next(
        (fact for fact in core if fact.label == request.value_label and fact.text == request.value),
        None,
    )


def _label_width(facts: Sequence[Fact], width: int) -> int:
    return max(
        (cell_width(label_text(fact.label, min(MAX_LABEL_WIDTH, width - 2))) for fact in facts),
        default=0,
    )


def _rule_under_value(
    lines: list[str], value_rows: int, facts_follow: bool, style: AskStyle, budget: DialogBudget
) -> None:
    """The style's rule under the unlabelled value, where facts follow it and a row is left: a rule is no fact."""
    room = budget.max_rows is None or len(lines) < budget.max_rows
    if value_rows and style.rule and facts_follow and room:
        lines.insert(
            value_rows, style.rule * max(1, max(1, budget.width) // cell_width(style.rule))
        )


def render_ask(
    payload: PromptPayload, budget: DialogBudget, style: AskStyle, paint: Paint | None = None
) -> DialogView:
    """The ask within ``budget``: every core fact, then evidence whole or not at all."""
    width = max(1, budget.width)
    core = shown_core(payload, style.state_surface, style.core_order)
    value = _value_fact(payload, core) if style.unlabelled_value else None
    if value is not None:
        core.remove(value)
        core.insert(0, value)
    evidence = shown_evidence(payload)
    lookahead = len(evidence) if budget.max_rows is None else budget.max_rows
    label_width = _label_width(core + evidence[:lookahead], width)
    cap = budget.field_max_width
    flagged = frozenset(payload.flagged)

    lines: list[str] = []
    elided = False
    value_cut = False
    value_rows = 0
    for fact in core:
        rows, cut = _block(fact, label_width, style, width, cap, paint, flagged, bare=fact is value)
        value_rows += len(rows) if fact is value else 0
        lines += rows
        elided |= cut
        value_cut |= cut and fact.label == payload.request.value_label
    _rule_under_value(lines, value_rows, len(core) > 1, style, budget)
    remaining = None if budget.max_rows is None else budget.max_rows - len(lines)
    for index, fact in enumerate(evidence):
        if remaining is not None and remaining <= 0:
            elided = True
            break
        # the value is on screen; the entry need not repeat it
        if value_cut and fact.brief is not None:
            fact = replace(fact, text=fact.brief)
            elided = True
        rows, cut = _block(fact, label_width, style, width, cap, paint, flagged)
        if remaining is not None:
            # a row for the … that says more follows
            reserve = 0 if index == len(evidence) - 1 else 1
            if len(rows) + reserve > remaining:
                elided = True
                if not style.skip_to_fit:
                    lines.append(ELLIPSIS)
                    break
                if not lines or lines[-1] != ELLIPSIS:
                    lines.append(ELLIPSIS)
                    remaining -= 1
                continue
            remaining -= len(rows)
        lines += rows
        elided |= cut
    return DialogView(tuple(lines), elided)
