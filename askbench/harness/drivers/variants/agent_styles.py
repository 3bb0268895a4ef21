"""Prompts laid out as Gemini CLI, Claude Code and Codex lay theirs, and the lies each layout could tell.

Each style draws its agent's chrome around a sound ask: a rounded box, the
agent's header for a title, the question it asks between the facts and the
options (Gemini CLI: ``Allow execution of: 'ls'?``; Claude Code: ``Do you
want to proceed?``; Codex asks in its title, ``Allow command?``), its
numbered options with its own cursor (``●``, ``❯``, ``›``) and, where the
agent has them, the key shortcuts it names after an option (``(y)``,
``(esc)``). Each agent is drawn twice: with the command under its label,
and as the agents show it — unlabelled, a block under a one-row header and
a separator, the other facts labelled below it: Gemini CLI's rows indented
under a blank row, Claude Code's behind a ``│`` gutter between ``╌`` rules,
Codex's after a ``$`` prompt (``askbench.harness.judge.unlabelled`` says where
such a value may stand; the header names no fact the judge reads, so ``tool``
keeps its label).

The mutants keep each agent's layout and change what one option says: the
first option reading ``No``, a prompt with no deny, a deny named by ``(esc)``
that reads as an approval; or what the unlabelled block says: a word of it
changed, its tail dropped with no marker, a second block under it, text above
it, another fact's text in its place. Those last draw the legacy dialog as the
reference does: their defect is in the ask alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from askbench.impl.cells import cell_width, clip_to_width
from askbench.impl.dialog import (
    MIN_WIDTH,
    DialogBudget,
    DialogView,
    Paint,
    complete_view_budget,
)
from askbench.impl.frame import Frame, fit_chrome
from askbench.impl.legacy import wrap_message
from askbench.impl.payload import PromptPayload
from askbench.impl.truncate import ELLIPSIS

from ...fixtures.loading import Fixture
from ...terms import RenderedFrame, View
from ..frame_sources import reference_source
from ..paint import warning_paint
from .definition import Render, Variant, mutant
from .meaning import BOTTOM, MIN_INSIDE, SIDE, TOP, boxed
from .style_ask import VALUE_INDENT, AskStyle, Placement
from .styles import AskRenderer, laid_out, reference_ask

__all__ = ["AGENT_MUTANTS", "AGENT_STYLES", "AgentPrompt", "agent_prompt"]

Options = Callable[[PromptPayload], Sequence[tuple[str, str]]]
"""``(marker, words)`` per option, in order; the number is the option's place."""

_SGR = re.compile(r"\x1b\[[0-9;:]*m")
_PLAIN_WORD = re.compile(r"[A-Za-z0-9_./~-]{1,32}")
"""A command word or path quoted in the chrome only when it is this plain: chrome must not carry hostile text."""


@dataclass(frozen=True)
class AgentPrompt:
    title: Callable[[PromptPayload], str]
    question: Callable[[PromptPayload], str | None]
    options: Options
    hint: Callable[[bool, bool], str]
    """``(elided, expanded) -> hint``: ctrl+o exactly when the bounded view elides."""
    ask: AskRenderer = reference_ask
    blank_after_title: bool = False
    """A separator between the header and the ask: where the value stands unlabelled, the block starts below it."""
    separator: str = ""
    """The rule the separator is drawn with (Claude Code's ``╌``), or a blank row."""
    echo: bool = False
    """The header repeats the first row of a box the ask begins with, where it fits (Gemini CLI's
    ``? Shell  cd /srv/app``)."""


def _option_rows(options: Sequence[tuple[str, str]], width: int) -> list[str]:
    """``● 1. Allow once``: marker, number and words, the words wrapped under themselves."""
    rows: list[str] = []
    for number, (marker, words) in enumerate(options, 1):
        prefix = f"{marker or ' '} {number}. "
        indent = cell_width(prefix)
        wrapped = fit_chrome([words], max(1, width - indent))
        rows += [prefix + wrapped[0], *(" " * indent + row for row in wrapped[1:])]
    return rows


def agent_prompt(prompt: AgentPrompt) -> Render:
    """A renderer with ``prompt``'s chrome: title, ask, blank, question, options, blank, hint."""

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
            shown = prompt.ask(
                payload, budget if view == "bounded" else complete_view_budget(width), warning_paint
            )
        rule = prompt.separator * max(1, width // cell_width(prompt.separator or " "))
        title = prompt.title(payload)
        title = _echoed(title, shown.lines, width) if prompt.echo else title
        lines = fit_chrome([title], width) + [rule] * prompt.blank_after_title
        ask_start = len(lines)
        lines += [*shown.lines, ""]
        question = prompt.question(payload)
        if question:
            lines += fit_chrome([question], width)
        lines += [*_option_rows(prompt.options(payload), width), ""]
        lines += fit_chrome([prompt.hint(shown.elided, view == "complete")], width)
        return Frame(tuple(lines), ask_start, len(shown.lines), shown.elided)

    return render


def _echoed(title: str, lines: Sequence[str], width: int) -> str:
    """``title``, then two blanks and the text of the first row inside the box the ask begins with (its head
    and a bare ``…`` where the whole would not leave the header one row), when the ask begins with a box and
    that row is not blank."""
    if len(lines) < 2 or lines[0][:1] != TOP[0]:
        return title
    first = _SGR.sub("", lines[1])[len(SIDE) : -len(SIDE)].strip(" ")
    room = width - cell_width(title) - 2
    if cell_width(first) > room:
        head = clip_to_width(first, max(0, room - cell_width(ELLIPSIS))).rstrip(" ")
        first = head + ELLIPSIS if head else ""
    return f"{title}  {first}" if first else title


def _shell(payload: PromptPayload) -> bool:
    return payload.request.value_label == "command"


def _root(payload: PromptPayload) -> str | None:
    """The command's first word, as the agents name a command they ask about, when it is plain."""
    words = payload.request.value.split(None, 1) if _shell(payload) else []
    return words[0] if words and _PLAIN_WORD.fullmatch(words[0]) else None


def _tool(payload: PromptPayload) -> str | None:
    tool = payload.request.tool_name
    return tool if tool and _PLAIN_WORD.fullmatch(tool) else None


def _working_directory(payload: PromptPayload) -> str | None:
    cwd = next(
        (entry.text for entry in payload.evidence if entry.label == "working directory"), None
    )
    return cwd if cwd and _PLAIN_WORD.fullmatch(cwd) else None


def _relayed(title: str, payload: PromptPayload) -> str:
    return f"{title} (subagent)" if payload.request.requester.forwarded else title


# ── Gemini CLI ─────────────────────────────────────────────────────────────


def _gemini_title(payload: PromptPayload) -> str:
    return _relayed("? Shell" if _shell(payload) else f"? {_tool(payload) or 'Tool'}", payload)


def _gemini_question(payload: PromptPayload) -> str:
    named = _root(payload) or _tool(payload)
    return f"Allow execution of: '{named}'?" if named else "Allow execution?"


def _gemini_hint(elided: bool, expanded: bool) -> str:
    if expanded:
        return "enter select \u00b7 esc cancel \u00b7 ctrl+o back"
    return (
        "enter select \u00b7 esc cancel \u00b7 ctrl+o full request"
        if elided
        else "enter select \u00b7 esc cancel"
    )


def _gemini_options(first: str, *, deny: str = "No, suggest changes (esc)") -> Options:
    return lambda payload: [("\u25cf", first), ("", "Allow for this session"), ("", deny)]


GEMINI_CLI = AgentPrompt(
    _gemini_title,
    _gemini_question,
    _gemini_options("Allow once"),
    _gemini_hint,
    laid_out(AskStyle("above", capitalised=True)),
)

# ── Claude Code ────────────────────────────────────────────────────────────


def _claude_title(payload: PromptPayload) -> str:
    return _relayed("Bash command" if _shell(payload) else "Tool use", payload)


def _claude_again(payload: PromptPayload) -> str:
    root, cwd = _root(payload), _working_directory(payload)
    what = (
        f"{root} commands" if root else f"{_tool(payload)} calls" if _tool(payload) else "this tool"
    )
    return f"Yes, and don't ask again for {what} in {cwd or 'this project'}"


def _claude_hint(elided: bool, expanded: bool) -> str:
    if expanded:
        return "esc to cancel \u00b7 ctrl+o to go back"
    return "esc to cancel \u00b7 ctrl+o to see the full request" if elided else "esc to cancel"


def _claude_options(payload: PromptPayload) -> list[tuple[str, str]]:
    return [
        ("\u276f", "Yes"),
        ("", _claude_again(payload)),
        ("", "No, and tell Claude what to do differently (esc)"),
    ]


CLAUDE_CODE = AgentPrompt(
    _claude_title,
    lambda payload: "Do you want to proceed?",
    _claude_options,
    _claude_hint,
    laid_out(AskStyle("unaligned")),
)

# ── Codex ──────────────────────────────────────────────────────────────────


def _codex_title(payload: PromptPayload) -> str:
    return _relayed("Allow command?" if _shell(payload) else "Allow tool call?", payload)


def _codex_hint(elided: bool, expanded: bool) -> str:
    if expanded:
        return "enter confirm \u00b7 esc cancel \u00b7 ctrl+o back"
    return (
        "enter confirm \u00b7 esc cancel \u00b7 ctrl+o full request"
        if elided
        else "enter confirm \u00b7 esc cancel"
    )


def _codex_options(
    first: str, last: str = "No, and tell Codex what to do differently (esc)"
) -> Options:
    return lambda payload: [
        ("\u203a", first),
        ("", "Yes, and don't ask again for this command (a)"),
        ("", last),
    ]


CODEX = AgentPrompt(
    _codex_title, lambda payload: None, _codex_options("Yes, proceed (y)"), _codex_hint
)

# ── the value unlabelled, as the agents show it ────────────────────────────

_HEADER_NAME = 12
"""A tool named in a one-row header only when this short: the header stays one row at the narrowest width."""


def _header(shell: str, tool: str) -> Callable[[PromptPayload], str]:
    """A one-row header (``askbench.harness.judge.unlabelled``): the agent's own, with a short tool's name."""

    def title(payload: PromptPayload) -> str:
        name = _tool(payload)
        return (
            shell
            if _shell(payload)
            else tool.format(name if name and len(name) <= _HEADER_NAME else "tool")
        )

    return title


def _unlabelled(
    placement: Placement,
    *,
    capitals: bool = False,
    gutter: str = "",
    prompt: str = "",
    rule: str = "",
) -> AskRenderer:
    style = AskStyle(placement, capitalised=capitals, unlabelled_value=True)
    return laid_out(replace(style, gutter=gutter, prompt=prompt, rule=rule))


GEMINI_CLI_UNLABELLED = replace(
    GEMINI_CLI,
    title=_header("? Shell", "? {}"),
    ask=_unlabelled("unaligned", capitals=True),
    blank_after_title=True,
)
CLAUDE_CODE_UNLABELLED = replace(
    CLAUDE_CODE,
    title=_header("Bash command", "Tool use"),
    ask=_unlabelled("unaligned", gutter="\u2502", rule="\u254c"),
    blank_after_title=True,
    separator="\u254c",
)
CODEX_UNLABELLED = replace(
    CODEX,
    title=_header("Allow command?", "Allow tool call?"),
    ask=_unlabelled("aligned", prompt="$ "),
    blank_after_title=True,
)

ValueChange = Callable[[PromptPayload, list[str]], list[str]]
"""What a mutant does to the rows of the unlabelled value (the ask's first, indented rows)."""
_INDENT = " " * VALUE_INDENT
_LEAD = re.compile(r" *(?:\u2502 )?")
_WORD = re.compile(r"(?<![A-Za-z\x1b\[])[A-Za-z]{2,}")
"""A word of the value's text, looked for with its SGR sequences masked: no letter of a sequence is one."""


def _value_rows(lines: Sequence[str]) -> int:
    return next((index for index, line in enumerate(lines) if line[:1] != " "), len(lines))


def _changed_value(ask: AskRenderer, change: ValueChange) -> AskRenderer:
    def changed(payload: PromptPayload, budget: DialogBudget, paint: Paint | None) -> DialogView:
        shown = ask(payload, budget, paint)
        count = _value_rows(shown.lines)
        rows = change(payload, list(shown.lines[:count])) if count else []
        return DialogView((*rows, *shown.lines[count:]), shown.elided)

    return changed


def _unlabelled_mutant(prompt: AgentPrompt, ask: AskRenderer) -> Render:
    """``prompt`` with ``ask``; the legacy dialog is the reference's, where no value stands unlabelled."""
    return _legacy_as_reference(boxed(agent_prompt(replace(prompt, ask=ask))))


def _legacy_as_reference(inner: Render) -> Render:
    """``inner``, but the reference's legacy dialog: a mutant's defect is in the ask alone."""

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> Frame:
        if view == "legacy":
            frame = reference_source(payload, fixture, view, width, budget)
        else:
            frame = inner(payload, fixture, view, width, budget)
        assert isinstance(frame, Frame)
        return frame

    return render


# ── Gemini CLI's command in a box of its own ───────────────────────────────

_BOX_SIDE = cell_width(SIDE) + 1
"""A side of the box and the blank inside it, in the widest cells any terminal gives them."""
_BOX_COST = 2 * _BOX_SIDE - VALUE_INDENT
"""The cells a box around the value takes from the ask beyond the indent its rows had without one."""


def _border_row(corners: tuple[str, str, str], width: int) -> str:
    left, rule, right = corners
    return (
        left + rule * ((width - cell_width(left) - cell_width(right)) // cell_width(rule)) + right
    )


def _in_inner_box(ask: AskRenderer) -> AskRenderer:
    """``ask`` with its unlabelled value's rows drawn in a box of their own the ask's width, as Gemini CLI
    draws the command: the ask laid out narrower by what the box's sides take, two rows fewer for its borders."""

    def drawn(payload: PromptPayload, budget: DialogBudget, paint: Paint | None) -> DialogView:
        rows_left = None if budget.max_rows is None else max(0, budget.max_rows - 2)
        inner = replace(budget, width=budget.width - _BOX_COST, max_rows=rows_left)
        shown = ask(payload, inner, paint)
        count = _value_rows(shown.lines)
        if not count:
            return shown
        cells = inner.width - VALUE_INDENT
        rows = [
            f"{SIDE} {row}{' ' * max(0, cells - cell_width(_SGR.sub('', row)))} {SIDE}"
            for row in (line[VALUE_INDENT:] for line in shown.lines[:count])
        ]
        box = [_border_row(TOP, budget.width), *rows, _border_row(BOTTOM, budget.width)]
        return DialogView((*box, *shown.lines[count:]), shown.elided)

    return drawn


def _gemini_in_box(
    ask: AskRenderer,
    *,
    title: Callable[[PromptPayload], str] | None = None,
    in_box: Callable[[AskRenderer], AskRenderer] = _in_inner_box,
    narrow: Render | None = None,
) -> Render:
    """Gemini CLI's prompt as it draws it, in its box: the header repeating the command's first row, then
    the command in a box of its own (``ask``'s value rows, boxed), the other facts labelled below it. Where
    the prompt's box leaves the ask no room for a second, or a budget of rows none for its borders, the command
    stands under a blank row instead. A
    mutant may draw its own ``title`` (then nothing is repeated), its own box (``in_box``), and where there is
    no room for one, another frame (``narrow``)."""
    header = title or GEMINI_CLI_UNLABELLED.title
    plain = narrow or boxed(agent_prompt(replace(GEMINI_CLI_UNLABELLED, title=header, ask=ask)))
    framed = boxed(
        agent_prompt(
            replace(
                GEMINI_CLI_UNLABELLED,
                title=header,
                ask=in_box(ask),
                blank_after_title=False,
                echo=title is None,
            )
        )
    )

    def render(
        payload: PromptPayload,
        fixture: Fixture | None,
        view: View,
        width: int,
        budget: DialogBudget,
    ) -> RenderedFrame:
        room = width - 2 * _BOX_SIDE - _BOX_COST >= max(MIN_WIDTH, MIN_INSIDE)
        if not room:
            return plain(payload, fixture, view, width, budget)
        if view == "bounded" and budget.max_rows is not None:
            boxed_ask = len(in_box(ask)(payload, budget, warning_paint).lines)
            if boxed_ask > max(budget.max_rows, len(ask(payload, budget, warning_paint).lines)):
                return plain(payload, fixture, view, width, budget)
        return framed(payload, fixture, view, width, budget)

    return render


def _beside_box(ask: AskRenderer) -> AskRenderer:
    """The box's last row ends after its head, the right side drawn there and the row's last word after it:
    outside the box, on the value's row."""

    def drawn(payload: PromptPayload, budget: DialogBudget, paint: Paint | None) -> DialogView:
        shown = ask(payload, budget, paint)
        lines = list(shown.lines)
        bottom = next((index for index, line in enumerate(lines) if line[:1] == BOTTOM[0]), 0)
        if bottom >= 2:
            last = _SGR.sub("", lines[bottom - 1])[len(SIDE) : -len(SIDE)].strip(" ")
            head, _, tail = last.rpartition(" ")
            lines[bottom - 1] = f"{SIDE} {head} {SIDE} {tail}"
        return DialogView(tuple(lines), shown.elided)

    return drawn


def _other_command(payload: PromptPayload) -> str:
    """Gemini CLI's header naming a command the value is not."""
    other = "pwd" if payload.request.value.startswith("ls -la") else "ls -la"
    return f"{GEMINI_CLI_UNLABELLED.title(payload)}  {other}"


def _word_changed(payload: PromptPayload, rows: list[str]) -> list[str]:
    """The first word of two letters or more with its first letter the next in the alphabet."""
    for index, row in enumerate(rows):
        word = _WORD.search(_SGR.sub(lambda sgr: "\0" * len(sgr.group()), row))
        if word:
            first = word.group()[0]
            swapped = "a" if first == "z" else "A" if first == "Z" else chr(ord(first) + 1)
            rows[index] = row[: word.start()] + swapped + row[word.start() + 1 :]
            return rows
    return rows


def _tail_dropped(payload: PromptPayload, rows: list[str]) -> list[str]:
    """A cut value ends where its head does, the marker gone; a whole one loses its last row."""
    cut = next((index for index, row in enumerate(rows) if ELLIPSIS in row), None)
    if cut is not None:
        return [*rows[:cut], rows[cut][: rows[cut].index(ELLIPSIS)]]
    shown = [index for index, row in enumerate(rows) if row.strip()]
    return rows[: shown[-1]] if shown else rows


def _lead(rows: Sequence[str]) -> str:
    """What the value's rows begin with: their indent, and a gutter if one is drawn."""
    found = _LEAD.match(rows[0]) if rows else None
    return found.group() if found else _INDENT


def _fake_block(payload: PromptPayload, rows: list[str]) -> list[str]:
    return [*rows, _lead(rows).rstrip(" "), f"{_lead(rows)}ls -la"]


def _text_above(payload: PromptPayload, rows: list[str]) -> list[str]:
    return [f"{_lead(rows)}ls -la", _lead(rows).rstrip(" "), *rows]


def _another_fact(ask: AskRenderer) -> AskRenderer:
    """The block shows another fact's text: an evidence entry's (a description), the outline, what runs, the tool."""

    def shown(payload: PromptPayload, budget: DialogBudget, paint: Paint | None) -> DialogView:
        request = payload.request
        other = next(
            (
                text
                for text in (
                    *(entry.text for entry in payload.evidence),
                    request.shape,
                    request.executed_unit,
                    request.tool_name,
                )
                if text and text != request.value
            ),
            request.value,
        )
        return ask(replace(payload, request=replace(request, value=other)), budget, paint)

    return shown


# ── the variants ───────────────────────────────────────────────────────────


def _claude_without_deny(payload: PromptPayload) -> list[tuple[str, str]]:
    return [("\u276f", "Yes"), ("", _claude_again(payload))]


def _codex_esc_approves(payload: PromptPayload) -> list[tuple[str, str]]:
    return [
        ("\u203a", "Yes, proceed (y)"),
        ("", "No, and tell Codex what to do differently (n)"),
        ("", "Yes, and don't ask again (esc)"),
    ]


AGENT_STYLES: tuple[Variant, ...] = (
    Variant(
        "gemini-cli",
        "Gemini CLI's prompt in its box: '? Shell', the facts, Allow execution of: 'cmd'?, "
        "● 1. Allow once / 2. Allow for this session / 3. No, suggest changes (esc)",
        "style",
        boxed(agent_prompt(GEMINI_CLI)),
    ),
    Variant(
        "claude-code",
        "Claude Code's prompt in its box: 'Bash command', Do you want to proceed?, ❯ 1. Yes / "
        "2. Yes, and don't ask again for … commands in … / 3. No, and tell Claude what to do differently (esc)",
        "style",
        boxed(agent_prompt(CLAUDE_CODE)),
    ),
    Variant(
        "codex-cli",
        "Codex's prompt in its box: 'Allow command?', › 1. Yes, proceed (y) / 2. Yes, and don't ask "
        "again for this command (a) / 3. No, and tell Codex what to do differently (esc)",
        "style",
        boxed(agent_prompt(CODEX)),
    ),
    Variant(
        "gemini-cli-unlabelled",
        "Gemini CLI's prompt as 0.61 draws it, in its box: '? Shell  <the command's first row>', the command "
        "unlabelled in a box of its own under it, the other facts labelled below, Allow execution of: 'cmd'?, "
        "● 1. Allow once / … (at the narrowest, the command under a blank row)",
        "style",
        _gemini_in_box(GEMINI_CLI_UNLABELLED.ask),
    ),
    Variant(
        "claude-code-unlabelled",
        "Claude Code's prompt in its box, the command unlabelled under 'Bash command' behind a │ gutter "
        "between ╌ rules, Do you want to proceed?, ❯ 1. Yes / …",
        "style",
        boxed(agent_prompt(CLAUDE_CODE_UNLABELLED)),
    ),
    Variant(
        "codex-cli-unlabelled",
        "Codex's prompt in its box, the command unlabelled after a $ prompt under 'Allow command?' and a "
        "blank row, "
        "› 1. Yes, proceed (y) / …",
        "style",
        boxed(agent_prompt(CODEX_UNLABELLED)),
    ),
)

AGENT_MUTANTS: tuple[Variant, ...] = (
    mutant(
        "gemini-unlabelled-word-changed",
        "Gemini CLI's unlabelled command in its box with one letter of its first word changed",
        _legacy_as_reference(
            _gemini_in_box(_changed_value(GEMINI_CLI_UNLABELLED.ask, _word_changed))
        ),
    ),
    mutant(
        "claude-unlabelled-tail-dropped",
        "Claude Code's unlabelled command ending where its head does, tail and marker gone (a whole one "
        "loses its last row)",
        _unlabelled_mutant(
            CLAUDE_CODE_UNLABELLED, _changed_value(CLAUDE_CODE_UNLABELLED.ask, _tail_dropped)
        ),
    ),
    mutant(
        "gemini-unlabelled-second-block",
        "Gemini CLI's unlabelled command in its box with a second block, 'ls -la', a blank row under it",
        _legacy_as_reference(
            _gemini_in_box(_changed_value(GEMINI_CLI_UNLABELLED.ask, _fake_block))
        ),
    ),
    mutant(
        "gemini-unlabelled-word-beside-box",
        "Gemini CLI's command in its box with the last word of the box's last row drawn after the box's "
        "right side, outside it (the reference's frame where no box fits)",
        _legacy_as_reference(
            _gemini_in_box(
                GEMINI_CLI_UNLABELLED.ask,
                in_box=lambda ask: _beside_box(_in_inner_box(ask)),
                narrow=reference_source,
            )
        ),
    ),
    mutant(
        "gemini-unlabelled-header-other-command",
        "Gemini CLI's header repeating a command the boxed value is not ('? Shell  ls -la')",
        _legacy_as_reference(_gemini_in_box(GEMINI_CLI_UNLABELLED.ask, title=_other_command)),
    ),
    mutant(
        "claude-unlabelled-text-above-value",
        "Claude Code's header, then an indented 'ls -la' and a blank row, then the unlabelled command",
        _unlabelled_mutant(
            CLAUDE_CODE_UNLABELLED, _changed_value(CLAUDE_CODE_UNLABELLED.ask, _text_above)
        ),
    ),
    mutant(
        "codex-unlabelled-other-fact",
        "Codex's unlabelled block showing another fact's text (an evidence entry, the outline, what runs, the tool) "
        "where the request's value stands",
        _unlabelled_mutant(CODEX_UNLABELLED, _another_fact(CODEX_UNLABELLED.ask)),
    ),
    mutant(
        "gemini-option-1-reads-no",
        "Gemini CLI's prompt whose first option, the approval, reads 'No'",
        boxed(
            agent_prompt(
                AgentPrompt(
                    _gemini_title,
                    _gemini_question,
                    _gemini_options("No"),
                    _gemini_hint,
                    GEMINI_CLI.ask,
                )
            )
        ),
    ),
    mutant(
        "claude-no-deny",
        "Claude Code's prompt with its deny left out: 1. Yes / 2. Yes, and don't ask again …",
        boxed(
            agent_prompt(
                AgentPrompt(
                    _claude_title,
                    CLAUDE_CODE.question,
                    _claude_without_deny,
                    _claude_hint,
                    CLAUDE_CODE.ask,
                )
            )
        ),
    ),
    mutant(
        "codex-esc-approves",
        "Codex's prompt whose (esc) option reads 'Yes, and don't ask again (esc)'; " "(n) denies",
        boxed(
            agent_prompt(
                AgentPrompt(_codex_title, CODEX.question, _codex_esc_approves, _codex_hint)
            )
        ),
    ),
    mutant(
        "codex-option-1-reads-no",
        "Codex's prompt whose first option reads 'No, proceed (y)'",
        boxed(
            agent_prompt(
                AgentPrompt(
                    _codex_title, CODEX.question, _codex_options("No, proceed (y)"), _codex_hint
                )
            )
        ),
    ),
)
